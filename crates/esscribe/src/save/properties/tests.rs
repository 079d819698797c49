//! Property sets read and written back, and their declaration table.

mod decoding {
    use super::super::*;

    fn read(bytes: &[u8], base: u64) -> Result<(Chunk, Span, usize)> {
        let mut c = Chunk::default();
        let mut r = Reader::new(bytes, base);
        let span = read_set(&mut r, &mut c)?;
        Ok((c, span, r.position()))
    }

    #[test]
    fn inventory_example_set_round_trips() {
        // Health 14.0 and equipped.
        let mut bytes = vec![2, 0, 0x2b];
        bytes.extend_from_slice(&14.0f32.to_le_bytes());
        bytes.push(0x1b);
        let (c, span, _) = read(&bytes, 0).unwrap();
        let set = PropertySet::new(&c, span);
        assert_eq!(
            set.get(flag::HEALTH),
            Some(PropertyValue::F32 { value: 14.0 })
        );
        assert!(set.has(flag::EQUIPPED));
        assert_eq!(set.to_bytes(), bytes);
    }

    #[test]
    fn unknown_flag_is_an_error_with_offset() {
        let bytes = [1, 0, 0x7f, 0, 0];
        let err = read(&bytes, 0x100).unwrap_err();
        assert_eq!(err.offset, 0x102);
        assert!(err.to_string().contains("property 0 0x7F"), "{err}");
    }

    mod round_trips {
        use super::super::super::*;
        use super::read;
        use proptest::prelude::*;

        /// Property bytes as stored: flag, then the value.
        fn property() -> impl Strategy<Value = Vec<u8>> {
            let le = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
            prop_oneof![
                prop::sample::select(vec![0x1bu8, 0x1c, 0x25, 0x35, 0x47, 0x50])
                    .prop_map(|f| vec![f]),
                (
                    prop::sample::select(vec![0x2cu8, 0x2f, 0x33, 0x55, 0x5a]),
                    any::<u8>()
                )
                    .prop_map(|(f, v)| vec![f, v]),
                any::<u16>().prop_map(|v| [vec![0x2a], v.to_le_bytes().to_vec()].concat()),
                (
                    prop::sample::select(vec![0x11u8, 0x22, 0x28, 0x52, 0x27, 0x2b, 0x3d]),
                    any::<u32>()
                )
                    .prop_map(move |(f, v)| [vec![f], le(&[v])].concat()),
                (
                    any::<u32>(),
                    prop::collection::vec((any::<u16>(), any::<bool>(), any::<u64>()), 0..5),
                    any::<u8>()
                )
                    .prop_map(move |(script, vars, trailer)| {
                        let mut b = vec![0x12];
                        b.extend(le(&[script]));
                        b.extend((vars.len() as u16).to_le_bytes());
                        for (index, number, bits) in vars {
                            b.extend(index.to_le_bytes());
                            if number {
                                b.extend(0u16.to_le_bytes());
                                b.extend(bits.to_le_bytes());
                            } else {
                                b.extend(0xF000u16.to_le_bytes());
                                b.extend((bits as u32).to_le_bytes());
                            }
                        }
                        b.push(trailer);
                        b
                    }),
                (any::<u8>(), any::<u32>(), any::<u8>()).prop_map(move |(l, k, f)| [
                    vec![0x31, l],
                    le(&[k]),
                    vec![f]
                ]
                .concat()),
                prop::collection::vec(any::<u8>(), 0..40).prop_map(|b| [
                    vec![0x4a, b.len() as u8],
                    b
                ]
                .concat()),
                (
                    any::<u16>(),
                    prop::collection::vec(any::<u8>(), 0..30),
                    prop::collection::vec(any::<u8>(), 0..30)
                )
                    .prop_map(|(lead, a, h)| {
                        let mut b = vec![0x4b];
                        b.extend(lead.to_le_bytes());
                        b.extend((a.len() as u16).to_le_bytes());
                        b.extend(a);
                        b.extend((h.len() as u16).to_le_bytes());
                        b.extend(h);
                        b
                    }),
                any::<[u8; 5]>().prop_map(|b| [vec![0x36], b.to_vec()].concat()),
                any::<[u8; 63]>().prop_map(|b| [vec![0x20], b.to_vec()].concat()),
                prop::collection::vec(any::<u32>(), 0..6).prop_map(move |irefs| {
                    [
                        vec![0x23],
                        (irefs.len() as u16).to_le_bytes().to_vec(),
                        le(&irefs),
                    ]
                    .concat()
                }),
            ]
        }

        proptest! {
            #[test]
            fn property_sets_round_trip(props in prop::collection::vec(property(), 0..12)) {
                let mut bytes = (props.len() as u16).to_le_bytes().to_vec();
                for p in &props {
                    bytes.extend_from_slice(p);
                }
                let (c, span, used) = read(&bytes, 0).unwrap();
                prop_assert_eq!(used, bytes.len());
                let set = PropertySet::new(&c, span);
                prop_assert_eq!(set.len(), props.len());
                prop_assert_eq!(set.to_bytes(), bytes.clone());
                // The record model's declared layout reads the same set
                // and writes it back to the very bytes.
                let shape = crate::defs::oblivion::save::shapes::part_shape("properties");
                let none = crate::schema::codec::Siblings::new();
                let ctx = crate::schema::FormCtx::default();
                let value = crate::schema::value::decode_field(shape, &bytes, &ctx, &none);
                let value = value.expect("the declared layout reads the set");
                prop_assert_eq!(value.as_array().map(Vec::len), Some(props.len()));
                let mut back = Vec::new();
                crate::schema::codec::encode_field(shape, &value, &none, &mut back).unwrap();
                prop_assert_eq!(back, bytes);
            }

            #[test]
            fn any_bytes_read_cleanly(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
                if let Ok((c, span, used)) = read(&bytes, 0) {
                    prop_assert_eq!(PropertySet::new(&c, span).to_bytes(), bytes[..used].to_vec());
                }
            }
        }
    }
}

mod declarations {
    use super::super::*;

    #[test]
    fn every_flag_is_declared_once_and_named_flags_agree() {
        for (i, d) in PROPERTIES.iter().enumerate() {
            assert!(
                PROPERTIES[..i].iter().all(|e| e.flag != d.flag),
                "0x{:02X} declared twice",
                d.flag
            );
            assert_eq!(declaration(d.flag), Some(*d));
        }
        for (f, name) in [
            (flag::SCRIPT, "script"),
            (flag::EQUIPPED, "equipped"),
            (flag::OWNER, "owner"),
            (flag::HEALTH, "health"),
            (flag::LOCK, "lock"),
            (flag::MOVEMENT_EXTRA, "movement-extra"),
        ] {
            assert_eq!(flag_name(f), Some(name));
        }
        assert_eq!(declaration(0x13), None);
        assert!(Layout::F32.fits(&PropertyValue::F32 { value: 1.0 }));
        assert!(!Layout::Fixed(4).fits(&PropertyValue::Bytes { bytes: &[0; 5] }));
    }
}

//! The cost of the costliest record a plugin can hold for its size: one
//! record of empty subrecords (six bytes each), 16 MiB and 62 MiB of them.
//! For `dump --json`, `unpack` and `verify --deep` on each, this prints the
//! peak resident memory of a run of the binary, as the kernel counted it,
//! next to the record's size, and measures how long a run takes.
//!
//! cargo bench -p esscribe-cli --bench record_memory

#[cfg(unix)]
#[path = "../tests/memory_support/mod.rs"]
mod memory_support;

#[cfg(unix)]
fn bench(c: &mut criterion::Criterion) {
    use memory_support::{peak_memory, plugin_of_empty_subrecords};
    use std::process::{Command, Stdio};

    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("record_memory");
    group.sample_size(10);
    for mib in [16usize, 62] {
        let path = dir.path().join(format!("Empties{mib}.esp"));
        let plugin = plugin_of_empty_subrecords(mib << 20, false);
        std::fs::write(&path, &plugin).unwrap();
        let tree = dir.path().join("tree");
        let runs: [(&str, Vec<&std::ffi::OsStr>); 3] = [
            ("dump --json", vec!["dump".as_ref(), "--json".as_ref()]),
            ("unpack", vec!["unpack".as_ref()]),
            ("verify --deep", vec!["verify".as_ref(), "--deep".as_ref()]),
        ];
        for (what, args) in runs {
            let command = || {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_esscribe"));
                cmd.args(&args).arg(&path);
                if what == "unpack" {
                    let _ = std::fs::remove_dir_all(&tree);
                    cmd.arg(&tree);
                }
                cmd
            };
            let (_, peak) = peak_memory(&mut command());
            println!(
                "{what} of one {mib} MiB record of {} empty subrecords: peak {:.1} MiB ({:.2}× the record)",
                (mib << 20) / 6,
                peak as f64 / f64::from(1 << 20),
                peak as f64 / (mib << 20) as f64
            );
            group.throughput(criterion::Throughput::Bytes(plugin.len() as u64));
            group.bench_function(format!("{what} {mib} MiB"), |b| {
                b.iter(|| {
                    let status = command()
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .status()
                        .unwrap();
                    assert!(status.code().is_some_and(|c| c <= 1), "{what}: {status}");
                })
            });
        }
    }
    group.finish();
}

#[cfg(not(unix))]
fn bench(_: &mut criterion::Criterion) {}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);

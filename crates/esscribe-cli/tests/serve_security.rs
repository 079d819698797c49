//! The workbench server answers only the loopback address and only about
//! the files it was started with.

mod serve_support;

use serve_support::Server;
use std::path::Path;

fn sample() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-skyrim.esp")
}

#[test]
fn a_foreign_host_header_is_refused() {
    let server = Server::start(&[&sample()]);
    let (status, _) = server.get("/api/order");
    assert_eq!(status, 200);
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{}", server.port),
        format!("127.0.0.1.evil.example:{}", server.port),
        format!("127.0.0.1:{}", server.port.wrapping_add(1)),
        String::new(),
    ] {
        let (status, body) = server.get_with_host("/api/order", &host);
        assert_eq!(status, 403, "Host {host:?}");
        let body = String::from_utf8_lossy(&body);
        assert!(body.starts_with("refused: Host"), "{body}");
        for target in ["/", "/app.js", "/etc/passwd"] {
            let (status, _) = server.get_with_host(target, &host);
            assert_eq!(status, 403, "{target} with Host {host:?}");
        }
    }
    let (status, _) = server.get_with_host("/api/order", &format!("localhost:{}", server.port));
    assert_eq!(status, 200);
}

#[test]
fn nothing_outside_the_served_files_is_served() {
    let server = Server::start(&[&sample()]);
    let (status, body) = server.get("/api/record/sample-skyrim.esp/01000803");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    for target in [
        "/etc/passwd",
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/api/record/..%2F..%2F..%2Fetc%2Fpasswd/00000001",
        "/api/records/%2Fetc%2Fpasswd",
        "/api/tree/..%2Fsample-oblivion.esp",
        "/api/record/sample-oblivion.esp/01000803",
        "/api/record/Skyrim.esm/00000014",
        "/api/conflicts/Cargo.toml",
        "/api/save/0",
        "/api/save/..%2F..%2Fetc%2Fpasswd/screenshot.png",
        "/assets/app.js",
        "/src/main.rs",
    ] {
        let (status, body) = server.get(target);
        assert_eq!(status, 404, "{target}: {}", String::from_utf8_lossy(&body));
        assert!(
            !String::from_utf8_lossy(&body).contains("root:"),
            "{target}"
        );
    }
    // A form ID that is not one is a bad request, not a crash.
    let (status, _) = server.get("/api/record/sample-skyrim.esp/not-hex");
    assert_eq!(status, 400);
    let (status, _) = server.get("/api/order");
    assert_eq!(status, 200);
}

#[test]
fn a_record_of_few_stored_bytes_is_measured_by_what_it_inflates_to() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Dense.esp");
    let plugin = plugin_with_one_misc(12 << 20, true);
    // Stored well under the limit, inflating to several times it.
    assert!(plugin.len() < 4 << 20, "{} bytes", plugin.len());
    std::fs::write(&path, &plugin).unwrap();
    let server = Server::start(&[&path]);
    let (status, body) = server.get("/api/record/Dense.esp/00000800");
    assert_eq!(status, 200);
    assert!(body.len() < 64 << 10, "{} bytes", body.len());
    let record: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(record["too_large"]["limit"], 4 << 20);
    assert!(record.get("record").is_none());
    let (status, body) = server.get("/api/conflict/Dense.esp/00000800");
    assert_eq!(status, 200);
    assert!(body.len() < 64 << 10, "{} bytes", body.len());
    let conflict = String::from_utf8_lossy(&body);
    assert!(conflict.contains("not decoded"), "{conflict}");
}

/// A Skyrim plugin holding one MISC record whose data is `size` bytes (a
/// single subrecord, its size given by XXXX).
fn plugin_with_a_huge_record(size: u32) -> Vec<u8> {
    plugin_with_one_misc(size, false)
}

/// A plugin like [`plugin_with_a_huge_record`], its record compressed when
/// `compressed` is set (its data then an eighth noise, the rest zeros, so that it
/// shrinks about as much as real data and inflates within the limits).
fn plugin_with_one_misc(size: u32, compressed: bool) -> Vec<u8> {
    let record_header = |sig: &[u8; 4], data_size: u32, form_id: u32, flags: u32| {
        let mut h = Vec::new();
        h.extend_from_slice(sig);
        h.extend_from_slice(&data_size.to_le_bytes());
        h.extend_from_slice(&flags.to_le_bytes());
        h.extend_from_slice(&form_id.to_le_bytes());
        h.extend_from_slice(&0u32.to_le_bytes()); // version control
        h.extend_from_slice(&44u16.to_le_bytes()); // form version
        h.extend_from_slice(&0u16.to_le_bytes());
        h
    };
    let mut hedr = b"HEDR".to_vec();
    hedr.extend_from_slice(&12u16.to_le_bytes());
    hedr.extend_from_slice(&1.7f32.to_le_bytes());
    hedr.extend_from_slice(&1i32.to_le_bytes());
    hedr.extend_from_slice(&0x801u32.to_le_bytes());
    let mut out = record_header(b"TES4", hedr.len() as u32, 0, 0);
    out.extend_from_slice(&hedr);
    let mut data = b"XXXX".to_vec();
    data.extend_from_slice(&4u16.to_le_bytes());
    data.extend_from_slice(&size.to_le_bytes());
    data.extend_from_slice(b"DATA");
    data.extend_from_slice(&0u16.to_le_bytes());
    if compressed {
        let mut noise = 0x2545_F491u32;
        data.extend((0..size).map(|i| {
            noise = noise.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            if i / 64 % 8 == 0 {
                (noise >> 24) as u8
            } else {
                0
            }
        }));
        data = esscribe::plugin::compress_record_data(&data).unwrap();
    } else {
        data.resize(data.len() + size as usize, 0xAB);
    }
    let flags = if compressed { 0x0004_0000 } else { 0 };
    let record = [
        record_header(b"MISC", data.len() as u32, 0x800, flags),
        data,
    ]
    .concat();
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + record.len() as u32).to_le_bytes());
    out.extend_from_slice(b"MISC");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&record);
    out
}

#[test]
fn a_huge_record_is_shown_as_the_hex_of_its_start_not_decoded() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Huge.esp");
    std::fs::write(&path, plugin_with_a_huge_record(64 << 20)).unwrap();
    let server = Server::start(&[&path]);
    let (status, body) = server.get("/api/records/Huge.esp");
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(list["total"], 1);
    assert_eq!(list["records"][0]["form_id"], "00000800");
    let (status, body) = server.get("/api/record/Huge.esp/00000800");
    assert_eq!(status, 200);
    assert!(body.len() < 64 << 10, "{} bytes", body.len());
    let record: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(record["size"], (64 << 20) + 16);
    assert_eq!(record["too_large"]["limit"], 4 << 20);
    assert!(record["too_large"]["hex"]
        .as_str()
        .unwrap()
        .starts_with("58 58 58 58 04 00 00 00 00 04 44 41 54 41 00 00 AB AB"));
    assert!(record.get("record").is_none());
    let (status, body) = server.get("/api/conflict/Huge.esp/00000800");
    assert_eq!(status, 200);
    assert!(body.len() < 64 << 10, "{} bytes", body.len());
    let (status, _) = server.get("/api/order");
    assert_eq!(status, 200);
}

#[test]
fn nothing_to_serve_or_a_missing_file_is_an_error_not_a_server() {
    let run = |args: &[&str]| {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("esscribe"))
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .output()
            .unwrap()
    };
    let out = run(&[]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("nothing to serve: give plugins, saves (.ess), or --data DIR"));
    let out = run(&["no-such-plugin.esp"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-plugin.esp"));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_damaged_plugin_is_a_problem_shown_not_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("Damaged.esp");
    let mut bytes = std::fs::read(sample()).unwrap();
    bytes.truncate(bytes.len() - 7);
    std::fs::write(&bad, bytes).unwrap();
    let server = Server::start(&[&sample(), &bad]);
    let (status, body) = server.get("/api/order");
    assert_eq!(status, 200);
    let order: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(order["plugins"].as_array().unwrap().len(), 1);
    let problems = order["problems"].to_string();
    assert!(
        problems.contains("Damaged.esp: not read, left out of the load order: at offset 0x"),
        "{problems}"
    );
    let (status, _) = server.get("/api/records/Damaged.esp");
    assert_eq!(status, 404);
}

#[test]
fn a_data_folder_is_served_in_its_load_order_and_nothing_else_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    std::fs::copy(sample(), data.join("sample-skyrim.esp")).unwrap();
    // Present, but not active: not served.
    std::fs::copy(sample(), data.join("Inactive.esp")).unwrap();
    std::fs::write(
        dir.path().join("plugins.txt"),
        "*sample-skyrim.esp\nInactive.esp\n",
    )
    .unwrap();
    let server = Server::start_with(&[], &["--data", data.to_str().unwrap()]);
    let (status, body) = server.get("/api/order");
    assert_eq!(status, 200);
    let order: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let names: Vec<&str> = order["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["sample-skyrim.esp"]);
    assert_eq!(order["plugins"][0]["records"], 4);
    let (status, _) = server.get("/api/records/Inactive.esp");
    assert_eq!(status, 404);
    let (status, _) = server.get("/api/tree/plugins.txt");
    assert_eq!(status, 404);
}

/// A request with two Host headers is refused: which one was meant
/// cannot be told.
#[test]
fn two_host_headers_are_refused() {
    let server = Server::start(&[&sample()]);
    let host = format!("127.0.0.1:{}", server.port);
    let response = server.send_raw(
        format!("GET /api/order HTTP/1.1\r\nHost: {host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 400"), "{text}");
    assert!(text.contains("more than one Host header"), "{text}");
}

/// A group path is read as the page writes it: an index padded with
/// zeros is refused, and the answer does not repeat it.
#[test]
fn a_group_index_padded_with_zeros_is_refused_briefly() {
    let server = Server::start(&[&sample()]);
    let (status, _) = server.get("/api/tree/sample-skyrim.esp?node=0");
    assert_eq!(status, 200);
    let padded = format!("{}1", "0".repeat(30_000));
    for path in [
        format!("/api/tree/sample-skyrim.esp?node={padded}"),
        format!("/api/records/sample-skyrim.esp?node={padded}"),
    ] {
        let (status, body) = server.get(&path);
        assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
        assert!(body.len() < 200, "{} bytes", body.len());
    }
}

/// Connections that send nothing, or half a request, are closed once the
/// time for a request's head has passed, and no number of them keeps the
/// server from answering afterwards.
#[test]
fn idle_and_half_sent_connections_are_closed() {
    use std::io::{Read, Write};
    let server = Server::start(&[&sample()]);
    let mut idle: Vec<std::net::TcpStream> = (0..200)
        .map(|_| std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    idle[0]
        .write_all(
            format!(
                "GET /api/order HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n",
                server.port
            )
            .as_bytes(),
        )
        .unwrap();
    for stream in &mut idle {
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(60)))
            .unwrap();
        let mut rest = Vec::new();
        // The server ends each one: the read ends rather than timing out.
        stream.read_to_end(&mut rest).expect("closed by the server");
    }
    let (status, _) = server.get("/api/order");
    assert_eq!(status, 200);
}

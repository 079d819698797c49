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
        let (status, _) = server.get_with_host("/", &host);
        assert_eq!(status, 403, "Host {host:?}");
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
        assert!(!String::from_utf8_lossy(&body).contains("root:"), "{target}");
    }
    // A form ID that is not one is a bad request, not a crash.
    let (status, _) = server.get("/api/record/sample-skyrim.esp/not-hex");
    assert_eq!(status, 400);
    let (status, _) = server.get("/api/order");
    assert_eq!(status, 200);
}

//! Nothing to use: this crate holds `benches/peers.rs`, which measures
//! esscribe's plugin reader against other Rust readers on the same file.
//!
//!   cargo bench -p esscribe-peer-bench

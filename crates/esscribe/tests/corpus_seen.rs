//! The build tells the tests whether the real-file corpus is beside the
//! project; a corpus added after the build is noticed here, rather than
//! leaving every test that reads it ignored.

mod common;

#[test]
#[cfg(not(corpus))]
fn a_corpus_added_since_the_build_is_noticed() {
    let dir = match std::env::var_os("ESSCRIBE_CORPUS") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    assert!(
        !dir.is_dir(),
        "the corpus is at {} but this build did not see it: `cargo clean -p esscribe -p esscribe-cli`, then test again",
        dir.display()
    );
}

#[test]
#[cfg(corpus)]
fn the_corpus_the_build_saw_is_there() {
    assert!(common::corpus_dir().is_dir());
}

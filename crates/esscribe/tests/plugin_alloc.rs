//! The subrecord walk and reading records by their declarations allocate
//! nothing per subrecord: counted with a counting global allocator, per
//! thread, so that what the test harness's own threads allocate meanwhile
//! is not counted.

mod common;

use esscribe::plugin::Plugin;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // A constant initialiser: reaching it never allocates.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // During a thread's teardown the counter may be gone: not counted.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made so far by the calling thread.
fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn reading_allocates_nothing_per_subrecord() {
    let data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = Plugin::parse(&data).unwrap();
    let (mut subrecords, mut plain_allocs) = (0usize, 0usize);
    for r in plugin.records().filter(|r| !r.header.is_compressed()) {
        let before = allocations();
        r.for_each_subrecord(plugin.game, |_| subrecords += 1)
            .unwrap();
        plain_allocs += allocations() - before;
    }
    assert!(subrecords > 10_000, "{subrecords}");
    assert_eq!(plain_allocs, 0, "uncompressed records walked in place");

    // Compressed records inflate into a reused per-thread buffer: it may
    // grow (and the thread's inflater be made once), nothing more.
    let compressed: Vec<_> = plugin
        .records()
        .filter(|r| r.header.is_compressed())
        .collect();
    assert!(!compressed.is_empty());
    for _ in 0..2 {
        let before = allocations();
        for r in &compressed {
            r.for_each_subrecord(plugin.game, |_| {}).unwrap();
        }
        assert!(
            allocations() - before <= compressed.len() + 8,
            "{} allocations for {} compressed records",
            allocations() - before,
            compressed.len()
        );
    }
    // Once grown, the buffer serves them all again without allocating.
    let before = allocations();
    for r in &compressed {
        r.for_each_subrecord(plugin.game, |_| {}).unwrap();
    }
    assert_eq!(allocations() - before, 0);

    // Declared reading builds each record's typed view in vectors kept per
    // thread: once they have grown, every record reads without allocating.
    let ctx = esscribe::json::form_ctx(&plugin, "Campfire.esm");
    let records: Vec<_> = plugin.records().collect();
    let read_all = || {
        let mut decoded = 0;
        for r in &records {
            esscribe::schema::with_view(r, esscribe::defs::catalog(plugin.game), &ctx, |v| {
                decoded += v.coverage().decoded
            })
            .unwrap();
        }
        decoded
    };
    let warming = allocations();
    let decoded = read_all();
    assert!(decoded > 10_000, "{decoded}");
    // The first pass grows the vectors: the counter sees it.
    assert!(
        allocations() > warming,
        "no allocation counted while warming up"
    );
    let before = allocations();
    read_all();
    assert_eq!(
        allocations() - before,
        0,
        "allocations reading {decoded} subrecords"
    );
}

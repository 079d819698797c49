//! What the signal handlers know, kept where a handler may read it: fixed
//! tables of atomics, since a handler may only do what is
//! async-signal-safe.
//!
//! - Temporary and lock files to remove when an interrupt or termination
//!   signal ends the process (paths kept as C strings).
//! - Memory maps of files that another program may cut short while they
//!   are read. Reading a page past the new end of such a file raises
//!   SIGBUS; the handler puts zeros in place of the lost pages, marks the
//!   map as cut short and returns, so the reader goes on over zeros and
//!   the map's owner reports the file as changed (see
//!   [`super::maps::WatchedMap`]). A SIGBUS anywhere else takes the
//!   action it had before the handler was installed.

use std::ffi::{c_char, c_int, c_void, CString};
use std::path::Path;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};
use std::sync::OnceLock;

const SLOTS: usize = 64;
static PENDING: [AtomicPtr<c_char>; SLOTS] = [const { AtomicPtr::new(null_mut()) }; SLOTS];
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// A path the handler removes until this is dropped.
#[derive(Debug)]
pub(super) struct Pending(usize);

impl Pending {
    pub(super) fn register(path: &Path) -> Option<Pending> {
        use std::os::unix::ffi::OsStrExt;
        if !INSTALLED.load(Ordering::Acquire) {
            return None;
        }
        let raw = CString::new(path.as_os_str().as_bytes()).ok()?.into_raw();
        for (i, slot) in PENDING.iter().enumerate() {
            if slot
                .compare_exchange(null_mut(), raw, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                return Some(Pending(i));
            }
        }
        // SAFETY: `raw` came from `into_raw` above and was not shared.
        drop(unsafe { CString::from_raw(raw) });
        None
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // The string is not freed: a handler running on another thread
        // may be reading it. A few dozen bytes per write are kept.
        PENDING[self.0].store(null_mut(), Ordering::Release);
    }
}

/// How many maps can be watched at once: far more than a load order maps
/// (only files over 64 MiB are). A map made when all are taken is not
/// watched, and a SIGBUS in it ends the process as it would unwatched.
const MAP_SLOTS: usize = 256;
/// A slot's map starts here (0: the slot is free or being filled).
static MAP_START: [AtomicUsize; MAP_SLOTS] = [const { AtomicUsize::new(0) }; MAP_SLOTS];
/// ... and ends here, at a page boundary.
static MAP_END: [AtomicUsize; MAP_SLOTS] = [const { AtomicUsize::new(0) }; MAP_SLOTS];
/// Set by the handler once it put zeros in place of lost pages.
static MAP_CUT: [AtomicBool; MAP_SLOTS] = [const { AtomicBool::new(false) }; MAP_SLOTS];
/// Whether a slot is taken.
static MAP_TAKEN: [AtomicBool; MAP_SLOTS] = [const { AtomicBool::new(false) }; MAP_SLOTS];
static PAGE_SIZE: AtomicUsize = AtomicUsize::new(0);
/// The action SIGBUS had before ours: what a fault outside every watched
/// map gets.
static BUS_BEFORE: OnceLock<libc::sigaction> = OnceLock::new();

/// The page size, read once outside any handler (sysconf is not
/// async-signal-safe).
fn page_size() -> usize {
    match PAGE_SIZE.load(Ordering::Relaxed) {
        0 => {
            // SAFETY: sysconf has no preconditions.
            let n = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
            let n = usize::try_from(n)
                .ok()
                .filter(|n| n.is_power_of_two())
                .unwrap_or(4096);
            PAGE_SIZE.store(n, Ordering::Relaxed);
            n
        }
        n => n,
    }
}

/// A watched memory map: the handler answers a SIGBUS in it until this
/// is dropped.
#[derive(Debug)]
pub(super) struct MapSlot(usize);

impl MapSlot {
    /// Watches the map of `len` bytes at `start`; `None` when every slot
    /// is taken.
    pub(super) fn register(start: *const u8, len: usize) -> Option<MapSlot> {
        let page = page_size();
        let start = start as usize;
        let end = start.checked_add(len)?.checked_next_multiple_of(page)?;
        if start == 0 || len == 0 {
            return None;
        }
        for i in 0..MAP_SLOTS {
            if MAP_TAKEN[i]
                .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                MAP_CUT[i].store(false, Ordering::Release);
                MAP_END[i].store(end, Ordering::Release);
                // Last: the handler reads a slot whose start is set.
                MAP_START[i].store(start, Ordering::Release);
                return Some(MapSlot(i));
            }
        }
        None
    }

    /// Whether the handler put zeros in place of pages of this map.
    pub(super) fn cut_short(&self) -> bool {
        slot_cut_short(self.0)
    }

    /// The slot's number, for [`slot_cut_short`].
    pub(super) fn index(&self) -> usize {
        self.0
    }
}

/// Whether the handler put zeros in place of pages of the map in slot
/// `i`.
pub(super) fn slot_cut_short(i: usize) -> bool {
    MAP_CUT.get(i).is_some_and(|c| c.load(Ordering::Acquire))
}

impl Drop for MapSlot {
    fn drop(&mut self) {
        // Before the map is unmapped (its owner drops this first): no
        // later map at the same address is taken for this one.
        MAP_START[self.0].store(0, Ordering::Release);
        MAP_END[self.0].store(0, Ordering::Release);
        MAP_CUT[self.0].store(false, Ordering::Release);
        MAP_TAKEN[self.0].store(false, Ordering::Release);
    }
}

fn remove_pending() {
    for slot in &PENDING {
        let p = slot.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: a registered pointer stays a valid C string for the
            // life of the process; unlink is async-signal-safe.
            unsafe { libc::unlink(p) };
        }
    }
}

extern "C" fn on_signal(sig: c_int) {
    remove_pending();
    // SAFETY: raise is async-signal-safe. SA_RESETHAND put back the
    // default action: the signal ends the process as it would have
    // without this handler.
    unsafe { libc::raise(sig) };
}

/// Puts zeros over the rest of the watched map holding `addr`, from its
/// page on (a file is cut short at its end: every later page is lost
/// too, and one call spares a signal per page). True when it did.
fn zero_fill(addr: usize) -> bool {
    let page = PAGE_SIZE.load(Ordering::Relaxed);
    if page == 0 {
        return false;
    }
    for i in 0..MAP_SLOTS {
        let start = MAP_START[i].load(Ordering::Acquire);
        let end = MAP_END[i].load(Ordering::Acquire);
        if start == 0 || addr < start || addr >= end {
            continue;
        }
        let from = addr & !(page - 1);
        // SAFETY: [from, end) lies within a read-only map its owner keeps
        // until it unregisters the slot; replacing its pages with private
        // zero pages changes nothing else. The mmap system call is
        // async-signal-safe in practice (it is not on POSIX's list).
        let p = unsafe {
            libc::mmap(
                from as *mut c_void,
                end - from,
                libc::PROT_READ,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return false;
        }
        MAP_CUT[i].store(true, Ordering::Release);
        return true;
    }
    false
}

extern "C" fn on_bus(sig: c_int, info: *mut libc::siginfo_t, _: *mut c_void) {
    // SAFETY: with SA_SIGINFO the kernel passes a valid siginfo_t.
    let (code, addr) = unsafe { ((*info).si_code, (*info).si_addr() as usize) };
    // A positive code is a fault the kernel raised, whose address is
    // meaningful; one sent by kill or raise is not.
    if code > 0 && zero_fill(addr) {
        return;
    }
    remove_pending();
    // SAFETY: sigaction and raise are async-signal-safe. The signal is
    // blocked until the handler returns; then it takes the action it
    // had before (by default: the process ends with SIGBUS).
    unsafe {
        match BUS_BEFORE.get() {
            Some(before) => libc::sigaction(sig, before, null_mut()),
            None => {
                libc::signal(sig, libc::SIG_DFL);
                0
            }
        };
        libc::raise(sig);
    }
}

pub(super) fn install() {
    if INSTALLED.swap(true, Ordering::AcqRel) {
        return;
    }
    page_size();
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
        // SAFETY: a zeroed sigaction with an empty mask and a handler
        // that only does async-signal-safe work.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as extern "C" fn(c_int) as usize;
            sa.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, null_mut());
        }
    }
    // SAFETY: as above; the action replaced is kept for faults that are
    // not in a watched map. The handler stays for every later fault: a
    // map cut short faults once, other maps may fault later.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction =
            on_bus as extern "C" fn(c_int, *mut libc::siginfo_t, *mut c_void) as usize;
        sa.sa_flags = libc::SA_SIGINFO;
        libc::sigemptyset(&mut sa.sa_mask);
        let mut before: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGBUS, &sa, &mut before) == 0 {
            let _ = BUS_BEFORE.set(before);
        }
    }
}

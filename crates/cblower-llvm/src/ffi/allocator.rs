//! Settings of the C allocator (glibc's malloc, which Rust's global
//! allocator and LLVM both allocate from) for the two kinds of process the
//! command-line tools are: one that builds one large LLVM module on one
//! worker thread (`cblower-opt`), and one that lowers a shader on a
//! pipeline of threads (`cblower emit-llvm`).
//!
//! Both set `M_TOP_PAD`: how much address space glibc takes beyond each
//! request when a heap grows. The default (128 KiB) makes a heap that grows
//! to tens of MiB do so in hundreds of steps: `brk` calls for the main
//! arena, and for the heap of any other thread an `mprotect` of just the
//! pages each request needs. Pages are still committed only when touched,
//! so a small input costs nothing more. Setting it also fixes glibc's
//! threshold for serving large requests with `mmap` at its initial 128 KiB
//! (it otherwise rises after the first large block is freed, so later large
//! blocks come from the heap and are trimmed and faulted in again).
#![allow(unsafe_code)]

/// `M_TOP_PAD` for one large module on one worker thread: 64 MiB.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ONE_MODULE_TOP_PAD: libc::c_int = 64 << 20;

/// `M_TOP_PAD` for the threads of `emit-llvm`: 32 MiB (the 100 x 1k-member
/// emission benchmark peaks at about 42 MiB; 64 MiB gave no further gain).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const PIPELINE_TOP_PAD: libc::c_int = 32 << 20;

/// Sets the allocator up for a process that builds one large module on one
/// worker thread and exits. Call it first thing in `main`, before any thread
/// is started.
///
/// * One arena (`M_ARENA_MAX` 1): a thread other than the main one otherwise
///   gets an arena of its own, which glibc grows by `mprotect`ing only the
///   pages each request needs (9,700 system calls to parse the 100k-load
///   SPIR-V benchmark module). The main arena grows with `brk`.
/// * `M_TOP_PAD` of 64 MiB (see the module documentation).
///
/// Returns whether glibc accepted both settings (elsewhere nothing changes).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn tune_allocator_for_one_module() -> bool {
    // SAFETY: mallopt only changes the allocator's parameters; glibc takes its
    // own lock, and both parameters are documented as settable at any time.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1) == 1
            && libc::mallopt(libc::M_TOP_PAD, ONE_MODULE_TOP_PAD) == 1
    }
}

/// Sets the allocator up for a process whose threads each allocate (the
/// preprocessor, parser, lowering and layout threads of `emit-llvm`): each
/// keeps its own arena (one shared arena made the threads wait on its lock
/// and cost more than it saved), and every arena grows 32 MiB at a time
/// (`M_TOP_PAD`, see the module documentation). On the 100 x 1k-member
/// benchmark that is 1,153 fewer `mprotect` calls (19 left) and about 1,800 fewer page
/// faults. Call it first thing in `main`. Returns whether glibc accepted it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn tune_allocator_for_pipeline() -> bool {
    // SAFETY: as above: mallopt only changes the allocator's parameters.
    unsafe { libc::mallopt(libc::M_TOP_PAD, PIPELINE_TOP_PAD) == 1 }
}

/// Not glibc: the allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn tune_allocator_for_one_module() -> bool {
    false
}

/// Not glibc: the allocator is left as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn tune_allocator_for_pipeline() -> bool {
    false
}

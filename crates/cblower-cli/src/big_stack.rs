//! Running a command on a thread with a large stack.
//!
//! LLVM's IR parser, verifier and printer recurse once per level of a nested
//! constant expression, and a few kilobytes per level exhaust the main
//! thread's 8 MiB after a few thousand levels (`opt-22` itself overflows on
//! 8,000). The stack is only reserved address space: pages are committed as
//! the recursion touches them, so an ordinary module costs nothing extra.

/// Stack reserved for the worker thread: 1 GiB.
pub const STACK_BYTES: usize = 1 << 30;

/// Runs `f` on a thread with a [`STACK_BYTES`] stack and returns its result.
/// If the thread cannot be created, `f` runs on the current thread instead.
pub fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let mut f = Some(f);
    let spawned = std::thread::scope(|scope| {
        let job = &mut f;
        std::thread::Builder::new()
            .name("cblower-main".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, move || job.take().map(|f| f()))
            .ok()
            .map(|handle| handle.join())
    });
    match spawned {
        Some(Ok(Some(result))) => result,
        // The worker panicked: let the panic continue here.
        Some(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread (or, impossibly, no job run): run here.
        Some(Ok(None)) | None => match f.take() {
            Some(f) => f(),
            None => unreachable!("the job ran on the worker thread"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_recursion_fits() {
        fn depth(n: u64) -> u64 {
            let pad = [n as u8; 4096];
            if n == 0 {
                return u64::from(pad[7]);
            }
            std::hint::black_box(&pad);
            1 + depth(n - 1)
        }
        // 40,000 frames of 4 KiB each: 160 MiB, far past a default stack.
        assert_eq!(on_big_stack(|| depth(40_000)), 40_000);
    }
}

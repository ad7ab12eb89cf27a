//! Whether a stage may put part of its work on threads of its own.

/// Whether the front end and the planner may run part of their work on
/// threads of their own, beside the caller's.
///
/// Either way the result is the same to the byte, diagnostics included:
/// every hand-over between threads is read in the order one thread would
/// produce it (see `docs/architecture.md`, "Threads, and why the output does
/// not depend on them").
///
/// ```
/// use cblower_program::Threads;
/// assert_eq!(Threads::default(), Threads::Pipelined);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Threads {
    /// The front end's preprocessor, parser and lowering each on a thread
    /// of its own (the caller waits for them), and in the planner a second
    /// thread laying out buffers ahead of the caller's. On the 100 x 1k-member
    /// emission benchmark this takes about a fifth off the elapsed time for
    /// about a tenth more CPU time (`docs/performance.md`).
    #[default]
    Pipelined,
    /// All work in sequence: for a caller that already keeps every core busy
    /// (a build running many compilations at once), where the CPU time is
    /// what counts. The front end still runs on one thread with a large
    /// stack of its own (nesting is bounded at 256 levels everywhere), which
    /// the caller waits for.
    Sequential,
}

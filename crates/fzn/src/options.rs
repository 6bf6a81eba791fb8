//! The solver flags MiniZinc passes (`-a`, `-n`, `-i`, `-f`, `-s`, `-t`,
//! `-r`, `-p`, restarts), read by the run and by the search set-up.
//!
//! ```
//! let options = fdoku_fzn::Options { all: true, ..Default::default() };
//! assert!(options.all && options.threads == 0);
//! ```

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fdoku_fd::Restarts;

/// MiniZinc's solver flags that change the search.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-a`: all solutions (satisfaction), every improving one (optimisation).
    pub all: bool,
    /// `-n N`: stop after `N` solutions.
    pub solutions: Option<u64>,
    /// `-i`: print every improving solution of an optimisation.
    pub intermediate: bool,
    /// `-f`: ignore the search annotations.
    pub free: bool,
    /// `-s`: print statistics.
    pub statistics: bool,
    /// `-t MS`: wall-clock limit from the start of the run.
    pub time_limit: Option<Duration>,
    /// `-r SEED`: the seed of random value choices and of the tie-breaks
    /// drawn at each restart.
    pub seed: u64,
    /// `--restart`: how to restart, whatever the model says (`None`: as its
    /// annotation says, else the free-search default).
    pub restarts: Option<Restarts>,
    /// `--last-conflict`: last-conflict branching on or off (`None`: the
    /// free-search default).
    pub last_conflict: Option<bool>,
    /// `-p N`: searches run at once, one thread each (0 and 1: one), for a
    /// first solution or an optimum; enumeration runs one.
    pub threads: usize,
    /// Raised from outside (Ctrl-C) to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
}

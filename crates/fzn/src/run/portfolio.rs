//! `-p N`: a portfolio of `N` searches on `N` threads, for the first
//! solution of a satisfaction model and for optimisation.
//!
//! The first search is the one a single thread runs (the model's
//! annotations, or free search); the others are free searches — dom/wdeg,
//! last conflict, restarts — each with its own seed (`-r SEED` plus its
//! number) and, in turn, Luby or geometric restarts. Satisfaction: the first
//! search to find a solution or to prove there is none stops the others.
//! Optimisation: the searches share the best objective found — each one,
//! when it starts again after a solution, looks for a better one than the
//! best of all — and the first to finish its search proves that best
//! optimal. Every solution passes the independent checker, whichever thread
//! found it. The answer (satisfiable, unsatisfiable, the optimum) does not
//! depend on which search wins; the solution printed may.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use fdoku_fd::{Restarts, SearchConfig, SearchStatus, Solver, Stats, Var};

use super::{Options, RunError, Search, Status, Tally};
use crate::ast::FlatZinc;
use crate::{output, search};

/// The restarts of the helper searches, in turn (unless `--restart` says).
const HELPER_RESTARTS: [Restarts; 2] = [
    Restarts::Geometric {
        scale: 100,
        base: 1.5,
    },
    Restarts::Luby { scale: 250 },
];

/// The searches of `options.threads` threads: the single-thread search
/// first, then free searches with their own seeds and restarts.
pub(crate) fn configs(fzn: &FlatZinc, vars: &[Var], options: &Options) -> Vec<SearchConfig> {
    let mut configs = vec![search::config(fzn, vars, options)];
    for k in 1..options.threads.max(1) {
        let helper = Options {
            free: true,
            seed: options.seed.wrapping_add(k as u64),
            restarts: options
                .restarts
                .or(Some(HELPER_RESTARTS[k % HELPER_RESTARTS.len()])),
            ..options.clone()
        };
        configs.push(search::config(fzn, vars, &helper));
    }
    configs
}

/// What the searches of an optimisation share.
#[derive(Default)]
struct Incumbent {
    /// The best objective value so far and its FlatZinc values.
    best: Option<(i32, Vec<i64>)>,
    /// Solutions accepted as improvements.
    solutions: u64,
    /// A search ended complete: the best is optimal (or there is none).
    proved: bool,
}

impl Search<'_> {
    /// The first solution by the first of `configs` to find one or prove
    /// there is none; `stop` ends the others.
    pub(crate) fn satisfy_portfolio(
        &self,
        configs: Vec<SearchConfig>,
        stop: &AtomicBool,
        tally: &mut Tally,
        out: &mut dyn Write,
    ) -> Result<Status, RunError> {
        let winner = Mutex::new(None);
        let stats = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for config in configs {
                let (winner, stats) = (&winner, &stats);
                scope.spawn(move || {
                    let mut solver = Solver::with_config(&self.compiled.model, config)
                        .with_budget(self.budget.clone());
                    let result = solver.solve();
                    lock(stats).push(result.stats);
                    let settled =
                        result.solution.is_some() || result.status == SearchStatus::Complete;
                    let mut winner = lock(winner);
                    if settled && winner.is_none() {
                        *winner = Some(result.solution);
                        stop.store(true, Ordering::Relaxed);
                    }
                });
            }
        });
        for search_stats in lock(&stats).drain(..) {
            tally.add(search_stats);
        }
        let winner = winner.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(match winner {
            Some(Some(solution)) => {
                let values = self.checked_values(&solution)?;
                output::solution(self.fzn, &values, out)?;
                tally.solutions = 1;
                Status::Satisfied
            }
            Some(None) => Status::Unsatisfiable,
            None => Status::Unknown,
        })
    }

    /// Branch and bound by every search of `configs` at once, sharing the
    /// best objective; the first complete search proves it.
    pub(crate) fn optimise_portfolio(
        &self,
        configs: Vec<SearchConfig>,
        (objective, minimise): (Var, bool),
        stop: &AtomicBool,
        tally: &mut Tally,
        out: &mut dyn Write,
    ) -> Result<Status, RunError> {
        let print_each = self.options.all || self.options.intermediate;
        let incumbent = Mutex::new(Incumbent::default());
        let stats = Mutex::new(Vec::new());
        let (improved, printer) = mpsc::channel::<Vec<i64>>();
        let searches = std::thread::scope(|scope| -> Result<(), RunError> {
            let handles: Vec<_> = configs
                .into_iter()
                .map(|config| {
                    let improved = improved.clone();
                    let (incumbent, stats) = (&incumbent, &stats);
                    scope.spawn(move || {
                        let search = Improve {
                            objective,
                            minimise,
                            stop,
                            incumbent,
                            improved: print_each.then_some(&improved),
                        };
                        self.improve(config, &search, stats)
                    })
                })
                .collect();
            drop(improved);
            // Each improvement as it comes, in the order it was accepted.
            for values in printer {
                if let Err(error) = output::solution(self.fzn, &values, out) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(error.into());
                }
            }
            for handle in handles {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            }
            Ok(())
        });
        for search_stats in lock(&stats).drain(..) {
            tally.add(search_stats);
        }
        searches?;
        let incumbent = incumbent.into_inner().unwrap_or_else(|e| e.into_inner());
        tally.solutions = incumbent.solutions;
        tally.objective = incumbent.best.as_ref().map(|(value, _)| i64::from(*value));
        if !print_each && let Some((_, values)) = &incumbent.best {
            output::solution(self.fzn, values, out)?;
        }
        Ok(match (incumbent.proved, &incumbent.best) {
            (true, Some(_)) => Status::Optimal,
            (true, None) => Status::Unsatisfiable,
            (false, Some(_)) => Status::Satisfied,
            (false, None) => Status::Unknown,
        })
    }

    /// One search of the optimisation portfolio: solves, offers each
    /// solution to the incumbent, narrows to better than the best of all,
    /// until a search is complete or `stop` is raised.
    fn improve(
        &self,
        config: SearchConfig,
        search: &Improve<'_>,
        stats: &Mutex<Vec<Stats>>,
    ) -> Result<(), RunError> {
        let mut solver =
            Solver::with_config(&self.compiled.model, config).with_budget(self.budget.clone());
        loop {
            let best = lock(search.incumbent)
                .best
                .as_ref()
                .map(|(value, _)| *value);
            if let Some(best) = best {
                let Some((min, max)) = search.better_than(best) else {
                    search.prove();
                    break;
                };
                solver.narrow(search.objective, min, max);
            }
            let result = solver.solve();
            lock(stats).push(result.stats);
            let Some(solution) = result.solution else {
                if result.status == SearchStatus::Complete {
                    search.prove();
                }
                break;
            };
            let values = self.checked_values(&solution)?;
            search.offer(solution.value(search.objective), values, self.options);
        }
        Ok(())
    }
}

/// What one search of the optimisation portfolio shares with the others.
struct Improve<'a> {
    objective: Var,
    minimise: bool,
    stop: &'a AtomicBool,
    incumbent: &'a Mutex<Incumbent>,
    /// Where improvements go to be printed, when each is.
    improved: Option<&'a mpsc::Sender<Vec<i64>>>,
}

impl Improve<'_> {
    /// The objective range of a better solution than `best`, if one fits in
    /// 32 bits.
    fn better_than(&self, best: i32) -> Option<(i32, i32)> {
        if self.minimise {
            best.checked_sub(1).map(|bound| (i32::MIN, bound))
        } else {
            best.checked_add(1).map(|bound| (bound, i32::MAX))
        }
    }

    /// Takes a checked solution of objective `value` as the best when it is
    /// better than the best so far; stops every search after `-n N`
    /// improvements.
    fn offer(&self, value: i32, values: Vec<i64>, options: &Options) {
        let mut incumbent = lock(self.incumbent);
        let better = match &incumbent.best {
            None => true,
            Some((best, _)) => (value < *best) == self.minimise && value != *best,
        };
        if !better || incumbent.proved {
            return;
        }
        if let Some(improved) = self.improved {
            // The receiver lives until every search has ended.
            let _ = improved.send(values.clone());
        }
        incumbent.best = Some((value, values));
        incumbent.solutions += 1;
        if options.solutions == Some(incumbent.solutions) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// A search ended complete: no better solution than the best exists.
    fn prove(&self) {
        lock(self.incumbent).proved = true;
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Locks `mutex`, whether or not another thread panicked holding it (the
/// data are counters and answers, whole at every step).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

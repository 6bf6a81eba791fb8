//! The budget of the technique search under way on this thread, which every
//! finder polls.
//!
//! A finder's signature carries no budget (a technique is a pure search of a
//! grid), so the path hands its [`Budget`] over with [`within`] for the
//! length of one search. Loops that can run long call [`tick`] on every
//! cheap iteration (the clock is read every [`TICKS_PER_LOOK`] ticks) or
//! [`poll`] on every costly one (the clock is read each time); both return
//! `Break` from the moment the deadline has passed or the cancel flag is
//! raised, and keep returning it, so nested loops unwind at once. A search
//! that was cut off may have found only part of what it would have: the
//! caller of [`within`] learns that it was, and discards the result.

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;

use fdoku_fd::{Budget, StopReason};

/// How many ticks between two looks at the clock: a tick marks an iteration
/// of a few tens of nanoseconds, so the deadline is seen within
/// microseconds and the clock costs nothing measurable.
const TICKS_PER_LOOK: u32 = 256;

thread_local! {
    /// The budget of the search under way on this thread.
    static BUDGET: RefCell<Budget> = RefCell::new(Budget::default());
    /// Why the search under way was cut off, once it was.
    static STOPPED: Cell<Option<StopReason>> = const { Cell::new(None) };
    /// Ticks until the next look at the clock.
    static UNTIL_LOOK: Cell<u32> = const { Cell::new(TICKS_PER_LOOK) };
}

/// Runs `search` under `budget`; returns its result and, when the budget
/// cut it off, why (the result is then partial). The enclosing search's
/// budget is put back afterwards, even when the search panics (the web
/// server survives a panic and reuses the thread).
pub(crate) fn within<T>(budget: &Budget, search: impl FnOnce() -> T) -> (T, Option<StopReason>) {
    /// The budget and stop of the enclosing search.
    struct Restore(Option<(Budget, Option<StopReason>)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some((budget, stopped)) = self.0.take() {
                BUDGET.set(budget);
                STOPPED.set(stopped);
            }
        }
    }
    let enclosing = (BUDGET.replace(budget.clone()), STOPPED.replace(None));
    let _restore = Restore(Some(enclosing));
    let result = search();
    (result, STOPPED.get())
}

/// `Break` once the budget of the search under way is spent; reads the
/// clock every time (for iterations of a microsecond or more).
pub(crate) fn poll() -> ControlFlow<()> {
    if STOPPED.get().is_some() {
        return ControlFlow::Break(());
    }
    match BUDGET.with_borrow(Budget::out_of_time) {
        Some(reason) => {
            STOPPED.set(Some(reason));
            ControlFlow::Break(())
        }
        None => ControlFlow::Continue(()),
    }
}

/// `Break` once the budget of the search under way is spent; reads the
/// clock every [`TICKS_PER_LOOK`] calls (for cheap iterations).
#[inline]
pub(crate) fn tick() -> ControlFlow<()> {
    let until = UNTIL_LOOK.get();
    if until > 1 {
        UNTIL_LOOK.set(until - 1);
        return ControlFlow::Continue(());
    }
    look()
}

/// The look at the clock behind [`tick`]; once the budget is spent, every
/// tick looks (and finds it spent at once).
#[cold]
fn look() -> ControlFlow<()> {
    let flow = poll();
    UNTIL_LOOK.set(match flow {
        ControlFlow::Break(()) => 1,
        ControlFlow::Continue(()) => TICKS_PER_LOOK,
    });
    flow
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;

    fn cancelled() -> Budget {
        Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)))
    }

    #[test]
    fn a_spent_budget_breaks_every_poll_until_the_search_ends() {
        let (ticks, stopped) = within(&cancelled(), || {
            let mut ticks = 0;
            while tick().is_continue() {
                ticks += 1;
            }
            // Once seen, the stop holds without another look.
            assert!(tick().is_break() && poll().is_break());
            ticks
        });
        assert!(ticks < TICKS_PER_LOOK);
        assert_eq!(stopped, Some(StopReason::Cancelled));
        // Outside, the default budget is back and nothing is stopped.
        assert!(poll().is_continue());
        let (all_went_on, stopped) = within(&Budget::unlimited(), || {
            (0..10 * TICKS_PER_LOOK).all(|_| tick().is_continue())
        });
        assert!(all_went_on);
        assert_eq!(stopped, None);
    }

    #[test]
    fn a_nested_search_leaves_the_enclosing_one_as_it_was() {
        let ((inner, enclosing_poll), enclosing) = within(&Budget::unlimited(), || {
            let ((), inner) = within(&cancelled(), || assert!(poll().is_break()));
            (inner, poll())
        });
        assert_eq!(inner, Some(StopReason::Cancelled));
        assert!(enclosing_poll.is_continue());
        assert_eq!(enclosing, None);
    }
}

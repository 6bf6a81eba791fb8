//! `count = #{ i : xᵢ = value }`: how many of the variables take a value.
//!
//! For a candidate `v` of `value`, the variables fixed to `v` are the least
//! the count can be and those that still allow `v` the most: `v` stays while
//! some count between the two is left. The count keeps the range the
//! remaining candidates span. Once `value` is fixed, a count that has
//! reached its least (every fixed `v` already counted, the count at its
//! largest) takes `v` from every open variable; a count at its most (the
//! count at its smallest) fixes every variable that allows `v` to `v`.
//!
//! With `x = [{1}, {1, 2}, {2, 3}]`, `value = 1` and `count ∈ {2}`: one
//! variable is 1 and two allow it, so the count 2 is the most and
//! `x₂ = 1`; `x₃` cannot be 1 either way.
//!
//! When `value` is a constant `v`, a change to a counted variable that
//! leaves it open with `v` still among its values moves neither the least
//! nor the most: the propagator is not woken for it (with many counts over
//! the same variables, as in a magic sequence, most changes are such).

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

/// The largest `value` domain whose candidates are looked at one by one;
/// a larger one is left to its bounds-free support check at the end.
const VALUE_LIMIT: u64 = 1 << 10;

pub(crate) struct Count {
    vars: Vec<Var>,
    value: Var,
    count: Var,
    /// Neither `value` nor `count` is one of `vars`: then one run reaches
    /// the fixpoint (what it fixes or removes in `vars` moves no bound it
    /// read).
    separate: bool,
    /// The value, when it is fixed from the start.
    constant: Option<i32>,
}

impl Count {
    pub(crate) fn new(vars: Vec<Var>, value: Var, count: Var, domains: &[Domain]) -> Self {
        let separate = value != count && !vars.iter().any(|&x| x == value || x == count);
        let initial = &domains[value.index()];
        let constant = (initial.size() == 1).then(|| initial.min());
        Count {
            vars,
            value,
            count,
            separate,
            constant,
        }
    }

    /// The variables fixed to `v`, and those that still allow it.
    fn span(&self, ctx: &PropCtx<'_>, v: i32) -> (i32, i32) {
        let (mut least, mut most) = (0, 0);
        for &x in &self.vars {
            let dom = ctx.dom(x);
            if dom.contains(v) {
                most += 1;
                least += i32::from(dom.size() == 1);
            }
        }
        (least, most)
    }

    /// Whether the count can be something in `least..=most`.
    fn fits(ctx: &PropCtx<'_>, count: Var, (least, most): (i32, i32)) -> bool {
        let dom = ctx.dom(count);
        least <= dom.max() && most >= dom.min() && (least..=most).any(|c| dom.contains(c))
    }
}

impl Propagator for Count {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.vars
            .iter()
            .map(|&x| (x, Events::DOMAIN))
            .chain([(self.value, Events::DOMAIN), (self.count, Events::DOMAIN)])
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn idempotent(&self) -> bool {
        self.separate
    }

    fn notify(&mut self, index: usize, _events: Events, domain: &Domain) -> bool {
        match self.constant {
            Some(v) if index < self.vars.len() => domain.size() == 1 || !domain.contains(v),
            _ => true,
        }
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        // A fixed value is one candidate: the span below says it all, and
        // looking at it here too would walk the variables twice.
        let open = ctx.value(self.value).is_none();
        if open && ctx.dom(self.value).size() <= VALUE_LIMIT {
            let mut live = Vec::new();
            let (mut lo, mut hi) = (i32::MAX, i32::MIN);
            for v in ctx.dom(self.value).iter() {
                let span = self.span(ctx, v);
                if Self::fits(ctx, self.count, span) {
                    live.push(v);
                    lo = lo.min(span.0);
                    hi = hi.max(span.1);
                }
            }
            ctx.intersect(self.value, &Domain::from_values(live))?;
            ctx.set_min(self.count, lo)?;
            ctx.set_max(self.count, hi)?;
        } else if open {
            // Any value at all: the count lies between 0 and the length.
            ctx.set_min(self.count, 0)?;
            ctx.set_max(self.count, self.vars.len() as i32)?;
        }
        let Some(v) = ctx.value(self.value) else {
            return Ok(());
        };
        let (least, most) = self.span(ctx, v);
        ctx.set_min(self.count, least)?;
        ctx.set_max(self.count, most)?;
        if ctx.max(self.count) == least {
            for &x in &self.vars {
                if ctx.dom(x).size() > 1 {
                    ctx.remove(x, v)?;
                }
            }
        } else if ctx.min(self.count) == most {
            for &x in &self.vars {
                if ctx.dom(x).contains(v) {
                    ctx.fix(x, v)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    fn count_of_first_three(before: &[&[i32]]) -> Count {
        Count::new(
            vec![Var(0), Var(1), Var(2)],
            Var(3),
            Var(4),
            &domains(before),
        )
    }

    #[test]
    fn a_count_at_its_most_fixes_every_variable_that_allows_the_value() {
        // The example above: x = [{1}, {1, 2}, {2, 3}], value 1, count 2.
        let before: &[&[i32]] = &[&[1], &[1, 2], &[2, 3], &[1], &[2]];
        let after = after_one_run(&mut count_of_first_three(before), before);
        assert_eq!(after.unwrap(), ["{1}", "{1}", "{2, 3}", "{1}", "{2}"]);
    }

    #[test]
    fn a_count_at_its_least_takes_the_value_from_the_open_variables() {
        // value 1 already once, count ≤ 1: x₂ and x₃ lose 1.
        let before: &[&[i32]] = &[&[1], &[1, 2], &[1, 3], &[1], &[0, 1]];
        let after = after_one_run(&mut count_of_first_three(before), before);
        assert_eq!(after.unwrap(), ["{1}", "{2}", "{3}", "{1}", "{1}"]);
    }

    #[test]
    fn values_whose_count_cannot_fit_are_removed() {
        // x = [{1}, {1}, {2}], count = 1: only 2 occurs once.
        let before: &[&[i32]] = &[&[1], &[1], &[2], &[1, 2, 3], &[1]];
        let after = after_one_run(&mut count_of_first_three(before), before);
        assert_eq!(after.unwrap(), ["{1}", "{1}", "{2}", "{2}", "{1}"]);
        // count = 3: no value occurs three times.
        let before: &[&[i32]] = &[&[1], &[1], &[2], &[1, 2], &[3]];
        assert_eq!(
            after_one_run(&mut count_of_first_three(before), before),
            None
        );
    }

    #[test]
    fn a_constant_value_sleeps_through_changes_that_keep_it_open() {
        let before: &[&[i32]] = &[&[1, 2, 3], &[1, 2], &[2, 3], &[1], &[0, 1, 2]];
        let mut prop = count_of_first_three(before);
        let dom = |values: &[i32]| Domain::from_values(values.iter().copied());
        assert!(!prop.notify(0, Events::DOMAIN, &dom(&[1, 3])));
        assert!(prop.notify(0, Events::DOMAIN, &dom(&[2, 3])));
        assert!(prop.notify(0, Events::FIXED, &dom(&[3])));
        assert!(prop.notify(0, Events::FIXED, &dom(&[1])));
        assert!(prop.notify(4, Events::BOUNDS, &dom(&[0, 1])));
    }
}

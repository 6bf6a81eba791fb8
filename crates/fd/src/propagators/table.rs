//! The table (extensional) constraint: the variables take one of the listed tuples.
//!
//! Propagation keeps a value only while some still-possible tuple uses it
//! (generalised arc consistency). With tuples `(1,2) (2,3) (3,1)` and
//! `y ∈ {2, 3}`, the tuple `(3,1)` is gone, so `x` loses 3.

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Table {
    vars: Vec<Var>,
    tuples: Vec<Vec<i32>>,
}

impl Table {
    pub(crate) fn new(vars: Vec<Var>, tuples: Vec<Vec<i32>>) -> Self {
        Table { vars, tuples }
    }
}

impl Propagator for Table {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.vars.iter().map(|&v| (v, Events::DOMAIN)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        if self.tuples.is_empty() {
            return Err(ctx.fail());
        }
        let mut supported: Vec<Vec<i32>> = vec![Vec::new(); self.vars.len()];
        let live = self.tuples.iter().filter(|tuple| {
            tuple
                .iter()
                .zip(&self.vars)
                .all(|(&value, &var)| ctx.dom(var).contains(value))
        });
        for tuple in live {
            for (values, &value) in supported.iter_mut().zip(tuple) {
                values.push(value);
            }
        }
        for (&var, values) in self.vars.iter().zip(supported) {
            ctx.intersect(var, &Domain::from_values(values))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    #[test]
    fn a_value_without_a_live_tuple_goes() {
        // Tuples (1,2) (2,3) (3,1) and y ∈ {2, 3}: (3,1) is gone, so x loses 3.
        let tuples = vec![vec![1, 2], vec![2, 3], vec![3, 1]];
        let mut table = Table::new(vec![Var(0), Var(1)], tuples);
        let after = after_one_run(&mut table, &[&[1, 2, 3], &[2, 3]]);
        assert_eq!(after.unwrap(), ["{1, 2}", "{2, 3}"]);
        // y ∈ {4}: no tuple is left.
        assert_eq!(after_one_run(&mut table, &[&[1, 2, 3], &[4]]), None);
    }
}

//! `circuit`: the successors form one cycle through every node. This
//! propagator forbids the sub-cycles; the `all_different` over the
//! successors is posted beside it, at domain consistency.
//!
//! Every successor is a node and no node its own successor. The fixed
//! successors form chains (no node has two fixed predecessors, or the
//! run fails). For a chain from `s` to `e` that leaves out some node,
//! `e`'s successor cannot be `s`: that would close a cycle too short; a
//! chain through every node must close, so `e`'s successor is `s`. A
//! cycle of fixed successors that leaves out a node is a failure.
//!
//! With successors `1 → 2`, `2 → {0, 1, 3}`... (nodes 0 to 3): the chain
//! `1 → 2` leaves out 0 and 3, so `2 → 1` goes.

use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Circuit {
    succ: Vec<Var>,
    base: i32,
}

impl Circuit {
    pub(crate) fn new(succ: Vec<Var>, base: i32) -> Self {
        Circuit { succ, base }
    }

    /// The node numbered `value`, when it is one.
    fn node(&self, value: i32) -> Option<usize> {
        usize::try_from(i64::from(value) - i64::from(self.base))
            .ok()
            .filter(|&k| k < self.succ.len())
    }

    /// The number of node `k`.
    fn number(&self, k: usize) -> i32 {
        self.base + k as i32
    }
}

impl Propagator for Circuit {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.succ.iter().map(|&v| (v, Events::FIXED)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        let n = self.succ.len();
        if n == 0 {
            return Ok(());
        }
        for (k, &x) in self.succ.iter().enumerate() {
            ctx.set_min(x, self.base)?;
            ctx.set_max(x, self.number(n - 1))?;
            ctx.remove(x, self.number(k))?;
        }
        let mut next: Vec<Option<usize>> = vec![None; n];
        let mut has_pred = vec![false; n];
        for (k, &x) in self.succ.iter().enumerate() {
            if let Some(j) = ctx.value(x).and_then(|v| self.node(v)) {
                if std::mem::replace(&mut has_pred[j], true) {
                    ctx.blame(x);
                    return Err(ctx.fail());
                }
                next[k] = Some(j);
            }
        }
        let mut visited = vec![false; n];
        for start in 0..n {
            if has_pred[start] {
                continue;
            }
            // A chain: `start` has no fixed predecessor, so it cannot loop.
            let (mut end, mut length) = (start, 1);
            visited[start] = true;
            while let Some(j) = next[end] {
                end = j;
                visited[j] = true;
                length += 1;
            }
            if length < n {
                ctx.remove(self.succ[end], self.number(start))?;
            } else {
                ctx.fix(self.succ[end], self.number(start))?;
            }
        }
        // What is left lies on cycles of fixed successors.
        if let Some(first) = visited.iter().position(|&seen| !seen) {
            let mut length = 1;
            let mut node = next[first].unwrap_or(first);
            while node != first {
                length += 1;
                node = next[node].unwrap_or(first);
            }
            if length < n {
                return Err(ctx.fail());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::after_one_run;

    fn circuit(n: u32) -> Circuit {
        Circuit::new((0..n).map(Var).collect(), 0)
    }

    #[test]
    fn a_chain_that_leaves_out_nodes_may_not_close() {
        // The example above.
        let before: &[&[i32]] = &[&[0, 1, 2, 3], &[2], &[0, 1, 3], &[0, 1, 2, 3]];
        let after = after_one_run(&mut circuit(4), before);
        assert_eq!(after.unwrap(), ["{1..3}", "{2}", "{0, 3}", "{0..2}"]);
    }

    #[test]
    fn a_chain_through_every_node_closes() {
        let before: &[&[i32]] = &[&[1], &[2], &[0, 1]];
        let after = after_one_run(&mut circuit(3), before);
        assert_eq!(after.unwrap(), ["{1}", "{2}", "{0}"]);
    }

    #[test]
    fn a_short_fixed_cycle_fails() {
        let before: &[&[i32]] = &[&[1], &[0], &[3], &[2]];
        assert_eq!(after_one_run(&mut circuit(4), before), None);
        // One node is its own successor: no circuit.
        assert_eq!(after_one_run(&mut circuit(1), &[&[0]]), None);
    }
}

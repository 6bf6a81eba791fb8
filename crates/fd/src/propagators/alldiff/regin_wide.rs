//! Régin's filter for all_different constraints too wide for one 64-bit word.
//!
//! The same theory as [`super::regin`] — keep an edge iff it is matched, or
//! reachable by an alternating path from a free value, or inside a strongly
//! connected component — on explicit lists: values are numbered through a
//! sorted table of every value the constraint can see, augmenting paths are
//! found by breadth-first search (no recursion, any size), and components by
//! an iterative Tarjan. One run costs O(E log V) for E variable–value pairs.

use super::Scope;
use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

const NONE: usize = usize::MAX;

pub(super) struct ReginWide {
    scope: Scope,
    /// Every shifted value the constraint may see, sorted; its index numbers it.
    values: Vec<i64>,
    /// The value index matched to each position, kept between runs.
    mate: Vec<usize>,
}

/// Scratch state of one run.
struct Graph {
    /// Value indices of each position's domain.
    adj: Vec<Vec<usize>>,
    /// The position matched to each value.
    owner: Vec<usize>,
}

impl ReginWide {
    /// The filter for `scope` over the initial `domains`.
    pub(super) fn new(scope: Scope, domains: &[Domain]) -> Self {
        let n = scope.len();
        let mut values: Vec<i64> = (0..n)
            .flat_map(|i| {
                let offset = scope.offsets[i];
                domains[scope.vars[i].index()]
                    .iter()
                    .map(move |v| i64::from(v) + offset)
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        ReginWide {
            scope,
            values,
            mate: vec![NONE; n],
        }
    }

    fn graph(&self, ctx: &PropCtx<'_>) -> Graph {
        let adj = (0..self.scope.len())
            .map(|i| {
                self.scope
                    .values(ctx, i)
                    .filter_map(|v| self.values.binary_search(&v).ok())
                    .collect()
            })
            .collect();
        Graph {
            adj,
            owner: vec![NONE; self.values.len()],
        }
    }

    /// Matches position `start` by a shortest augmenting path. On failure,
    /// returns the positions that form the Hall set blocking it.
    fn augment(&mut self, g: &mut Graph, start: usize) -> Result<(), Vec<usize>> {
        let mut from = vec![NONE; self.values.len()];
        let mut queue = std::collections::VecDeque::from([start]);
        let mut seen = vec![start];
        while let Some(x) = queue.pop_front() {
            for &v in &g.adj[x] {
                if from[v] != NONE {
                    continue;
                }
                from[v] = x;
                if g.owner[v] == NONE {
                    // Flip the path back to `start`.
                    let mut v = v;
                    loop {
                        let x = from[v];
                        let previous = self.mate[x];
                        self.mate[x] = v;
                        g.owner[v] = x;
                        if x == start {
                            return Ok(());
                        }
                        v = previous;
                    }
                }
                queue.push_back(g.owner[v]);
                seen.push(g.owner[v]);
            }
        }
        Err(seen)
    }
}

/// Strongly connected components of the graph with `succ(x)` given by
/// `edges`, by an iterative Tarjan; returns a component number per node.
fn components(n: usize, edges: impl Fn(usize) -> Vec<usize>) -> Vec<usize> {
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut component = vec![NONE; n];
    let (mut counter, mut components) = (0, 0);
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut calls: Vec<(usize, Vec<usize>, usize)> = Vec::new();
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        calls.push((root, edges(root), 0));
        while let Some((x, succ, pos)) = calls.last_mut() {
            let x = *x;
            if let Some(&y) = succ.get(*pos) {
                *pos += 1;
                if index[y] == NONE {
                    index[y] = counter;
                    low[y] = counter;
                    counter += 1;
                    stack.push(y);
                    on_stack[y] = true;
                    calls.push((y, edges(y), 0));
                } else if on_stack[y] {
                    low[x] = low[x].min(index[y]);
                }
                continue;
            }
            calls.pop();
            if let Some((parent, _, _)) = calls.last() {
                low[*parent] = low[*parent].min(low[x]);
            }
            if low[x] == index[x] {
                while let Some(y) = stack.pop() {
                    on_stack[y] = false;
                    component[y] = components;
                    if y == x {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    component
}

impl Propagator for ReginWide {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.scope.watch(Events::DOMAIN)
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        super::matching::propagate(&self.scope, ctx)
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        let n = self.scope.len();
        let mut g = self.graph(ctx);
        // Keep what is still valid of the old matching, then repair it.
        for i in 0..n {
            let m = self.mate[i];
            if m != NONE && g.owner[m] == NONE && g.adj[i].contains(&m) {
                g.owner[m] = i;
            } else {
                self.mate[i] = NONE;
            }
        }
        for i in 0..n {
            if self.mate[i] == NONE
                && let Err(hall_set) = self.augment(&mut g, i)
            {
                for p in hall_set {
                    ctx.blame(self.scope.vars[p]);
                }
                return Err(ctx.fail());
            }
        }
        // Which positions hold each value.
        let mut holders: Vec<Vec<usize>> = vec![Vec::new(); self.values.len()];
        for (i, values) in g.adj.iter().enumerate() {
            for &v in values {
                holders[v].push(i);
            }
        }
        // Values reachable from a free value by alternating paths.
        let mut reached = vec![false; self.values.len()];
        let mut queue: Vec<usize> = (0..self.values.len())
            .filter(|&v| g.owner[v] == NONE && !holders[v].is_empty())
            .collect();
        for &v in &queue {
            reached[v] = true;
        }
        while let Some(v) = queue.pop() {
            for &x in &holders[v] {
                let m = self.mate[x];
                if m != v && !reached[m] {
                    reached[m] = true;
                    queue.push(m);
                }
            }
        }
        let component = components(n, |x| {
            let m = self.mate[x];
            holders[m].iter().copied().filter(|&y| y != x).collect()
        });
        for i in 0..n {
            let doomed: Vec<i64> = g.adj[i]
                .iter()
                .filter(|&&v| {
                    v != self.mate[i] && !reached[v] && component[g.owner[v]] != component[i]
                })
                .map(|&v| self.values[v])
                .collect();
            for value in doomed {
                self.scope.remove(ctx, i, value)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    #[test]
    fn tarjan_finds_cycles_and_singletons() {
        // 0 → 1 → 2 → 0, 2 → 3, 3 alone, 4 → 4 is ignored as a self-loop here.
        let edges = [vec![1], vec![2], vec![0, 3], vec![], vec![]];
        let c = components(5, |x| edges[x].clone());
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
    }

    #[test]
    fn values_far_apart_are_matched_through_the_value_table() {
        // x, y ∈ {0, 100} take both values, so z ∈ {0, 50, 100} is 50;
        // the values span more than 64, too wide for the bitmask filter.
        let before: [&[i32]; 3] = [&[0, 100], &[0, 100], &[0, 50, 100]];
        let mut prop = ReginWide::new(Scope::plain(3), &domains(&before));
        let after = after_one_run(&mut prop, &before);
        assert_eq!(after.unwrap(), ["{0, 100}", "{0, 100}", "{50}"]);
        // Three variables on two values fail.
        let before: [&[i32]; 3] = [&[0, 100], &[0, 100], &[0, 100]];
        let mut prop = ReginWide::new(Scope::plain(3), &domains(&before));
        assert_eq!(after_one_run(&mut prop, &before), None);
    }
}

//! Domain consistency from scratch: keep a value `v` for position `i` iff
//! some matching of every position to distinct values gives `v` to `i`,
//! asking Kuhn's augmenting paths once per variable–value pair. Slow, simple
//! and exact: the reference both Régin filters ([`super::regin`],
//! [`super::regin_wide`]) are checked against.

use std::collections::HashMap;

use super::Scope;
use crate::propagation::{PropCtx, PropResult};

/// Domain consistency from scratch: keep `v` in position `i` iff some matching
/// covering every position gives `v` to `i`.
pub(super) fn propagate(scope: &Scope, ctx: &mut PropCtx<'_>) -> PropResult {
    let doms: Vec<Vec<i64>> = (0..scope.len())
        .map(|i| scope.values(ctx, i).collect())
        .collect();
    let Some(matching) = max_matching(&doms, None) else {
        return Err(ctx.fail());
    };
    for (i, values) in doms.iter().enumerate() {
        for &v in values {
            if matching[i] != v && max_matching(&doms, Some((i, v))).is_none() {
                scope.remove(ctx, i, v)?;
            }
        }
    }
    Ok(())
}

/// A matching covering every position (optionally forcing position `i` to
/// `v`), by Kuhn's augmenting paths; `None` when there is none.
fn max_matching(doms: &[Vec<i64>], force: Option<(usize, i64)>) -> Option<Vec<i64>> {
    fn augment(
        i: usize,
        doms: &[Vec<i64>],
        force: Option<(usize, i64)>,
        owner: &mut HashMap<i64, usize>,
        seen: &mut Vec<i64>,
    ) -> bool {
        for &v in &doms[i] {
            let allowed = match force {
                Some((fi, fv)) => (i == fi) == (v == fv),
                None => true,
            };
            if !allowed || seen.contains(&v) {
                continue;
            }
            seen.push(v);
            let free = match owner.get(&v) {
                None => true,
                Some(&other) => augment(other, doms, force, owner, seen),
            };
            if free {
                owner.insert(v, i);
                return true;
            }
        }
        false
    }
    let mut owner = HashMap::new();
    for i in 0..doms.len() {
        if !augment(i, doms, force, &mut owner, &mut Vec::new()) {
            return None;
        }
    }
    let mut matching = vec![0; doms.len()];
    for (v, i) in owner {
        matching[i] = v;
    }
    Some(matching)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_respects_forced_pairs() {
        let doms = vec![vec![1, 3], vec![1, 3], vec![1, 2, 3]];
        let m = max_matching(&doms, None).unwrap();
        assert_eq!(m[2], 2);
        assert!(max_matching(&doms, Some((2, 1))).is_none());
        assert_eq!(max_matching(&doms, Some((0, 3))).unwrap(), vec![3, 1, 2]);
        assert!(max_matching(&[vec![1], vec![1]], None).is_none());
    }
}

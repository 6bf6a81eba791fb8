//! A relabelling of digits as engine constraints: isomorphic twins and the
//! relabelled sub-grids of a multigrid post this one model.
//!
//! Cells `a₁ … a_k` and `b₁ … b_k`, paired in order, relabel one another
//! when one one-to-one map of the digits sends every `aᵢ`'s digit to
//! `bᵢ`'s: two cells of the first list hold the same digit exactly when
//! their partners do. The model names that map. A digit key of N
//! variables, all different, holds in entry `d` the digit the second list
//! holds wherever the first holds `d`, and an `element` per pair reads
//! `bᵢ = key[aᵢ]`. That is one constraint per pair, where comparing the
//! pairs two by two takes one per two pairs, and it prunes digits, not
//! only pairs: with `a₁ = 3` and `b₁ = 7`, `key[3] = 7`, so 7 leaves every
//! other `key[d]`, and a `bᵢ` keeps 7 only while its `aᵢ` may hold 3.
//!
//! Where the first list need not hold every digit (a twin shape smaller
//! than a house), the entry of a digit it does not hold would be free, and
//! the engine would find one grid once per way of filling it. Such an entry
//! takes a value of its own instead, `N + d`, exactly when no cell of the
//! first list holds `d` (a `count` of `d` among them, tied to the entry by
//! a table), so the cells fix the whole key and its entries stay all
//! different.

use fdoku_fd::{Constraint, Domain, Model, Var};

/// Posts "the second of each pair is the first relabelled" over `pairs`
/// of cell variables on digits 1..=`size`, every constraint named `name`.
/// `every_digit` says that the first cells hold every digit in any
/// solution (a whole sub-grid), so the key needs no values of its own.
pub(crate) fn post_relabelling(
    model: &mut Model,
    pairs: &[(Var, Var)],
    size: usize,
    every_digit: bool,
    name: &str,
) {
    let n = size as i32;
    let key: Vec<Var> = (1..=n)
        .map(|d| {
            let own = (!every_digit).then_some(n + d);
            model.new_var_in(Domain::from_values((1..=n).chain(own)))
        })
        .collect();
    let mut posted = vec![model.post(Constraint::all_different(key.iter().copied()))];
    for &(first, second) in pairs {
        posted.push(model.post(Constraint::Element {
            index: first,
            array: key.clone(),
            value: second,
            base: 1,
        }));
    }
    if !every_digit {
        let firsts: Vec<Var> = pairs.iter().map(|&(first, _)| first).collect();
        for (d, &entry) in (1..=n).zip(&key) {
            let digit = model.new_var(d, d);
            let count = model.new_var(0, firsts.len() as i32);
            posted.push(model.post(Constraint::Count {
                vars: firsts.clone(),
                value: digit,
                count,
            }));
            posted.push(model.relation(count, entry, |c, e| (c == 0) == (e == n + d)));
        }
    }
    for id in posted {
        model.set_constraint_name(id, name);
    }
}

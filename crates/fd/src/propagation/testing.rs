//! Worked examples for the propagators' unit tests: one propagator, run once
//! on given domains, and the domains it leaves.

use super::{PropCtx, PropResult, Propagator};
use crate::domain::Domain;
use crate::store::Store;
use crate::var::ConstraintId;

/// The domains after one run of a fresh `prop` on `before` (variable `i` has
/// the values `before[i]`), written as `{1, 3}` or `{0..4}`; `None` when the
/// run fails. Runs both the incremental and the from-scratch version, and
/// asserts that they agree.
pub(crate) fn after_one_run(prop: &mut dyn Propagator, before: &[&[i32]]) -> Option<Vec<String>> {
    let from_scratch = run(before, |ctx| prop.propagate_from_scratch(ctx));
    let incremental = run(before, |ctx| prop.propagate(ctx));
    assert_eq!(
        incremental, from_scratch,
        "the incremental run and the from-scratch run differ"
    );
    incremental
}

/// The domains with the values `before[i]`.
pub(crate) fn domains(before: &[&[i32]]) -> Vec<Domain> {
    before
        .iter()
        .map(|values| Domain::from_values(values.iter().copied()))
        .collect()
}

fn run(
    before: &[&[i32]],
    propagate: impl FnOnce(&mut PropCtx<'_>) -> PropResult,
) -> Option<Vec<String>> {
    let mut store = Store::new(domains(before));
    propagate(&mut PropCtx::new(&mut store, None, ConstraintId(0))).ok()?;
    Some(store.domains().iter().map(Domain::to_string).collect())
}

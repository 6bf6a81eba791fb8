//! The propagators, one file (or folder) per constraint, and the compiler
//! from [`Constraint`] descriptions to them.
//!
//! Feature-model rules become clauses and sums: `mandatory(p, c)` is the two
//! clauses `¬p ∨ c` and `¬c ∨ p`; `alternative(p, cs)` is `Σcs = p`;
//! `or(p, cs)` is `¬p ∨ c₁ ∨ … ∨ cₖ` plus `¬cᵢ ∨ p` for each child.

mod alldiff;
mod clause;
mod linear;
mod not_equal;
mod table;

use crate::constraint::{Constraint, FeatureRule, LinearOp, Strength};
use crate::domain::Domain;
use crate::model::Model;
use crate::propagation::{PropagationQueue, Propagator};
use crate::var::{ConstraintId, Var};

/// The propagation queue of `model`: every constraint compiled to its
/// propagators, in model order. `alldiff` overrides the strength of every
/// `all_different`; `trace` records a trace.
pub(crate) fn queue(model: &Model, alldiff: Option<Strength>, trace: bool) -> PropagationQueue {
    let mut queue = PropagationQueue::new(model.domains().to_vec(), trace);
    for (i, constraint) in model.constraints().iter().enumerate() {
        for prop in compile(constraint, model.domains(), alldiff) {
            queue.add(ConstraintId(i as u32), prop);
        }
    }
    queue
}

/// The propagators that enforce `constraint`. `alldiff` overrides the strength
/// of an `all_different`.
fn compile(
    constraint: &Constraint,
    domains: &[Domain],
    alldiff: Option<Strength>,
) -> Vec<Box<dyn Propagator>> {
    match constraint {
        Constraint::NotEqual { x, y, offset } => {
            vec![Box::new(not_equal::NotEqual::new(*x, *y, *offset))]
        }
        Constraint::AllDifferent {
            vars,
            offsets,
            strength,
        } => vec![alldiff::new(
            vars,
            offsets,
            alldiff.unwrap_or(*strength),
            domains,
        )],
        Constraint::Linear { terms, op, rhs } => {
            vec![Box::new(linear::Linear::new(terms.clone(), *op, *rhs))]
        }
        Constraint::Clause { pos, neg } => vec![clause(pos, neg)],
        Constraint::ExactlyOne { vars } => vec![sum_equals(vars, &[], 1)],
        Constraint::Feature(rule) => match rule {
            FeatureRule::Mandatory { parent, child } => {
                vec![clause(&[*child], &[*parent]), clause(&[*parent], &[*child])]
            }
            FeatureRule::Optional { parent, child } => vec![clause(&[*parent], &[*child])],
            FeatureRule::Alternative { parent, children } => {
                vec![sum_equals(children, &[*parent], 0)]
            }
            FeatureRule::Or { parent, children } => {
                let mut props = vec![clause(children, &[*parent])];
                props.extend(children.iter().map(|&c| clause(&[*parent], &[c])));
                props
            }
            FeatureRule::Requires { from, to } => vec![clause(&[*to], &[*from])],
            FeatureRule::Excludes { a, b } => vec![clause(&[], &[*a, *b])],
        },
        Constraint::Table { vars, tuples } => {
            vec![Box::new(table::Table::new(vars.clone(), tuples.clone()))]
        }
    }
}

fn clause(pos: &[Var], neg: &[Var]) -> Box<dyn Propagator> {
    Box::new(clause::Clause::new(pos.to_vec(), neg.to_vec()))
}

/// `Σ plus − Σ minus = rhs`.
fn sum_equals(plus: &[Var], minus: &[Var], rhs: i64) -> Box<dyn Propagator> {
    let terms = plus
        .iter()
        .map(|&v| (1, v))
        .chain(minus.iter().map(|&v| (-1, v)))
        .collect();
    Box::new(linear::Linear::new(terms, LinearOp::Eq, rhs))
}

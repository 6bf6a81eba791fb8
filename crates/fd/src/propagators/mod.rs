//! The propagators, one file (or folder) per constraint, and the compiler
//! from [`Constraint`] descriptions to them. `exactly_one(xs)` is the sum
//! `Σ xs = 1`; a relation, or a table over two variables, with small
//! domains gets the support masks of [`binary`]; sums are bounds consistent ([`linear`]),
//! except `x ± y = c`, domain consistent ([`equal_offset`]). Reified sums
//! ([`reified`]), reified set membership ([`in_set`]), arithmetic
//! ([`arith`]), [`element`] and [`count`] serve the FlatZinc front-end's
//! builtins, and so do the globals [`lex`], [`inverse`] and [`circuit`] (each
//! beside a domain-consistent `all_different`) and [`cumulative`].

mod alldiff;
mod arith;
mod binary;
mod circuit;
mod clause;
mod count;
mod cumulative;
mod element;
mod equal_offset;
mod in_set;
mod inverse;
mod lex;
mod linear;
mod not_equal;
mod regular;
mod reified;
mod table;

use crate::constraint::{Constraint, LinearOp, Strength};
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
            if *op == LinearOp::Eq
                && let Some(pair) = equal_offset::EqualOffset::fitting(terms, *rhs)
            {
                return vec![Box::new(pair)];
            }
            vec![Box::new(linear::Linear::new(terms.clone(), *op, *rhs))]
        }
        Constraint::Clause { pos, neg } => {
            vec![Box::new(clause::Clause::new(pos.clone(), neg.clone()))]
        }
        Constraint::ExactlyOne { vars } => {
            let terms = vars.iter().map(|&v| (1, v)).collect();
            vec![Box::new(linear::Linear::new(terms, LinearOp::Eq, 1))]
        }
        Constraint::Table { vars, tuples } => {
            match binary::Binary::from_table(vars, tuples, domains) {
                Some(binary) => vec![Box::new(binary)],
                None => vec![Box::new(table::Table::new(vars.clone(), tuples, domains))],
            }
        }
        Constraint::Relation { x, y, pairs } => {
            match binary::Binary::fitting((*x, *y), pairs, domains) {
                Some(binary) => vec![Box::new(binary)],
                None => {
                    let tuples: Vec<Vec<i32>> = pairs.iter().map(|&(a, b)| vec![a, b]).collect();
                    vec![Box::new(table::Table::new(vec![*x, *y], &tuples, domains))]
                }
            }
        }
        Constraint::Regular { vars, automaton } => vec![Box::new(regular::Regular::new(
            vars.clone(),
            automaton.clone(),
            domains,
        ))],
        Constraint::ReifiedLinear {
            terms,
            op,
            rhs,
            reif,
            implies,
        } => vec![Box::new(reified::ReifiedLinear::new(
            terms.clone(),
            *op,
            *rhs,
            *reif,
            *implies,
        ))],
        Constraint::InSetReif {
            x,
            set,
            reif,
            implies,
        } => vec![Box::new(in_set::InSetReif::new(
            *x,
            set.clone(),
            *reif,
            *implies,
        ))],
        Constraint::Arith { op, x, y, z } => {
            vec![Box::new(arith::Arith::binary(*op, *x, *y, *z))]
        }
        Constraint::Abs { x, z } => vec![Box::new(arith::Arith::abs(*x, *z))],
        Constraint::Count { vars, value, count } => {
            vec![Box::new(count::Count::new(
                vars.clone(),
                *value,
                *count,
                domains,
            ))]
        }
        Constraint::Element {
            index,
            array,
            value,
            base,
        } => vec![Box::new(element::Element::new(
            *index,
            array.clone(),
            *value,
            *base,
        ))],
        Constraint::LexLess { x, y, strict } => {
            vec![Box::new(lex::LexLess::new(x.clone(), y.clone(), *strict))]
        }
        Constraint::Inverse {
            f,
            f_base,
            invf,
            invf_base,
        } => vec![
            Box::new(inverse::Inverse::new(
                f.clone(),
                *f_base,
                invf.clone(),
                *invf_base,
            )),
            distinct(f, domains),
            distinct(invf, domains),
        ],
        Constraint::Circuit { succ, base } => vec![
            Box::new(circuit::Circuit::new(succ.clone(), *base)),
            distinct(succ, domains),
        ],
        Constraint::Cumulative {
            starts,
            durations,
            resources,
            capacity,
        } => vec![Box::new(cumulative::Cumulative::new(
            starts.clone(),
            durations.clone(),
            resources.clone(),
            *capacity,
        ))],
    }
}

/// The domain-consistent `all_different` that a global implies on `vars`.
fn distinct(vars: &[Var], domains: &[Domain]) -> Box<dyn Propagator> {
    alldiff::new(vars, &vec![0; vars.len()], Strength::Domain, domains)
}

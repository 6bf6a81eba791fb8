//! The model: variables with their initial domains, and the constraints posted on them.
//!
//! A [`Model`] is a plain description, built once and read by the solver (which
//! compiles it to propagators) and by the checker (which evaluates it). The
//! `newVars`, `hasValue` and `allDifferent` of a Haskell FD solver map onto
//! [`Model::new_vars`], [`Model::fix`] and [`Model::all_different`]:
//!
//! ```
//! use fdoku_fd::{Model, Solver};
//!
//! let mut m = Model::new();
//! let xs = m.new_vars(3, 1, 3);        // three variables over 1..=3
//! m.fix(xs[0], 2);                     // x0 has value 2
//! m.all_different(&xs);
//! let mut solver = Solver::new(&m);
//! assert_eq!(solver.count(None).count, 2); // (2,1,3) and (2,3,1)
//! ```

use std::ops::ControlFlow;

use thiserror::Error;

use crate::automaton::Automaton;
use crate::constraint::{Constraint, LinearOp, Strength};
use crate::domain::Domain;
use crate::var::{ConstraintId, Var};

/// Why a constraint cannot be posted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A variable that the model does not have.
    #[error("{kind}: variable {var} does not exist (the model has {count})")]
    UnknownVar {
        /// The constraint kind.
        kind: &'static str,
        /// The offending variable index.
        var: u32,
        /// How many variables the model has.
        count: usize,
    },
    /// Lists that must have the same length do not.
    #[error("{kind}: {what} has {found} entries, expected {expected}")]
    LengthMismatch {
        /// The constraint kind.
        kind: &'static str,
        /// Which list.
        what: &'static str,
        /// Its length.
        found: usize,
        /// The length it must have.
        expected: usize,
    },
    /// Positions counted from `base` that run past the 32-bit integers.
    #[error("{kind}: {len} positions from {base} run past the 32-bit integers")]
    PositionsOverflow {
        /// The constraint kind.
        kind: &'static str,
        /// The first position.
        base: i32,
        /// How many positions.
        len: usize,
    },
    /// A 0/1 constraint on a variable that can take another value.
    #[error("{kind}: variable {var} must be 0/1 but its domain is {domain}")]
    NotBoolean {
        /// The constraint kind.
        kind: &'static str,
        /// The offending variable index.
        var: u32,
        /// Its domain.
        domain: Domain,
    },
}

/// Variables, their initial domains, and constraints.
#[derive(Clone, Debug, Default)]
pub struct Model {
    domains: Vec<Domain>,
    var_names: Vec<Option<String>>,
    constraints: Vec<Constraint>,
    constraint_names: Vec<Option<String>>,
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }

    /// A new variable over `lo..=hi`.
    pub fn new_var(&mut self, lo: i32, hi: i32) -> Var {
        self.new_var_in(Domain::range(lo, hi))
    }

    /// A new variable over any set of values.
    pub fn new_var_in(&mut self, domain: Domain) -> Var {
        let var = Var(self.domains.len() as u32);
        self.domains.push(domain);
        self.var_names.push(None);
        var
    }

    /// `n` new variables over `lo..=hi`.
    pub fn new_vars(&mut self, n: usize, lo: i32, hi: i32) -> Vec<Var> {
        self.domains.reserve(n);
        self.var_names.reserve(n);
        (0..n).map(|_| self.new_var(lo, hi)).collect()
    }

    /// A new 0/1 variable.
    pub fn new_bool(&mut self) -> Var {
        self.new_var(0, 1)
    }

    /// Gives `var` a name, used by traces and printed solutions.
    pub fn set_var_name(&mut self, var: Var, name: impl Into<String>) {
        self.var_names[var.index()] = Some(name.into());
    }

    /// Restricts `var` to the single value `value` (e.g. a Sudoku given).
    pub fn fix(&mut self, var: Var, value: i32) {
        self.domains[var.index()].fix(value);
    }

    /// Restricts `var` to the values also in `domain`.
    pub fn restrict(&mut self, var: Var, domain: &Domain) {
        self.domains[var.index()].intersect(domain);
    }

    /// Posts a constraint.
    ///
    /// # Panics
    /// When the constraint is malformed (see [`Model::try_post`]).
    pub fn post(&mut self, constraint: Constraint) -> ConstraintId {
        match self.try_post(constraint) {
            Ok(id) => id,
            Err(e) => panic!("invalid constraint: {e}"),
        }
    }

    /// Posts a constraint after checking that its variables exist, its lists
    /// agree in length, and 0/1 constraints are on 0/1 variables.
    pub fn try_post(&mut self, constraint: Constraint) -> Result<ConstraintId, ModelError> {
        self.validate(&constraint)?;
        let id = ConstraintId(self.constraints.len() as u32);
        self.constraints.push(constraint);
        self.constraint_names.push(None);
        Ok(id)
    }

    /// Gives a constraint a name (e.g. `row 3`), used by traces.
    pub fn set_constraint_name(&mut self, id: ConstraintId, name: impl Into<String>) {
        self.constraint_names[id.index()] = Some(name.into());
    }

    /// `x ≠ y + offset`.
    pub fn not_equal(&mut self, x: Var, y: Var, offset: i32) -> ConstraintId {
        self.post(Constraint::NotEqual { x, y, offset })
    }

    /// `all_different(vars)` at the default strength ([`Strength::Domain`]).
    pub fn all_different(&mut self, vars: &[Var]) -> ConstraintId {
        self.post(Constraint::all_different(vars.iter().copied()))
    }

    /// The values `vars[i] + offsets[i]` are pairwise different.
    pub fn all_different_offset(
        &mut self,
        vars: &[Var],
        offsets: &[i32],
        strength: Strength,
    ) -> ConstraintId {
        self.post(Constraint::AllDifferent {
            vars: vars.to_vec(),
            offsets: offsets.to_vec(),
            strength,
        })
    }

    /// `Σ aᵢ·xᵢ op rhs`.
    pub fn linear(&mut self, terms: &[(i64, Var)], op: LinearOp, rhs: i64) -> ConstraintId {
        self.post(Constraint::linear(terms.iter().copied(), op, rhs))
    }

    /// The sequence of values of `vars` is accepted by `automaton`.
    pub fn regular(&mut self, vars: &[Var], automaton: Automaton) -> ConstraintId {
        self.post(Constraint::regular(vars.iter().copied(), automaton))
    }

    /// The pairs of values of `x` and `y` for which `allowed` holds, posted
    /// as a [`Constraint::Relation`] over the pairs of their current domains
    /// (small domains get a support-mask propagator).
    ///
    /// # Panics
    /// When `x` or `y` is not a variable of the model, as [`Model::post`].
    ///
    /// ```
    /// use fdoku_fd::{Model, Solver};
    ///
    /// let mut m = Model::new();
    /// let (x, y) = (m.new_var(1, 9), m.new_var(1, 9));
    /// m.relation(x, y, |a, b| (a - b).abs() == 1); // a kropki white dot
    /// m.fix(x, 9);
    /// assert_eq!(Solver::new(&m).count(None).count, 1); // y = 8
    /// ```
    pub fn relation(&mut self, x: Var, y: Var, allowed: impl Fn(i32, i32) -> bool) -> ConstraintId {
        let domains = (self.domains.get(x.index()), self.domains.get(y.index()));
        // An unknown variable leaves the list empty, for `post` to report.
        let mut pairs = Vec::new();
        if let (Some(dx), Some(dy)) = domains {
            pairs.reserve((dx.size() * dy.size()).min(1 << 12) as usize);
            for a in dx.iter() {
                pairs.extend(dy.iter().filter(|&b| allowed(a, b)).map(|b| (a, b)));
            }
        }
        self.post(Constraint::Relation { x, y, pairs })
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    /// Every variable, in creation order.
    pub fn vars(&self) -> impl Iterator<Item = Var> + '_ {
        (0..self.domains.len() as u32).map(Var)
    }

    /// The initial domain of `var`.
    pub fn domain(&self, var: Var) -> &Domain {
        &self.domains[var.index()]
    }

    /// The initial domains of every variable.
    pub fn domains(&self) -> &[Domain] {
        &self.domains
    }

    /// The name of `var`, if it has one.
    pub fn var_name(&self, var: Var) -> Option<&str> {
        self.var_names[var.index()].as_deref()
    }

    /// The posted constraints, in order ([`ConstraintId`] indexes them).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The name of a constraint, if it has one.
    pub fn constraint_name(&self, id: ConstraintId) -> Option<&str> {
        self.constraint_names[id.index()].as_deref()
    }

    /// A readable label: the name, or `kind#index`.
    pub fn constraint_label(&self, id: ConstraintId) -> String {
        match self.constraint_name(id) {
            Some(name) => name.to_owned(),
            None => format!("{}#{}", self.constraints[id.index()].kind(), id.0),
        }
    }

    fn validate(&self, c: &Constraint) -> Result<(), ModelError> {
        let kind = c.kind();
        let count = self.domains.len();
        let unknown = c.try_each_var(|v| match v.index() >= count {
            true => ControlFlow::Break(v),
            false => ControlFlow::Continue(()),
        });
        if let ControlFlow::Break(var) = unknown {
            return Err(ModelError::UnknownVar {
                kind,
                var: var.0,
                count,
            });
        }
        let length = |what, found, expected| {
            if found == expected {
                Ok(())
            } else {
                Err(ModelError::LengthMismatch {
                    kind,
                    what,
                    found,
                    expected,
                })
            }
        };
        match c {
            Constraint::AllDifferent { vars, offsets, .. } => {
                length("offsets", offsets.len(), vars.len())?;
            }
            Constraint::Table { vars, tuples } => {
                for tuple in tuples {
                    length("a tuple", tuple.len(), vars.len())?;
                }
            }
            Constraint::Circuit { succ, base } => positions(kind, *base, succ.len())?,
            Constraint::Inverse {
                f,
                f_base,
                invf,
                invf_base,
            } => {
                positions(kind, *f_base, f.len())?;
                positions(kind, *invf_base, invf.len())?;
            }
            Constraint::Cumulative {
                starts,
                durations,
                resources,
                ..
            } => {
                length("durations", durations.len(), starts.len())?;
                length("resources", resources.len(), starts.len())?;
            }
            Constraint::Clause { .. }
            | Constraint::ExactlyOne { .. }
            | Constraint::ReifiedLinear { .. }
            | Constraint::InSetReif { .. } => {
                let not_boolean = |var: Var| {
                    let domain = &self.domains[var.index()];
                    match domain.min() < 0 || domain.max() > 1 {
                        true => ControlFlow::Break(ModelError::NotBoolean {
                            kind,
                            var: var.0,
                            domain: domain.clone(),
                        }),
                        false => ControlFlow::Continue(()),
                    }
                };
                let found = match c {
                    Constraint::ReifiedLinear { reif, .. } | Constraint::InSetReif { reif, .. } => {
                        not_boolean(*reif)
                    }
                    _ => c.try_each_var(not_boolean),
                };
                if let ControlFlow::Break(error) = found {
                    return Err(error);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// `len` positions from `base` stay within the 32-bit integers.
fn positions(kind: &'static str, base: i32, len: usize) -> Result<(), ModelError> {
    let last = i64::from(base).saturating_add(i64::try_from(len).unwrap_or(i64::MAX)) - 1;
    if last <= i64::from(i32::MAX) {
        Ok(())
    } else {
        Err(ModelError::PositionsOverflow { kind, base, len })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_post_rejects_malformed_constraints() {
        let mut m = Model::new();
        let x = m.new_var(0, 1);
        let y = m.new_var(0, 5);
        let err = m
            .try_post(Constraint::NotEqual {
                x,
                y: Var(7),
                offset: 0,
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "not_equal: variable 7 does not exist (the model has 2)"
        );
        let err = m
            .try_post(Constraint::Table {
                vars: vec![x, y],
                tuples: vec![vec![0, 1], vec![1]],
            })
            .unwrap_err();
        assert!(matches!(
            err,
            ModelError::LengthMismatch {
                found: 1,
                expected: 2,
                ..
            }
        ));
        let err = m
            .try_post(Constraint::Clause {
                pos: vec![x, y],
                neg: vec![],
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "clause: variable 1 must be 0/1 but its domain is {0..5}"
        );
        let err = m
            .try_post(Constraint::Circuit {
                succ: vec![x, y],
                base: i32::MAX,
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "circuit: 2 positions from 2147483647 run past the 32-bit integers"
        );
        let err = m
            .try_post(Constraint::Count {
                vars: vec![x, y],
                value: x,
                count: Var(9),
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "count: variable 9 does not exist (the model has 2)"
        );
        assert!(m.constraints().is_empty());
    }

    #[test]
    fn labels_fall_back_to_kind_and_index() {
        let mut m = Model::new();
        let xs = m.new_vars(2, 1, 2);
        let a = m.all_different(&xs);
        let b = m.not_equal(xs[0], xs[1], 1);
        m.set_constraint_name(b, "shifted");
        assert_eq!(m.constraint_label(a), "all_different#0");
        assert_eq!(m.constraint_label(b), "shifted");
    }
}

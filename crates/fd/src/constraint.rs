//! Constraints as data: what must hold, separate from how it is propagated.
//!
//! A [`Constraint`] says *what* relation holds between variables. The solver
//! compiles it into one or more propagators; the
//! independent checker ([`crate::check()`]) evaluates the same description on a
//! full assignment without touching any propagator code. Keeping the meaning
//! as plain data is what lets the two check each other.
//!
//! ```
//! use fdoku_fd::{Constraint, LinearOp, Model};
//!
//! let mut m = Model::new();
//! let x = m.new_var(0, 5);
//! let y = m.new_var(0, 5);
//! // 2x + 3y = 12 ...
//! m.post(Constraint::linear([(2, x), (3, y)], LinearOp::Eq, 12));
//! // ... and x != y + 0
//! m.post(Constraint::NotEqual { x, y, offset: 0 });
//! assert_eq!(m.constraints().len(), 2);
//! ```

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::automaton::Automaton;
use crate::var::Var;

/// How hard an `all_different` works to remove values (weakest first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Only tests fixed values: fails when two fixed values clash, prunes
    /// nothing (a bare consistency check).
    Check,
    /// A fixed value leaves the domains of all peers (forward checking,
    /// singleton propagation).
    Forward,
    /// Hall intervals: bounds consistency (Puget; López-Ortiz et al. 2003).
    Hall,
    /// Generalised arc consistency by bipartite matching (Régin 1994).
    #[default]
    Domain,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 4] = [
        Strength::Check,
        Strength::Forward,
        Strength::Hall,
        Strength::Domain,
    ];

    /// The lower-case name used on command lines and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Check => "check",
            Strength::Forward => "forward",
            Strength::Hall => "hall",
            Strength::Domain => "domain",
        }
    }
}

impl std::str::FromStr for Strength {
    type Err = String;

    /// Parses `check`, `forward`, `hall` or `domain`.
    fn from_str(s: &str) -> Result<Self, String> {
        Strength::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| {
                format!("unknown strength '{s}' (expected check, forward, hall or domain)")
            })
    }
}

/// The comparison of a linear constraint `Σ aᵢ·xᵢ op c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinearOp {
    /// `=`
    Eq,
    /// `≤`
    Le,
    /// `≥`
    Ge,
    /// `≠`
    Ne,
}

impl LinearOp {
    /// Whether `lhs op rhs` holds.
    pub fn holds(self, lhs: i128, rhs: i128) -> bool {
        match self {
            LinearOp::Eq => lhs == rhs,
            LinearOp::Le => lhs <= rhs,
            LinearOp::Ge => lhs >= rhs,
            LinearOp::Ne => lhs != rhs,
        }
    }

    /// The mathematical symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            LinearOp::Eq => "=",
            LinearOp::Le => "≤",
            LinearOp::Ge => "≥",
            LinearOp::Ne => "≠",
        }
    }
}

/// An integer operation `z = x op y` of [`Constraint::Arith`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArithOp {
    /// `x · y`
    Times,
    /// `x / y` rounded towards zero; no value when `y = 0`.
    Div,
    /// `x − y · (x / y)`, the sign of `x`; no value when `y = 0`.
    Mod,
    /// `xʸ`; for `y < 0` it is `1 / x⁻ʸ` rounded towards zero, with no
    /// value when `x = 0`.
    Pow,
    /// The smaller of `x` and `y`.
    Min,
    /// The larger of `x` and `y`.
    Max,
}

impl ArithOp {
    /// The value of `x op y`, or `None` where the operation has none
    /// (division by zero, or a power beyond 64 bits, which no variable holds).
    pub fn apply(self, x: i64, y: i64) -> Option<i64> {
        match self {
            ArithOp::Times => x.checked_mul(y),
            ArithOp::Div => x.checked_div(y),
            ArithOp::Mod => x.checked_rem(y),
            ArithOp::Pow if y >= 0 => x.checked_pow(u32::try_from(y).ok()?),
            ArithOp::Pow => 1i64.checked_div(x.checked_pow(u32::try_from(-y).ok()?)?),
            ArithOp::Min => Some(x.min(y)),
            ArithOp::Max => Some(x.max(y)),
        }
    }

    /// The lower-case name, e.g. `times`.
    pub fn name(self) -> &'static str {
        match self {
            ArithOp::Times => "times",
            ArithOp::Div => "div",
            ArithOp::Mod => "mod",
            ArithOp::Pow => "pow",
            ArithOp::Min => "min",
            ArithOp::Max => "max",
        }
    }
}

/// A relation that every solution satisfies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
#[non_exhaustive]
pub enum Constraint {
    /// `x ≠ y + offset`.
    NotEqual {
        /// Left variable.
        x: Var,
        /// Right variable.
        y: Var,
        /// Constant added to `y`.
        offset: i32,
    },
    /// The values `xᵢ + offsetᵢ` are pairwise different.
    AllDifferent {
        /// The variables.
        vars: Vec<Var>,
        /// One constant per variable (all zero for a plain `all_different`).
        offsets: Vec<i32>,
        /// How much pruning the propagator does.
        strength: Strength,
    },
    /// `Σ aᵢ·xᵢ op rhs`, propagated to bounds consistency; `x ± y = c` (two
    /// variables, unit coefficients) to domain consistency.
    Linear {
        /// The terms `(aᵢ, xᵢ)`.
        terms: Vec<(i64, Var)>,
        /// The comparison.
        op: LinearOp,
        /// The constant right-hand side.
        rhs: i64,
    },
    /// At least one of `pos` is 1 or one of `neg` is 0 (0/1 variables).
    Clause {
        /// Variables that satisfy the clause when 1.
        pos: Vec<Var>,
        /// Variables that satisfy the clause when 0.
        neg: Vec<Var>,
    },
    /// Exactly one of the 0/1 variables is 1.
    ExactlyOne {
        /// The variables.
        vars: Vec<Var>,
    },
    /// The tuple of values of `vars` is one of `tuples` (extensional).
    Table {
        /// The variables, in tuple order.
        vars: Vec<Var>,
        /// The allowed tuples, each as long as `vars`.
        tuples: Vec<Vec<i32>>,
    },
    /// The pair of values of `x` and `y` is one of `pairs`: a table over two
    /// variables, held as one flat list (what [`crate::Model::relation`]
    /// posts; binary relations are many and small in Sudoku models).
    Relation {
        /// The first variable.
        x: Var,
        /// The second variable.
        y: Var,
        /// The allowed pairs `(x, y)`.
        pairs: Vec<(i32, i32)>,
    },
    /// The sequence of values of `vars` is accepted by `automaton`
    /// (Pesant 2004), propagated to generalised arc consistency.
    Regular {
        /// The variables, in sequence order.
        vars: Vec<Var>,
        /// The deterministic automaton that must accept their values.
        automaton: Automaton,
    },
    /// `reif ⇔ Σ aᵢ·xᵢ op rhs` (`reif` a 0/1 variable); with `implies`
    /// only `reif ⇒ Σ aᵢ·xᵢ op rhs`.
    ReifiedLinear {
        /// The terms `(aᵢ, xᵢ)`.
        terms: Vec<(i64, Var)>,
        /// The comparison.
        op: LinearOp,
        /// The constant right-hand side.
        rhs: i64,
        /// The 0/1 variable that is 1 exactly when the sum compares so.
        reif: Var,
        /// Only `reif = 1` forces the comparison; `reif = 0` leaves it free.
        implies: bool,
    },
    /// `reif ⇔ x ∈ set` (`reif` a 0/1 variable); with `implies` only
    /// `reif ⇒ x ∈ set`.
    InSetReif {
        /// The variable.
        x: Var,
        /// The set, as sorted, disjoint inclusive intervals.
        set: Vec<(i32, i32)>,
        /// The 0/1 variable that is 1 exactly when `x` is in the set.
        reif: Var,
        /// Only `reif = 1` forces membership; `reif = 0` leaves it free.
        implies: bool,
    },
    /// `z = x op y` ([`ArithOp`]); an operation with no value there (a
    /// division by zero) allows no `z`.
    Arith {
        /// The operation.
        op: ArithOp,
        /// The left operand.
        x: Var,
        /// The right operand.
        y: Var,
        /// The result.
        z: Var,
    },
    /// `value = array[index − base]`: `index` picks one of the variables.
    Element {
        /// The position, counted from `base`.
        index: Var,
        /// The variables to pick from.
        array: Vec<Var>,
        /// The picked variable's value.
        value: Var,
        /// The index of the first variable (1 in FlatZinc).
        base: i32,
    },
    /// `z = |x|`.
    Abs {
        /// The operand.
        x: Var,
        /// The result.
        z: Var,
    },
    /// `count` of the variables take the value `value`.
    Count {
        /// The variables counted.
        vars: Vec<Var>,
        /// The value looked for.
        value: Var,
        /// How many of `vars` equal `value`.
        count: Var,
    },
    /// `x` is lexicographically at most `y` (less than `y` when `strict`):
    /// compared position by position from the first; when one is a prefix
    /// of the other, the shorter is the smaller.
    LexLess {
        /// The smaller sequence.
        x: Vec<Var>,
        /// The larger sequence.
        y: Vec<Var>,
        /// `x` must differ from `y` (`<`) rather than only not exceed it (`≤`).
        strict: bool,
    },
    /// `f` and `invf` are inverse functions: `f[i] = j ⇔ invf[j] = i`, the
    /// positions of `f` counted from `f_base` and those of `invf` from
    /// `invf_base`; every value of each is a position of the other.
    Inverse {
        /// The function, position `i` at `f[i − f_base]`.
        f: Vec<Var>,
        /// Where the positions of `f` start.
        f_base: i32,
        /// The inverse function, position `j` at `invf[j − invf_base]`.
        invf: Vec<Var>,
        /// Where the positions of `invf` start.
        invf_base: i32,
    },
    /// `succ` is one cycle through every node: node `i` (counted from
    /// `base`) is followed by node `succ[i − base]`, and following the
    /// successors from any node visits all of them before coming back. No
    /// node is its own successor (so one node alone has no solution).
    Circuit {
        /// The successor of each node.
        succ: Vec<Var>,
        /// The number of the first node.
        base: i32,
    },
    /// Tasks on a renewable resource: task `i` runs from `starts[i]` for
    /// `durations[i]` time units using `resources[i]` of it, and at no time
    /// do the running tasks use more than `capacity`. Durations and
    /// resources are not negative, nor, when there is a task, the capacity.
    Cumulative {
        /// When each task starts.
        starts: Vec<Var>,
        /// How long each task runs.
        durations: Vec<Var>,
        /// How much of the resource each task uses while it runs.
        resources: Vec<Var>,
        /// How much of the resource there is.
        capacity: Var,
    },
}

impl Constraint {
    /// `all_different(vars)` at the default strength.
    pub fn all_different(vars: impl IntoIterator<Item = Var>) -> Self {
        Self::all_different_with(vars, Strength::default())
    }

    /// `all_different(vars)` at a chosen strength.
    pub fn all_different_with(vars: impl IntoIterator<Item = Var>, strength: Strength) -> Self {
        let vars: Vec<Var> = vars.into_iter().collect();
        let offsets = vec![0; vars.len()];
        Constraint::AllDifferent {
            vars,
            offsets,
            strength,
        }
    }

    /// `Σ aᵢ·xᵢ op rhs`.
    pub fn linear(terms: impl IntoIterator<Item = (i64, Var)>, op: LinearOp, rhs: i64) -> Self {
        Constraint::Linear {
            terms: terms.into_iter().collect(),
            op,
            rhs,
        }
    }

    /// The sequence of values of `vars` is accepted by `automaton`.
    pub fn regular(vars: impl IntoIterator<Item = Var>, automaton: Automaton) -> Self {
        Constraint::Regular {
            vars: vars.into_iter().collect(),
            automaton,
        }
    }

    /// Every variable the constraint mentions (with repeats when repeated).
    pub fn vars(&self) -> Vec<Var> {
        let mut vars = Vec::new();
        let _ = self.try_each_var(|v| {
            vars.push(v);
            ControlFlow::<()>::Continue(())
        });
        vars
    }

    /// Hands every variable the constraint mentions to `visit`, in the
    /// order of [`Constraint::vars`], without collecting them; stops at
    /// the first `Break`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use fdoku_fd::{Constraint, Var};
    ///
    /// let c = Constraint::NotEqual { x: Var(0), y: Var(3), offset: 0 };
    /// let large = c.try_each_var(|v| match v.index() > 1 {
    ///     true => ControlFlow::Break(v),
    ///     false => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(large, ControlFlow::Break(Var(3)));
    /// ```
    pub fn try_each_var<B>(&self, mut visit: impl FnMut(Var) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut all = |vars: &[Var]| vars.iter().try_for_each(|&v| visit(v));
        match self {
            Constraint::NotEqual { x, y, .. } | Constraint::Relation { x, y, .. } => all(&[*x, *y]),
            Constraint::AllDifferent { vars, .. }
            | Constraint::ExactlyOne { vars }
            | Constraint::Table { vars, .. }
            | Constraint::Regular { vars, .. }
            | Constraint::Circuit { succ: vars, .. } => all(vars),
            Constraint::Linear { terms, .. } => terms.iter().try_for_each(|&(_, v)| all(&[v])),
            Constraint::Clause { pos, neg } => {
                all(pos)?;
                all(neg)
            }
            Constraint::ReifiedLinear { terms, reif, .. } => {
                terms.iter().try_for_each(|&(_, v)| all(&[v]))?;
                all(&[*reif])
            }
            Constraint::InSetReif { x, reif, .. } => all(&[*x, *reif]),
            Constraint::Arith { x, y, z, .. } => all(&[*x, *y, *z]),
            Constraint::Abs { x, z } => all(&[*x, *z]),
            Constraint::Count { vars, value, count } => {
                all(vars)?;
                all(&[*value, *count])
            }
            Constraint::Element {
                index,
                array,
                value,
                ..
            } => {
                all(array)?;
                all(&[*index, *value])
            }
            Constraint::LexLess { x, y, .. } => {
                all(x)?;
                all(y)
            }
            Constraint::Inverse { f, invf, .. } => {
                all(f)?;
                all(invf)
            }
            Constraint::Cumulative {
                starts,
                durations,
                resources,
                capacity,
            } => {
                all(starts)?;
                all(durations)?;
                all(resources)?;
                all(&[*capacity])
            }
        }
    }

    /// A short name of the kind of constraint, e.g. `all_different`.
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::NotEqual { .. } => "not_equal",
            Constraint::AllDifferent { .. } => "all_different",
            Constraint::Linear { .. } => "linear",
            Constraint::Clause { .. } => "clause",
            Constraint::ExactlyOne { .. } => "exactly_one",
            Constraint::Table { .. } => "table",
            Constraint::Relation { .. } => "relation",
            Constraint::Regular { .. } => "regular",
            Constraint::ReifiedLinear { .. } => "reified_linear",
            Constraint::InSetReif { .. } => "in_set_reif",
            Constraint::Arith { .. } => "arith",
            Constraint::Abs { .. } => "abs",
            Constraint::Count { .. } => "count",
            Constraint::Element { .. } => "element",
            Constraint::LexLess { .. } => "lex_less",
            Constraint::Inverse { .. } => "inverse",
            Constraint::Circuit { .. } => "circuit",
            Constraint::Cumulative { .. } => "cumulative",
        }
    }
}

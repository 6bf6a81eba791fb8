//! Feature-model rules over 0/1 variables, and their decomposition into the
//! engine's generic constraints.

use fdoku_fd::{Constraint, LinearOp, Var};

/// A feature-model relation between features (0/1 variables), and the
/// generic constraints it decomposes into:
///
/// | rule | constraints |
/// |---|---|
/// | `mandatory(p, c)` | the clauses `¬p ∨ c` and `¬c ∨ p` |
/// | `optional(p, c)` | the clause `¬c ∨ p` |
/// | `alternative(p, c₁…cₖ)` | the sum `c₁ + … + cₖ − p = 0` |
/// | `or(p, c₁…cₖ)` | the clause `¬p ∨ c₁ ∨ … ∨ cₖ`, and `¬cᵢ ∨ p` for each child |
/// | `requires(a, b)` | the clause `¬a ∨ b` |
/// | `excludes(a, b)` | the clause `¬a ∨ ¬b` |
///
/// The sum of an alternative does both of its jobs at once: with the parent
/// on the children sum to 1 (exactly one), with it off to 0 (none).
///
/// ```
/// use fdoku_fd::{Model, Solver};
/// use fdoku_models::features::FeatureRule;
///
/// let mut m = Model::new();
/// let [screen, basic, colour] = [m.new_bool(), m.new_bool(), m.new_bool()];
/// let rule = FeatureRule::Alternative { parent: screen, children: vec![basic, colour] };
/// for constraint in rule.constraints() {
///     m.post(constraint);
/// }
/// // Off with both children off, or on with exactly one of them.
/// assert_eq!(Solver::new(&m).count(None).count, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureRule {
    /// Parent and child are both on or both off.
    Mandatory {
        /// The parent feature.
        parent: Var,
        /// The child feature.
        child: Var,
    },
    /// The child may be on only when the parent is on.
    Optional {
        /// The parent feature.
        parent: Var,
        /// The child feature.
        child: Var,
    },
    /// When the parent is on exactly one child is on; a child on needs the parent on.
    Alternative {
        /// The parent feature.
        parent: Var,
        /// The children, exactly one of which is on when the parent is.
        children: Vec<Var>,
    },
    /// When the parent is on at least one child is on; a child on needs the parent on.
    Or {
        /// The parent feature.
        parent: Var,
        /// The children, at least one of which is on when the parent is.
        children: Vec<Var>,
    },
    /// When `from` is on, `to` is on.
    Requires {
        /// The requiring feature.
        from: Var,
        /// The required feature.
        to: Var,
    },
    /// `a` and `b` are never both on.
    Excludes {
        /// One feature.
        a: Var,
        /// The other feature.
        b: Var,
    },
}

impl FeatureRule {
    /// The rule's name in feature-model JSON, e.g. `mandatory`.
    pub fn kind(&self) -> &'static str {
        match self {
            FeatureRule::Mandatory { .. } => "mandatory",
            FeatureRule::Optional { .. } => "optional",
            FeatureRule::Alternative { .. } => "alternative",
            FeatureRule::Or { .. } => "or",
            FeatureRule::Requires { .. } => "requires",
            FeatureRule::Excludes { .. } => "excludes",
        }
    }

    /// The clauses and sums that together mean the rule (see the table above).
    pub fn constraints(&self) -> Vec<Constraint> {
        match self {
            FeatureRule::Mandatory { parent, child } => {
                vec![implies(*parent, *child), implies(*child, *parent)]
            }
            FeatureRule::Optional { parent, child } => vec![implies(*child, *parent)],
            FeatureRule::Alternative { parent, children } => {
                let terms = children.iter().map(|&c| (1, c));
                vec![Constraint::linear(
                    terms.chain([(-1, *parent)]),
                    LinearOp::Eq,
                    0,
                )]
            }
            FeatureRule::Or { parent, children } => {
                let some_child = Constraint::Clause {
                    pos: children.clone(),
                    neg: vec![*parent],
                };
                let each_needs_parent = children.iter().map(|&c| implies(c, *parent));
                std::iter::once(some_child)
                    .chain(each_needs_parent)
                    .collect()
            }
            FeatureRule::Requires { from, to } => vec![implies(*from, *to)],
            FeatureRule::Excludes { a, b } => vec![Constraint::Clause {
                pos: vec![],
                neg: vec![*a, *b],
            }],
        }
    }
}

/// The clause `¬a ∨ b`: `a` on needs `b` on.
fn implies(a: Var, b: Var) -> Constraint {
    Constraint::Clause {
        pos: vec![b],
        neg: vec![a],
    }
}

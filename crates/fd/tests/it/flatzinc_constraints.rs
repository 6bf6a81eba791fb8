//! Reified sums, reified set membership, arithmetic (`z = x op y`,
//! `z = |x|`), element and count — the propagators behind the FlatZinc builtins —
//! on random small models: the engine's solutions equal brute force, under every
//! search configuration, and brute force here judges each assignment with
//! this file's own arithmetic, not the engine's checker.

use std::collections::BTreeSet;

use fdoku_fd::{ArithOp, Constraint, Domain, LinearOp, Model, Solver, Var};
use proptest::prelude::*;

use crate::brute_force::{accepted, agrees_with_reading};

/// One constraint over variable positions (the last variables are 0/1).
#[derive(Clone, Debug)]
enum Recipe {
    Reified(Vec<(i64, usize)>, LinearOp, i64, usize, bool),
    InSet(usize, Vec<(i32, i32)>, usize, bool),
    Arith(ArithOp, usize, usize, usize),
    Abs(usize, usize),
    /// `value = array[index − base]`.
    Element(usize, Vec<usize>, usize, i32),
    /// `count = #{ x in vars : x = value }`.
    Count(Vec<usize>, usize, usize),
}

#[derive(Clone, Debug)]
struct Instance {
    ints: Vec<BTreeSet<i32>>,
    bools: usize,
    recipes: Vec<Recipe>,
}

const OPS: [ArithOp; 6] = [
    ArithOp::Times,
    ArithOp::Div,
    ArithOp::Mod,
    ArithOp::Pow,
    ArithOp::Min,
    ArithOp::Max,
];

fn op() -> impl Strategy<Value = LinearOp> {
    prop_oneof![
        Just(LinearOp::Eq),
        Just(LinearOp::Le),
        Just(LinearOp::Ge),
        Just(LinearOp::Ne)
    ]
}

fn recipe(ints: usize, bools: usize) -> BoxedStrategy<Recipe> {
    let reif = ints..ints + bools;
    prop_oneof![
        (
            proptest::collection::vec((-2i64..=2, 0..ints), 1..=3),
            op(),
            -4i64..=4,
            reif.clone(),
            any::<bool>()
        )
            .prop_map(|(terms, op, rhs, b, implies)| Recipe::Reified(terms, op, rhs, b, implies)),
        (
            0..ints,
            proptest::collection::vec((-3i32..=3, 0i32..=2), 0..=2),
            reif,
            any::<bool>()
        )
            .prop_map(|(x, set, b, implies)| {
                let mut set: Vec<(i32, i32)> = set.iter().map(|&(lo, w)| (lo, lo + w)).collect();
                set.sort_unstable();
                // Disjoint, as FlatZinc sets are.
                set.dedup_by(|later, earlier| later.0 <= earlier.1 + 1);
                Recipe::InSet(x, set, b, implies)
            }),
        (0..OPS.len(), 0..ints, 0..ints, 0..ints)
            .prop_map(|(k, x, y, z)| Recipe::Arith(OPS[k], x, y, z)),
        (0..ints, 0..ints).prop_map(|(x, z)| Recipe::Abs(x, z)),
        (
            0..ints,
            proptest::collection::vec(0..ints, 1..=3),
            0..ints,
            -1i32..=1
        )
            .prop_map(|(i, array, v, base)| Recipe::Element(i, array, v, base)),
        (proptest::collection::vec(0..ints, 0..=4), 0..ints, 0..ints)
            .prop_map(|(vars, v, c)| Recipe::Count(vars, v, c)),
    ]
    .boxed()
}

fn instance() -> impl Strategy<Value = Instance> {
    (2usize..=4, 1usize..=2)
        .prop_flat_map(|(ints, bools)| {
            (
                proptest::collection::vec(proptest::collection::btree_set(-3i32..=4, 1..=5), ints),
                Just(bools),
                proptest::collection::vec(recipe(ints, bools), 1..=3),
            )
        })
        .prop_map(|(ints, bools, recipes)| Instance {
            ints,
            bools,
            recipes,
        })
}

/// This file's own meaning of each operation (`None`: no value).
fn evaluate(op: ArithOp, a: i64, b: i64) -> Option<i64> {
    match op {
        ArithOp::Times => Some(a * b),
        ArithOp::Div if b == 0 => None,
        ArithOp::Div => Some(a / b),
        ArithOp::Mod if b == 0 => None,
        ArithOp::Mod => Some(a % b),
        ArithOp::Pow if b >= 0 => Some((0..b).fold(1, |p, _| p * a)),
        ArithOp::Pow if a == 0 => None,
        ArithOp::Pow => Some(1 / (0..-b).fold(1, |p, _| p * a)),
        ArithOp::Min => Some(a.min(b)),
        ArithOp::Max => Some(a.max(b)),
    }
}

impl Recipe {
    fn holds(&self, v: &[i32]) -> bool {
        let value = |i: usize| i64::from(v[i]);
        let reified = |b: usize, implies: bool, truth: bool| {
            if implies {
                value(b) == 0 || truth
            } else {
                (value(b) == 1) == truth
            }
        };
        match self {
            Recipe::Reified(terms, op, rhs, b, implies) => {
                let sum: i64 = terms.iter().map(|&(a, i)| a * value(i)).sum();
                let truth = match op {
                    LinearOp::Eq => sum == *rhs,
                    LinearOp::Le => sum <= *rhs,
                    LinearOp::Ge => sum >= *rhs,
                    LinearOp::Ne => sum != *rhs,
                };
                reified(*b, *implies, truth)
            }
            Recipe::InSet(x, set, b, implies) => {
                let inside = set.iter().any(|&(lo, hi)| (lo..=hi).contains(&v[*x]));
                reified(*b, *implies, inside)
            }
            Recipe::Arith(op, x, y, z) => evaluate(*op, value(*x), value(*y)) == Some(value(*z)),
            Recipe::Abs(x, z) => value(*x).abs() == value(*z),
            Recipe::Element(i, array, v, base) => {
                let position = value(*i) - i64::from(*base);
                (0..array.len() as i64).contains(&position)
                    && value(array[position as usize]) == value(*v)
            }
            Recipe::Count(vars, v, c) => {
                vars.iter().filter(|&&x| value(x) == value(*v)).count() as i64 == value(*c)
            }
        }
    }

    fn constraint(&self, vars: &[Var]) -> Constraint {
        match self {
            Recipe::Reified(terms, op, rhs, b, implies) => Constraint::ReifiedLinear {
                terms: terms.iter().map(|&(a, i)| (a, vars[i])).collect(),
                op: *op,
                rhs: *rhs,
                reif: vars[*b],
                implies: *implies,
            },
            Recipe::InSet(x, set, b, implies) => Constraint::InSetReif {
                x: vars[*x],
                set: set.clone(),
                reif: vars[*b],
                implies: *implies,
            },
            Recipe::Arith(op, x, y, z) => Constraint::Arith {
                op: *op,
                x: vars[*x],
                y: vars[*y],
                z: vars[*z],
            },
            Recipe::Abs(x, z) => Constraint::Abs {
                x: vars[*x],
                z: vars[*z],
            },
            Recipe::Element(i, array, v, base) => Constraint::Element {
                index: vars[*i],
                array: array.iter().map(|&k| vars[k]).collect(),
                value: vars[*v],
                base: *base,
            },
            Recipe::Count(xs, v, c) => Constraint::Count {
                vars: xs.iter().map(|&k| vars[k]).collect(),
                value: vars[*v],
                count: vars[*c],
            },
        }
    }
}

impl Instance {
    fn model(&self) -> Model {
        let mut m = Model::new();
        let mut vars: Vec<Var> = self
            .ints
            .iter()
            .map(|d| m.new_var_in(Domain::from_values(d.iter().copied())))
            .collect();
        vars.extend((0..self.bools).map(|_| m.new_bool()));
        for recipe in &self.recipes {
            m.post(recipe.constraint(&vars));
        }
        m
    }

    /// Every assignment of the domains that this file's arithmetic accepts.
    fn expected(&self) -> BTreeSet<Vec<i32>> {
        let domains: Vec<Vec<i32>> = self
            .ints
            .iter()
            .map(|d| d.iter().copied().collect())
            .chain((0..self.bools).map(|_| vec![0, 1]))
            .collect();
        accepted(&domains, &|v| self.recipes.iter().all(|r| r.holds(v)))
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/flatzinc_constraints.txt", 300, 0xa417_0001
    ))]

    #[test]
    fn solutions_equal_brute_force_with_independent_arithmetic(instance in instance()) {
        agrees_with_reading(&instance.model(), &instance.expected(), "flatzinc constraints")?;
    }
}

#[test]
fn wide_operands_fall_back_to_interval_reasoning_and_stay_exact() {
    // z = x · y with x, y ∈ -300..300 (more pairs than are tried one by one)
    // and z = 7 · 11 · 13 = 1001: the solutions are the factor pairs.
    let mut m = Model::new();
    let x = m.new_var(-300, 300);
    let y = m.new_var(-300, 300);
    let z = m.new_var(1001, 1001);
    m.post(Constraint::Arith {
        op: ArithOp::Times,
        x,
        y,
        z,
    });
    let found: BTreeSet<(i32, i32)> = Solver::new(&m)
        .solutions()
        .map(|s| (s.value(x), s.value(y)))
        .collect();
    let expected: BTreeSet<(i32, i32)> = (-300..=300)
        .filter(|&a: &i32| a != 0 && 1001 % a == 0 && (1001 / a).abs() <= 300)
        .map(|a| (a, 1001 / a))
        .collect();
    assert_eq!(found, expected);
    assert_eq!(expected.len(), 12); // ±7, ±11, ±13, ±77, ±91, ±143 times their cofactor
}

//! The `regular` constraint: random automata on small models against brute
//! force, the checker's verdicts, refused automata, and a sandwich count
//! known by hand.

use std::collections::BTreeSet;

use fdoku_fd::{Automaton, AutomatonError, Constraint, Domain, Model, Solver, Var, check};
use proptest::prelude::*;

use crate::brute_force::{agrees_with_brute_force, brute_force};

/// An automaton over values 1..=4 as data: its number of states, start,
/// accepting flags, and per (state, value) an optional target.
#[derive(Clone, Debug)]
struct RandomAutomaton {
    states: usize,
    start: usize,
    accepting: Vec<bool>,
    targets: Vec<Option<usize>>,
}

impl RandomAutomaton {
    fn build(&self) -> Automaton {
        let mut a = Automaton::new(self.states, self.start).expect("the start is a state");
        for (k, target) in self.targets.iter().enumerate() {
            if let Some(to) = target {
                a.transition(k / 4, (k % 4) as i32 + 1, *to)
                    .expect("one target per state and value");
            }
        }
        for (state, &accepting) in self.accepting.iter().enumerate() {
            if accepting {
                a.accept(state).expect("a state");
            }
        }
        a
    }
}

fn automaton() -> impl Strategy<Value = RandomAutomaton> {
    (1usize..=5).prop_flat_map(|states| {
        (
            Just(states),
            0..states,
            proptest::collection::vec(proptest::bool::weighted(0.5), states),
            proptest::collection::vec(proptest::option::weighted(0.7, 0..states), states * 4),
        )
            .prop_map(|(states, start, accepting, targets)| RandomAutomaton {
                states,
                start,
                accepting,
                targets,
            })
    })
}

/// Variables over subsets of 1..=4, and one or two `regular` constraints on
/// sequences of them (a variable may appear twice in a sequence).
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<BTreeSet<i32>>,
    sequences: Vec<(Vec<usize>, RandomAutomaton)>,
}

fn instance() -> impl Strategy<Value = Instance> {
    (3usize..=5)
        .prop_flat_map(|n| {
            let sequence = prop_oneof![
                3 => proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 3..=n).prop_shuffle(),
                1 => proptest::collection::vec(0..n, 3..=5),
            ];
            (
                proptest::collection::vec(proptest::collection::btree_set(1i32..=4, 1..=4), n),
                proptest::collection::vec((sequence, automaton()), 1..=2),
            )
        })
        .prop_map(|(domains, sequences)| Instance { domains, sequences })
}

impl Instance {
    fn model(&self) -> Model {
        let mut m = Model::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .map(|d| m.new_var_in(Domain::from_values(d.iter().copied())))
            .collect();
        for (positions, automaton) in &self.sequences {
            let sequence: Vec<Var> = positions.iter().map(|&i| vars[i]).collect();
            m.regular(&sequence, automaton.build());
        }
        m
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(
        "tests/proptest-regressions/regular.txt", 300, 0x7e6_0a7a
    ))]

    /// Under every heuristic, the solutions are exactly the assignments that
    /// brute force and the checker accept.
    #[test]
    fn solutions_equal_brute_force(instance in instance()) {
        agrees_with_brute_force(&instance.model(), "regular")?;
    }

    /// Propagation alone leaves exactly the values that some solution uses
    /// (domain consistency) when one `regular` mentions each variable once.
    /// The variables start over 1..=4 and unary tables then narrow them, so
    /// the propagator's graph is wider than the domains it ends up on.
    #[test]
    fn propagation_keeps_exactly_the_values_of_solutions(instance in instance()) {
        let (positions, random) = &instance.sequences[0];
        let distinct: BTreeSet<usize> = positions.iter().copied().collect();
        prop_assume!(distinct.len() == positions.len());
        let mut model = Model::new();
        let vars = model.new_vars(instance.domains.len(), 1, 4);
        let sequence: Vec<Var> = positions.iter().map(|&i| vars[i]).collect();
        model.regular(&sequence, random.build());
        for (&var, domain) in vars.iter().zip(&instance.domains) {
            let tuples = domain.iter().map(|&v| vec![v]).collect();
            model.post(Constraint::Table { vars: vec![var], tuples });
        }
        let mut supported = vec![BTreeSet::new(); model.num_vars()];
        for solution in brute_force(&model) {
            for (values, value) in supported.iter_mut().zip(solution) {
                values.insert(value);
            }
        }
        match fdoku_fd::propagate(&model, None) {
            None => prop_assert!(supported[0].is_empty()),
            Some(domains) => {
                for &i in &distinct {
                    let kept: BTreeSet<i32> = domains[i].iter().collect();
                    prop_assert_eq!(&kept, &supported[i], "variable {}", i);
                }
            }
        }
    }

    /// The checker's verdict on a sequence is the automaton's, which is the
    /// automaton followed by hand.
    #[test]
    fn the_checker_follows_the_automaton(
        random in automaton(),
        values in proptest::collection::vec(1i32..=4, 0..=5),
    ) {
        let mut state = Some(random.start);
        for &v in &values {
            state = state.and_then(|q| random.targets[4 * q + (v - 1) as usize]);
        }
        let by_hand = state.is_some_and(|q| random.accepting[q]);
        let mut m = Model::new();
        let vars = m.new_vars(values.len(), 1, 4);
        m.regular(&vars, random.build());
        prop_assert_eq!(check(&m, &values).is_ok(), by_hand);
    }
}

/// The sandwich rule on a row of digits 1..=4: the digits strictly between
/// the 1 and the 4 sum to `sum`. States: 0 before either crust; `1 + t`
/// inside, opened by a 1, the digits so far summing to `t`; `2 + sum + t`
/// the same opened by a 4; `3 + 2·sum` after the closing crust (accepting).
fn sandwich(sum: usize) -> Result<Automaton, AutomatonError> {
    let after = 3 + 2 * sum;
    let mut a = Automaton::new(after + 1, 0)?;
    let inside = [(1, 1usize, 4), (4, 2 + sum, 1)];
    for (open, first, close) in inside {
        a.transition(0, open, first)?;
        for t in 0..=sum {
            for filling in [2, 3] {
                if t + filling as usize <= sum {
                    a.transition(first + t, filling, first + t + filling as usize)?;
                }
            }
        }
        a.transition(first + sum, close, after)?;
    }
    for filling in [2, 3] {
        a.transition(0, filling, 0)?
            .transition(after, filling, after)?;
    }
    a.accept(after)?;
    Ok(a)
}

#[test]
fn sandwich_sums_on_four_distinct_digits_count_as_by_hand() {
    // Of the 24 orders of 1..4: the crusts adjacent in 3 places × 2 orders ×
    // 2 fillings (sum 0, 12 rows); one cell apart in 2 × 2 places, holding 2
    // or 3 (sums 2 and 3, 4 rows each); at both ends, 2 orders × 2 (sum 5).
    let by_hand = [12, 0, 4, 4, 0, 4, 0];
    for (sum, &rows) in by_hand.iter().enumerate() {
        let mut m = Model::new();
        let row = m.new_vars(4, 1, 4);
        m.all_different(&row);
        m.regular(&row, sandwich(sum).unwrap());
        assert_eq!(Solver::new(&m).count(None).count, rows, "sum {sum}");
    }
    // One row checked: 2 [1 3 4]: the 3 is the filling.
    let mut m = Model::new();
    let row = m.new_vars(4, 1, 4);
    let id = m.regular(&row, sandwich(3).unwrap());
    assert!(check(&m, &[2, 1, 3, 4]).is_ok());
    m.set_constraint_name(id, "sandwich 3");
    assert_eq!(
        check(&m, &[1, 2, 4, 3]).unwrap_err().to_string(),
        "constraint sandwich 3 is violated: the automaton does not accept [1, 2, 4, 3]"
    );
}

#[test]
fn a_sandwich_prunes_by_propagation_alone() {
    // Sum 5 with distinct digits: the crusts are at the ends, the 2 and 3
    // inside; fixing the first cell to 4 leaves the last one 1.
    let mut m = Model::new();
    let row = m.new_vars(4, 1, 4);
    m.all_different(&row);
    m.regular(&row, sandwich(5).unwrap());
    m.fix(row[0], 4);
    let domains = fdoku_fd::propagate(&m, None).expect("consistent");
    let shown: Vec<String> = row.iter().map(|v| domains[v.index()].to_string()).collect();
    assert_eq!(shown, ["{4}", "{2, 3}", "{2, 3}", "{1}"]);
}

#[test]
fn a_non_deterministic_automaton_is_an_error() {
    let mut a = Automaton::new(3, 0).unwrap();
    a.transition(0, 1, 1).unwrap();
    assert_eq!(
        a.transition(0, 1, 2).unwrap_err(),
        AutomatonError::Nondeterministic {
            from: 0,
            value: 1,
            existing: 1,
            to: 2
        }
    );
    // The same automaton read from JSON is refused too, naming the transition.
    let json = r#"{"type": "regular", "vars": [0, 1], "automaton":
        {"states": 3, "start": 0, "accepting": [2], "transitions": [[0, 1, 1], [0, 1, 2]]}}"#;
    let err = serde_json::from_str::<Constraint>(json).unwrap_err();
    assert!(
        err.to_string()
            .contains("state 0 on value 1 already goes to state 1, not 2"),
        "{err}"
    );
}

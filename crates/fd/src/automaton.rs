//! Deterministic finite automata over integer values, for the `regular`
//! constraint ([`Constraint::Regular`](crate::Constraint::Regular)).
//!
//! An [`Automaton`] has states `0..states`, one start state, a set of
//! accepting states, and at most one transition per (state, value). It
//! accepts a sequence of values when the transitions, followed from the start
//! state, exist for every value and end in an accepting state. Posted on
//! variables `x₁ … xₙ`, it says that the sequence of their values is accepted.
//!
//! The builder checks every state against the number of states and refuses a
//! second transition on the same (state, value) to another state, so an
//! automaton that exists is deterministic and well formed.
//!
//! The sequences over `{1, 2}` with no two 2s in a row, as three states:
//! 0 (the last value was not 2), 1 (the last value was 2), 2 (two 2s seen,
//! never left and not accepting, so the transitions into it may be left out):
//!
//! ```
//! use fdoku_fd::Automaton;
//!
//! let mut no_double_two = Automaton::new(2, 0)?;
//! no_double_two
//!     .transition(0, 1, 0)?
//!     .transition(0, 2, 1)?
//!     .transition(1, 1, 0)?
//!     .accept(0)?
//!     .accept(1)?;
//! assert!(no_double_two.accepts(&[2, 1, 2, 1]));
//! assert!(!no_double_two.accepts(&[1, 2, 2]));
//! assert!(!no_double_two.accepts(&[1, 3]));
//!
//! // A second, different transition from state 0 on value 1 is refused.
//! let err = no_double_two.transition(0, 1, 1).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "state 0 on value 1 already goes to state 0, not 1: the automaton must be deterministic"
//! );
//! # Ok::<(), fdoku_fd::AutomatonError>(())
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why an automaton cannot be built as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AutomatonError {
    /// A state number at or past the number of states.
    #[error("{field} {state} is not a state: the automaton has {states} states")]
    NoSuchState {
        /// Which state: `the start state`, `the source of a transition`, …
        field: &'static str,
        /// The number given.
        state: usize,
        /// How many states the automaton has.
        states: usize,
    },
    /// A second transition from one state on one value, to another state.
    #[error(
        "state {from} on value {value} already goes to state {existing}, not {to}: \
         the automaton must be deterministic"
    )]
    Nondeterministic {
        /// The source state.
        from: usize,
        /// The value.
        value: i32,
        /// The target of the transition already there.
        existing: usize,
        /// The target asked for.
        to: usize,
    },
}

/// A deterministic finite automaton over `i32` values.
///
/// Written to JSON as `{"states", "start", "accepting", "transitions"}` with
/// the transitions as `[from, value, to]` triples; reading it back runs the
/// builder's checks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "AutomatonData", try_from = "AutomatonData")]
pub struct Automaton {
    /// Per state, its transitions `(value, target)` sorted by value.
    rows: Vec<Vec<(i32, usize)>>,
    start: usize,
    accepting: Vec<bool>,
}

impl Automaton {
    /// An automaton with states `0..states`, starting in `start`, with no
    /// transition and no accepting state yet.
    pub fn new(states: usize, start: usize) -> Result<Automaton, AutomatonError> {
        check_state("the start state", start, states)?;
        Ok(Automaton {
            rows: vec![Vec::new(); states],
            start,
            accepting: vec![false; states],
        })
    }

    /// Adds the transition from `from` on `value` to `to`. Adding one that is
    /// already there changes nothing; one to another state is an error.
    pub fn transition(
        &mut self,
        from: usize,
        value: i32,
        to: usize,
    ) -> Result<&mut Automaton, AutomatonError> {
        check_state("the source of a transition", from, self.states())?;
        check_state("the target of a transition", to, self.states())?;
        let row = &mut self.rows[from];
        match row.binary_search_by_key(&value, |&(v, _)| v) {
            Ok(i) if row[i].1 == to => {}
            Ok(i) => {
                return Err(AutomatonError::Nondeterministic {
                    from,
                    value,
                    existing: row[i].1,
                    to,
                });
            }
            Err(i) => row.insert(i, (value, to)),
        }
        Ok(self)
    }

    /// Makes `state` accepting.
    pub fn accept(&mut self, state: usize) -> Result<&mut Automaton, AutomatonError> {
        check_state("an accepting state", state, self.states())?;
        self.accepting[state] = true;
        Ok(self)
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.rows.len()
    }

    /// The start state.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether `state` is accepting (`false` for a number that is no state).
    pub fn is_accepting(&self, state: usize) -> bool {
        self.accepting.get(state).copied().unwrap_or(false)
    }

    /// Where `state` goes on `value`, if anywhere.
    pub fn next(&self, state: usize, value: i32) -> Option<usize> {
        let row = self.rows.get(state)?;
        let i = row.binary_search_by_key(&value, |&(v, _)| v).ok()?;
        Some(row[i].1)
    }

    /// The transitions `(value, target)` leaving `state`, by increasing value.
    pub fn transitions_from(&self, state: usize) -> impl Iterator<Item = (i32, usize)> + '_ {
        self.rows.get(state).into_iter().flatten().copied()
    }

    /// Every transition `(from, value, to)`, by source state, then value.
    pub fn transitions(&self) -> impl Iterator<Item = (usize, i32, usize)> + '_ {
        (0..self.states()).flat_map(move |from| {
            self.transitions_from(from)
                .map(move |(v, to)| (from, v, to))
        })
    }

    /// Whether the automaton accepts the sequence `values`.
    pub fn accepts(&self, values: &[i32]) -> bool {
        values
            .iter()
            .try_fold(self.start, |state, &value| self.next(state, value))
            .is_some_and(|end| self.accepting[end])
    }
}

fn check_state(field: &'static str, state: usize, states: usize) -> Result<(), AutomatonError> {
    if state < states {
        Ok(())
    } else {
        Err(AutomatonError::NoSuchState {
            field,
            state,
            states,
        })
    }
}

/// The serialised form of an [`Automaton`].
#[derive(Clone, Serialize, Deserialize)]
struct AutomatonData {
    states: usize,
    start: usize,
    accepting: Vec<usize>,
    transitions: Vec<(usize, i32, usize)>,
}

impl From<Automaton> for AutomatonData {
    fn from(a: Automaton) -> Self {
        AutomatonData {
            states: a.states(),
            start: a.start,
            accepting: (0..a.states()).filter(|&s| a.accepting[s]).collect(),
            transitions: a.transitions().collect(),
        }
    }
}

impl TryFrom<AutomatonData> for Automaton {
    type Error = AutomatonError;

    fn try_from(data: AutomatonData) -> Result<Self, AutomatonError> {
        let mut a = Automaton::new(data.states, data.start)?;
        for (from, value, to) in data.transitions {
            a.transition(from, value, to)?;
        }
        for state in data.accepting {
            a.accept(state)?;
        }
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_number_is_checked() {
        let err = Automaton::new(0, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the start state 0 is not a state: the automaton has 0 states"
        );
        let mut a = Automaton::new(2, 1).unwrap();
        let err = a.transition(2, 5, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the source of a transition 2 is not a state: the automaton has 2 states"
        );
        assert!(matches!(
            a.transition(0, 5, 9),
            Err(AutomatonError::NoSuchState { state: 9, .. })
        ));
        assert!(a.accept(2).is_err());
        assert_eq!(
            a,
            Automaton::new(2, 1).unwrap(),
            "a refused call changes nothing"
        );
    }

    #[test]
    fn a_repeated_transition_is_accepted_and_a_conflicting_one_refused() {
        let mut a = Automaton::new(2, 0).unwrap();
        a.transition(0, 3, 1).unwrap().transition(0, 3, 1).unwrap();
        assert_eq!(a.transitions().collect::<Vec<_>>(), [(0, 3, 1)]);
        assert_eq!(
            a.transition(0, 3, 0).unwrap_err(),
            AutomatonError::Nondeterministic {
                from: 0,
                value: 3,
                existing: 1,
                to: 0
            }
        );
    }

    #[test]
    fn the_empty_sequence_is_accepted_when_the_start_is() {
        let mut a = Automaton::new(1, 0).unwrap();
        assert!(!a.accepts(&[]));
        a.accept(0).unwrap();
        assert!(a.accepts(&[]));
        assert!(!a.accepts(&[0]));
    }

    #[test]
    fn json_round_trips_and_is_checked_on_reading() {
        let mut a = Automaton::new(3, 0).unwrap();
        a.transition(1, -4, 2).unwrap().transition(0, 7, 1).unwrap();
        a.accept(2).unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(
            json,
            r#"{"states":3,"start":0,"accepting":[2],"transitions":[[0,7,1],[1,-4,2]]}"#
        );
        assert_eq!(serde_json::from_str::<Automaton>(&json).unwrap(), a);
        let bad = r#"{"states":2,"start":0,"accepting":[],"transitions":[[0,1,1],[0,1,0]]}"#;
        let err = serde_json::from_str::<Automaton>(bad).unwrap_err();
        assert!(err.to_string().contains("must be deterministic"), "{err}");
    }
}

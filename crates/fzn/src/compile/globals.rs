//! The global constraints that fdoku's MiniZinc library
//! (`share/minizinc/mznlib`) keeps whole instead of decomposing:
//!
//! | builtin | engine |
//! |---|---|
//! | `fzn_all_different_int(x)` | `all_different`, domain consistent |
//! | `fzn_table_int(x, t)` | a table; `t` holds the rows one after another |
//! | `fzn_count_eq(x, y, c)` | `count`: `c` of `x` equal `y` |
//! | `fzn_regular(x, Q, S, d, q0, F)` | `regular` over the automaton with states `1..Q`, values `1..S`, `d[q, s]` the next state (0: none) |
//! | `fzn_lex_lesseq_int(x, y)`, `fzn_lex_less_int`, and the `_bool` forms | lexicographic order, `≤` or `<` |
//! | `fdoku_inverse(f, fb, invf, ib)` | `inverse`, `f` counted from `fb` and `invf` from `ib` |
//! | `fdoku_circuit(x, base)` | `circuit`, the nodes counted from `base` |
//! | `fzn_cumulative(s, d, r, b)` | `cumulative` |

use fdoku_fd::{Automaton, Constraint};

use super::{Args, Builder};
use crate::error::Error;

/// Posts `name` when it is one of these globals; `Ok(false)` when not.
pub(super) fn post(b: &mut Builder, name: &str, args: &Args<'_>) -> Result<bool, Error> {
    let pos = args.pos();
    match name {
        "fzn_all_different_int" => {
            args.count(1)?;
            let vars = b.vars(args.array(0)?, pos)?;
            b.post(Constraint::all_different(vars));
        }
        "fzn_table_int" => {
            args.count(2)?;
            let vars = b.vars(args.array(0)?, pos)?;
            let table = args.ints(1)?;
            let width = vars.len().max(1);
            if table.len() % width != 0 {
                return Err(Error::invalid(
                    pos,
                    format!(
                        "{name}: {} table entries do not make rows of {width}",
                        table.len()
                    ),
                ));
            }
            let tuples = table
                .chunks(width)
                .map(|row| row.iter().map(|&v| narrow(v, args)).collect())
                .collect::<Result<Vec<Vec<i32>>, Error>>()?;
            let tuples = if vars.is_empty() {
                vec![Vec::new()]
            } else {
                tuples
            };
            b.post(Constraint::Table { vars, tuples });
        }
        "fzn_count_eq" => {
            args.count(3)?;
            let vars = b.vars(args.array(0)?, pos)?;
            let value = b.var(args.value(1)?, pos)?;
            let count = b.var(args.value(2)?, pos)?;
            b.post(Constraint::Count { vars, value, count });
        }
        "fzn_regular" => {
            args.count(6)?;
            let vars = b.vars(args.array(0)?, pos)?;
            let automaton = automaton(args)?;
            b.post(Constraint::regular(vars, automaton));
        }
        "fzn_lex_lesseq_int" | "fzn_lex_less_int" | "fzn_lex_lesseq_bool" | "fzn_lex_less_bool" => {
            args.count(2)?;
            let x = b.vars(args.array(0)?, pos)?;
            let y = b.vars(args.array(1)?, pos)?;
            let strict = name.starts_with("fzn_lex_less_");
            b.post(Constraint::LexLess { x, y, strict });
        }
        "fdoku_inverse" => {
            args.count(4)?;
            let f = b.vars(args.array(0)?, pos)?;
            let f_base = first_index(args.int(1)?, f.len(), args)?;
            let invf = b.vars(args.array(2)?, pos)?;
            let invf_base = first_index(args.int(3)?, invf.len(), args)?;
            b.post(Constraint::Inverse {
                f,
                f_base,
                invf,
                invf_base,
            });
        }
        "fdoku_circuit" => {
            args.count(2)?;
            let succ = b.vars(args.array(0)?, pos)?;
            let base = first_index(args.int(1)?, succ.len(), args)?;
            b.post(Constraint::Circuit { succ, base });
        }
        "fzn_cumulative" => {
            args.count(4)?;
            let starts = b.vars(args.array(0)?, pos)?;
            let durations = b.vars(args.array(1)?, pos)?;
            let resources = b.vars(args.array(2)?, pos)?;
            if durations.len() != starts.len() || resources.len() != starts.len() {
                return Err(Error::invalid(
                    pos,
                    format!(
                        "{name}: {} starts, {} durations and {} resources (expected as many of each)",
                        starts.len(),
                        durations.len(),
                        resources.len()
                    ),
                ));
            }
            let capacity = b.var(args.value(3)?, pos)?;
            b.post(Constraint::Cumulative {
                starts,
                durations,
                resources,
                capacity,
            });
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The automaton of `fzn_regular(x, Q, S, d, q0, F)`: states `0..=Q`
/// (0 unused), a transition `q —s→ d[q, s]` for every non-zero entry.
fn automaton(args: &Args<'_>) -> Result<Automaton, Error> {
    let bad = |what: String| Error::invalid(args.pos(), format!("fzn_regular: {what}"));
    let states = usize::try_from(args.int(1)?).map_err(|_| bad("Q must be at least 0".into()))?;
    let symbols = usize::try_from(args.int(2)?).map_err(|_| bad("S must be at least 0".into()))?;
    let table = args.ints(3)?;
    if Some(table.len()) != states.checked_mul(symbols) {
        return Err(bad(format!(
            "d has {} entries, not Q·S = {states}·{symbols}",
            table.len()
        )));
    }
    let start = usize::try_from(args.int(4)?)
        .ok()
        .filter(|q| (1..=states).contains(q));
    let start = start.ok_or_else(|| bad(format!("q0 must be a state in 1..{states}")))?;
    let mut automaton = Automaton::new(states + 1, start).map_err(|e| bad(e.to_string()))?;
    for (k, &next) in table.iter().enumerate() {
        if next == 0 {
            continue;
        }
        let target = usize::try_from(next)
            .ok()
            .filter(|q| (1..=states).contains(q));
        let target = target.ok_or_else(|| bad(format!("d holds {next}, not a state or 0")))?;
        let value = i32::try_from(k % symbols + 1).map_err(|_| bad("S is too large".into()))?;
        automaton
            .transition(k / symbols + 1, value, target)
            .map_err(|e| bad(e.to_string()))?;
    }
    for &(lo, hi) in args.set(5)?.ranges() {
        for q in lo.max(1)..=hi.min(states as i64) {
            automaton
                .accept(q as usize)
                .map_err(|e| bad(e.to_string()))?;
        }
    }
    Ok(automaton)
}

/// The first index `base` of an array of `len` entries, when every index
/// fits in 32 bits.
fn first_index(base: i64, len: usize, args: &Args<'_>) -> Result<i32, Error> {
    let last = base.saturating_add(i64::try_from(len).unwrap_or(i64::MAX)) - 1;
    narrow(last, args)?;
    narrow(base, args)
}

fn narrow(v: i64, args: &Args<'_>) -> Result<i32, Error> {
    i32::try_from(v).map_err(|_| {
        Error::unsupported(
            args.pos(),
            format!("the value {v} is outside the 32-bit integers"),
        )
    })
}

//! Random small FlatZinc models over every supported builtin: the solutions
//! `fdoku fzn -a` prints are exactly the assignments that brute force over
//! the declared domains accepts with the independent checker. The model
//! text is printed with any failure.

use std::collections::BTreeSet;

use fdoku_fzn::{Options, Status, check, parse};
use proptest::prelude::*;

use crate::{all, run, solutions};

/// A small xorshift generator: the whole model follows from one seed.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn pick<'a>(&mut self, from: &'a [String]) -> &'a str {
        &from[self.next() as usize % from.len()]
    }
}

/// A model of 2–3 integer and 2–3 Boolean variables with 1–3 constraints.
pub(crate) fn model(seed: u64) -> String {
    let mut d = Draw(seed | 1);
    let mut text = String::new();
    let ints: Vec<String> = (0..d.int(2, 3)).map(|i| format!("x{i}")).collect();
    let bools: Vec<String> = (0..d.int(2, 3)).map(|i| format!("b{i}")).collect();
    for x in &ints {
        let lo = d.int(-3, 2);
        let hi = d.int(lo, 3);
        if d.int(0, 3) == 0 {
            text += &format!("var {{{lo},{hi},{}}}: {x} :: output_var;\n", hi + 2);
        } else {
            text += &format!("var {lo}..{hi}: {x} :: output_var;\n");
        }
    }
    for b in &bools {
        text += &format!("var bool: {b} :: output_var;\n");
    }
    for _ in 0..d.int(1, 3) {
        text += &format!("constraint {};\n", constraint(&mut d, &ints, &bools));
    }
    text + "solve satisfy;\n"
}

/// One random constraint item's call.
fn constraint(d: &mut Draw, ints: &[String], bools: &[String]) -> String {
    // An integer operand: mostly a variable, sometimes a constant.
    let int = |d: &mut Draw| {
        if d.int(0, 4) == 0 {
            d.int(-2, 3).to_string()
        } else {
            d.pick(ints).to_owned()
        }
    };
    let x = int(d);
    let y = int(d);
    let z = d.pick(ints).to_owned();
    let (b, c, r) = (
        d.pick(bools).to_owned(),
        d.pick(bools).to_owned(),
        d.pick(bools).to_owned(),
    );
    let mode = ["", "_reif", "_imp"][d.int(0, 2) as usize];
    let tail = if mode.is_empty() {
        String::new()
    } else {
        format!(", {r}")
    };
    let coefficients = format!("[{}, {}]", d.int(-2, 2), d.int(-2, 2));
    let rhs = d.int(-3, 3);
    let list_of = |d: &mut Draw, from: &[String], n: i64| {
        let items: Vec<String> = (0..n).map(|_| d.pick(from).to_owned()).collect();
        format!("[{}]", items.join(", "))
    };
    let list = |d: &mut Draw, from: &[String]| {
        let n = d.int(1, 3);
        list_of(d, from, n)
    };
    let arithmetic = ["times", "div", "mod", "pow", "min", "max", "plus"];
    // `n` integer operands, constants among them.
    let operands = |d: &mut Draw, n: i64| {
        let items: Vec<String> = (0..n).map(|_| int(d)).collect();
        format!("[{}]", items.join(", "))
    };
    match d.int(0, 36) {
        0 => format!("int_eq{mode}({x}, {y}{tail})"),
        1 => format!("int_ne{mode}({x}, {y}{tail})"),
        2 => format!("int_le{mode}({x}, {y}{tail})"),
        3 => format!("int_lt{mode}({x}, {y}{tail})"),
        4 => {
            let op = ["eq", "le", "ne"][d.int(0, 2) as usize];
            format!("int_lin_{op}{mode}({coefficients}, [{x}, {z}], {rhs}{tail})")
        }
        k @ 22..=28 => format!("int_{}({x}, {y}, {z})", arithmetic[k as usize - 22]),
        29 => format!("fzn_all_different_int({})", list(d, ints)),
        30 => {
            let rows: Vec<String> = (0..d.int(0, 4) * 2)
                .map(|_| d.int(-2, 3).to_string())
                .collect();
            format!("fzn_table_int([{x}, {z}], [{}])", rows.join(", "))
        }
        31 => {
            // A random automaton: states 1..q, values 1..s.
            let (q, s) = (d.int(1, 3), d.int(1, 3));
            let table: Vec<String> = (0..q * s).map(|_| d.int(0, q).to_string()).collect();
            let start = d.int(1, q);
            format!(
                "fzn_regular({}, {q}, {s}, [{}], {start}, {{{}}})",
                list(d, ints),
                table.join(", "),
                d.int(1, q)
            )
        }
        32 => format!("fzn_count_eq({}, {x}, {z})", list(d, ints)),
        33 => {
            let order = ["lesseq", "less"][d.int(0, 1) as usize];
            if d.int(0, 1) == 0 {
                format!("fzn_lex_{order}_int({}, {})", list(d, ints), list(d, ints))
            } else {
                format!(
                    "fzn_lex_{order}_bool({}, {})",
                    list(d, bools),
                    list(d, bools)
                )
            }
        }
        34 => format!(
            "fdoku_inverse({}, {}, {}, {})",
            list(d, ints),
            d.int(-1, 1),
            list(d, ints),
            d.int(-1, 1)
        ),
        35 => format!("fdoku_circuit({}, {})", list(d, ints), d.int(-1, 1)),
        36 => {
            let n = d.int(1, 3);
            format!(
                "fzn_cumulative({}, {}, {}, {x})",
                list_of(d, ints, n),
                operands(d, n),
                operands(d, n)
            )
        }
        6 => format!("int_abs({x}, {z})"),
        7 => format!(
            "array_int_element({x}, [{}, {}, {}], {z})",
            d.int(-2, 2),
            d.int(-2, 2),
            d.int(-2, 2)
        ),
        8 => format!("array_var_int_element({x}, {}, {z})", list(d, ints)),
        9 => {
            let which = ["minimum", "maximum"][d.int(0, 1) as usize];
            format!("array_int_{which}({z}, {})", list(d, ints))
        }
        10 => format!("set_in({z}, {{{}, {}}})", d.int(-3, 3), d.int(-3, 3)),
        11 => {
            let lo = d.int(-3, 3);
            format!(
                "set_in{}({z}, {lo}..{}, {r})",
                ["_reif", "_imp"][d.int(0, 1) as usize],
                lo + d.int(0, 2)
            )
        }
        12 => format!("bool2int({b}, {z})"),
        13 => format!("bool_clause({}, {})", list(d, bools), list(d, bools)),
        14 => {
            let op = ["eq", "le", "lt"][d.int(0, 2) as usize];
            let mode = ["", "_reif"][d.int(0, 1) as usize];
            let tail = if mode.is_empty() {
                String::new()
            } else {
                format!(", {r}")
            };
            format!("bool_{op}{mode}({b}, {c}{tail})")
        }
        15 => format!("bool_xor({b}, {c}, {r})"),
        16 => format!("bool_not({b}, {c})"),
        17 => format!(
            "bool_{}({b}, {c}, {r})",
            ["and", "or"][d.int(0, 1) as usize]
        ),
        18 => format!(
            "array_bool_{}({}, {r})",
            ["and", "or"][d.int(0, 1) as usize],
            list(d, bools)
        ),
        19 => format!("array_bool_xor({})", list(d, bools)),
        20 => format!(
            "bool_lin_{}([1, -1], [{b}, {c}], {z})",
            ["eq", "le"][d.int(0, 1) as usize]
        ),
        21 => format!(
            "bool_clause_reif({}, {}, {r})",
            list(d, bools),
            list(d, bools)
        ),
        _ => format!("array_var_bool_element({x}, {}, {b})", list(d, bools)),
    }
}

/// Every assignment of the declared domains that the checker accepts,
/// written as `name = value;` lines in declaration order.
pub(crate) fn brute_force(text: &str) -> BTreeSet<String> {
    let fzn = parse(text).expect("a generated model parses");
    let domains: Vec<Vec<i64>> = fzn
        .vars
        .iter()
        .map(|v| match &v.domain {
            Some(set) => set.ranges().iter().flat_map(|&(lo, hi)| lo..=hi).collect(),
            None => vec![0, 1],
        })
        .collect();
    let mut accepted = BTreeSet::new();
    let mut values = vec![0; domains.len()];
    let total: usize = domains.iter().map(Vec::len).product();
    for mut k in 0..total {
        for (value, domain) in values.iter_mut().zip(&domains) {
            *value = domain[k % domain.len()];
            k /= domain.len();
        }
        if check(&fzn, &values).is_ok() {
            let lines: Vec<String> = fzn
                .vars
                .iter()
                .zip(&values)
                .map(|(v, &value)| match v.domain {
                    Some(_) => format!("{} = {value};", v.name),
                    None => format!("{} = {};", v.name, value == 1),
                })
                .collect();
            accepted.insert(lines.join("\n"));
        }
    }
    accepted
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000),
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xf1a7_2103),
        ..ProptestConfig::default()
    })]

    #[test]
    fn all_solutions_equal_brute_force_with_the_checker(seed in any::<u64>()) {
        prints_the_brute_force_solutions(&model(seed), &all())?;
    }

    #[test]
    fn all_solutions_differ_on_the_printed_variables_only(seed in any::<u64>()) {
        // Each assignment of the model's own variables that some values of
        // MiniZinc's auxiliary ones complete is printed once, as Gecode
        // prints it.
        let (text, auxiliary) = model_with_auxiliaries(seed);
        let printed: BTreeSet<String> = brute_force(&text)
            .iter()
            .map(|solution| {
                solution
                    .lines()
                    .filter(|line| auxiliary.iter().all(|a| !line.starts_with(&format!("{a} ="))))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect();
        let (output, status) = run(&text, &all());
        let found = solutions(&output);
        let distinct: BTreeSet<String> = found.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), found.len(), "a repeated solution:\n{}", text);
        prop_assert_eq!(&distinct, &printed, "model:\n{}", text);
        let expected = if printed.is_empty() { Status::Unsatisfiable } else { Status::AllSolutions };
        prop_assert_eq!(status, expected);
    }
}

/// `model(seed)` with its last integer and last Boolean variable made
/// auxiliary, as MiniZinc declares what it introduces: not printed.
fn model_with_auxiliaries(seed: u64) -> (String, [String; 2]) {
    let text = model(seed);
    let last = |prefix: &str| {
        (0..)
            .map(|i| format!("{prefix}{i}"))
            .take_while(|name| text.contains(&format!(": {name} ::")))
            .last()
            .expect("the model has such variables")
    };
    let auxiliary = [last("x"), last("b")];
    let mut text = text;
    for name in &auxiliary {
        text = text.replace(
            &format!(": {name} :: output_var;"),
            &format!(": {name} :: var_is_introduced;"),
        );
    }
    (text, auxiliary)
}

/// Run with `options` (`-a` among them), `text` prints each solution that
/// brute force accepts once, and nothing else, then says it has all of them.
pub(crate) fn prints_the_brute_force_solutions(
    text: &str,
    options: &Options,
) -> Result<(), TestCaseError> {
    let (output, status) = run(text, options);
    let found = solutions(&output);
    let distinct: BTreeSet<String> = found.iter().cloned().collect();
    prop_assert_eq!(
        distinct.len(),
        found.len(),
        "a repeated solution:\n{}",
        text
    );
    prop_assert_eq!(&distinct, &brute_force(text), "model:\n{}", text);
    let expected = if distinct.is_empty() {
        Status::Unsatisfiable
    } else {
        Status::AllSolutions
    };
    prop_assert_eq!(status, expected);
    Ok(())
}

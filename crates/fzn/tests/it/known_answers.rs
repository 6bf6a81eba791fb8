//! Models of the MiniZinc benchmark selection flattened by MiniZinc 2.6.4
//! with `-G std` (tests/data/README.md): all solutions counted, optima
//! found and proved, each answer the same as Gecode 6.2.0's.

use std::collections::BTreeSet;

use fdoku_fzn::{Options, Status};

use crate::{all, fixture, run, solutions};

/// Every solution of `name` with `-a`: distinct, and the search complete.
fn count(name: &str) -> usize {
    let (output, status) = run(&fixture(name), &all());
    assert_eq!(status, Status::AllSolutions, "{name}");
    assert!(output.ends_with("----------\n==========\n"), "{name}");
    let found = solutions(&output);
    let distinct: BTreeSet<&String> = found.iter().collect();
    assert_eq!(
        distinct.len(),
        found.len(),
        "{name}: a solution was printed twice"
    );
    found.len()
}

#[test]
fn australia_has_18_colourings_with_three_colours() {
    assert_eq!(count("australia"), 18);
}

#[test]
fn the_phone_feature_model_has_14_configurations() {
    assert_eq!(count("phone"), 14);
}

#[test]
fn queens_of_1_to_12_count_as_oeis_a000170_and_gecode() {
    // Gecode 6.2.0 counts the same on each file (tests/data/README.md).
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, expected) in (1..).zip(known) {
        let name = format!("queens_{n:03}");
        if expected == 0 {
            let (output, status) = run(&fixture(&name), &all());
            assert_eq!(status, Status::Unsatisfiable, "{name}");
            assert_eq!(output, "=====UNSATISFIABLE=====\n", "{name}");
        } else {
            assert_eq!(count(&name), expected, "{name}");
        }
    }
}

#[test]
fn latin_squares_of_order_3_number_12_in_both_models() {
    assert_eq!(count("latin_squares_fd2_03"), 12);
    assert_eq!(count("latin_squares_fd_03"), 12);
}

#[test]
fn langford_l_2_7_has_52_solutions_and_l_2_5_none() {
    assert_eq!(count("langford_l_2_07"), 52);
    let (output, status) = run(&fixture("langford_l_2_05"), &Options::default());
    assert_eq!(status, Status::Unsatisfiable);
    assert_eq!(output, "=====UNSATISFIABLE=====\n");
}

#[test]
fn sudoku_fixed_p48_is_solved_and_unique() {
    let (output, status) = run(&fixture("sudoku_fixed_p48"), &Options::default());
    assert_eq!(status, Status::Satisfied);
    let grid: Vec<i64> = output
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(cells, _)| cells.split(", ").map(|c| c.parse().unwrap()).collect())
        .expect("x = array2d(1..16, 1..16, [...])");
    assert!(output.starts_with("x = array2d(1..16, 1..16, ["));
    // Every row, column and 4×4 box holds 1..16 once (checked here, apart
    // from the run's own checker).
    let house_ok =
        |cells: Vec<i64>| cells.iter().copied().collect::<BTreeSet<_>>() == (1..=16).collect();
    for i in 0..16 {
        assert!(
            house_ok((0..16).map(|j| grid[16 * i + j]).collect()),
            "row {i}"
        );
        assert!(
            house_ok((0..16).map(|j| grid[16 * j + i]).collect()),
            "column {i}"
        );
        let (r, c) = (4 * (i / 4), 4 * (i % 4));
        assert!(
            house_ok(
                (0..16)
                    .map(|j| grid[16 * (r + j / 4) + c + j % 4])
                    .collect()
            ),
            "box {i}"
        );
    }
    // The first row of Gecode's solution; the puzzle has no other.
    assert_eq!(
        grid[..16],
        [16, 8, 13, 12, 2, 4, 7, 14, 5, 10, 1, 11, 6, 3, 9, 15]
    );
    assert_eq!(count("sudoku_fixed_p48"), 1);
}

#[test]
fn golomb_rulers_of_five_marks_have_optimal_length_11() {
    let (output, status) = run(&fixture("golomb_05"), &Options::default());
    assert_eq!(status, Status::Optimal);
    assert_eq!(
        output,
        "mark = array1d(1..5, [0, 1, 4, 9, 11]);\n----------\n==========\n"
    );
    // -a prints every improving solution, the last one optimal.
    let (output, status) = run(&fixture("golomb_05"), &all());
    assert_eq!(status, Status::Optimal);
    let found = solutions(&output);
    assert!(found.len() >= 2, "{output}");
    assert_eq!(
        found.last().unwrap(),
        "mark = array1d(1..5, [0, 1, 4, 9, 11]);"
    );
}

#[test]
fn jobshop_vw3x3_has_optimal_makespan_256() {
    let options = Options {
        statistics: true,
        ..Options::default()
    };
    let (output, status) = run(&fixture("jobshop_vw3x3"), &options);
    assert_eq!(status, Status::Optimal);
    assert!(
        output.contains("----------\n==========\n%%%mzn-stat: initTime="),
        "{output}"
    );
    assert!(output.contains("%%%mzn-stat: objective=256\n"), "{output}");
    assert!(output.ends_with("%%%mzn-stat-end\n"));
}

#[test]
fn a_solution_limit_stops_without_claiming_completeness() {
    let options = Options {
        solutions: Some(5),
        ..Options::default()
    };
    let (output, status) = run(&fixture("queens_008"), &options);
    assert_eq!(status, Status::Satisfied);
    assert_eq!(solutions(&output).len(), 5);
    assert!(!output.contains("=========="));
}

/// Models flattened with fdoku's MiniZinc library (`share/minizinc/fdoku`),
/// which keeps `all_different`, `table`, `regular`, `count`, lexicographic
/// order, `inverse`, `circuit` and `cumulative` whole.
mod native_globals {
    use fdoku_fzn::{Options, Status};

    use crate::{fixture, run};

    use super::count;

    #[test]
    fn the_same_answers_as_the_decompositions() {
        assert_eq!(count("latin_squares_fd2_03_fdoku"), 12);
        assert_eq!(count("nonogram_non_micro_fdoku"), 3);
        assert_eq!(count("sudoku_fixed_p48_fdoku"), 1);
        let native = run(&fixture("sudoku_fixed_p48_fdoku"), &Options::default());
        let decomposed = run(&fixture("sudoku_fixed_p48"), &Options::default());
        assert_eq!(native, decomposed);
    }

    #[test]
    fn the_magic_sequence_of_length_10_is_unique_with_native_counts() {
        // 6, 2, 1, 0, 0, 0, 1, 0, 0, 0: six 0s, two 1s, one 2, one 6.
        assert_eq!(count("magicseq_010_fdoku"), 1);
        assert_eq!(count("magicseq_010"), 1);
        let (output, status) = run(&fixture("magicseq_010_fdoku"), &Options::default());
        assert_eq!(status, Status::Satisfied);
        assert!(
            output.contains("[6, 2, 1, 0, 0, 0, 1, 0, 0, 0]"),
            "{output}"
        );
    }

    #[test]
    fn the_globals_models_count_as_brute_force_and_gecode_do() {
        // Brute force, and Gecode 6.2.0 on the `-G std` decompositions:
        // 27 · 6 pairs of lexicographically ordered arrays; 3! inverse
        // permutations with f[0] = 7; 4!/4 five-node circuits with x[2] = 4.
        assert_eq!(count("globals_lex_fdoku"), 162);
        assert_eq!(count("globals_inverse_fdoku"), 6);
        assert_eq!(count("globals_circuit_fdoku"), 6);
    }

    #[test]
    fn four_tasks_fit_side_by_side_in_the_longest_duration() {
        // Durations 3, 2, 4, 1 using at least 1 each within a capacity of
        // at most 4: all run at once, so the makespan is 4.
        let (output, status) = run(&fixture("globals_cumulative_fdoku"), &Options::default());
        assert_eq!(status, Status::Optimal);
        assert!(output.contains("\ne = 4;\n"), "{output}");
        assert!(output.ends_with("----------\n==========\n"), "{output}");
    }

    #[test]
    fn fourteen_tasks_on_a_resource_of_four_need_21_time_units() {
        // Their energy is 82 > 4 · 20, so overload checking proves 21
        // optimal (Gecode 6.2.0 agrees); the time-table alone does not
        // within seconds.
        let options = Options {
            statistics: true,
            ..Options::default()
        };
        let (output, status) = run(&fixture("globals_rcpsp_fdoku"), &options);
        assert_eq!(status, Status::Optimal);
        assert!(output.contains("%%%mzn-stat: objective=21\n"), "{output}");
    }

    #[test]
    fn quasigroup_completion_15_120_2_is_solved() {
        // Gecode 6.2.0 finds no solution in 10 s (../shared/mzn/README.md);
        // all_different at domain consistency needs a few thousand nodes.
        let (output, status) = run(&fixture("qcp_15_120_2_fdoku"), &Options::default());
        assert_eq!(status, Status::Satisfied);
        assert!(output.ends_with("----------\n"), "{output}");
    }
}

/// `x` in 1..8, labelled by the value choice `choice`, printing statistics
/// with `all`: the printed values of `x`, in order, and the peak depth.
fn labelled(choice: &str, all: bool) -> (Vec<String>, String) {
    let text = format!(
        "var 1..8: x :: output_var;\n\
         solve :: int_search([x], input_order, {choice}, complete) satisfy;\n"
    );
    let options = Options {
        all,
        statistics: true,
        ..Options::default()
    };
    let (output, _) = run(&text, &options);
    let depth = output
        .lines()
        .find_map(|line| line.strip_prefix("%%%mzn-stat: peakDepth="))
        .expect("a peakDepth statistic")
        .to_string();
    (solutions(&output), depth)
}

#[test]
fn indomain_split_bisects_the_domain_lower_half_first() {
    let in_order: Vec<String> = (1..=8).map(|v| format!("x = {v};")).collect();
    let reversed: Vec<String> = in_order.iter().rev().cloned().collect();
    // 1..8 -> 1..4 -> 1..2 -> 1: three halvings to the first value.
    assert_eq!(
        labelled("indomain_split", false),
        (vec![in_order[0].clone()], "3".into())
    );
    assert_eq!(
        labelled("indomain_reverse_split", false),
        (vec![reversed[0].clone()], "3".into())
    );
    assert_eq!(
        labelled("indomain_min", false),
        (vec![in_order[0].clone()], "1".into())
    );
    assert_eq!(labelled("indomain_split", true).0, in_order);
    assert_eq!(labelled("indomain_reverse_split", true).0, reversed);
}

#[test]
fn seq_search_labels_each_phase_in_turn_by_its_own_choices() {
    // Phase one: a (1..3), first fail, smallest value; phase two: b (1..2),
    // largest value. a is settled first although b has fewer values.
    let text = "var 1..3: a :: output_var;\n\
                var 1..2: b :: output_var;\n\
                solve :: seq_search([\
                int_search([a], first_fail, indomain_min, complete), \
                int_search([b], first_fail, indomain_max, complete)]) satisfy;\n";
    let (output, status) = run(text, &all());
    assert_eq!(status, Status::AllSolutions);
    let pairs: Vec<String> = solutions(&output)
        .iter()
        .map(|s| s.replace('\n', " "))
        .collect();
    assert_eq!(
        pairs,
        [
            "a = 1; b = 2;",
            "a = 1; b = 1;",
            "a = 2; b = 2;",
            "a = 2; b = 1;",
            "a = 3; b = 2;",
            "a = 3; b = 1;"
        ]
    );
}

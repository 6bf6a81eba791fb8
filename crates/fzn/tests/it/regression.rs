//! One test per bug found, named after what went wrong.

use std::collections::BTreeSet;

use fdoku_fzn::Status;

use crate::{all, fixture, run, solutions};

#[test]
fn a_two_variable_int_lin_ne_with_the_minus_first_kept_the_wrong_offset() {
    // −x2 + x1 ≠ −2 rules out x2 = 2, x1 = 0 only; it was posted as
    // x1 ≠ x2 + 2, which ruled out nothing here and let (0, 2) through.
    let text = "var 0..1: x1 :: output_var;\n\
                var 1..2: x2 :: output_var;\n\
                constraint int_lin_ne([-1, 1], [x2, x1], -2);\n\
                solve satisfy;\n";
    let (output, _) = run(text, &all());
    let found = solutions(&output);
    assert_eq!(found.len(), 3, "{output}");
    assert!(!found.contains(&"x1 = 0;\nx2 = 2;".to_string()), "{output}");
}

#[test]
fn a_free_auxiliary_variable_printed_each_solution_hundreds_of_times() {
    // MiniZinc's decompositions leave some introduced Booleans free once
    // the model's variables are fixed: -a printed 768 solutions, 3 of
    // them distinct. Gecode 6.2.0 prints the 3.
    let (output, status) = run(&fixture("auxiliary_choices"), &all());
    assert_eq!(status, Status::AllSolutions);
    let found = solutions(&output);
    let distinct: BTreeSet<&String> = found.iter().collect();
    assert_eq!((found.len(), distinct.len()), (3, 3), "{output}");
}

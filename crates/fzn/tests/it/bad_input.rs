//! What goes wrong: each a clear error with its line and column, or the
//! right status line.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fdoku_fzn::{ErrorKind, Options, RunError, Status, parse};

use crate::{all, fixture, run};

#[test]
fn a_syntax_error_names_its_line_column_and_what_was_expected() {
    let err = parse("var 1..3: x;\nconstraint int_le(x 2);\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Syntax);
    assert_eq!(
        err.to_string(),
        "line 2, column 21: expected ',', found the integer 2"
    );
    let err = parse("var 1..3: x;\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 1: expected a solve item, found the end of the file"
    );
    let err = parse("var 1..3: x;\nsolve satisfy;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.pos.line, 3);
}

#[test]
fn an_unknown_builtin_is_named_with_its_line() {
    let text = "var 1..3: x;\nvar 1..3: y;\nconstraint fzn_frobnicate(x, y);\nsolve satisfy;\n";
    let fzn = parse(text).unwrap();
    let err = fdoku_fzn::run(&fzn, &Options::default(), &mut Vec::new()).unwrap_err();
    let RunError::Model(err) = err else {
        panic!("a model error, not {err}");
    };
    assert_eq!(err.kind, ErrorKind::Unsupported);
    assert_eq!(
        err.to_string(),
        "line 3, column 1: unknown builtin 'fzn_frobnicate' (not supported by fdoku)"
    );
}

#[test]
fn float_and_set_variables_are_refused_where_declared() {
    let err = parse("var 1..3: x;\nvar float: f;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unsupported);
    assert_eq!(
        err.to_string(),
        "line 2, column 5: float variables are not supported"
    );
    let err = parse("var 0.0..1.5: f;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 5: float variables are not supported"
    );
    let err = parse("var set of 1..3: s;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 5: set variables are not supported"
    );
    let err = parse("array [1..2] of var set of 1..3: s = [];\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unsupported);
}

#[test]
fn undeclared_names_and_wrong_arguments_are_invalid() {
    let err = parse("constraint int_le(x, 2);\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.to_string(), "line 1, column 19: 'x' is not declared");
    let fzn =
        parse("var 1..3: x;\nconstraint int_lin_eq([1,2], [x], 3);\nsolve satisfy;\n").unwrap();
    let err = fdoku_fzn::run(&fzn, &Options::default(), &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 1: int_lin_eq: 2 coefficients for 1 variables"
    );
}

#[test]
fn an_unsatisfiable_model_says_so() {
    let text = "var 1..2: x;\nvar 1..2: y;\nvar 1..2: z;\n\
                constraint int_ne(x, y);\nconstraint int_ne(y, z);\nconstraint int_ne(x, z);\nsolve satisfy;\n";
    assert_eq!(
        run(text, &Options::default()),
        (
            "=====UNSATISFIABLE=====\n".to_owned(),
            Status::Unsatisfiable
        )
    );
    let text = "var 1..2: x;\nconstraint int_le(3, x);\nsolve minimize x;\n";
    assert_eq!(run(text, &all()).0, "=====UNSATISFIABLE=====\n");
}

#[test]
fn an_empty_search_has_one_empty_solution() {
    assert_eq!(
        run("solve satisfy;\n", &all()),
        ("----------\n==========\n".to_owned(), Status::AllSolutions)
    );
}

#[test]
fn a_search_stopped_before_any_solution_is_unknown() {
    let options = Options {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Options::default()
    };
    let (output, status) = run(&fixture("queens_008"), &options);
    assert_eq!(
        (output.as_str(), status),
        ("=====UNKNOWN=====\n", Status::Unknown)
    );
    // A time limit that has passed before the search starts.
    let options = Options {
        time_limit: Some(Duration::ZERO),
        ..Options::default()
    };
    let (output, status) = run(&fixture("golomb_05"), &options);
    assert_eq!(status, Status::Unknown, "{output}");
}

#[test]
fn extreme_numbers_give_errors_or_answers_never_a_panic() {
    let err = parse("var 1..99999999999999999999: x;\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Syntax);
    let err =
        parse("array [1..9223372036854775807] of int: a = [1];\nsolve satisfy;\n").unwrap_err();
    assert_eq!(err.kind, ErrorKind::Invalid);
    // A constant beyond 32 bits where a variable is expected.
    let fzn = parse("var 1..3: x;\nconstraint int_le(x, 4294967296);\nsolve satisfy;\n").unwrap();
    let err = fdoku_fzn::run(&fzn, &Options::default(), &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2, column 1: the value 4294967296 is outside the 32-bit integers"
    );
    // Node numbers of a circuit past the 32 bits.
    let fzn = parse(
        "var 1..3: x;\nvar 1..3: y;\n\
         constraint fdoku_circuit([x, y], 2147483647);\nsolve satisfy;\n",
    )
    .unwrap();
    let err = fdoku_fzn::run(&fzn, &Options::default(), &mut Vec::new()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3, column 1: the value 2147483648 is outside the 32-bit integers"
    );
    // Coefficients whose product overflows 64 bits, and a limit of u64::MAX ms.
    let text = "var 1..3: x;\nvar 1..3: y;\n\
                constraint int_lin_ne([4611686018427387904, 4611686018427387904], [x, y], 3);\n\
                constraint int_lin_le([4611686018427387904, 1], [x, y], 9223372036854775807);\n\
                solve satisfy;\n";
    let options = Options {
        time_limit: Some(Duration::from_millis(u64::MAX)),
        ..all()
    };
    let (output, status) = run(text, &options);
    assert_eq!(status, Status::AllSolutions, "{output}");
    // x = 1 only (2 · 2⁶² exceeds the bound), y free: three solutions,
    // printed empty (no output variables).
    assert_eq!(output, "----------\n----------\n----------\n==========\n");
}

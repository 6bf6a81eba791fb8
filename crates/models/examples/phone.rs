//! Every configuration of the mobile-phone feature model:
//! `cargo run -p fdoku-models --example phone`.
use fdoku_fd::{Solver, check};
use fdoku_models::features::FeatureSpec;

fn main() {
    let spec =
        FeatureSpec::parse(include_str!("../../../examples/phone.json")).expect("valid JSON");
    let phone = spec.model().expect("valid rules");
    let mut solver = Solver::new(&phone.model);
    for solution in solver.solutions() {
        assert!(check(&phone.model, solution.values()).is_ok());
        println!("{}", phone.enabled(&solution).join(", "));
    }
    println!("{}", solver.stats());
}

//! Colour the map of Australia with three colours:
//! `cargo run -p fdoku-models --example australia`.
use fdoku_fd::{Solver, check};
use fdoku_models::coloring::MapSpec;

fn main() {
    let map = MapSpec::parse(include_str!("../../../examples/australia.json")).expect("valid map");
    let coloring = map.model(None).expect("valid regions");
    let mut solver = Solver::new(&coloring.model);
    let first = solver.solve().solution.expect("three colours suffice");
    assert!(check(&coloring.model, first.values()).is_ok());
    for (region, color) in coloring.assignment(&first) {
        println!("{region:>4}: {color}");
    }
    println!("{} colourings in all", solver.count(None).count);
}

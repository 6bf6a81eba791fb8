//! Count N-queens solutions under every all_different strength (or one):
//! `cargo run --release -p fdoku-models --example queens -- 10 [domain]`.
use fdoku_fd::{Solver, Strength};
use fdoku_models::queens::Queens;

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let only = std::env::args().nth(2);
    let chosen = Strength::ALL
        .into_iter()
        .filter(|s| only.as_deref().is_none_or(|o| o == s.name()));
    for strength in chosen {
        let queens = Queens::new(n, strength);
        let mut solver = Solver::new(&queens.model);
        let counted = solver.count(None);
        println!(
            "{n}-queens, {:>7}: {} solutions; {}",
            strength.name(),
            counted.count,
            counted.stats
        );
    }
}

//! The 9×9 path under a budget: it stops at the node limit exactly, and at
//! its first node when the cancel flag is already raised.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use fdoku_fd::{Budget, StopReason};

use fdoku_sudoku::Rules;
use fdoku_sudoku::format::parse_line;
use fdoku_sudoku::solve::{NineSolver, Search};

/// A hard puzzle (the first of the forum's hardest): 174 nodes, on either
/// compilation of the 9×9 path.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn search(budget: &Budget) -> (u64, Option<StopReason>) {
    let rules = Rules::classic(9).unwrap_or_else(|_| unreachable!());
    let puzzle = parse_line(HARD, &rules).unwrap_or_else(|_| panic!("a valid puzzle"));
    let solver = NineSolver::new(&puzzle).unwrap_or_else(|| panic!("classic 9×9"));
    let stats = solver.search(&mut |_: &[u8]| true, budget);
    (stats.nodes, stats.stopped)
}

#[test]
fn the_search_stops_at_the_node_limit_exactly() {
    let (nodes, stopped) = search(&Budget::unlimited());
    assert_eq!((nodes, stopped), (174, None));
    for limit in [1, 5, 63, 64, 65, 100] {
        let budget = Budget::unlimited().with_node_limit(limit);
        assert_eq!(search(&budget), (limit, Some(StopReason::NodeLimit)));
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_search_at_its_first_node() {
    let budget = Budget::unlimited().with_cancel_flag(Arc::new(AtomicBool::new(true)));
    assert_eq!(search(&budget), (1, Some(StopReason::Cancelled)));
}

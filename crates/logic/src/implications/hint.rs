//! A chaining deduction ([`Hint`], defined with the potentials it is built
//! from and nests in): its complexity, its Sudoku Explainer rating and
//! order, and the step it becomes.
//!
//! The rating is the producer's base plus SE's length bonus on the
//! *complexity*: the distinct potentials of every chain, plus the complexity
//! of every nested chain used on the way.

use std::cmp::Ordering;
use std::rc::Rc;

use super::potential::{Cause, Hint, Kind, Run};
use crate::grid::Grid;
use crate::step::{Candidate, Link, LinkKind, Node, Step};
use crate::technique::Technique;

impl Kind {
    /// SE's tie-break after rating and complexity.
    fn sort_key(self) -> u8 {
        match self {
            Kind::Double => 1,
            Kind::XCycle | Kind::XChain => 2,
            Kind::YCycle => 3,
            Kind::XYCycle | Kind::XYChain => 4,
            Kind::Cell => 5,
            Kind::Region => 6,
            Kind::Contradiction => 7,
        }
    }

    /// How the step's text names it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::XCycle => "X-cycle",
            Kind::YCycle => "Y-cycle",
            Kind::XYCycle => "XY-cycle",
            Kind::XChain => "X-chain",
            Kind::XYChain => "XY-chain",
            Kind::Contradiction => "contradiction",
            Kind::Double => "double",
            Kind::Cell => "cell",
            Kind::Region => "region",
        }
    }
}

impl Hint {
    /// A hint; its complexity is counted here.
    pub fn new(
        kind: Kind,
        base: u16,
        targets: Vec<(Rc<Run>, usize)>,
        removable: Vec<Candidate>,
        placement: Option<Candidate>,
        house: Option<usize>,
    ) -> Self {
        let chains: Vec<Vec<usize>> = targets.iter().map(|(run, id)| run.chain(*id)).collect();
        let flat: usize = match kind {
            // A cycle's two directions are the same potentials.
            Kind::XCycle | Kind::YCycle | Kind::XYCycle => chains.first().map_or(0, Vec::len),
            _ => chains.iter().map(Vec::len).sum(),
        };
        let mut hint = Hint {
            kind,
            base,
            targets,
            removable,
            placement,
            house,
            complexity: flat,
        };
        hint.complexity += hint
            .nested(&chains)
            .iter()
            .map(|n| n.complexity)
            .sum::<usize>();
        hint
    }

    /// The distinct nested chains the chains use (not recursively: a nested
    /// chain's complexity already counts its own). Two nested chains found
    /// in different branches are the same when their ends and all their
    /// ancestors are (SE counts such a chain once).
    /// `chains` holds each target's [`Run::chain`].
    fn nested(&self, chains: &[Vec<usize>]) -> Vec<Rc<Hint>> {
        let mut nested: Vec<(Rc<Hint>, Vec<Vec<usize>>)> = Vec::new();
        for ((run, _), chain) in self.targets.iter().zip(chains) {
            for &id in chain {
                let Some(hint) = &run.nodes[id].nested else {
                    continue;
                };
                if nested.iter().any(|(n, _)| Rc::ptr_eq(n, hint)) {
                    continue;
                }
                let signature = hint.signature();
                if !nested.iter().any(|(_, s)| *s == signature) {
                    nested.push((Rc::clone(hint), signature));
                }
            }
        }
        nested.into_iter().map(|(hint, _)| hint).collect()
    }

    /// Per chain end, its potentials and their ancestors, breadth first.
    fn signature(&self) -> Vec<Vec<usize>> {
        self.targets
            .iter()
            .map(|(run, target)| {
                run.chain(*target)
                    .into_iter()
                    .map(|id| {
                        let node = &run.nodes[id];
                        (node.cell * 64 + usize::from(node.digit)) * 2 + usize::from(node.on)
                    })
                    .collect()
            })
            .collect()
    }

    /// The rating, tenths.
    pub fn rating(&self) -> u16 {
        self.base + length_bonus(self.complexity.saturating_sub(2))
    }

    /// SE's order: rating, then complexity, then kind.
    pub fn order(a: &Hint, b: &Hint) -> Ordering {
        a.rating_as_se_computes_it()
            .total_cmp(&b.rating_as_se_computes_it())
            .then(a.complexity.cmp(&b.complexity))
            .then(a.kind.sort_key().cmp(&b.kind.sort_key()))
    }

    /// The rating in SE's floating point: the base plus 0.1 added once per
    /// bonus step. Bases differ within one producer (a forcing X-chain's 6.6
    /// and four steps come to just above a cycle's 7.0), so sorting by
    /// tenths would break SE's ties differently.
    fn rating_as_se_computes_it(&self) -> f64 {
        let steps = length_bonus(self.complexity.saturating_sub(2));
        let mut added = 0.0;
        for _ in 0..steps {
            added += 0.1;
        }
        f64::from(self.base) / 10.0 + added
    }

    /// The candidates that had to be gone from `initial` for this deduction to
    /// hold in `current` (the grid a nested search ran on): for every
    /// potential switched on by a single, the candidates of its cell or house
    /// that `current` lacks.
    pub fn rule_parents(&self, initial: &Grid, current: &Grid) -> Vec<Candidate> {
        let mut parents = Vec::new();
        let mut add = |c: Candidate| {
            if !parents.contains(&c) {
                parents.push(c);
            }
        };
        for (run, target) in &self.targets {
            for id in run.chain(*target) {
                let node = &run.nodes[id];
                if !node.on {
                    continue;
                }
                let cause = match (node.cause, self.kind) {
                    (Cause::Assumption, Kind::Cell) => Cause::Cell,
                    (Cause::Assumption, Kind::Region) => {
                        self.house.map_or(Cause::Assumption, Cause::House)
                    }
                    (cause, _) => cause,
                };
                match cause {
                    Cause::Cell => {
                        for digit in 1..=initial.size() as u8 {
                            if initial.has(node.cell, digit) && !current.has(node.cell, digit) {
                                add(Candidate::new(node.cell, digit));
                            }
                        }
                    }
                    Cause::House(house) => {
                        for cell in initial.house_cells(house).iter() {
                            if initial.has(cell, node.digit) && !current.has(cell, node.digit) {
                                add(Candidate::new(cell, node.digit));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        parents
    }

    /// The step: the chains' main lines as links, the assumption(s) as the
    /// pattern.
    pub fn to_step(&self, technique: Technique) -> Step {
        let mut step = Step::new(technique);
        step.form = Some(self.kind.name());
        step.explainer_rating = Some(self.rating());
        step.houses = self.house.into_iter().collect();
        for (run, target) in &self.targets {
            let line = run.main_line(*target);
            if let Some(&first) = line.first() {
                let node = &run.nodes[first];
                let start = Candidate::new(node.cell, node.digit);
                if !step.pattern.contains(&start) {
                    step.pattern.push(start);
                }
            }
            for pair in line.windows(2) {
                let (from, to) = (&run.nodes[pair[0]], &run.nodes[pair[1]]);
                step.links.push(Link {
                    from: Node {
                        cells: vec![from.cell],
                        digit: from.digit,
                    },
                    to: Node {
                        cells: vec![to.cell],
                        digit: to.digit,
                    },
                    kind: if to.on {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    },
                });
            }
        }
        match self.placement {
            Some(placement) => step.placements.push(placement),
            None => step.eliminations = self.removable.clone(),
        }
        step
    }
}

/// SE's length bonus: +0.1 each time `length` passes 4, 6, 8, 12, 16, 24, …
pub fn length_bonus(length: usize) -> u16 {
    let (mut threshold, mut bonus, mut grow_half) = (4, 0, true);
    while length > threshold {
        bonus += 1;
        threshold = if grow_half {
            threshold * 3 / 2
        } else {
            threshold * 4 / 3
        };
        grow_half = !grow_half;
    }
    bonus
}

#[cfg(test)]
mod tests {
    use super::length_bonus;

    #[test]
    fn length_bonus_follows_explainers_thresholds() {
        let bonuses: Vec<u16> = [
            4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49, 64, 65,
        ]
        .iter()
        .map(|&l| length_bonus(l))
        .collect();
        assert_eq!(
            bonuses,
            [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]
        );
    }
}

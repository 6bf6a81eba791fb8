//! A step as an English sentence with r1c1 names: the technique, its
//! pattern (digits, cells and houses, or the chain in Eureka-like
//! notation) and what follows, e.g. `Naked pair {3,7} in r4c2, r4c8 (row
//! 4): remove 3, 7 from r4c1; remove 7 from r4c5`. The names come from the
//! grid's geometry, so this sits above both [`Grid`] and [`Step`].

use super::grid::Grid;
use super::step::{Candidate, Link, LinkKind, Node, Step};

impl Step {
    /// The step as an English sentence with r1c1 names.
    pub fn text(&self, grid: &Grid) -> String {
        let name = self.technique.name();
        let houses = self
            .houses
            .iter()
            .map(|&h| grid.houses()[h].name())
            .collect::<Vec<_>>()
            .join(", ");
        let effect = effect_text(grid, &self.eliminations, &self.placements);
        if let Some(reason) = &self.reason {
            return format!("{name}: {reason}; {effect}");
        }
        if self.technique.is_single() {
            return match houses.is_empty() {
                true => format!("{name}: {effect}"),
                false => format!("{name} in {houses}: {effect}"),
            };
        }
        let mut text = name.to_owned();
        if let Some(form) = self.form {
            text.push_str(&format!(" ({form})"));
        }
        if !self.links.is_empty() {
            text.push(' ');
            text.push_str(&chain_text(grid, &self.links));
        } else {
            let digits = self.pattern_digits();
            if !digits.is_empty() {
                text.push_str(&format!(" {}", digit_set(&digits)));
            }
            let cells = self.pattern_cells();
            if !cells.is_empty() {
                text.push_str(&format!(" in {}", cell_list(grid, &cells)));
            }
            if !houses.is_empty() {
                text.push_str(&format!(" ({houses})"));
            }
        }
        if !self.extra.is_empty() {
            let mut cells: Vec<usize> = self.extra.iter().map(|c| c.cell).collect();
            cells.sort_unstable();
            cells.dedup();
            text.push_str(&format!(" with {}", cell_list(grid, &cells)));
        }
        format!("{text}: {effect}")
    }
}

/// `{3,7}`.
fn digit_set(digits: &[u8]) -> String {
    let list: Vec<String> = digits.iter().map(u8::to_string).collect();
    format!("{{{}}}", list.join(","))
}

/// `r4c2, r4c8`.
fn cell_list(grid: &Grid, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| grid.name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A node: `5r4c2` or `5r4c2|r4c3` for a group.
fn node_text(grid: &Grid, node: &Node) -> String {
    let cells: Vec<String> = node.cells.iter().map(|&c| grid.name(c)).collect();
    format!("{}{}", node.digit, cells.join("|"))
}

/// A chain in Eureka-like notation: `5r1c2 = 5r1c7 - 5r4c7 = …`; a link
/// that does not start where the previous one ended (the branches of a
/// forcing chain) starts a new segment after `; `.
fn chain_text(grid: &Grid, links: &[Link]) -> String {
    let mut text = String::new();
    for (i, link) in links.iter().enumerate() {
        if i == 0 || links[i - 1].to != link.from {
            if i > 0 {
                text.push_str("; ");
            }
            text.push_str(&node_text(grid, &link.from));
        }
        text.push_str(match link.kind {
            LinkKind::Strong => " = ",
            LinkKind::Weak => " - ",
        });
        text.push_str(&node_text(grid, &link.to));
    }
    text
}

/// `r4c2 = 5; remove 3, 7 from r4c1, r4c5; remove 2 from r5c5`.
fn effect_text(grid: &Grid, eliminations: &[Candidate], placements: &[Candidate]) -> String {
    let mut parts: Vec<String> = placements
        .iter()
        .map(|p| format!("{} = {}", grid.name(p.cell), p.digit))
        .collect();
    // Group cells by the set of digits they lose, in order of first appearance.
    let mut cells: Vec<usize> = eliminations.iter().map(|c| c.cell).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut groups: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for cell in cells {
        let mut digits: Vec<u8> = eliminations
            .iter()
            .filter(|c| c.cell == cell)
            .map(|c| c.digit)
            .collect();
        digits.sort_unstable();
        digits.dedup();
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, group)) => group.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    for (digits, cells) in groups {
        let list: Vec<String> = digits.iter().map(u8::to_string).collect();
        parts.push(format!(
            "remove {} from {}",
            list.join(", "),
            cell_list(grid, &cells)
        ));
    }
    if parts.is_empty() {
        "nothing follows".to_owned()
    } else {
        parts.join("; ")
    }
}

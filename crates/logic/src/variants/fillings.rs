//! One element read alone, as a whole: a candidate of one of its cells
//! goes when no filling of the element's cells from their candidates keeps
//! its rule with that digit there — cells that see each other holding
//! different digits. A person fills a short line or the cells an indexer
//! names in the head; here every such filling is searched for, the rule
//! weighed as the independent checker reads it
//! ([`element_holds`](fdoku_sudoku::element_holds)), so any kind of
//! element has this reading. The element's two-cell relations (its links)
//! and the cells that see each other prune the search: after each digit
//! placed, every cell keeps only digits with a partner across each
//! relation, so a parity line's cells take their parities at once.
//!
//! The cells are the element's own and those its relations reach (an
//! indexer's row, column or region). Two-cell elements with a relation are
//! left to the partner check (`pairs`), which says the same. The search
//! stops after [`NODES`] placements per element and grid: then nothing is
//! ruled out.
//!
//! ```text
//! column indexer r1c1 holding 3 or 5: its digit X puts 1 in column X of
//! row 1, and a 1 in r1c4 would need X = 4 — so 1 stands in r1c3 or r1c5,
//! and the rest of row 1 loses its 1
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;

use super::super::budget::tick;
use super::super::grid::{Grid, bit};
use super::super::step::{Found, Step};
use super::super::technique::Technique;
use super::readings::keep;
use super::{CellLink, Source, digit_list, each_digit, elements, labelled, options, technique_of};
use fdoku_sudoku::{Element, ElementKind, Indexer, element_holds};

/// The most digits placed while reading one element in one grid.
const NODES: usize = 20_000;

/// The most readings remembered: forcing nets ask again and again about
/// elements their assumptions leave alone.
const REMEMBERED: usize = 1 << 12;

/// A reading worked out: the element, its cells, the pairs of them that
/// see each other and their candidates.
type Key = (Element, Vec<usize>, Vec<(usize, usize)>, Vec<u32>);

thread_local! {
    /// Readings already worked out: per cell, the digits some filling uses.
    static KNOWN: RefCell<HashMap<Key, Vec<u32>>> = RefCell::new(HashMap::new());
}

/// Reports each element of `technique`'s kinds with a candidate no filling
/// of its cells uses.
pub(super) fn find(grid: &Grid, technique: Technique, found: &mut Found<'_>) -> ControlFlow<()> {
    for (index, element) in elements(grid) {
        if technique_of(ElementKind::of(element)) != technique {
            continue;
        }
        let scope = Scope::of(grid, index);
        if scope.cells.len() <= 2 && !scope.links.is_empty() {
            continue;
        }
        if let Some(step) = read(grid, index, &scope) {
            found(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells of the first element whose cells, and those its relations
/// reach, are all filled and break its rule; `None` when none does. A
/// solved grid never breaks one: an assumption that leads here is false
/// (forcing nets follow it to this contradiction, as to an empty cell).
pub(crate) fn broken(grid: &Grid) -> Option<Vec<usize>> {
    let filled = |cells: &[usize]| cells.iter().all(|&c| grid.value(c) != 0);
    for (index, element) in elements(grid) {
        if !filled(&element.cells(grid.size())) {
            continue;
        }
        let scope = Scope::of(grid, index);
        if !filled(&scope.cells) {
            continue;
        }
        // Open cells as 1, as the search fills them in for the checker.
        let values: Vec<u8> = grid.values().iter().map(|&v| v.max(1)).collect();
        if !element_holds(grid.rules(), element, &values) {
            return Some(scope.cells);
        }
    }
    None
}

/// The cells an element reads and what ties them.
struct Scope<'a> {
    /// The element's cells, then the others its relations reach.
    cells: Vec<usize>,
    /// The element's relations, with the positions of their two cells.
    links: Vec<(usize, usize, &'a CellLink)>,
    /// Positions of two cells that see each other.
    apart: Vec<(usize, usize)>,
}

impl<'a> Scope<'a> {
    fn of(grid: &'a Grid, index: usize) -> Self {
        let element = &grid.rules().elements()[index];
        let mut cells = element.cells(grid.size());
        let own: Vec<&CellLink> = grid
            .links()
            .iter()
            .filter(|l| l.source == Source::Element(index))
            .collect();
        for link in &own {
            for cell in [link.a, link.b] {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
        let position = |cell| cells.iter().position(|&c| c == cell).unwrap_or(0);
        let links = own
            .into_iter()
            .map(|l| (position(l.a), position(l.b), l))
            .collect();
        let mut apart = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                if grid.sees(a, b) {
                    apart.push((i, j));
                }
            }
        }
        Scope {
            cells,
            links,
            apart,
        }
    }
}

/// Ran out of placements.
struct Spent;

/// The search for fillings of one element's cells.
struct Search<'a> {
    grid: &'a Grid,
    element: &'a Element,
    scope: &'a Scope<'a>,
    /// The grid's digits, every open cell 1, the element's cells filled in
    /// at each complete filling for the checker.
    scratch: Vec<u8>,
    nodes: usize,
}

impl Search<'_> {
    /// A filling within `domains` (one digit mask per position) that keeps
    /// the rule, as masks of one digit each; `None` when there is none.
    fn fill(&mut self, domains: Vec<u32>) -> Result<Option<Vec<u32>>, Spent> {
        let open = (0..domains.len())
            .filter(|&p| domains[p].count_ones() > 1)
            .min_by_key(|&p| domains[p].count_ones());
        let Some(p) = open else {
            return Ok(self.holds(&domains).then_some(domains));
        };
        for digit in each_digit(domains[p]) {
            self.nodes += 1;
            if self.nodes > NODES || tick().is_break() {
                return Err(Spent);
            }
            let mut next = domains.clone();
            if forward(self.scope, &mut next, p, digit)
                && let Some(filling) = self.fill(next)?
            {
                return Ok(Some(filling));
            }
        }
        Ok(None)
    }

    /// Whether the complete filling `domains` keeps the element's rule.
    fn holds(&mut self, domains: &[u32]) -> bool {
        for (&cell, &mask) in self.scope.cells.iter().zip(domains) {
            self.scratch[cell] = mask.trailing_zeros() as u8 + 1;
        }
        element_holds(self.grid.rules(), self.element, &self.scratch)
    }
}

/// After placing `digit` at position `p`: narrows every position until
/// each digit left has a partner across each relation and no position
/// holds the one digit of a position it sees; `false` when one is left no
/// digit.
fn forward(scope: &Scope<'_>, domains: &mut [u32], p: usize, digit: u8) -> bool {
    domains[p] = bit(digit);
    let partners =
        |table: &[u32], mask: u32| each_digit(mask).fold(0, |all, d| all | table[usize::from(d)]);
    let mut changed = true;
    while changed {
        changed = false;
        let mut narrow = |domains: &mut [u32], q: usize, to: u32| {
            if domains[q] & to != domains[q] {
                domains[q] &= to;
                changed = true;
            }
        };
        for &(a, b, link) in &scope.links {
            narrow(domains, b, partners(&link.with_a, domains[a]));
            narrow(domains, a, partners(&link.with_b, domains[b]));
        }
        for &(i, j) in &scope.apart {
            if domains[i].count_ones() == 1 {
                narrow(domains, j, !domains[i]);
            }
            if domains[j].count_ones() == 1 {
                narrow(domains, i, !domains[j]);
            }
        }
        if domains.contains(&0) {
            return false;
        }
    }
    true
}

/// Per position of `scope`, the digits some filling keeping the rule
/// uses; `None` when the search runs out of placements.
fn supported(grid: &Grid, index: usize, scope: &Scope<'_>) -> Option<Vec<u32>> {
    let element = &grid.rules().elements()[index];
    let domains: Vec<u32> = scope.cells.iter().map(|&c| options(grid, c)).collect();
    let key = (
        element.clone(),
        scope.cells.clone(),
        scope.apart.clone(),
        domains.clone(),
    );
    if let Some(kept) = KNOWN.with(|known| known.borrow().get(&key).cloned()) {
        return Some(kept);
    }
    let scratch = grid.values().iter().map(|&v| v.max(1)).collect();
    let mut search = Search {
        grid,
        element,
        scope,
        scratch,
        nodes: 0,
    };
    let mut kept = vec![0u32; domains.len()];
    for p in 0..domains.len() {
        for digit in each_digit(domains[p] & !kept[p]) {
            let mut start = domains.clone();
            if !forward(scope, &mut start, p, digit) {
                continue;
            }
            if let Some(filling) = search.fill(start).ok()? {
                for (k, f) in kept.iter_mut().zip(filling) {
                    *k |= f;
                }
            }
        }
    }
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= REMEMBERED {
            known.clear();
        }
        known.insert(key, kept.clone());
    });
    Some(kept)
}

/// The step of one element whose fillings leave some candidate unused.
fn read(grid: &Grid, index: usize, scope: &Scope<'_>) -> Option<Step> {
    let kept = supported(grid, index, scope)?;
    let element = &grid.rules().elements()[index];
    let technique = technique_of(ElementKind::of(element));
    let mut step = keep(grid, &scope.cells, &kept, technique)?;
    let gone: Vec<String> = scope
        .cells
        .iter()
        .zip(&kept)
        .filter(|&(&cell, &k)| grid.value(cell) == 0 && grid.mask(cell) & !k != 0)
        .map(|(&cell, &k)| {
            format!(
                "{} in {}",
                digit_list(grid.mask(cell) & !k),
                grid.name(cell)
            )
        })
        .collect();
    step.elements.push(index);
    step.reason = Some(format!(
        "{}: {}; no filling of its cells from their candidates (different digits where \
         cells see each other) puts {}",
        labelled(grid, index),
        rule_words(grid, element),
        gone.join(", nor ")
    ));
    Some(step)
}

/// The element's rule in words, for the step's reason.
fn rule_words(grid: &Grid, element: &Element) -> String {
    match element {
        Element::Indexer { cell, kind } => {
            let (row, col) = (cell / grid.size() + 1, cell % grid.size() + 1);
            let name = grid.name(*cell);
            match kind {
                Indexer::Column => {
                    format!("{name}'s digit X puts {col} in column X of row {row}")
                }
                Indexer::Row => format!("{name}'s digit X puts {row} in row X of column {col}"),
                Indexer::Box => format!(
                    "{name}'s digit X puts its own place in its region at the X-th cell there"
                ),
            }
        }
        Element::ParityLine { .. } => "odd and even digits alternate along it".to_owned(),
        Element::Nabner { .. } => "no two of its digits are equal or consecutive".to_owned(),
        Element::GreaterThan { cells: [a, b] } => {
            format!("{} is larger than {}", grid.name(*a), grid.name(*b))
        }
        Element::Product { product, .. } => format!("its two digits multiply to {product}"),
        _ => format!("the rule of its {}", element.kind()),
    }
}

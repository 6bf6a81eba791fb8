//! A set of cells as a fixed bitset: one bit per cell of grids up to 32×32.
//!
//! Technique finders ask "which cells see both of these?" and "which cells of
//! this house still hold digit d?" thousands of times per puzzle; a bitset
//! answers with a few word operations and no allocation.
//!
//! ```
//! use fdoku_logic::CellSet;
//!
//! let a: CellSet = [0, 5, 80].into_iter().collect();
//! let b: CellSet = [5, 6].into_iter().collect();
//! assert_eq!((a & b).iter().collect::<Vec<_>>(), [5]);
//! assert_eq!((a | b).len(), 4);
//! assert!((a - b).contains(80));
//! ```

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use fdoku_sudoku::MAX_SIZE;

const WORDS: usize = MAX_SIZE * MAX_SIZE / 64;

/// A set of cell indices below 1024.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet { words: [0; WORDS] };

    /// The set of cells `0..count`.
    pub fn first(count: usize) -> Self {
        let mut set = Self::EMPTY;
        for cell in 0..count {
            set.insert(cell);
        }
        set
    }

    /// Adds a cell.
    pub fn insert(&mut self, cell: usize) {
        self.words[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes a cell.
    pub fn remove(&mut self, cell: usize) {
        self.words[cell / 64] &= !(1 << (cell % 64));
    }

    /// Whether the cell is in the set.
    pub fn contains(&self, cell: usize) -> bool {
        self.words[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether there is no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(&mine, &theirs)| mine & !theirs == 0)
    }

    /// Whether the sets share a cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The smallest cell, if any.
    pub fn first_cell(&self) -> Option<usize> {
        self.iter().next()
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> Self {
        let mut set = Self::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:expr) => {
        impl $trait for CellSet {
            type Output = CellSet;
            fn $method(mut self, other: CellSet) -> CellSet {
                self.$assign(other);
                self
            }
        }
        impl $assign_trait for CellSet {
            fn $assign(&mut self, other: CellSet) {
                for (a, b) in self.words.iter_mut().zip(other.words) {
                    *a = $op(*a, b);
                }
            }
        }
    };
}

word_op!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a: u64, b: u64| a & b
);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a: u64, b: u64| a
    | b);
word_op!(Sub, sub, SubAssign, sub_assign, |a: u64, b: u64| a & !b);

impl Not for CellSet {
    type Output = CellSet;
    fn not(mut self) -> CellSet {
        for word in &mut self.words {
            *word = !*word;
        }
        self
    }
}

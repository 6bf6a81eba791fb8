//! The search state of the 9×9 path: for each digit and band, 27 candidate
//! bits — 27 words (plus bookkeeping), copied whole on a branch.
//!
//! A digit's word keeps the cells where it is placed, so every row of a band
//! always holds at least one bit of every digit until a contradiction. The
//! inference, all on words and small tables:
//!
//! * **band update** (one digit, one band): the triads the digit can use
//!   must contain one of its six *layouts* — one triad per row and per box
//!   — so [`PERMUTATIONS`] removes the rest (locked candidates in the band)
//!   or finds none (a contradiction); a row left with one cell is a hidden
//!   single and is placed;
//! * **naked singles**, per band: counters over the nine digits give the
//!   open cells with one candidate, and those with none;
//! * **stacks** (once the first two are done; with [`Effort::Light`] only
//!   at the root, and not there with [`MANY_GIVENS`]): the same rule for
//!   columns against bands, and a column left with one cell is placed —
//!   one bitwise formula over all digits ([`super::stack_rule`]), eight at
//!   a time on AVX2;
//! * **triad rule** (at the fixpoint, before choosing a branch: on every
//!   band for the givens unless [`MANY_GIVENS`] on a light descent, then
//!   on the band of the last layout choice): a triad holds exactly three
//!   digits. Counting, per triad, the digits with a layout through it and
//!   those with every layout through it finds contradictions, keeps other
//!   digits out of a triad three digits need (a naked triple) and pins the
//!   only three digits that can use one (a hidden triple). On the hardest
//!   sets it saves a fifth to a quarter of the guesses for a few table
//!   lookups;
//! * **column triad rule** (with [`Effort::Full`], when the triad rule
//!   found nothing): the same for the triads where a column meets a box,
//!   on every band at once; the digits' sets are bitwise formulas too,
//!   counted with AVX2 by folding the vector. It saves another eighth of
//!   the guesses on the hardest sets.
//!
//! Placing a digit clears the cell from the other digits, and the digit
//! from the cell's row, box and column. Every write that removes
//! candidates marks the words it changed (`dirty`, one bit a word: a
//! compare and a move mask for the band's words, a test for each of the
//! two column words in the other bands), and propagation updates marked
//! words until none is left. Keeping a copy of the words and comparing all
//! 27 with four AVX2 compares after each round would be slower: those wide
//! loads of words just written one at a time cannot be forwarded from the
//! pending stores and wait for them (measured: serg 2.4 µs a puzzle against
//! 2.1 with the marks). For the same reason a band update that finds
//! hidden singles stores its word only after the band clear has loaded the
//! band's words. The board (212 bytes) is copied with a few vector moves
//! instead of a `memcpy` call.
//!
//! Branching follows tdoku's observation: in the band whose digits have
//! the fewest layouts left in all, split on the layouts of the digit with
//! the fewest. Near the top of the tree ([`TOP_OPEN`] open cells or more)
//! the band is the one with the fewest unsettled digits instead: on the
//! hardest puzzles that choice saves a tenth of the nodes. Only when every
//! layout is settled does it branch on a cell.

use super::simd::{Avx2, Portable, Simd};
use super::stack_rule::{StackPass, count_bits};
use super::tables::{
    BAND, LAYOUTS, LAYOUTS_WITHIN, PEERS_AT, PERMUTATIONS, TRIAD_COUNTS, placed_columns, row_info,
    spread_columns,
};

/// The index of `digit`'s word in `band`: a band's nine words are
/// consecutive, so a placement clears a cell from all of them at once.
const fn at(digit: usize, band: usize) -> usize {
    band * 9 + digit
}

/// For each word, the same digit's words in the other two bands (a table:
/// two loads instead of two compares and selects).
static OTHER_BANDS: [[u8; 2]; 32] = {
    let mut table = [[0; 2]; 32];
    let mut index = 0;
    while index < 27 {
        table[index] = [((index + 9) % 27) as u8, ((index + 18) % 27) as u8];
        index += 1;
    }
    table
};

/// The fewest open cells for which a stack pass pays (see
/// [`Board::stacks_pay`]); measured on the four benchmark sets.
const STACKS_MIN_OPEN: u32 = 25;

/// The open cells from which a branch goes to the band with the fewest
/// unsettled digits rather than the fewest layouts in all: the top of the
/// tree, where the choice decides its size. Measured on random isomorphs of
/// the forum set (so that lucky tie-breaks do not count): 250 → 222 nodes
/// a puzzle; magictour's 21.4 → 21.6, 17-clue's 2.32 → 2.34.
const TOP_OPEN: u32 = 57;

/// The givens from which a light descent skips the stack pass and the triad
/// rule at its root too: puzzles that many givens leave to singles, or have
/// many solutions (the serg set, 34 or 35 givens: 15.5k → 14.6k
/// instructions, same guesses); on unique puzzles with 30 to 36 givens it
/// costs within 1%.
const MANY_GIVENS: u32 = 30;

/// The board cannot be completed.
pub struct Dead;

/// How much inference a node gets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// No column triad rule, and no stack pass below the root (nor at the
    /// root, nor the triad rule there, unless `root_inference`): for a
    /// first descent, while no choice has failed. A puzzle with many
    /// solutions is filled in without paying for refutations it never
    /// needs.
    Light { root_inference: bool },
    /// Everything, at every node.
    Full,
}

impl Effort {
    /// Whether the root gets the stack pass and the triad rule.
    fn at_root(self) -> bool {
        self != Effort::Light {
            root_inference: false,
        }
    }
}

/// Candidates by digit and band, and the cells still open.
#[derive(Clone, Copy)]
pub struct Board {
    /// `candidates[band * 9 + digit]` (see [`at`]), bit `row_in_band * 9 +
    /// column`.
    /// Padded to 32 words (the padding stays 0): an index masked with `& 31`
    /// needs no bounds check.
    candidates: [u32; 32],
    /// The words changed since their last band update (by a branch, or all of
    /// them on a new board): bit [`at`]`(digit, band)`.
    dirty: u32,
    /// The triads of each word at its last band update (nine bits).
    /// Padded to 32 (the padding stays 0) for [`Simd::weights`].
    triads: [u16; 32],
    /// Per band, the cells not placed yet.
    open: [u32; 3],
    /// The choice that led here, if any.
    chosen: Chosen,
}

/// The choice a board was made by.
#[derive(Clone, Copy)]
enum Chosen {
    /// None: the givens.
    Nothing,
    /// A layout of a digit in this band.
    Layout(u8),
    /// A digit of a cell: taken only once every layout is settled, which
    /// stays so.
    Cell,
}

/// What to do after propagating.
pub enum Step {
    /// Every cell is placed.
    Solved,
    /// Candidates were removed: propagate again.
    Again,
    /// Branch.
    Split(Branch),
}

/// Where to branch.
pub enum Branch {
    /// A cell (0..27) of a band, and its digits (bit `d` for digit `d + 1`).
    Cell {
        band: usize,
        cell: usize,
        digits: u32,
    },
    /// A digit in a band, and its layouts left (bit `k` for [`LAYOUTS`]`[k]`).
    Layout {
        digit: usize,
        band: usize,
        layouts: u32,
    },
}

impl Branch {
    /// The options, as bits.
    pub fn options(&self) -> u32 {
        match *self {
            Branch::Cell { digits, .. } => digits,
            Branch::Layout { layouts, .. } => layouts,
        }
    }
}

/// The peers of `cells` in their band (the rest of their rows and boxes),
/// or `Dead` when two of them share a row.
fn peers_of(cells: u32) -> Result<u32, Dead> {
    let info = row_info(cells);
    if info as u32 & BAND != cells {
        return Err(Dead);
    }
    Ok((info >> PEERS_AT) as u32)
}

impl Board {
    /// The board with `givens` (81 digits, 0 for empty) placed, or `Dead`
    /// when two givens clash; set up on AVX2 when given it.
    pub fn new(givens: &[u8], avx2: Option<Avx2>) -> Result<Board, Dead> {
        match avx2 {
            Some(avx2) => avx2.run(|| Board::setup(avx2, givens)),
            None => Portable.run(|| Board::setup(Portable, givens)),
        }
    }

    /// [`Board::new`], inlined into the instruction set's function.
    #[inline(always)]
    fn setup(simd: impl Simd, givens: &[u8]) -> Result<Board, Dead> {
        let mut board = Board {
            candidates: [0; 32],
            dirty: BAND,
            triads: {
                let mut triads = [0x1ff; 32];
                triads[27..].fill(0);
                triads
            },
            open: [BAND; 3],
            chosen: Chosen::Nothing,
        };
        // Group the givens by band and value, then set every word at once:
        // no other digit in a given's cell, no given's digit in its peers.
        // Value 0 gives the open cells of each band.
        let values = match <&[u8; 81]>::try_from(givens) {
            Ok(givens) => simd.band_values(givens),
            Err(_) => {
                let mut padded = [0; 81];
                let known = givens.len().min(81);
                padded[..known].copy_from_slice(&givens[..known]);
                simd.band_values(&padded)
            }
        };
        board.candidates = simd.given_candidates(&values).ok_or(Dead)?;
        board.open = values.map(|band| band[0]);
        Ok(board)
    }

    /// The light effort for a search from this board, as it comes from
    /// [`Board::new`]: a stack pass and the triad rule at the root unless
    /// the givens are [`MANY_GIVENS`] or more.
    pub fn light_effort(&self) -> Effort {
        Effort::Light {
            root_inference: 81 - self.open_cells() < MANY_GIVENS,
        }
    }

    /// How many cells are not placed yet.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.open.iter().map(|cells| cells.count_ones()).sum()
    }

    /// Removes `digit` (1..=9) from the candidates of `cell` (0..81).
    pub fn exclude(&mut self, cell: usize, digit: u8) {
        let index = at(usize::from(digit.max(1)) - 1, cell / 27) % 27;
        self.candidates[index] &= !(1 << (cell % 27));
        self.dirty |= 1 << index;
    }

    /// Places `digit` on `cells` of `band`, at most one a row, clearing
    /// their `peers` (from [`row_info`]; cells that see each other remove
    /// each other, and the next band update finds the contradiction).
    /// Returns the words that lost candidates (bit [`at`]`(digit, band)`).
    #[inline(always)]
    #[must_use]
    fn place(&mut self, simd: impl Simd, digit: usize, band: usize, cells: u32, peers: u32) -> u32 {
        let marks = self.clear_other_digits(simd, digit, band, cells);
        self.place_sole(digit, band, cells, peers, marks)
    }

    /// Clears `cells` from the words of `band` (the digit's own too: the
    /// caller writes it after); returns the other digits' words that had
    /// them.
    #[inline(always)]
    fn clear_other_digits(
        &mut self,
        simd: impl Simd,
        digit: usize,
        band: usize,
        cells: u32,
    ) -> u32 {
        let hit = simd.clear_cells(self.band_mut(band), cells) & !(1 << digit);
        hit << (9 * band)
    }

    /// The nine words of `band` (0..3).
    fn band_mut(&mut self, band: usize) -> &mut [u32; 9] {
        let (words, _) = self.candidates[band.min(2) * 9..]
            .split_first_chunk_mut::<9>()
            .unwrap_or_else(|| unreachable!("three bands of nine words"));
        words
    }

    /// [`Board::place`] for cells where `digit` is the only candidate left,
    /// `marks` the words the other digits' cleared cells changed.
    #[inline(always)]
    #[must_use]
    fn place_sole(&mut self, digit: usize, band: usize, cells: u32, peers: u32, marks: u32) -> u32 {
        let index = at(digit, band);
        let word = self.candidates[index] | cells;
        // The digit's own word is marked only when it loses peers (or cells
        // that see each other).
        let own = u32::from(word & peers != 0) << index;
        self.settle(digit, band, cells, word & !peers, marks | own)
    }

    /// The end of every placement of `digit` on `cells` of `band`: `word`
    /// is the digit's word there now, and the cells' columns are cleared
    /// from its other words. Returns the words changed: `marks`, and the
    /// column words that lose candidates.
    #[inline(always)]
    #[must_use]
    fn settle(&mut self, digit: usize, band: usize, cells: u32, word: u32, marks: u32) -> u32 {
        self.open[band] &= !cells;
        let index = at(digit, band);
        // In the cells' own band their columns are in their boxes: peers.
        let column = spread_columns(placed_columns(cells));
        let mut dirty = marks;
        for other in OTHER_BANDS[index & 31] {
            let at = usize::from(other) & 31;
            dirty |= u32::from(self.candidates[at] & column != 0) << at;
            self.candidates[at] &= !column;
        }
        self.candidates[index] = word;
        dirty
    }

    /// Propagates to a fixpoint: updates the [`Board::dirty`] words (each
    /// marks the words its placements change) until none is left.
    pub fn propagate(&mut self, simd: impl Simd, effort: Effort) -> Result<(), Dead> {
        simd.run(|| {
            loop {
                // Kept out of `self` meanwhile: in a register.
                let mut dirty = std::mem::take(&mut self.dirty);
                while dirty != 0 {
                    // One loop over the 27 words, not one per band: each
                    // loop's exit is a branch the CPU mispredicts.
                    let mut words = dirty;
                    while words != 0 {
                        let index = words.trailing_zeros() as usize;
                        let band = index / 9;
                        dirty &= !(1 << index);
                        dirty |= self.update_band(simd, index - 9 * band, band)?;
                        words &= words - 1;
                    }
                }
                if self.naked_singles(simd)? {
                    continue;
                }
                if self.open == [0; 3] {
                    return Ok(());
                }
                if !self.stacks_pay(effort) {
                    return Ok(());
                }
                self.stacks(simd)?;
                if self.dirty == 0 {
                    return Ok(());
                }
            }
        })
    }

    /// The band rule on `digit`'s word in `band`, and its hidden singles
    /// placed; returns the words that placing them changed.
    #[inline(always)]
    fn update_band(&mut self, simd: impl Simd, digit: usize, band: usize) -> Result<u32, Dead> {
        let index = at(digit, band);
        let before = self.candidates[index];
        // The triads and the rows with one cell, before the permutation
        // rule: it keeps the same layouts, and never removes a row's only
        // cell (that triad is in every layout left, or none is left).
        let info = row_info(before);
        let triads = (info >> 27) as usize & 0x1ff;
        self.triads[index] = triads as u16;
        let bits = before & PERMUTATIONS[triads];
        if bits == 0 {
            return Err(Dead);
        }
        // When the rule removed cells, rows may have one cell left.
        let info = if bits == before { info } else { row_info(bits) };
        let sole = info as u32 & self.open[band];
        if sole == 0 {
            self.candidates[index] = bits;
            return Ok(0);
        }
        // Hidden singles. Their peers are gone already: the rule kept only
        // layouts through a row's one triad, so no other row of its box has
        // cells; the peers of sole cells placed before went with them. So
        // `bits` stays the word (stored once the band's other words are
        // cleared: a wide load of a word just stored waits for the store).
        let marks = self.clear_other_digits(simd, digit, band, sole);
        Ok(self.settle(digit, band, sole, bits, marks))
    }

    /// Places every naked single; `Ok(true)` if there was one. The counters
    /// of the three bands are taken together (a placement in one band can
    /// only remove candidates in the others, which the next round sees).
    #[inline(always)]
    fn naked_singles(&mut self, simd: impl Simd) -> Result<bool, Dead> {
        let counters = simd.band_counters(&self.candidates);
        let mut placed = false;
        for (band, (one, two)) in counters.into_iter().enumerate() {
            let open = self.open[band];
            if open & !one != 0 {
                return Err(Dead);
            }
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            for digit in 0..9 {
                let cells = self.candidates[at(digit, band)] & singles;
                if cells != 0 {
                    self.dirty |= self.place_sole(digit, band, cells, peers_of(cells)?, 0);
                }
            }
            placed = true;
        }
        Ok(placed)
    }

    /// Cells of `band` with at least one, two and three candidates.
    #[inline(always)]
    fn counters(&self, band: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for digit in 0..9 {
            let bits = self.candidates[at(digit, band)];
            three |= two & bits;
            two |= one & bits;
            one |= bits;
        }
        (one, two, three)
    }

    /// Whether a stack pass is worth its cost: not below the root with
    /// [`Effort::Light`] (nor at the root without `root_inference`), not
    /// once every layout is settled (cell branches), nor with fewer than
    /// [`STACKS_MIN_OPEN`] open cells, where singles soon find what it
    /// would.
    #[inline(always)]
    fn stacks_pay(&self, effort: Effort) -> bool {
        let allowed = match self.chosen {
            Chosen::Nothing => effort.at_root(),
            Chosen::Layout(_) => effort == Effort::Full,
            Chosen::Cell => false,
        };
        allowed && self.open_cells() >= STACKS_MIN_OPEN
    }

    /// The permutation rule on stacks and hidden singles in columns
    /// ([`super::stack_rule`]), on every digit from the same words; then
    /// the singles are placed.
    #[inline(always)]
    fn stacks(&mut self, simd: impl Simd) -> Result<(), Dead> {
        let StackPass {
            changed,
            found,
            singles,
        } = simd.stacks(&mut self.candidates, self.open);
        self.dirty |= changed;
        for band in 0..3 {
            let mut digits = found >> (9 * band) & 0x1ff;
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let cells = singles[at(digit, band)];
                // A cell placed since: two digits alone in their columns
                // there.
                if cells & !self.open[band] != 0 {
                    return Err(Dead);
                }
                self.dirty |= self.place(simd, digit, band, cells, peers_of(cells)?);
            }
        }
        Ok(())
    }

    /// What to do at a propagation fixpoint: [`Step::Solved`] when every
    /// cell is placed; [`Step::Again`] when the triad rule removed
    /// candidates; else where to branch — in the band whose digits have the
    /// fewest layouts left in all (near the top, the fewest unsettled
    /// digits), the digit with the fewest (two or more),
    /// or a cell once every digit's layout is settled. `Dead` when the
    /// triad rule finds a contradiction.
    pub fn branch(&mut self, simd: impl Simd, effort: Effort) -> Result<Step, Dead> {
        simd.run(|| self.choose_branch(simd, effort))
    }

    /// [`Board::branch`], inlined into the instruction set's function.
    #[inline(always)]
    fn choose_branch(&mut self, simd: impl Simd, effort: Effort) -> Result<Step, Dead> {
        if self.open == [0; 3] {
            return Ok(Step::Solved);
        }
        // The triad rule on the band of the last layout choice (on every
        // band for the givens): without it, layout choices could pile up
        // unrefuted until the cells run out.
        let bands = match self.chosen {
            Chosen::Layout(band) => 1 << band,
            Chosen::Nothing if effort.at_root() => 7,
            // Many givens on a light descent: not even there.
            Chosen::Nothing => 0,
            // Every layout is still settled: no need to look.
            Chosen::Cell => return Ok(self.branch_cell()),
        };
        // The column triad rule only when the row rule (one band, a few
        // lookups) found nothing; and not on a light descent, not even at
        // its root: measured on magictour, the root's column triads lead to
        // 10.00 guesses a puzzle against 9.72 without (the other sets:
        // within ±2%).
        let columns = effort == Effort::Full;
        if self.triad_rule(bands)? || columns && self.column_triad_rule(simd)? {
            return Ok(Step::Again);
        }
        // The band with the fewest layouts of unsettled digits in all; near
        // the top of the tree, with the fewest unsettled digits.
        let top = self.open_cells() >= TOP_OPEN;
        let (weights, totals) = simd.weights(&self.triads, top);
        let (mut fewest, mut band) = (u32::MAX, 0);
        for (b, &total) in totals.iter().enumerate() {
            if total > 0 && total < fewest {
                (fewest, band) = (total, b);
            }
        }
        if fewest == u32::MAX {
            return Ok(self.branch_cell());
        }
        // Its unsettled digit with the fewest layouts, the lowest on a tie:
        // the minimum of (layouts - 1) << 4 | digit, which wraps to the top
        // for settled digits (weight 0). Without branches.
        let mut key = u32::MAX;
        for digit in 0..9 {
            let weight = u32::from(weights[at(digit, band) & 31]);
            key = key.min(weight.wrapping_sub(1) << 4 | digit as u32);
        }
        let digit = key as usize & 15;
        let layouts = u32::from(LAYOUTS_WITHIN[self.triads_of(digit, band)]);
        Ok(Step::Split(Branch::Layout {
            digit,
            band,
            layouts,
        }))
    }

    /// Every column triad (the three cells where a column meets a box)
    /// holds exactly three digits: the [`Board::triad_rule`] for columns,
    /// on every band at once. A digit can use a column triad when its words
    /// touch the column in that band, and must when it is the only column
    /// of its stack there. `Ok(true)` when it removed candidates (their
    /// words are marked dirty).
    #[inline(always)]
    fn column_triad_rule(&mut self, simd: impl Simd) -> Result<bool, Dead> {
        let triads = simd.column_triads(&self.candidates);
        let at_least = |k: usize| (triads.counts[k] as u32, (triads.counts[k] >> 32) as u32);
        let ((can_three, must_three), (can_four, must_four)) = (at_least(2), at_least(3));
        if can_three != BAND || must_four != 0 {
            return Err(Dead);
        }
        // Only where some digit can but need not use the triad: three that
        // must and a fourth that can, or three that can and fewer that must.
        let (exclusive, forced) = (must_three & can_four, can_three & !can_four & !must_three);
        if exclusive | forced == 0 {
            return Ok(false);
        }
        let mut removed = false;
        for digit in 0..9 {
            let (can, must) = (triads.can[digit], triads.must[digit]);
            let (drop, force) = (exclusive & can & !must, forced & can & !must);
            if drop | force == 0 {
                continue;
            }
            // A forced column triad: not the other columns of its stack in
            // that band.
            let stacks = ((force | force >> 1 | force >> 2) & 0o111_111_111) * 7;
            let keep = can & !drop & !(stacks & !force);
            for band in 0..3 {
                let index = at(digit, band);
                let word = self.candidates[index] & spread_columns(keep >> (9 * band) & 0x1ff);
                if word != self.candidates[index] {
                    self.candidates[index] = word;
                    self.dirty |= 1 << index;
                    removed = true;
                }
            }
        }
        Ok(removed)
    }

    /// Every triad (the three cells where a row meets a box) holds exactly
    /// three digits. In each of `bands` (bits): fewer than three digits
    /// with a layout through a triad, or more than three whose every
    /// layout goes through it, is a contradiction; three that must be
    /// there keep the others out (a naked triple on the triad); three that
    /// can be there must all be (a hidden triple). `Ok(true)` when it
    /// removed candidates (their words are marked dirty).
    #[inline(always)]
    fn triad_rule(&mut self, bands: u32) -> Result<bool, Dead> {
        let mut removed = false;
        let mut bands = bands;
        while bands != 0 {
            let band = (bands.trailing_zeros() as usize).min(2);
            bands &= bands - 1;
            // Per triad, how many digits can (bits 0..9) and must (bits
            // 16..25) use it: the counters saturate at four.
            let mut counts = [0u32; 4];
            for digit in 0..9 {
                count_bits(&mut counts, TRIAD_COUNTS[self.triads_of(digit, band)]);
            }
            if counts[2] & 0x1ff != 0x1ff || counts[3] >> 16 != 0 {
                return Err(Dead);
            }
            let exclusive = counts[2] >> 16 & counts[3];
            let forced = !counts[3] & !(counts[2] >> 16) & 0x1ff;
            if exclusive | forced == 0 {
                continue;
            }
            for digit in 0..9 {
                let both = TRIAD_COUNTS[self.triads_of(digit, band)];
                let (open, free) = (both & 0x1ff, both & !(both >> 16) & 0x1ff);
                let (drop, mut force) = (exclusive & free, forced & free);
                if drop | force == 0 {
                    continue;
                }
                let mut keep = open & !drop;
                while force != 0 {
                    // Only layouts through a forced triad: not the other
                    // triads of its row (three bits) or its box (every third).
                    let triad = force.trailing_zeros();
                    force &= force - 1;
                    keep &= !(7 << (triad / 3 * 3) | 0x49 << (triad % 3)) | 1 << triad;
                }
                let index = at(digit, band);
                let word = self.candidates[index] & PERMUTATIONS[keep as usize & 0x1ff];
                if word == 0 {
                    return Err(Dead);
                }
                self.candidates[index] = word;
                self.dirty |= 1 << index;
                removed = true;
            }
        }
        Ok(removed)
    }

    /// The triads of `digit` in `band` at its last band update, masked to
    /// nine bits: the tables over them are then indexed without a bounds
    /// check.
    #[inline(always)]
    fn triads_of(&self, digit: usize, band: usize) -> usize {
        usize::from(self.triads[at(digit, band)]) & 0x1ff
    }

    /// The open cell to branch on: the first with two candidates, else one
    /// with the fewest; [`Step::Solved`] when every cell is placed.
    #[inline(always)]
    fn branch_cell(&self) -> Step {
        let cell_branch = |band, cell| Branch::Cell {
            band,
            cell,
            digits: self.digits_at(band, cell),
        };
        for band in 0..3 {
            let (_, two, three) = self.counters(band);
            let pairs = self.open[band] & two & !three;
            if pairs != 0 {
                return Step::Split(cell_branch(band, pairs.trailing_zeros() as usize));
            }
        }
        let mut best: Option<(u32, usize, usize)> = None;
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let cell = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.digits_at(band, cell).count_ones();
                if best.is_none_or(|(fewest, _, _)| count < fewest) {
                    best = Some((count, band, cell));
                }
            }
        }
        best.map_or(Step::Solved, |(_, band, cell)| {
            Step::Split(cell_branch(band, cell))
        })
    }

    /// Takes option `option` of `branch` (a digit of a cell, a layout of a
    /// digit in a band).
    #[inline(always)]
    pub fn take(&mut self, simd: impl Simd, branch: &Branch, option: usize) {
        match *branch {
            Branch::Cell { band, cell, .. } => {
                let cells = 1 << cell;
                self.dirty |= self.place(
                    simd,
                    option,
                    band,
                    cells,
                    (row_info(cells) >> PEERS_AT) as u32,
                );
                self.chosen = Chosen::Cell;
            }
            Branch::Layout { digit, band, .. } => {
                self.candidates[at(digit, band)] &= LAYOUTS[option % 6];
                self.chosen = Chosen::Layout(band as u8);
                self.dirty = 1 << at(digit, band);
            }
        }
    }

    /// The digits (bit `d` for digit `d + 1`) still possible in a cell.
    #[inline(always)]
    fn digits_at(&self, band: usize, cell: usize) -> u32 {
        let mut digits = 0;
        for digit in 0..9 {
            digits |= (self.candidates[at(digit, band)] >> cell & 1) << digit;
        }
        digits
    }

    /// The grid, once every cell is placed.
    pub fn grid(&self) -> [u8; 81] {
        let mut grid = [0u8; 81];
        for (index, &word) in self.candidates[..27].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = (index / 9) * 27 + bits.trailing_zeros() as usize;
                grid[cell % 81] = (index % 9) as u8 + 1;
                bits &= bits - 1;
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::super::simd::{Avx2, Portable, Simd};
    use super::{Board, Branch, Effort, MANY_GIVENS, Step, TOP_OPEN};

    #[test]
    fn clearing_cells_reports_the_words_that_had_them_on_both_paths() {
        let words: [u32; 9] = [0b1, 0b10, 0b11, 0, 1 << 26, 0b100, 0b101, 1 << 26 | 1, 0b1];
        let cells = 0b1 | 1 << 26;
        let mut portable = words;
        let hit = Portable.clear_cells(&mut portable, cells);
        assert_eq!(hit, 0b1_1101_0101);
        assert_eq!(portable, [0, 0b10, 0b10, 0, 0, 0b100, 0b100, 0, 0]);
        if let Some(avx2) = Avx2::detect() {
            let mut vector = words;
            assert_eq!(avx2.run(|| avx2.clear_cells(&mut vector, cells)), hit);
            assert_eq!(vector, portable);
        }
    }

    #[test]
    fn band_counters_count_each_cells_candidates_on_both_paths() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..500 {
            let mut candidates = [0u32; 32];
            for word in &mut candidates[..27] {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Sparser words in later rounds: cells with 0, 1 and 2.
                *word =
                    (state >> 11) as u32 & (state >> 37) as u32 >> (round % 3) & ((1 << 27) - 1);
            }
            let expected: [(u32, u32); 3] = std::array::from_fn(|band| {
                let (mut one, mut two) = (0, 0);
                for cell in 0..27 {
                    let count = (0..9)
                        .filter(|digit| candidates[band * 9 + digit] >> cell & 1 == 1)
                        .count();
                    one |= u32::from(count >= 1) << cell;
                    two |= u32::from(count >= 2) << cell;
                }
                (one, two)
            });
            assert_eq!(Portable.band_counters(&candidates), expected);
            if let Some(avx2) = Avx2::detect() {
                assert_eq!(avx2.run(|| avx2.band_counters(&candidates)), expected);
            }
        }
    }

    #[test]
    fn a_board_is_small_enough_to_copy_without_memcpy() {
        // x86-64 copies up to eight 32-byte vectors inline.
        assert_eq!(size_of::<Board>(), 212);
    }

    #[test]
    fn near_the_top_a_branch_goes_to_the_band_with_the_fewest_unsettled_digits() {
        // Row 0 holds 1..9: in band 0 every digit keeps two layouts. In band
        // 1, digits 1, 2 and 3 have givens in two rows each (one layout
        // left); the other six keep more. Band 2 is empty.
        let mut givens = [0u8; 81];
        for (column, digit) in (1..=9).enumerate() {
            givens[column] = digit;
        }
        for (row, column, digit) in [
            (3, 1, 1),
            (4, 4, 1),
            (3, 5, 2),
            (4, 7, 2),
            (3, 7, 3),
            (4, 0, 3),
        ] {
            givens[row * 9 + column] = digit;
        }
        let mut board = Board::new(&givens, None).unwrap_or_else(|_| panic!("no clash"));
        let step = loop {
            board
                .propagate(Portable, Effort::Full)
                .unwrap_or_else(|_| panic!("solvable"));
            match board.branch(Portable, Effort::Full) {
                Ok(Step::Again) => {}
                Ok(step) => break step,
                Err(_) => panic!("solvable"),
            }
        };
        // Nothing placed beyond the givens: the top of the tree.
        assert_eq!(board.open_cells(), 66);
        assert!(board.open_cells() >= TOP_OPEN);
        // Fewest layouts in all would pick band 0; fewest unsettled digits
        // picks band 1 (six against nine in each other band).
        let (_, layouts) = Portable.weights(&board.triads, false);
        let (_, unsettled) = Portable.weights(&board.triads, true);
        assert!(
            layouts[0] < layouts[1] && layouts[0] < layouts[2],
            "{layouts:?}"
        );
        assert_eq!(unsettled, [9, 6, 9]);
        assert!(matches!(step, Step::Split(Branch::Layout { band: 1, .. })));
    }

    #[test]
    fn a_light_root_goes_without_stacks_and_triads_from_many_givens_on() {
        // The first `count` cells of a solution grid (rows of a shifted
        // pattern: every row, column and box holds each digit once).
        let solution: Vec<u8> = (0..81)
            .map(|cell| ((cell / 9 * 3 + cell / 27 + cell % 9) % 9 + 1) as u8)
            .collect();
        let light = |count: usize| {
            let mut givens = [0; 81];
            givens[..count].copy_from_slice(&solution[..count]);
            let board = Board::new(&givens, None).unwrap_or_else(|_| panic!("no clash"));
            board.light_effort()
        };
        let many = MANY_GIVENS as usize;
        assert!(
            light(many - 1)
                == Effort::Light {
                    root_inference: true
                }
        );
        assert!(
            light(many)
                == Effort::Light {
                    root_inference: false
                }
        );
        assert!(light(0).at_root() && !light(81).at_root());
    }
}

//! Lookup tables over one band, computed at compile time.
//!
//! A band is three rows of the grid; one digit's candidates in a band are 27
//! bits, `row * 9 + column`. A *triad* is the three cells where a row of the
//! band meets a box; the band's nine triads are numbered `row * 3 + box`.
//! A digit sits in exactly one triad per row and one per box of the band, so
//! the triads it uses form a 3×3 permutation matrix — the fact
//! [`PERMUTATIONS`] turns into eliminations (locked candidates, pointing and
//! claiming, for the band in one lookup).
//!
//! ```text
//! row chunk 0b000_000_101 (columns 1 and 3)  →  boxes 0b001 (box 1)
//! triads 0b010_010_101  →  row 0 may use box 1 or 3, rows 1 and 2 only box 2:
//!                          no permutation, PERMUTATIONS = 0 (a contradiction)
//! ```

/// The 27 bits of a band.
pub const BAND: u32 = (1 << 27) - 1;

/// Spreads a 9-bit column set over the three rows of a band.
pub const fn spread_columns(columns: u32) -> u32 {
    columns * 0x40201
}

/// The columns of a band's cells in distinct columns, as 9 bits: the sum
/// of the three rows, which is their union when no two share a column (one
/// multiply: the third row of `cells * 0x40201` adds all three). Cells of
/// one digit in one column of a band share a box — a contradiction, which
/// the band update finds whatever this returns.
pub const fn placed_columns(cells: u32) -> u32 {
    cells.wrapping_mul(0x40201) >> 18 & 0x1ff
}

/// For nine triad bits, the union of the permutation matrices they contain,
/// spread back to the 27 cell bits of the band; 0 when there is none.
pub static PERMUTATIONS: [u32; 512] = spread_all(combine_layouts(false));

/// The six ways a digit can sit in a band (one triad per row and per box),
/// as the 27 cell bits of their triads.
pub static LAYOUTS: [u32; 6] = layouts();

/// For nine triad bits, which of the six [`LAYOUTS`] they contain (bit `k`).
pub static LAYOUTS_WITHIN: [u8; 512] = layouts_within();

/// For nine triad bits, how many of the six [`LAYOUTS`] they contain when
/// that is two or more, else 0: the layouts of a digit left to choose from
/// (a digit settled in a band has one).
pub static LAYOUT_WEIGHT: [u8; 512] = layout_weight();

/// The nine triad bits of each of the six [`LAYOUTS`] (read by the AVX2
/// kernels only).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub static LAYOUT_TRIADS: [u16; 6] = layout_triad_bits();

/// For nine triad bits, the triads some layout within them uses (bits
/// 0..9) and those every layout uses (bits 16..25): one lookup gives both,
/// and one set of bit counters adds them up for the nine digits.
pub static TRIAD_COUNTS: [u32; 512] = triad_counts();

/// For each row `r` of a band and that row's nine bits: the row's bits
/// again when exactly one is set (at `9 * r`), the boxes it touches (at
/// `27 + 3 * r`), and when one is set, that cell's peers in the band — the
/// rest of its row and of its box (at [`PEERS_AT`]). Or-ing the three rows'
/// entries gives a band word's sole cells in its rows (low 27 bits), its
/// triads (bits 27..36) and what placing the digit on its sole cells
/// clears, at once.
pub static ROW_INFO: [[u64; 512]; 3] = row_info_table();

/// Where the peers of a row's sole cell start in a [`ROW_INFO`] entry.
pub const PEERS_AT: u32 = 37;

/// A band word's sole cells in its rows (low 27 bits), its triads (bits
/// 27..36) and the peers of its sole cells (from [`PEERS_AT`]), from
/// [`ROW_INFO`].
#[inline(always)]
pub fn row_info(word: u32) -> u64 {
    ROW_INFO[0][(word & 0x1ff) as usize]
        | ROW_INFO[1][(word >> 9 & 0x1ff) as usize]
        | ROW_INFO[2][(word >> 18 & 0x1ff) as usize]
}

/// For a row's nine bits, the boxes (3 bits) where it has any.
const fn triads_of_row() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut b = 0;
        while b < 3 {
            if row >> (3 * b) & 7 != 0 {
                boxes |= 1 << b;
            }
            b += 1;
        }
        table[row] = boxes;
        row += 1;
    }
    table
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The union (`all = false`) or the intersection (`all = true`) of the
/// layouts within each set of triads; 0 when none fits.
const fn combine_layouts(all: bool) -> [u32; 512] {
    let within = layouts_within();
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut combined = if all { 0x1ff } else { 0 };
        let mut layout = 0;
        while layout < 6 {
            if within[triads] >> layout & 1 == 1 {
                combined = if all {
                    combined & layout_triads(layout)
                } else {
                    combined | layout_triads(layout)
                };
            }
            layout += 1;
        }
        table[triads] = if within[triads] == 0 { 0 } else { combined };
        triads += 1;
    }
    table
}

const fn triad_counts() -> [u32; 512] {
    let (some, every) = (combine_layouts(false), combine_layouts(true));
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = some[triads] | every[triads] << 16;
        triads += 1;
    }
    table
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn layout_triad_bits() -> [u16; 6] {
    let mut table = [0u16; 6];
    let mut layout = 0;
    while layout < 6 {
        table[layout] = layout_triads(layout) as u16;
        layout += 1;
    }
    table
}

const fn layout_triads(layout: usize) -> u32 {
    (1 << PERMS[layout][0]) | (1 << (3 + PERMS[layout][1])) | (1 << (6 + PERMS[layout][2]))
}

const fn layouts() -> [u32; 6] {
    let mut table = [0u32; 6];
    let mut layout = 0;
    while layout < 6 {
        table[layout] = spread_triads(layout_triads(layout));
        layout += 1;
    }
    table
}

/// The one containment test every layout table derives from.
const fn layouts_within() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut within = 0;
        let mut layout = 0;
        while layout < 6 {
            if layout_triads(layout) & !(triads as u32) == 0 {
                within |= 1 << layout;
            }
            layout += 1;
        }
        table[triads] = within;
        triads += 1;
    }
    table
}

const fn layout_weight() -> [u8; 512] {
    let within = layouts_within();
    let mut table = [0u8; 512];
    let mut triads = 0;
    while triads < 512 {
        let count = within[triads].count_ones() as u8;
        table[triads] = if count >= 2 { count } else { 0 };
        triads += 1;
    }
    table
}

const fn spread_triads(triads: u32) -> u32 {
    let mut bits = 0;
    let mut t = 0;
    while t < 9 {
        if triads >> t & 1 == 1 {
            bits |= 7 << ((t / 3) * 9 + (t % 3) * 3);
        }
        t += 1;
    }
    bits
}

const fn spread_all(triads: [u32; 512]) -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        table[i] = spread_triads(triads[i]);
        i += 1;
    }
    table
}

/// A row's nine bits when exactly one is set, else 0.
const fn sole_in_row() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() == 1 {
            table[row] = row as u16;
        }
        row += 1;
    }
    table
}

const fn row_info_table() -> [[u64; 512]; 3] {
    let triads = triads_of_row();
    let sole = sole_in_row();
    let mut table = [[0u64; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut row = 0;
        while row < 512 {
            let peers = if sole[row] == 0 {
                0
            } else {
                let cell = 9 * r + (row as u32).trailing_zeros() as usize;
                let box_bits = spread_columns(7 << (cell % 9 / 3 * 3));
                (0x1ff << (9 * r) | box_bits) & !(1 << cell)
            };
            table[r][row] = (sole[row] as u64) << (9 * r)
                | (triads[row] as u64) << (27 + 3 * r)
                | (peers as u64) << PEERS_AT;
            row += 1;
        }
        r += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_keep_only_triads_on_some_permutation() {
        // Row 0 may use boxes 0 or 1, row 1 only box 0, row 2 anything:
        // row 1 takes box 0, row 0 box 1, row 2 box 2.
        let triads_left = |t: usize| triads(PERMUTATIONS[t]);
        assert_eq!(triads_left(0b111_001_011), 0b100_001_010);
        assert_eq!(triads_left(0b111_111_111), 0b111_111_111);
        assert_eq!(triads_left(0b001_001_110), 0, "two rows want box 0 only");
        assert_eq!(PERMUTATIONS[0b100_010_001], 7 << 24 | 7 << 12 | 7);
    }

    #[test]
    fn layouts_are_counted_and_their_common_triads_required() {
        assert_eq!(LAYOUT_WEIGHT[0x1ff], 6);
        assert_eq!(LAYOUT_WEIGHT[0b111_001_011], 0, "one layout: settled");
        assert_eq!(LAYOUT_WEIGHT[0b001_001_110], 0, "no layout");
        assert_eq!(
            TRIAD_COUNTS[0b111_001_011],
            0b100_001_010 << 16 | 0b100_001_010
        );
        assert_eq!(
            TRIAD_COUNTS[0x1ff], 0x1ff,
            "no triad is forced on an empty band"
        );
        assert_eq!(TRIAD_COUNTS[0b001_001_110], 0, "no layout");
        // Row 0 fixed to box 0: the other rows share boxes 1 and 2.
        assert_eq!(LAYOUT_WEIGHT[0b110_110_001], 2);
        assert_eq!(TRIAD_COUNTS[0b110_110_001] >> 16, 0b000_000_001);
        for (k, &layout) in LAYOUTS.iter().enumerate() {
            assert_eq!(layout.count_ones(), 9, "three triads of three cells");
            assert_eq!(usize::from(LAYOUT_TRIADS[k]), triads(layout));
            assert_eq!(PERMUTATIONS[triads(layout)], layout);
            assert_eq!(LAYOUTS_WITHIN[triads(layout)], 1 << k);
        }
    }

    /// The triads a 27-bit word touches.
    fn triads(word: u32) -> usize {
        (0..9)
            .filter(|t| word & (7 << (t / 3 * 9 + t % 3 * 3)) != 0)
            .fold(0, |acc, t| acc | 1 << t)
    }

    #[test]
    fn a_sole_cell_clears_its_row_and_box_but_not_itself() {
        // Row 1 of the band, column 1 alone: cell 10, box 0.
        let peers = (ROW_INFO[1][0b10] >> PEERS_AT) as u32;
        assert_eq!(peers & (1 << 10), 0);
        assert_eq!(peers | 1 << 10, 0x1ff << 9 | spread_columns(7));
        assert_eq!(peers.count_ones(), 9 + 6 - 1);
        // Two cells in a row: neither is sole, nothing is cleared.
        assert_eq!(ROW_INFO[1][0b11] >> PEERS_AT, 0);
    }

    #[test]
    fn rows_map_to_their_boxes() {
        let info = |r: usize, row: usize| ROW_INFO[r][row] & ((1 << PEERS_AT) - 1);
        assert_eq!(info(0, 0b100_000_010), 0b101 << 27);
        assert_eq!(info(1, 0b100_000_010), 0b101 << 30);
        assert_eq!(info(0, 0b000_010_000), 0b010 << 27 | 0b000_010_000);
        assert_eq!(info(2, 0b000_010_000), 0b010 << 33 | 0b000_010_000 << 18);
        assert_eq!(info(1, 0b000_010_001), 0b011 << 30);
    }

    #[test]
    fn placed_columns_are_the_columns_of_cells_in_distinct_columns() {
        assert_eq!(placed_columns(1 << 4 | 1 << 12 | 1 << 26), 0b1_0001_1000);
        assert_eq!(placed_columns(1 << 20), 1 << 2);
        assert_eq!(placed_columns(0), 0);
    }
}

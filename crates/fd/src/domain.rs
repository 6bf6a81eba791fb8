//! Finite domains: the set of values a variable may still take.
//!
//! A [`Domain`] is any finite set of `i32` values. Two representations sit
//! behind one API and the type keeps itself canonical, so two equal sets are
//! always `==`:
//!
//! * **bits** — when `max - min < 64` the set is one `u64` mask over `min..min+64`
//!   (bit `i` set means `min + i` is in the set). Sudoku digits, N-queens rows and
//!   booleans all live here; removing a value is a couple of instructions.
//! * **intervals** — wider or sparse sets are sorted, disjoint, non-adjacent
//!   inclusive intervals, so `{-1_000_000, 1_000_000}` costs two pairs, not a
//!   million bits. When pruning brings the span under 64 the domain switches
//!   to bits.
//!
//! Domains only shrink during search; every mutating method returns whether
//! the set changed.
//!
//! ```
//! use fdoku_fd::Domain;
//!
//! let mut d = Domain::range(1, 9);
//! assert!(d.remove(5));
//! assert!(!d.remove(5)); // already gone
//! d.remove_below(3);     // keep values >= 3
//! assert_eq!(d.iter().collect::<Vec<_>>(), [3, 4, 6, 7, 8, 9]);
//! assert_eq!((d.min(), d.max(), d.size()), (3, 9, 6));
//!
//! let wide = Domain::from_values([-1_000_000, 7, 1_000_000]);
//! assert_eq!(wide.size(), 3);
//! assert!(wide.contains(7) && !wide.contains(8));
//! ```

use std::fmt;

/// A finite set of integers: the values a variable may still take.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domain(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// `base + i` for each set bit `i`. Canonical: `mask == 0 && base == 0`
    /// (empty) or bit 0 set (so `base` is the minimum).
    Bits { base: i32, mask: u64 },
    /// Sorted, disjoint, non-adjacent inclusive intervals spanning 64 or more
    /// values (`max - min >= 64`).
    Intervals(Vec<(i32, i32)>),
}

impl Domain {
    /// The empty set.
    pub const fn empty() -> Self {
        Domain(Repr::Bits { base: 0, mask: 0 })
    }

    /// The single value `v`.
    pub const fn singleton(v: i32) -> Self {
        Domain(Repr::Bits { base: v, mask: 1 })
    }

    /// All integers from `lo` to `hi` inclusive (empty when `lo > hi`).
    pub fn range(lo: i32, hi: i32) -> Self {
        if lo > hi {
            return Self::empty();
        }
        Self::from_intervals(vec![(lo, hi)])
    }

    /// The set of the given values (duplicates allowed, any order).
    pub fn from_values(values: impl IntoIterator<Item = i32>) -> Self {
        let mut values: Vec<i32> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        let mut intervals: Vec<(i32, i32)> = Vec::new();
        for v in values {
            match intervals.last_mut() {
                Some((_, hi)) if i64::from(*hi) + 1 == i64::from(v) => *hi = v,
                _ => intervals.push((v, v)),
            }
        }
        Self::from_intervals(intervals)
    }

    /// The values `base + i` for every bit `i` set in `mask` (bits that would
    /// pass `i32::MAX` are ignored).
    pub fn from_mask(base: i32, mask: u64) -> Self {
        let room = i64::from(i32::MAX) - i64::from(base);
        let mask = if room < 63 {
            mask & ((1u64 << (room + 1)) - 1)
        } else {
            mask
        };
        let mut d = Domain(Repr::Bits { base, mask });
        d.normalize_bits();
        d
    }

    /// Builds the canonical form of sorted, disjoint, non-adjacent intervals.
    fn from_intervals(intervals: Vec<(i32, i32)>) -> Self {
        let mut d = Domain(Repr::Intervals(intervals));
        d.normalize_intervals();
        d
    }

    /// Whether no value is left.
    pub fn is_empty(&self) -> bool {
        match &self.0 {
            Repr::Bits { mask, .. } => *mask == 0,
            Repr::Intervals(iv) => iv.is_empty(),
        }
    }

    /// The number of values.
    pub fn size(&self) -> u64 {
        match &self.0 {
            Repr::Bits { mask, .. } => u64::from(mask.count_ones()),
            Repr::Intervals(iv) => iv
                .iter()
                .map(|&(lo, hi)| (i64::from(hi) - i64::from(lo) + 1) as u64)
                .sum(),
        }
    }

    /// The smallest value; `i32::MAX` for the empty set.
    pub fn min(&self) -> i32 {
        match &self.0 {
            Repr::Bits { base, mask } => {
                if *mask == 0 {
                    i32::MAX
                } else {
                    *base
                }
            }
            Repr::Intervals(iv) => iv.first().map_or(i32::MAX, |&(lo, _)| lo),
        }
    }

    /// The largest value; `i32::MIN` for the empty set.
    pub fn max(&self) -> i32 {
        match &self.0 {
            Repr::Bits { base, mask } => {
                if *mask == 0 {
                    i32::MIN
                } else {
                    base + (63 - mask.leading_zeros() as i32)
                }
            }
            Repr::Intervals(iv) => iv.last().map_or(i32::MIN, |&(_, hi)| hi),
        }
    }

    /// The value when exactly one is left.
    pub fn value(&self) -> Option<i32> {
        match &self.0 {
            Repr::Bits { base, mask: 1 } => Some(*base),
            _ => None,
        }
    }

    /// Whether exactly one value is left.
    pub fn is_fixed(&self) -> bool {
        self.value().is_some()
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: i32) -> bool {
        match &self.0 {
            Repr::Bits { base, mask } => {
                let offset = i64::from(v) - i64::from(*base);
                (0..64).contains(&offset) && mask >> offset & 1 == 1
            }
            Repr::Intervals(iv) => {
                let i = iv.partition_point(|&(_, hi)| hi < v);
                i < iv.len() && iv[i].0 <= v
            }
        }
    }

    /// The `k`-th smallest value (from 0), without walking the values.
    pub fn nth(&self, k: u64) -> Option<i32> {
        match &self.0 {
            Repr::Bits { .. } => self.iter().nth(usize::try_from(k).ok()?),
            Repr::Intervals(iv) => {
                let mut k = k;
                for &(lo, hi) in iv {
                    let width = (i64::from(hi) - i64::from(lo) + 1) as u64;
                    if k < width {
                        return Some((i64::from(lo) + k as i64) as i32);
                    }
                    k -= width;
                }
                None
            }
        }
    }

    /// The values in increasing order.
    pub fn iter(&self) -> DomainIter<'_> {
        match &self.0 {
            Repr::Bits { base, mask } => DomainIter::Bits {
                base: *base,
                mask: *mask,
            },
            Repr::Intervals(iv) => DomainIter::Intervals {
                intervals: iv,
                index: 0,
                next: iv.first().map_or(0, |&(lo, _)| i64::from(lo)),
            },
        }
    }

    /// The set as a mask relative to `base` (bit `i` = value `base + i`), when
    /// every value lies in `base..base + 64`.
    pub fn mask_from(&self, base: i32) -> Option<u64> {
        match &self.0 {
            Repr::Bits { base: b, mask } => {
                if *mask == 0 {
                    return Some(0);
                }
                let shift = i64::from(*b) - i64::from(base);
                if shift < 0 || shift + i64::from(64 - mask.leading_zeros()) > 64 {
                    None
                } else {
                    Some(mask << shift)
                }
            }
            Repr::Intervals(_) => None,
        }
    }

    /// Removes `v`; returns whether it was present.
    pub fn remove(&mut self, v: i32) -> bool {
        match &mut self.0 {
            Repr::Bits { base, mask } => {
                let offset = i64::from(v) - i64::from(*base);
                if !(0..64).contains(&offset) || *mask >> offset & 1 == 0 {
                    return false;
                }
                *mask &= !(1u64 << offset);
                self.normalize_bits();
                true
            }
            Repr::Intervals(iv) => {
                let i = iv.partition_point(|&(_, hi)| hi < v);
                if i == iv.len() || iv[i].0 > v {
                    return false;
                }
                let (lo, hi) = iv[i];
                match (lo == v, hi == v) {
                    (true, true) => {
                        iv.remove(i);
                    }
                    (true, false) => iv[i].0 = v + 1,
                    (false, true) => iv[i].1 = v - 1,
                    (false, false) => {
                        iv[i].1 = v - 1;
                        iv.insert(i + 1, (v + 1, hi));
                    }
                }
                self.normalize_intervals();
                true
            }
        }
    }

    /// Keeps only the values `>= lo`; returns whether anything was removed.
    pub fn remove_below(&mut self, lo: i32) -> bool {
        if lo <= self.min() {
            return false;
        }
        match &mut self.0 {
            Repr::Bits { base, mask } => {
                let offset = i64::from(lo) - i64::from(*base);
                *mask = if offset >= 64 {
                    0
                } else {
                    *mask >> offset << offset
                };
                self.normalize_bits();
            }
            Repr::Intervals(iv) => {
                iv.retain(|&(_, hi)| hi >= lo);
                if let Some(first) = iv.first_mut() {
                    first.0 = first.0.max(lo);
                }
                self.normalize_intervals();
            }
        }
        true
    }

    /// Keeps only the values `<= hi`; returns whether anything was removed.
    pub fn remove_above(&mut self, hi: i32) -> bool {
        if hi >= self.max() {
            return false;
        }
        match &mut self.0 {
            Repr::Bits { base, mask } => {
                let offset = i64::from(hi) - i64::from(*base);
                *mask = if offset < 0 {
                    0
                } else {
                    *mask & (u64::MAX >> (63 - offset))
                };
                self.normalize_bits();
            }
            Repr::Intervals(iv) => {
                iv.retain(|&(lo, _)| lo <= hi);
                if let Some(last) = iv.last_mut() {
                    last.1 = last.1.min(hi);
                }
                self.normalize_intervals();
            }
        }
        true
    }

    /// Keeps only `v` (or nothing, when `v` is absent); returns whether the set changed.
    pub fn fix(&mut self, v: i32) -> bool {
        let next = if self.contains(v) {
            Domain::singleton(v)
        } else {
            Domain::empty()
        };
        self.replace_if_different(next)
    }

    /// Keeps only the values also in `other`; returns whether the set changed.
    /// Wide sets are intersected run by run, not value by value.
    pub fn intersect(&mut self, other: &Domain) -> bool {
        if let (Repr::Bits { base, mask }, Some(theirs)) = (&self.0, other.mask_from(self.min())) {
            if *mask == 0 {
                return false;
            }
            let kept = mask & theirs;
            let base = *base;
            return self.replace_if_different(Domain::from_mask(base, kept));
        }
        let mut common = Vec::new();
        {
            let (mut mine, mut theirs) = (self.runs().peekable(), other.runs().peekable());
            while let (Some(&(a_lo, a_hi)), Some(&(b_lo, b_hi))) = (mine.peek(), theirs.peek()) {
                let (lo, hi) = (a_lo.max(b_lo), a_hi.min(b_hi));
                if lo <= hi {
                    common.push((lo, hi));
                }
                // The run that ends first can meet no later run of the other set.
                if a_hi < b_hi {
                    mine.next();
                } else {
                    theirs.next();
                }
            }
        }
        self.replace_if_different(Domain::from_intervals(common))
    }

    /// The set `{sign·v + offset}` of the values `v`, with `sign` −1 when
    /// `negate` and +1 otherwise; values beyond the `i32` range are left out.
    /// It maps a domain through `x = ±y + c`.
    ///
    /// ```
    /// use fdoku_fd::Domain;
    ///
    /// let d = Domain::from_values([1, 2, 5]);
    /// assert_eq!(d.image(false, 10), Domain::from_values([11, 12, 15]));
    /// assert_eq!(d.image(true, 10), Domain::from_values([5, 8, 9]));
    /// ```
    pub fn image(&self, negate: bool, offset: i64) -> Domain {
        let map = |v: i32| {
            let v = i128::from(v);
            let mapped = if negate { -v } else { v } + i128::from(offset);
            mapped.clamp(i128::from(i32::MIN) - 1, i128::from(i32::MAX) + 1)
        };
        if let Repr::Bits { base, mask } = self.0
            && mask != 0
        {
            let top = base + (63 - mask.leading_zeros() as i32);
            let (low, high) = if negate {
                (map(top), map(base))
            } else {
                (map(base), map(top))
            };
            if let (Ok(low), Ok(_)) = (i32::try_from(low), i32::try_from(high)) {
                let width = (top - base) as u32;
                let mask = if negate {
                    mask.reverse_bits() >> (63 - width)
                } else {
                    mask
                };
                return Domain::from_mask(low, mask);
            }
        }
        let mut runs: Vec<(i32, i32)> = self
            .runs()
            .filter_map(|(lo, hi)| {
                let (a, b) = if negate {
                    (map(hi), map(lo))
                } else {
                    (map(lo), map(hi))
                };
                let a = a.max(i128::from(i32::MIN));
                let b = b.min(i128::from(i32::MAX));
                // Both within the i32 range once they are in order.
                (a <= b).then_some((a as i32, b as i32))
            })
            .collect();
        if negate {
            runs.reverse();
        }
        Domain::from_intervals(runs)
    }

    /// Whether the two sets share a value.
    pub(crate) fn intersects(&self, other: &Domain) -> bool {
        if self.is_empty() || other.is_empty() {
            return false;
        }
        if self.max() < other.min() || other.max() < self.min() {
            return false;
        }
        if let (Repr::Bits { mask, .. }, Some(theirs)) = (&self.0, other.mask_from(self.min())) {
            return mask & theirs != 0;
        }
        let (mut mine, mut theirs) = (self.runs().peekable(), other.runs().peekable());
        while let (Some(&(a_lo, a_hi)), Some(&(b_lo, b_hi))) = (mine.peek(), theirs.peek()) {
            if a_hi < b_lo {
                mine.next();
            } else if b_hi < a_lo {
                theirs.next();
            } else {
                return true;
            }
        }
        false
    }

    /// Keeps only the values `base + i` for bits `i` set in `mask`; returns whether
    /// the set changed.
    pub fn retain_mask(&mut self, base: i32, mask: u64) -> bool {
        self.intersect(&Domain::from_mask(base, mask))
    }

    /// Maximal runs of consecutive values, as inclusive `(lo, hi)` pairs.
    fn runs(&self) -> Box<dyn Iterator<Item = (i32, i32)> + '_> {
        match &self.0 {
            Repr::Intervals(iv) => Box::new(iv.iter().copied()),
            Repr::Bits { .. } => {
                let mut runs: Vec<(i32, i32)> = Vec::new();
                for v in self.iter() {
                    match runs.last_mut() {
                        Some((_, hi)) if *hi + 1 == v => *hi = v,
                        _ => runs.push((v, v)),
                    }
                }
                Box::new(runs.into_iter())
            }
        }
    }

    fn replace_if_different(&mut self, next: Domain) -> bool {
        if *self == next {
            false
        } else {
            *self = next;
            true
        }
    }

    /// Restores the bits invariant: bit 0 set, or the canonical empty set.
    fn normalize_bits(&mut self) {
        if let Repr::Bits { base, mask } = &mut self.0 {
            if *mask == 0 {
                *base = 0;
            } else {
                let shift = mask.trailing_zeros();
                *mask >>= shift;
                *base += shift as i32;
            }
        }
    }

    /// Switches intervals spanning fewer than 64 values to bits.
    fn normalize_intervals(&mut self) {
        if let Repr::Intervals(iv) = &self.0 {
            let (Some(&(lo, _)), Some(&(_, hi))) = (iv.first(), iv.last()) else {
                *self = Domain::empty();
                return;
            };
            if i64::from(hi) - i64::from(lo) < 64 {
                let mask = iv.iter().fold(0u64, |m, &(a, b)| {
                    let width = (b - a + 1) as u32;
                    let run = if width == 64 {
                        u64::MAX
                    } else {
                        (1u64 << width) - 1
                    };
                    m | run << (a - lo)
                });
                *self = Domain(Repr::Bits { base: lo, mask });
            }
        }
    }
}

impl Default for Domain {
    fn default() -> Self {
        Self::empty()
    }
}

impl fmt::Debug for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Prints the set compactly, ranges of three or more values as `lo..hi`:
/// `{1..4, 7, 9}`.
impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (lo, hi)) in self.runs().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match i64::from(hi) - i64::from(lo) {
                0 => write!(f, "{lo}")?,
                1 => write!(f, "{lo}, {hi}")?,
                _ => write!(f, "{lo}..{hi}")?,
            }
        }
        f.write_str("}")
    }
}

impl FromIterator<i32> for Domain {
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        Self::from_values(iter)
    }
}

/// The values of a [`Domain`] in increasing order.
pub enum DomainIter<'a> {
    /// Walking the bits of a mask.
    #[doc(hidden)]
    Bits {
        /// Value of bit 0.
        base: i32,
        /// Bits not yet yielded.
        mask: u64,
    },
    /// Walking a list of intervals.
    #[doc(hidden)]
    Intervals {
        /// The intervals.
        intervals: &'a [(i32, i32)],
        /// The current interval.
        index: usize,
        /// The next value to yield.
        next: i64,
    },
}

impl Iterator for DomainIter<'_> {
    type Item = i32;

    fn next(&mut self) -> Option<i32> {
        match self {
            DomainIter::Bits { base, mask } => {
                if *mask == 0 {
                    return None;
                }
                let bit = mask.trailing_zeros();
                *mask &= *mask - 1;
                Some(*base + bit as i32)
            }
            DomainIter::Intervals {
                intervals,
                index,
                next,
            } => {
                let &(lo, hi) = intervals.get(*index)?;
                let v = (*next).max(i64::from(lo));
                if v == i64::from(hi) {
                    *index += 1;
                    *next = intervals.get(*index).map_or(0, |&(lo, _)| i64::from(lo));
                } else {
                    *next = v + 1;
                }
                Some(v as i32)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn values(d: &Domain) -> Vec<i32> {
        d.iter().collect()
    }

    #[test]
    fn range_and_bounds() {
        let d = Domain::range(-3, 5);
        assert_eq!(values(&d), (-3..=5).collect::<Vec<_>>());
        assert_eq!((d.min(), d.max(), d.size()), (-3, 5, 9));
        assert!(Domain::range(2, 1).is_empty());
        assert_eq!(Domain::empty().min(), i32::MAX);
        assert_eq!(Domain::empty().max(), i32::MIN);
    }

    #[test]
    fn wide_domains_use_intervals_and_switch_to_bits() {
        let mut d = Domain::range(0, 1000);
        assert!(matches!(d.0, Repr::Intervals(_)));
        assert!(d.remove(500));
        assert_eq!(d.size(), 1000);
        assert!(!d.contains(500) && d.contains(499) && d.contains(501));
        d.remove_above(70);
        assert!(matches!(d.0, Repr::Intervals(_)));
        d.remove_below(10);
        assert!(matches!(d.0, Repr::Bits { base: 10, .. }));
        assert_eq!(values(&d), (10..=70).collect::<Vec<_>>());
    }

    #[test]
    fn extremes_do_not_overflow() {
        let mut d = Domain::from_values([i32::MIN, i32::MAX]);
        assert_eq!(d.size(), 2);
        assert!(d.contains(i32::MIN) && d.contains(i32::MAX) && !d.contains(0));
        assert_eq!(values(&d), [i32::MIN, i32::MAX]);
        assert!(d.remove(i32::MAX));
        assert_eq!(d.value(), Some(i32::MIN));
        let full = Domain::range(i32::MIN, i32::MAX);
        assert_eq!(full.size(), 1u64 << 32);
        let top = Domain::range(i32::MAX - 63, i32::MAX);
        assert_eq!(top.size(), 64);
        assert_eq!(top.max(), i32::MAX);
    }

    #[test]
    fn mask_from_shifts_or_refuses() {
        let d = Domain::from_values([3, 5]);
        assert_eq!(d.mask_from(1), Some(0b10100));
        assert_eq!(d.mask_from(4), None);
        assert_eq!(Domain::range(0, 63).mask_from(0), Some(u64::MAX));
        assert_eq!(Domain::range(0, 63).mask_from(-1), None);
    }

    #[test]
    fn display_groups_runs() {
        let d = Domain::from_values([1, 2, 3, 4, 7, 9, 10]);
        assert_eq!(d.to_string(), "{1..4, 7, 9, 10}");
        assert_eq!(Domain::empty().to_string(), "{}");
        let all = Domain::range(i32::MIN, i32::MAX);
        assert_eq!(all.to_string(), "{-2147483648..2147483647}");
    }

    #[test]
    fn nth_and_from_mask_at_the_edges() {
        let d = Domain::from_values([-5, 0, 1, 1000, 1001]);
        let all: Vec<_> = (0..6).map(|k| d.nth(k)).collect();
        assert_eq!(
            all,
            [Some(-5), Some(0), Some(1), Some(1000), Some(1001), None]
        );
        assert_eq!(
            Domain::range(0, 2_000_000_000).nth(1_999_999_999),
            Some(1_999_999_999)
        );
        let top = Domain::from_mask(i32::MAX - 1, u64::MAX);
        assert_eq!(top.iter().collect::<Vec<_>>(), [i32::MAX - 1, i32::MAX]);
        assert_eq!(Domain::from_mask(i32::MAX, 0b110), Domain::empty());
    }

    #[test]
    fn images_leave_out_what_passes_the_i32_range() {
        let all = Domain::range(i32::MIN, i32::MAX);
        assert_eq!(all.image(true, 0), Domain::range(i32::MIN + 1, i32::MAX));
        assert_eq!(all.image(false, -1), Domain::range(i32::MIN, i32::MAX - 1));
        let top = Domain::from_values([i32::MAX - 1, i32::MAX]);
        assert_eq!(top.image(false, 1), Domain::singleton(i32::MAX));
        assert_eq!(top.image(true, i64::MIN), Domain::empty());
        let wide = Domain::from_values([-1_000_000, 7, 1_000_000]);
        assert_eq!(
            wide.image(true, 1),
            Domain::from_values([-999_999, -6, 1_000_001])
        );
    }

    fn small_set() -> impl Strategy<Value = BTreeSet<i32>> {
        prop_oneof![
            proptest::collection::btree_set(-20i32..80, 0..40),
            proptest::collection::btree_set(-300i32..300, 0..60),
        ]
    }

    #[derive(Debug, Clone)]
    enum Op {
        Remove(i32),
        Below(i32),
        Above(i32),
        Fix(i32),
        Intersect(BTreeSet<i32>),
        Image(bool, i64),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (-310i32..310).prop_map(Op::Remove),
            (-310i32..310).prop_map(Op::Below),
            (-310i32..310).prop_map(Op::Above),
            (-310i32..310).prop_map(Op::Fix),
            small_set().prop_map(Op::Intersect),
            (any::<bool>(), -40i64..40).prop_map(|(negate, offset)| Op::Image(negate, offset)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        /// Every operation agrees with the same operation on a `BTreeSet`, and
        /// the representation stays canonical (equal sets compare equal).
        #[test]
        fn behaves_like_a_set(start in small_set(), ops in proptest::collection::vec(op(), 0..12)) {
            let mut model = start.clone();
            let mut d = Domain::from_values(start.iter().copied());
            for op in ops {
                let before = model.clone();
                let changed = match &op {
                    Op::Remove(v) => { model.remove(v); d.remove(*v) }
                    Op::Below(lo) => { model.retain(|x| x >= lo); d.remove_below(*lo) }
                    Op::Above(hi) => { model.retain(|x| x <= hi); d.remove_above(*hi) }
                    Op::Fix(v) => { model.retain(|x| x == v); d.fix(*v) }
                    Op::Intersect(other) => {
                        model.retain(|x| other.contains(x));
                        d.intersect(&Domain::from_values(other.iter().copied()))
                    }
                    Op::Image(negate, offset) => {
                        let sign = if *negate { -1 } else { 1 };
                        model = model.iter().map(|&v| sign * v + *offset as i32).collect();
                        d = d.image(*negate, *offset);
                        before != model
                    }
                };
                prop_assert_eq!(changed, before != model, "{:?}", op);
                prop_assert_eq!(values(&d), model.iter().copied().collect::<Vec<_>>());
                prop_assert_eq!(d.size(), model.len() as u64);
                prop_assert_eq!(d.min(), model.first().copied().unwrap_or(i32::MAX));
                prop_assert_eq!(d.max(), model.last().copied().unwrap_or(i32::MIN));
                prop_assert_eq!(&d, &Domain::from_values(model.iter().copied()));
                for probe in -310..310 {
                    prop_assert_eq!(d.contains(probe), model.contains(&probe));
                }
            }
        }
    }
}

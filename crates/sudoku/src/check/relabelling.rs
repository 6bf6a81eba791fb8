//! Reading a relabelling off filled cells: two lists of digits, paired in
//! order, relabel one another when each digit of the first always meets
//! one digit of the second, and each digit of the second one of the first.
//!
//! The rule checker reads isomorphic twins with it and the multigrid
//! checker relabelled sub-grids, so both say alike where a relabelling
//! breaks; neither shares it with a solver or a model. With the pairs
//! `(5, 6)`, `(2, 1)`, `(5, 3)` the third breaks it: 5 met 6 before.

use crate::puzzle::digit_char;

/// Two pairs that no one-to-one relabelling maps alike: they share a digit
/// on one side and not on the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clash {
    /// The earlier pair's position in the list.
    earlier: usize,
    /// The position of the pair that breaks the relabelling.
    later: usize,
    /// The earlier and the later pair's digits.
    digits: [(u8, u8); 2],
}

/// The first pair of `pairs` (digits from 1 to 255) that breaks every
/// one-to-one relabelling, with an earlier pair it clashes with.
pub(crate) fn first_clash(pairs: impl IntoIterator<Item = (u8, u8)>) -> Option<Clash> {
    // The partner each digit met first, and where.
    let mut forth: Vec<Option<(u8, usize)>> = vec![None; 256];
    let mut back: Vec<Option<(u8, usize)>> = vec![None; 256];
    for (i, (x, y)) in pairs.into_iter().enumerate() {
        for (seen, digit, partner, ahead) in [(&mut forth, x, y, true), (&mut back, y, x, false)] {
            match seen[usize::from(digit)] {
                Some((met, k)) if met != partner => {
                    let earlier = if ahead { (digit, met) } else { (met, digit) };
                    return Some(Clash {
                        earlier: k,
                        later: i,
                        digits: [earlier, (x, y)],
                    });
                }
                Some(_) => {}
                None => seen[usize::from(digit)] = Some((partner, i)),
            }
        }
    }
    None
}

impl Clash {
    /// `r1c1 and r4c2 hold 5 and 5, but r1c4 and r5c3 hold 6 and 3`: the
    /// two pairs' cells, named by `first` and `second` (a cell of either
    /// list by its position), with their digits.
    pub(crate) fn describe(
        &self,
        first: impl Fn(usize) -> String,
        second: impl Fn(usize) -> String,
    ) -> String {
        let [(x0, y0), (x1, y1)] = self.digits;
        format!(
            "{} and {} hold {} and {}, but {} and {} hold {} and {}",
            first(self.earlier),
            first(self.later),
            digit_char(x0),
            digit_char(x1),
            second(self.earlier),
            second(self.later),
            digit_char(y0),
            digit_char(y1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_permutation_has_no_clash() {
        assert_eq!(first_clash([(1, 3), (2, 1), (3, 2), (1, 3)]), None);
    }

    #[test]
    fn a_digit_meeting_two_partners_clashes_either_way() {
        let name = |side: &'static str| move |i: usize| format!("{side}{i}");
        let forth = first_clash([(5, 6), (2, 1), (5, 3)]).unwrap();
        assert_eq!(
            forth.describe(name("a"), name("b")),
            "a0 and a2 hold 5 and 5, but b0 and b2 hold 6 and 3"
        );
        let back = first_clash([(5, 6), (2, 1), (4, 6)]).unwrap();
        assert_eq!(
            back.describe(name("a"), name("b")),
            "a0 and a2 hold 5 and 4, but b0 and b2 hold 6 and 6"
        );
    }
}

//! `DigitSet`: a set of digits 1..=25 in one `u32` (bit d-1 for digit d), the
//! candidate mask that the validator, solver and techniques all share.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
/// A set of digits 1..=25 as bits (digit d is bit d-1): candidates and notes.
/// The bits are public because the hot loops work on them directly.
///
/// Digits 1..=32 have a bit; the methods take any `u8` without panicking:
/// 0 and digits above 32 are never held, and adding or removing them does
/// nothing.
pub struct DigitSet(pub u32);

/// The bit of `digit`, or no bit for 0 and digits above 32.
const fn bit(digit: u8) -> u32 {
    match 1u32.checked_shl((digit as u32).wrapping_sub(1)) {
        Some(bit) => bit,
        None => 0,
    }
}

impl DigitSet {
    /// The set with no digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits 1..=n (1..=32 for any larger `n`).
    pub const fn full(n: usize) -> DigitSet {
        if n >= 32 {
            DigitSet(u32::MAX)
        } else {
            DigitSet((1u32 << n) - 1)
        }
    }

    /// The set holding only `digit` (1-based; empty for a digit without a bit).
    pub const fn single(digit: u8) -> DigitSet {
        DigitSet(bit(digit))
    }

    /// The bits, digit d at bit d-1.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set (false for 0 and digits above 32).
    pub const fn contains(self, digit: u8) -> bool {
        self.0 & bit(digit) != 0
    }

    /// Adds `digit` (1..=25 on a board; nothing for a digit without a bit).
    pub fn insert(&mut self, digit: u8) {
        self.0 |= bit(digit);
    }

    /// Removes `digit` (nothing for a digit without a bit).
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !bit(digit);
    }

    /// How many digits the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `len() == k` for a small `k` (at least 1), without a population count
    /// (slow on baseline x86-64): wings and rectangles test every cell with it.
    pub fn has_len(self, k: u32) -> bool {
        let mut rest = self.0;
        for _ in 1..k {
            rest &= rest.wrapping_sub(1);
        }
        rest != 0 && rest & rest.wrapping_sub(1) == 0
    }

    /// The smallest digit in the set.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The only digit in the set, if it has exactly one.
    pub fn single_digit(self) -> Option<u8> {
        (self.0.count_ones() == 1).then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The digits, smallest first.
    pub fn iter(self) -> DigitIter {
        DigitIter(self.0)
    }
}

/// The subsets of the bit set `mask` with exactly `size` members, largest
/// first: the covers and line sets that fish and band counting try.
pub(crate) fn subsets_of_size(mask: u32, size: usize) -> impl Iterator<Item = u32> {
    // every submask by the usual (sub - 1) & mask walk, down to 0
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        while let Some(sub) = next {
            next = (sub != 0).then(|| (sub - 1) & mask);
            if sub.count_ones() as usize == size {
                return Some(sub);
            }
        }
        None
    })
}

/// Digits of a set in ascending order.
pub struct DigitIter(u32);

impl Iterator for DigitIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

impl IntoIterator for DigitSet {
    type Item = u8;
    type IntoIter = DigitIter;
    fn into_iter(self) -> DigitIter {
        self.iter()
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for DigitSet {
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for DigitSet {
    type Output = DigitSet;
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// Complement over all 32 bits: intersect with `full(n)` to stay in range.
    fn not(self) -> DigitSet {
        DigitSet(!self.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = DigitSet::EMPTY;
        s.insert(3);
        s.insert(25);
        s.insert(1);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 25]);
        assert_eq!(s.len(), 3);
        s.remove(3);
        assert!(!s.contains(3) && s.contains(25));
        assert_eq!(s.first(), Some(1));
        assert_eq!(s.single_digit(), None);
        assert_eq!(DigitSet::single(7).single_digit(), Some(7));
        assert_eq!(DigitSet::full(9).len(), 9);
        // has_len agrees with len on every set of four digits and each k
        for bits in 0u32..16 {
            for k in 1..=5 {
                assert_eq!(DigitSet(bits).has_len(k), DigitSet(bits).len() == k);
            }
        }
        assert_eq!(
            (DigitSet::full(4) - DigitSet::single(2))
                .iter()
                .collect::<Vec<_>>(),
            vec![1, 3, 4]
        );
    }

    #[test]
    fn subsets_of_size_are_every_submask_with_that_many_bits_once() {
        // against a scan of every number up to the mask
        for mask in [0u32, 0b1, 0b1011_0110, 0x1ff, 0b1_0000_0000_0101] {
            for size in 0..=10 {
                let got: Vec<u32> = subsets_of_size(mask, size).collect();
                let want: Vec<u32> = (0..=mask)
                    .rev()
                    .filter(|&s| s & !mask == 0 && s.count_ones() as usize == size)
                    .collect();
                assert_eq!(got, want, "mask {mask:b} size {size}");
            }
        }
    }
}

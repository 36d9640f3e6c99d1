//! Vectors of 16-bit lanes, the solver's only data: a box is sixteen lanes
//! (a 4x4 matrix), a band eight. Two backends implement the same traits: a
//! portable one here on plain arrays, and one on x86's AVX2 registers
//! (`avx2.rs`) chosen at run time when the processor has it.

/// Sixteen 16-bit lanes in two halves of eight. Shuffles never cross the
/// halves (as x86's `pshufb` does not); the rotations say how they move.
pub(super) trait Lanes: Copy {
    /// Eight lanes: one half.
    type Half: Half;

    fn splat(value: u16) -> Self;
    fn from_array(lanes: [u16; 16]) -> Self;
    fn to_array(self) -> [u16; 16];
    fn join(lo: Self::Half, hi: Self::Half) -> Self;
    fn lo(self) -> Self::Half;
    fn hi(self) -> Self::Half;

    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    /// `self` without the bits of `other`.
    fn and_not(self, other: Self) -> Self;
    /// Each lane's number of set bits; lanes must be below 512 (nine bits).
    fn counts(self) -> Self;
    /// All ones in the lanes equal to `other`'s, zero elsewhere.
    fn equal(self, other: Self) -> Self;
    /// All ones in the non-zero lanes, zero elsewhere.
    fn nonzero(self) -> Self;
    /// True when some lane is below `other`'s (as signed 16-bit numbers).
    fn any_below(self, other: Self) -> bool;
    fn intersects(self, other: Self) -> bool;
    fn subset_of(self, other: Self) -> bool;
    /// Lane i of each half takes the lane of that half that `control` (a
    /// `pshufb` byte control, see `tables.rs`) names, or zero.
    fn shuffle(self, control: &[u8; 32]) -> Self;
    /// Within each group of four lanes, lane j takes lane j+1 (mod 4).
    fn rotate_rows(self) -> Self;
    /// Within each group of four lanes, lane j takes lane j+2 (mod 4).
    fn rotate_rows2(self) -> Self;
    /// Group g of four lanes takes group g+1 (mod 4).
    fn rotate_cols(self) -> Self;
    /// Group g of four lanes takes group g+2 (mod 4).
    fn rotate_cols2(self) -> Self;
}

/// Eight 16-bit lanes: a band's six configuration lanes and two unused.
pub(super) trait Half: Copy {
    fn from_array(lanes: [u16; 8]) -> Self;
    /// The lanes as two words, lanes 0..4 in the first.
    fn to_words(self) -> [u64; 2];
    /// The inverse of [`Half::to_words`]: lanes made in two registers
    /// rather than written to memory a lane at a time and read back whole.
    fn from_words(words: [u64; 2]) -> Self;
    fn or(self, other: Self) -> Self;
    fn and_not(self, other: Self) -> Self;
    fn intersects(self, other: Self) -> bool;
    /// As [`Lanes::shuffle`], on one half.
    fn shuffle(self, control: &[u8; 16]) -> Self;
}

/// The portable backend: plain arrays, which the compiler vectorises as the
/// target allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Portable([u16; 16]);

/// One half of [`Portable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PortableHalf([u16; 8]);

impl Portable {
    fn map(self, f: impl Fn(u16) -> u16) -> Self {
        Portable(self.0.map(f))
    }

    fn zip(self, other: Self, f: impl Fn(u16, u16) -> u16) -> Self {
        Portable(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    fn permute(self, from: impl Fn(usize) -> usize) -> Self {
        Portable(std::array::from_fn(|i| self.0[from(i)]))
    }
}

impl Lanes for Portable {
    type Half = PortableHalf;

    fn splat(value: u16) -> Self {
        Portable([value; 16])
    }

    fn from_array(lanes: [u16; 16]) -> Self {
        Portable(lanes)
    }

    fn to_array(self) -> [u16; 16] {
        self.0
    }

    fn join(lo: PortableHalf, hi: PortableHalf) -> Self {
        Portable(std::array::from_fn(|i| {
            if i < 8 { lo.0[i] } else { hi.0[i - 8] }
        }))
    }

    fn lo(self) -> PortableHalf {
        PortableHalf(std::array::from_fn(|i| self.0[i]))
    }

    fn hi(self) -> PortableHalf {
        PortableHalf(std::array::from_fn(|i| self.0[8 + i]))
    }

    fn and(self, other: Self) -> Self {
        self.zip(other, |a, b| a & b)
    }

    fn or(self, other: Self) -> Self {
        self.zip(other, |a, b| a | b)
    }

    fn xor(self, other: Self) -> Self {
        self.zip(other, |a, b| a ^ b)
    }

    fn and_not(self, other: Self) -> Self {
        self.zip(other, |a, b| a & !b)
    }

    fn counts(self) -> Self {
        self.map(|a| a.count_ones() as u16)
    }

    fn equal(self, other: Self) -> Self {
        self.zip(other, |a, b| if a == b { u16::MAX } else { 0 })
    }

    fn nonzero(self) -> Self {
        self.map(|a| if a != 0 { u16::MAX } else { 0 })
    }

    fn any_below(self, other: Self) -> bool {
        (0..16).any(|i| (self.0[i] as i16) < other.0[i] as i16)
    }

    fn intersects(self, other: Self) -> bool {
        (0..16).any(|i| self.0[i] & other.0[i] != 0)
    }

    fn subset_of(self, other: Self) -> bool {
        (0..16).all(|i| self.0[i] & !other.0[i] == 0)
    }

    fn shuffle(self, control: &[u8; 32]) -> Self {
        Portable(std::array::from_fn(|i| {
            shuffled_lane(control[2 * i], |j| self.0[i / 8 * 8 + j])
        }))
    }

    fn rotate_rows(self) -> Self {
        self.permute(|i| i / 4 * 4 + (i + 1) % 4)
    }

    fn rotate_rows2(self) -> Self {
        self.permute(|i| i / 4 * 4 + (i + 2) % 4)
    }

    fn rotate_cols(self) -> Self {
        self.permute(|i| (i + 4) % 16)
    }

    fn rotate_cols2(self) -> Self {
        self.permute(|i| (i + 8) % 16)
    }
}

impl Half for PortableHalf {
    fn from_array(lanes: [u16; 8]) -> Self {
        PortableHalf(lanes)
    }

    fn to_words(self) -> [u64; 2] {
        let word = |at: usize| (0..4).fold(0, |w, i| w | u64::from(self.0[at + i]) << (16 * i));
        [word(0), word(4)]
    }

    fn from_words(words: [u64; 2]) -> Self {
        PortableHalf(std::array::from_fn(|i| {
            (words[i / 4] >> (16 * (i % 4))) as u16
        }))
    }

    fn or(self, other: Self) -> Self {
        PortableHalf(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    fn and_not(self, other: Self) -> Self {
        PortableHalf(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    fn intersects(self, other: Self) -> bool {
        (0..8).any(|i| self.0[i] & other.0[i] != 0)
    }

    fn shuffle(self, control: &[u8; 16]) -> Self {
        PortableHalf(std::array::from_fn(|i| {
            shuffled_lane(control[2 * i], |j| self.0[j])
        }))
    }
}

/// The lane a `pshufb` control byte pair (its first byte given) selects
/// from a half: zero when the top bit is set, else lane byte / 2.
fn shuffled_lane(byte: u8, lane: impl Fn(usize) -> u16) -> u16 {
    if byte & 0x80 != 0 {
        0
    } else {
        lane(usize::from(byte & 0x0f) / 2)
    }
}

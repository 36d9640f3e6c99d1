//! Band bitmasks: the integer types one band of a board fits in.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Mul, Not, Shl, Shr};

/// The cells of one band (the `H` rows of a row of boxes) as bits, row by
/// row: bit `i * N + c` is the band's row `i`, column `c`. Each shape takes
/// the smallest type its bands fit in (`u32` up to 9x9, `u64` up to 16x16,
/// `u128` for 25x25), which keeps the state copied at each branch small.
pub(super) trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + Mul<Output = Self>
{
    const ZERO: Self;
    const BITS: usize;
    fn from_u32(bits: u32) -> Self;
    /// `bits` cut to the type's width.
    fn from_u64(bits: u64) -> Self;
    /// `bits` cut to the type's width.
    fn from_u128(bits: u128) -> Self;
    /// The low 32 bits.
    fn low(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// `self` without its lowest set bit.
    fn without_lowest(self) -> Self;
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;
            fn from_u32(bits: u32) -> Self {
                bits as $t
            }
            fn from_u64(bits: u64) -> Self {
                bits as $t
            }
            fn from_u128(bits: u128) -> Self {
                bits as $t
            }
            fn low(self) -> u32 {
                self as u32
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

impl_bits!(u32, u64, u128);

/// The set bits of `bits` one by one, lowest first, each as a mask.
pub(super) fn each_bit<B: Bits>(mut bits: B) -> impl Iterator<Item = B> {
    std::iter::from_fn(move || {
        (bits != B::ZERO).then(|| {
            let rest = bits.without_lowest();
            let bit = bits & !rest;
            bits = rest;
            bit
        })
    })
}

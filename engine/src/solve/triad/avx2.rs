//! The AVX2 backend: a box in one 256-bit register, a band in one 128-bit
//! register. `Avx2<true>` is the same backend for processors with AVX-512's
//! 256-bit forms (VL, BW, BITALG): its lane counts are one `vpopcntw` rather
//! than three table lookups, and its comparisons go to a mask register; the
//! search compiled for it also lets the compiler merge logic operations into
//! `vpternlog` (on this project's AMD EPYC, 7% off the hard sets' time).
//!
//! Soundness: every method calls `std::arch` intrinsics that need AVX2 (or
//! SSE4.1, which AVX2 implies), and those of `Avx2<true>` also AVX-512
//! (VL, BW, BITALG). Values of [`Avx2`] and [`Avx2Half`] are only made inside
//! the searches that `Nine` runs through its `#[target_feature]` entry
//! points, which it calls only after `is_x86_feature_detected!` said yes to
//! every feature that entry enables (the types are private to the solver's
//! module), so the instructions exist whenever this code runs. The methods are
//! `#[inline(always)]` so that they compile into that entry point, with AVX2
//! enabled, rather than into calls. The loads and stores read and write
//! arrays of exactly the register's size, unaligned.

use std::arch::x86_64::*;

use super::lanes::{Half, Lanes};

/// A box: sixteen lanes in one register; with `AVX512`, counted and
/// compared with AVX-512's instructions.
#[derive(Clone, Copy)]
pub(super) struct Avx2<const AVX512: bool>(__m256i);

#[derive(Clone, Copy)]
pub(super) struct Avx2Half(__m128i);

impl<const AVX512: bool> Lanes for Avx2<AVX512> {
    type Half = Avx2Half;

    #[inline(always)]
    fn splat(value: u16) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_set1_epi16(value as i16)) }
    }

    #[inline(always)]
    fn from_array(lanes: [u16; 16]) -> Self {
        // SAFETY: AVX2 was detected; reads the 32 bytes of `lanes`.
        unsafe { Avx2(_mm256_loadu_si256(lanes.as_ptr().cast())) }
    }

    #[inline(always)]
    fn to_array(self) -> [u16; 16] {
        let mut lanes = [0u16; 16];
        // SAFETY: AVX2 was detected; writes the 32 bytes of `lanes`.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), self.0) };
        lanes
    }

    #[inline(always)]
    fn join(lo: Avx2Half, hi: Avx2Half) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_set_m128i(hi.0, lo.0)) }
    }

    #[inline(always)]
    fn lo(self) -> Avx2Half {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2Half(_mm256_castsi256_si128(self.0)) }
    }

    #[inline(always)]
    fn hi(self) -> Avx2Half {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2Half(_mm256_extracti128_si256::<1>(self.0)) }
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_and_si256(self.0, other.0)) }
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_or_si256(self.0, other.0)) }
    }

    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_xor_si256(self.0, other.0)) }
    }

    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_andnot_si256(other.0, self.0)) }
    }

    #[inline(always)]
    fn counts(self) -> Self {
        if AVX512 {
            // SAFETY: see the module doc (AVX-512 VL and BITALG were detected).
            return unsafe { Avx2(_mm256_popcnt_epi16(self.0)) };
        }
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe {
            // Bit counts of nibbles, looked up by `pshufb`: the low nibble,
            // then bits 4..8 (the byte's top half after a shift), then bit 8.
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(self.0, _mm256_set1_epi16(15)));
            let high = _mm256_shuffle_epi8(table, _mm256_srli_epi16::<4>(self.0));
            let eighth = _mm256_srli_epi16::<8>(self.0);
            Avx2(_mm256_add_epi16(_mm256_add_epi16(low, high), eighth))
        }
    }

    #[inline(always)]
    fn equal(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_cmpeq_epi16(self.0, other.0)) }
    }

    #[inline(always)]
    fn nonzero(self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe {
            let zero = _mm256_cmpeq_epi16(self.0, _mm256_setzero_si256());
            Avx2(_mm256_xor_si256(zero, _mm256_set1_epi16(-1)))
        }
    }

    #[inline(always)]
    fn any_below(self, other: Self) -> bool {
        if AVX512 {
            // SAFETY: see the module doc (AVX-512 VL and BW were detected).
            return unsafe { _mm256_cmplt_epi16_mask(self.0, other.0) != 0 };
        }
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { _mm256_movemask_epi8(_mm256_cmpgt_epi16(other.0, self.0)) != 0 }
    }

    #[inline(always)]
    fn intersects(self, other: Self) -> bool {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { _mm256_testz_si256(self.0, other.0) == 0 }
    }

    #[inline(always)]
    fn subset_of(self, other: Self) -> bool {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { _mm256_testc_si256(other.0, self.0) != 0 }
    }

    #[inline(always)]
    fn shuffle(self, control: &[u8; 32]) -> Self {
        // SAFETY: AVX2 was detected; reads the 32 bytes of `control`.
        unsafe {
            let control = _mm256_loadu_si256(control.as_ptr().cast());
            Avx2(_mm256_shuffle_epi8(self.0, control))
        }
    }

    #[inline(always)]
    fn rotate_rows(self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe {
            let control = _mm256_setr_epi8(
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10,
                11, 12, 13, 14, 15, 8, 9,
            );
            Avx2(_mm256_shuffle_epi8(self.0, control))
        }
    }

    #[inline(always)]
    fn rotate_rows2(self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_shuffle_epi32::<0b10_11_00_01>(self.0)) }
    }

    #[inline(always)]
    fn rotate_cols(self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_permute4x64_epi64::<0b00_11_10_01>(self.0)) }
    }

    #[inline(always)]
    fn rotate_cols2(self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2(_mm256_permute4x64_epi64::<0b01_00_11_10>(self.0)) }
    }
}

impl Half for Avx2Half {
    #[inline(always)]
    fn from_array(lanes: [u16; 8]) -> Self {
        // SAFETY: AVX2 was detected; reads the 16 bytes of `lanes`.
        unsafe { Avx2Half(_mm_loadu_si128(lanes.as_ptr().cast())) }
    }

    #[inline(always)]
    fn to_words(self) -> [u64; 2] {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe {
            [
                _mm_cvtsi128_si64(self.0) as u64,
                _mm_extract_epi64::<1>(self.0) as u64,
            ]
        }
    }

    #[inline(always)]
    fn from_words(words: [u64; 2]) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2Half(_mm_set_epi64x(words[1] as i64, words[0] as i64)) }
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2Half(_mm_or_si128(self.0, other.0)) }
    }

    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { Avx2Half(_mm_andnot_si128(other.0, self.0)) }
    }

    #[inline(always)]
    fn intersects(self, other: Self) -> bool {
        // SAFETY: see the module doc (AVX2 was detected).
        unsafe { _mm_testz_si128(self.0, other.0) == 0 }
    }

    #[inline(always)]
    fn shuffle(self, control: &[u8; 16]) -> Self {
        // SAFETY: AVX2 was detected; reads the 16 bytes of `control`.
        unsafe {
            let control = _mm_loadu_si128(control.as_ptr().cast());
            Avx2Half(_mm_shuffle_epi8(self.0, control))
        }
    }
}

//! Permutations of `0..len` (seed random-sudoku-pi-matrices, section 2): the
//! check of Algorithm 3, a uniform random permutation (Algorithm 4, with the
//! seed's O(n²) removal from an array replaced by Fisher–Yates, O(n)), and the
//! lexicographic successor used to enumerate every Π layer of a shape.
//!
//! The seed works with the digits 1..=n; here permutations are of 0..len,
//! because they index rows and columns inside a box.

use rand::{Rng, RngExt};

/// True when `values` holds each of `0..values.len()` exactly once
/// (the seed's Algorithm 3, shifted to 0-based values): O(n) with one counter
/// per value, stopping at the first value out of range or seen twice.
pub fn is_permutation<T: Copy + Into<usize>>(values: &[T]) -> bool {
    let mut seen = vec![false; values.len()];
    for &v in values {
        let v: usize = v.into();
        if v >= seen.len() || seen[v] {
            return false;
        }
        seen[v] = true;
    }
    true
}

/// Puts `items` in uniformly random order (Fisher–Yates): each of the n!
/// orders is equally likely, in n-1 draws and swaps.
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// A uniformly random permutation of `0..len` (the seed's Algorithm 4, in O(n)).
pub fn random_permutation<R: Rng + ?Sized>(len: usize, rng: &mut R) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..len).collect();
    shuffle(&mut perm, rng);
    perm
}

/// Steps `items` to the next permutation in lexicographic order and returns
/// true; when `items` is already the last (descending) one, resets it to the
/// first (ascending) and returns false, so a loop over all n! orders can carry
/// into the next position like an odometer.
pub fn next_permutation<T: Ord>(items: &mut [T]) -> bool {
    // The longest descending suffix cannot grow; the element before it is the
    // one to raise, by the smallest larger element of the suffix.
    let Some(pivot) = items.windows(2).rposition(|pair| pair[0] < pair[1]) else {
        items.reverse();
        return false;
    };
    let successor = items
        .iter()
        .rposition(|x| *x > items[pivot])
        .expect("the suffix holds an element larger than the pivot");
    items.swap(pivot, successor);
    items[pivot + 1..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    #[test]
    fn recognises_permutations() {
        assert!(is_permutation::<u8>(&[]));
        assert!(is_permutation(&[2u8, 0, 1]));
        assert!(!is_permutation(&[0u8, 0, 1]), "repeated value");
        assert!(!is_permutation(&[0usize, 3, 1]), "value out of range");
        assert!(
            !is_permutation(&[1usize, 2, 3]),
            "1-based values are not 0-based"
        );
    }

    #[test]
    fn random_permutations_are_permutations_and_uniform() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts: HashMap<Vec<usize>, u32> = HashMap::new();
        let draws = 24_000;
        for _ in 0..draws {
            let p = random_permutation(4, &mut rng);
            assert!(is_permutation(&p));
            *counts.entry(p).or_default() += 1;
        }
        // All 24 orders appear, each near 1000 times (sd ~31; 200 is > 6 sd).
        assert_eq!(counts.len(), 24);
        assert!(
            counts.values().all(|&c| c.abs_diff(draws / 24) < 200),
            "{counts:?}"
        );
    }

    #[test]
    fn next_permutation_walks_every_order_once_in_lexicographic_order() {
        let mut p = [0u8, 1, 2, 3];
        let mut seen = vec![p];
        while next_permutation(&mut p) {
            assert!(p > *seen.last().unwrap(), "not increasing");
            seen.push(p);
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(p, [0, 1, 2, 3], "wraps to the first order");
        let mut single = [5];
        assert!(!next_permutation(&mut single));
        assert!(!next_permutation::<u8>(&mut []));
    }

    #[test]
    fn next_permutation_handles_repeated_values() {
        let mut p = [0, 0, 1];
        let mut orders = 1;
        while next_permutation(&mut p) {
            orders += 1;
        }
        assert_eq!(orders, 3); // 001, 010, 100
    }
}

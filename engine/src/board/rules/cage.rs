//! Killer cages: a group of cells whose digits are all different and add up
//! to the cage's sum. What a sum allows is a question of digit sets, so the
//! digit sets of each size and sum are worked out here once per cage.

use std::fmt;

use super::super::cell::Cell;
use super::super::geometry::Shape;

/// A killer cage: its cells (row-major indices, in reading order) and the
/// sum of their digits. The digits in a cage are all different.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<usize>,
    sum: u16,
}

impl Cage {
    /// A cage of these cells (row-major indices, any order) adding up to
    /// `sum`. Whether the cage fits a board, and whether any digit set makes
    /// its sum, is checked when [`Rules`](crate::Rules) are made of it.
    pub fn new(mut cells: Vec<usize>, sum: u16) -> Cage {
        cells.sort_unstable();
        cells.dedup();
        Cage { cells, sum }
    }

    /// The cells, row-major indices in reading order.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The sum the cage's digits make.
    pub fn sum(&self) -> u16 {
        self.sum
    }

    /// How many cells the cage has.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the cage has no cell (never true of a cage in [`Rules`](crate::Rules)).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cage's first cell in reading order: where its sum is written.
    pub fn anchor(&self) -> usize {
        self.cells[0]
    }

    /// How hints and errors name a cage: its sum, its size and its first
    /// cell, "cage 17/3 at r1c1".
    pub fn name(&self, shape: Shape) -> String {
        let at = Cell::from_index(self.anchor(), shape).map_or_else(String::new, |c| c.to_string());
        format!("cage {}/{} at {at}", self.sum, self.len())
    }
}

impl fmt::Display for Cage {
    /// `sum/size`, the way a cage is spoken of when its place is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.sum, self.len())
    }
}

/// The smallest and largest sums `size` different digits of 1..=n make.
pub fn sum_range(size: usize, n: usize) -> (usize, usize) {
    let low = size * (size + 1) / 2;
    let high = size * (2 * n + 1 - size) / 2;
    (low, high)
}

/// Every set of `size` different digits of 1..=n adding up to `sum`, as digit
/// masks (digit d at bit d-1), smallest mask first. A 9x9 cage of three
/// cells and sum 23 has one, {6, 8, 9}; the solver and the techniques keep
/// a cage's digits inside the union of the sets still open.
pub fn digit_sets(size: usize, sum: usize, n: usize) -> Vec<u32> {
    let mut found = Vec::new();
    // digits are chosen in rising order, so each set is met once
    fn extend(next: u32, n: u32, left: usize, sum: usize, mask: u32, found: &mut Vec<u32>) {
        if left == 0 {
            if sum == 0 {
                found.push(mask);
            }
            return;
        }
        for d in next..=n {
            let d_sum = d as usize;
            if d_sum > sum {
                break;
            }
            extend(d + 1, n, left - 1, sum - d_sum, mask | 1 << (d - 1), found);
        }
    }
    if size <= n {
        extend(1, n as u32, size, sum, 0, &mut found);
    }
    found.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of 1..=n, counted by brute force over all masks.
    fn by_brute_force(size: usize, sum: usize, n: usize) -> Vec<u32> {
        (0u32..1 << n)
            .filter(|&m| m.count_ones() as usize == size)
            .filter(|&m| {
                (0..n)
                    .filter(|&b| m >> b & 1 == 1)
                    .map(|b| b + 1)
                    .sum::<usize>()
                    == sum
            })
            .collect()
    }

    #[test]
    fn digit_sets_are_every_subset_of_that_size_and_sum() {
        for n in [4, 6, 9] {
            for size in 1..=n {
                let (low, high) = sum_range(size, n);
                for sum in 0..=high + 2 {
                    let sets = digit_sets(size, sum, n);
                    assert_eq!(
                        sets,
                        by_brute_force(size, sum, n),
                        "n {n} size {size} sum {sum}"
                    );
                    assert_eq!(sets.is_empty(), sum < low || sum > high);
                }
            }
        }
    }

    #[test]
    fn the_sets_players_learn_first() {
        assert_eq!(digit_sets(2, 3, 9), [0b11]);
        assert_eq!(digit_sets(2, 17, 9), [0b1_1000_0000]);
        assert_eq!(digit_sets(3, 23, 9), [0b1_1010_0000]);
        assert_eq!(digit_sets(9, 45, 9), [0b1_1111_1111]);
        assert_eq!(sum_range(3, 9), (6, 24));
    }

    #[test]
    fn a_cage_is_named_by_sum_size_and_first_cell() {
        let shape = Shape::new(3, 3).unwrap();
        let cage = Cage::new(vec![10, 1, 0], 17);
        assert_eq!(cage.cells(), [0, 1, 10]);
        assert_eq!(cage.name(shape), "cage 17/3 at r1c1");
        assert_eq!(cage.to_string(), "17/3");
    }
}

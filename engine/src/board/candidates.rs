//! The notes a careful player pencils in: for each empty cell, the digits
//! no peer holds under the grid's rules, and, in a killer cage, only digits
//! of a set that makes the cage's sum with the digits already in it. What
//! the game's "fill notes" shows on every variant; the techniques keep their
//! own, faster view for classic boards.

use super::digits::DigitSet;
use super::grid::Grid;

/// Each cell's candidates, row by row (empty for a filled cell).
pub fn candidates(grid: &Grid) -> Vec<DigitSet> {
    let (shape, rules) = (grid.shape(), grid.rules());
    let full = DigitSet::full(shape.n());
    // per cage: the digits of the sets that still fit what it holds
    let open_in_cage: Vec<DigitSet> = rules
        .cages()
        .iter()
        .enumerate()
        .map(|(k, cage)| {
            let placed = cage
                .cells()
                .iter()
                .map(|&c| grid.get(c))
                .filter(|&v| v != 0)
                .fold(0u32, |m, v| m | 1 << (v - 1));
            let fitting = rules
                .cage_digit_sets(k)
                .iter()
                .filter(|&&s| s & placed == placed);
            DigitSet(fitting.fold(0, |m, &s| m | s))
        })
        .collect();
    (0..shape.cell_count())
        .map(|cell| {
            if grid.get(cell) != 0 {
                return DigitSet::EMPTY;
            }
            let seen = rules
                .peers(shape, cell)
                .iter()
                .map(|&p| grid.get(p))
                .filter(|&v| v != 0)
                .fold(DigitSet::EMPTY, |mut s, v| {
                    s.insert(v);
                    s
                });
            let caged = rules.cage_index(cell).map_or(full, |k| open_in_cage[k]);
            (full - seen) & caged
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::{Cage, Rules, RulesSpec};
    use crate::{Shape, logic::techniques::Board};

    #[test]
    fn on_a_classic_grid_they_are_the_techniques_candidates() {
        let grid = Grid::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            None,
        )
        .unwrap();
        let board = Board::from_grid(&grid);
        let ours = candidates(&grid);
        for (cell, &mine) in ours.iter().enumerate() {
            assert_eq!(mine, board.candidates(cell), "cell {cell}");
        }
    }

    #[test]
    fn a_diagonal_and_a_cage_take_digits_away() {
        let shape = Shape::for_size(4).unwrap();
        // cage r1c1+r1c2 = 3 leaves {1,2}; a 4 on the diagonal at r4c4
        let spec = RulesSpec {
            diagonals: true,
            cages: vec![Cage::new(vec![0, 1], 3)],
            ..RulesSpec::default()
        };
        let rules = Rules::new(shape, spec).unwrap();
        let mut grid = Grid::empty(shape).with_rules(rules).unwrap();
        grid.put(15, 4);
        let notes = candidates(&grid);
        let digits = |cell: usize| notes[cell].into_iter().collect::<Vec<u8>>();
        assert_eq!(digits(0), vec![1, 2]);
        assert_eq!(digits(1), vec![1, 2]);
        // r2c2 is on the main diagonal with r4c4, r3c2 is not
        assert_eq!(digits(5), vec![1, 2, 3]);
        assert_eq!(digits(9), vec![1, 2, 3, 4]);
        assert!(notes[15].is_empty());
        grid.put(0, 2);
        assert_eq!(
            candidates(&grid)[1].into_iter().collect::<Vec<u8>>(),
            vec![1]
        );
    }
}

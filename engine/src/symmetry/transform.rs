//! Validity-preserving transforms of grids (seed sudoku-symmetry-group): digit
//! relabelling, permutations of bands and stacks, of rows inside a band and
//! of columns inside a stack, and, where boxes are square, transposition and
//! quarter-turn rotations. Every one maps a valid grid to a valid grid and a
//! puzzle to a puzzle with as many solutions, which makes them a way to spread
//! generated grids over the whole space and an oracle for property tests.
//!
//! A `Transform` is kept as a permutation of cells plus a permutation of
//! digits, so composing transforms and applying them to any per-cell array
//! (notes, givens, colours) is the same simple lookup.

use rand::{Rng, RngExt};

use crate::board::digits::DigitSet;
use crate::board::geometry::Shape;
use crate::board::grid::Grid;
use crate::generation::permutation::{is_permutation, random_permutation};

/// One element of a shape's symmetry group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    /// Output cell i takes the value of input cell `source[i]`.
    source: Vec<usize>,
    /// Input digit d becomes `digits[d]`; `digits[0] = 0` keeps empty cells empty.
    digits: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        Transform {
            shape,
            source: (0..shape.cell_count()).collect(),
            digits: (0..=shape.n() as u8).collect(),
        }
    }

    /// The board the transform maps (its source shape).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Renames digit d as `digits[d - 1]`; `None` unless `digits` is a
    /// permutation of 1..=n.
    pub fn relabel(shape: Shape, digits: &[u8]) -> Option<Transform> {
        let zero_based: Vec<u8> = digits.iter().map(|&d| d.wrapping_sub(1)).collect();
        if digits.len() != shape.n() || !is_permutation(&zero_based) {
            return None;
        }
        let mut t = Transform::identity(shape);
        t.digits[1..].copy_from_slice(digits);
        Some(t)
    }

    /// Moves whole lines: output row r is input row `rows[r]` and output
    /// column c is input column `cols[c]`. `None` unless both are
    /// permutations that keep boxes together: each band of output rows comes
    /// from one input band, each stack of output columns from one input stack.
    /// That covers band and stack permutations and the row and column
    /// permutations inside them, and nothing else.
    pub fn permute_lines(shape: Shape, rows: &[usize], cols: &[usize]) -> Option<Transform> {
        keeps_boxes(shape, rows, cols).then(|| Transform::lines(shape, rows, cols))
    }

    /// The transform `parts` spells out, the inverse of [`Transform::parts`];
    /// `None` when its line orders split bands or stacks, its digits are not
    /// a permutation of 1..=n, or it transposes rectangular boxes. Built in
    /// one pass, for searches that find many transforms.
    pub fn from_parts(shape: Shape, parts: &Parts) -> Option<Transform> {
        let n = shape.n();
        let zero_based: Vec<u8> = parts.digits.iter().map(|&d| d.wrapping_sub(1)).collect();
        let fits = keeps_boxes(shape, &parts.rows, &parts.cols)
            && parts.digits.len() == n
            && is_permutation(&zero_based)
            && (shape.is_square() || !parts.transposed);
        fits.then(|| {
            let mut t = Transform::identity(shape);
            for (r, &row) in parts.rows.iter().enumerate() {
                for (c, &col) in parts.cols.iter().enumerate() {
                    t.source[r * n + c] = if parts.transposed {
                        col * n + row
                    } else {
                        row * n + col
                    };
                }
            }
            t.digits[1..].copy_from_slice(&parts.digits);
            t
        })
    }

    /// `permute_lines` without the check, for line maps built valid.
    fn lines(shape: Shape, rows: &[usize], cols: &[usize]) -> Transform {
        let n = shape.n();
        let mut t = Transform::identity(shape);
        for (r, &from_row) in rows.iter().enumerate() {
            for (c, &from_col) in cols.iter().enumerate() {
                t.source[r * n + c] = from_row * n + from_col;
            }
        }
        t
    }

    /// Reflection in the main diagonal; `None` unless boxes are square
    /// (otherwise boxes would turn into boxes of another shape).
    pub fn transpose(shape: Shape) -> Option<Transform> {
        shape.is_square().then(|| {
            let n = shape.n();
            let mut t = Transform::identity(shape);
            for (i, from) in t.source.iter_mut().enumerate() {
                *from = (i % n) * n + i / n;
            }
            t
        })
    }

    /// Rotation by `quarter_turns` quarter turns clockwise. A half turn suits
    /// every shape; an odd number of quarter turns needs square boxes (`None`
    /// otherwise).
    pub fn rotate(shape: Shape, quarter_turns: u32) -> Option<Transform> {
        let n = shape.n();
        let forward: Vec<usize> = (0..n).collect();
        let backward: Vec<usize> = (0..n).rev().collect();
        let half_turns = Transform::lines(shape, &backward, &backward);
        let turns = quarter_turns % 4;
        let base = if turns >= 2 {
            half_turns
        } else {
            Transform::identity(shape)
        };
        if turns.is_multiple_of(2) {
            return Some(base);
        }
        // A clockwise quarter turn is a transpose followed by reversing the columns.
        let quarter =
            Transform::transpose(shape)?.then(&Transform::lines(shape, &forward, &backward))?;
        base.then(&quarter)
    }

    /// This transform followed by `next`; `None` when their shapes differ.
    pub fn then(&self, next: &Transform) -> Option<Transform> {
        (self.shape == next.shape).then(|| Transform {
            shape: self.shape,
            source: next.source.iter().map(|&i| self.source[i]).collect(),
            digits: self
                .digits
                .iter()
                .map(|&d| next.digits[d as usize])
                .collect(),
        })
    }

    /// The transform spelled out as a transposition (or not), then line
    /// moves, then a relabelling: every element of the group has this form,
    /// and it is what a person reading a mapping wants to see.
    pub fn parts(&self) -> Parts {
        let n = self.shape.n();
        let transposed = n > 1 && self.source[0] / n != self.source[1] / n;
        let (rows, cols) = if transposed {
            (
                (0..n).map(|r| self.source[r * n] % n).collect(),
                (0..n).map(|c| self.source[c] / n).collect(),
            )
        } else {
            (
                (0..n).map(|r| self.source[r * n] / n).collect(),
                (0..n).map(|c| self.source[c] % n).collect(),
            )
        };
        Parts {
            transposed,
            rows,
            cols,
            digits: self.digits[1..].to_vec(),
        }
    }

    /// The transform that undoes this one: `t.then(&t.inverse())` is the identity.
    pub fn inverse(&self) -> Transform {
        let mut source = vec![0; self.source.len()];
        for (to, &from) in self.source.iter().enumerate() {
            source[from] = to;
        }
        let mut digits = vec![0; self.digits.len()];
        for (from, &to) in self.digits.iter().enumerate() {
            digits[to as usize] = from as u8;
        }
        Transform {
            shape: self.shape,
            source,
            digits,
        }
    }

    /// A uniformly random element of the shape's symmetry group: random band
    /// and stack orders, random row and column orders inside each, a
    /// transposition with probability 1/2 where boxes are square, and a
    /// random relabelling. Each choice gives a different transform, so every
    /// group element is equally likely.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        let (h, w) = (shape.box_rows(), shape.box_cols());
        let rows = random_lines(w, h, rng);
        let cols = random_lines(h, w, rng);
        let mut t = Transform::lines(shape, &rows, &cols);
        if let Some(transpose) = Transform::transpose(shape)
            && rng.random_bool(0.5)
        {
            t = t.then(&transpose).unwrap_or(t);
        }
        // The line moves left the digits alone, so this is a plain relabelling.
        for (to, from) in t.digits[1..]
            .iter_mut()
            .zip(random_permutation(shape.n(), rng))
        {
            *to = from as u8 + 1;
        }
        t
    }

    /// The transformed grid; `None` when the grid has another shape.
    pub fn apply(&self, grid: &Grid) -> Option<Grid> {
        let moved = self.apply_cells(grid.values())?;
        let relabelled = moved.iter().map(|&v| self.digits[v as usize]).collect();
        Grid::from_values(self.shape, relabelled)
    }

    /// Moves any per-cell array (notes, givens, colours) the way `apply`
    /// moves cells, without touching the values; `None` on a length mismatch.
    pub fn apply_cells<T: Clone>(&self, cells: &[T]) -> Option<Vec<T>> {
        (cells.len() == self.source.len())
            .then(|| self.source.iter().map(|&i| cells[i].clone()).collect())
    }

    /// Moves and relabels per-cell digit sets (candidates, notes) the way
    /// `apply` moves and relabels values; `None` on a length mismatch.
    pub fn apply_candidates(&self, cells: &[DigitSet]) -> Option<Vec<DigitSet>> {
        let relabel = |set: DigitSet| set.into_iter().map(|d| self.digits[d as usize]).collect();
        Some(self.apply_cells(cells)?.into_iter().map(relabel).collect())
    }
}

/// A transform spelled out (see [`Transform::parts`]): output row r is
/// input row `rows[r]` and output column c input column `cols[c]` (of the
/// transposed input when `transposed`), and digit d becomes `digits[d - 1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub transposed: bool,
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub digits: Vec<u8>,
}

/// True when output rows `rows` and columns `cols` are permutations that
/// keep each band and each stack together.
fn keeps_boxes(shape: Shape, rows: &[usize], cols: &[usize]) -> bool {
    let keeps = |lines: &[usize], size: usize| {
        lines.len() == shape.n()
            && is_permutation(lines)
            && lines
                .chunks(size)
                .all(|chunk| chunk.iter().all(|&l| l / size == chunk[0] / size))
    };
    keeps(rows, shape.box_rows()) && keeps(cols, shape.box_cols())
}

/// A random order of `groups * size` lines that keeps each group of `size`
/// consecutive lines together: a random order of the groups, then a random
/// order inside each.
fn random_lines<R: Rng + ?Sized>(groups: usize, size: usize, rng: &mut R) -> Vec<usize> {
    random_permutation(groups, rng)
        .into_iter()
        .flat_map(|g| {
            random_permutation(size, rng)
                .into_iter()
                .map(move |i| g * size + i)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::validate::is_solved;

    fn four() -> Shape {
        Shape::for_size(4).unwrap()
    }

    /// 1234 / 3412 / 2143 / 4321
    fn grid4() -> Grid {
        Grid::parse("1234341221434321", None).unwrap()
    }

    fn line(t: &Transform, g: &Grid) -> String {
        t.apply(g).unwrap().to_line(false)
    }

    #[test]
    fn transpose_and_rotation_move_cells_as_drawn() {
        // Columns of grid4 read top to bottom become rows.
        let t = Transform::transpose(four()).unwrap();
        assert_eq!(line(&t, &grid4()), "1324241331424231");
        // Clockwise: each output row is an input column read bottom to top.
        let r = Transform::rotate(four(), 1).unwrap();
        assert_eq!(line(&r, &grid4()), "4231314224131324");
        // Half turn: the line read backwards.
        let half = Transform::rotate(four(), 2).unwrap();
        assert_eq!(
            line(&half, &grid4()),
            "1234341221434321".chars().rev().collect::<String>()
        );
    }

    #[test]
    fn rotations_compose_like_rotations() {
        let r = |k| Transform::rotate(four(), k).unwrap();
        assert_eq!(r(1).then(&r(1)).unwrap(), r(2));
        assert_eq!(r(1).then(&r(2)).unwrap(), r(3));
        assert_eq!(r(3).then(&r(1)).unwrap(), Transform::identity(four()));
        assert_eq!(r(4), Transform::identity(four()));
    }

    #[test]
    fn non_square_boxes_allow_half_turns_only() {
        let s = Shape::new(2, 3).unwrap();
        assert!(Transform::transpose(s).is_none());
        assert!(Transform::rotate(s, 1).is_none());
        assert!(Transform::rotate(s, 3).is_none());
        assert!(Transform::rotate(s, 2).is_some());
    }

    #[test]
    fn line_moves_must_keep_boxes_together() {
        let id = [0, 1, 2, 3];
        assert!(
            Transform::permute_lines(four(), &[2, 3, 0, 1], &id).is_some(),
            "bands swapped"
        );
        assert!(
            Transform::permute_lines(four(), &id, &[1, 0, 3, 2]).is_some(),
            "columns in stacks"
        );
        assert!(
            Transform::permute_lines(four(), &[0, 2, 1, 3], &id).is_none(),
            "splits bands"
        );
        assert!(
            Transform::permute_lines(four(), &id, &[0, 0, 2, 3]).is_none(),
            "not a permutation"
        );
        assert!(
            Transform::permute_lines(four(), &id[..3], &id).is_none(),
            "too short"
        );
        // On a 2x3 shape rows group in twos and columns in threes.
        let s = Shape::new(2, 3).unwrap();
        let rows = [4, 5, 0, 1, 2, 3];
        assert!(Transform::permute_lines(s, &rows, &[3, 4, 5, 2, 0, 1]).is_some());
        assert!(Transform::permute_lines(s, &[0, 1, 2, 3, 4, 5], &rows).is_none());
    }

    #[test]
    fn relabelling_renames_digits_and_needs_a_permutation() {
        let t = Transform::relabel(four(), &[2, 1, 4, 3]).unwrap();
        assert_eq!(line(&t, &grid4()), "2143432112343412");
        assert!(Transform::relabel(four(), &[1, 1, 2, 3]).is_none());
        assert!(Transform::relabel(four(), &[0, 1, 2, 3]).is_none());
        assert!(Transform::relabel(four(), &[1, 2, 3]).is_none());
        // Empty cells stay empty.
        let partial = Grid::parse("1...............", None).unwrap();
        assert_eq!(line(&t, &partial), "2...............");
    }

    #[test]
    fn mismatched_inputs_are_refused() {
        let t = Transform::identity(four());
        let nine = Grid::empty(Shape::for_size(9).unwrap());
        assert!(t.apply(&nine).is_none());
        assert!(t.apply_cells(&[0u8; 15]).is_none());
        assert!(t.then(&Transform::identity(nine.shape())).is_none());
    }

    #[test]
    fn parts_rebuild_the_transform_and_inverse_undoes_it() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for shape in [
            four(),
            Shape::new(2, 3).unwrap(),
            Shape::for_size(9).unwrap(),
        ] {
            for _ in 0..50 {
                let t = Transform::random(shape, &mut rng);
                let p = t.parts();
                let mut rebuilt = Transform::permute_lines(shape, &p.rows, &p.cols).unwrap();
                if p.transposed {
                    rebuilt = Transform::transpose(shape).unwrap().then(&rebuilt).unwrap();
                }
                let rebuilt = rebuilt
                    .then(&Transform::relabel(shape, &p.digits).unwrap())
                    .unwrap();
                assert_eq!(rebuilt, t);
                assert_eq!(Transform::from_parts(shape, &p), Some(t.clone()));
                assert_eq!(t.then(&t.inverse()).unwrap(), Transform::identity(shape));
                assert_eq!(t.inverse().then(&t).unwrap(), Transform::identity(shape));
            }
        }
    }

    #[test]
    fn parts_that_break_the_group_build_nothing() {
        let s = Shape::new(2, 3).unwrap();
        let parts = Transform::identity(s).parts();
        assert!(Transform::from_parts(s, &parts).is_some());
        let transposed = Parts {
            transposed: true,
            ..parts.clone()
        };
        assert!(Transform::from_parts(s, &transposed).is_none(), "2x3 boxes");
        let split = Parts {
            rows: vec![0, 2, 1, 3, 4, 5],
            ..parts.clone()
        };
        assert!(Transform::from_parts(s, &split).is_none(), "splits a band");
        let digits = Parts {
            digits: vec![1, 1, 2, 3, 4, 5],
            ..parts
        };
        assert!(
            Transform::from_parts(s, &digits).is_none(),
            "not a relabelling"
        );
    }

    #[test]
    fn per_cell_arrays_move_with_the_cells() {
        let r = Transform::rotate(four(), 1).unwrap();
        let marks: Vec<usize> = (0..16).collect();
        let moved = r.apply_cells(&marks).unwrap();
        // The top-left output cell comes from the bottom-left input cell.
        assert_eq!(moved[0], 12);
        assert_eq!(moved[3], 0);
    }

    #[test]
    fn candidates_move_and_relabel_as_values_do() {
        // the oracle: a cell's set of the digits of several grids, moved,
        // is the set of the moved grids' digits there
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let shape = Shape::for_size(9).unwrap();
        let grids: Vec<Grid> = (0..3)
            .map(|_| {
                Transform::random(shape, &mut rng)
                    .apply(&crate::solve::solver::solve(&Grid::empty(shape)).unwrap())
                    .unwrap()
            })
            .collect();
        let sets = |grids: &[Grid]| -> Vec<DigitSet> {
            (0..shape.cell_count())
                .map(|c| grids.iter().map(|g| g.get(c)).collect())
                .collect()
        };
        for _ in 0..20 {
            let t = Transform::random(shape, &mut rng);
            let moved: Vec<Grid> = grids.iter().map(|g| t.apply(g).unwrap()).collect();
            assert_eq!(t.apply_candidates(&sets(&grids)), Some(sets(&moved)));
        }
        assert_eq!(
            Transform::identity(shape).apply_candidates(&[DigitSet::EMPTY; 3]),
            None
        );
    }

    #[test]
    fn random_transforms_of_a_solved_grid_are_solved() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let g = Transform::random(four(), &mut rng).apply(&grid4()).unwrap();
            assert!(is_solved(&g));
            seen.insert(g);
        }
        assert!(seen.len() > 50, "random transforms vary: {}", seen.len());
    }
}

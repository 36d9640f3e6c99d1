//! Π matrices (seed random-sudoku-pi-matrices, sections 3-5), generalised
//! from n x n boxes to h x w boxes as DESIGN.md does.
//!
//! A board of h x w boxes has w bands of boxes (s in 0..w) and h stacks
//! (t in 0..h). A Π layer is a pair of permutation tables: `p[s]`, a
//! permutation of the h rows inside a box, for each band, and `q[t]`, a
//! permutation of the w columns inside a box, for each stack. The layer puts
//! one mark in each box (s, t), at row `s*h + p[s][t]` and column
//! `t*w + q[t][s]` (the seed's Algorithm 7). Every band's marks then use each
//! of its rows once and every stack's marks each of its columns once, so the
//! marks form an S-permutation matrix: one per row, column and box. For 3x3
//! boxes, p and q are the upper and lower halves of the seed's 2n x n matrix.
//!
//! A Sudoku grid is exactly n mutually disjoint layers, layer L holding the
//! digit L (Dahl's proposition, quoted in the seed).

use rand::Rng;

use super::permutation::{is_permutation, next_permutation, shuffle};
use crate::board::geometry::Shape;

/// The largest box side among the supported shapes (5x5 boxes, 25x25 board).
const MAX_SIDE: usize = 5;

/// One Π layer: the row table p and the column table q of a shape.
/// Entries beyond the shape's sides stay 0, so equal layers compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PiLayer {
    shape: Shape,
    /// `rows[s][t]` = `p[s][t]`: the row, inside box (s, t), of the mark.
    rows: [[u8; MAX_SIDE]; MAX_SIDE],
    /// `cols[t][s]` = `q[t][s]`: the column, inside box (s, t), of the mark.
    cols: [[u8; MAX_SIDE]; MAX_SIDE],
}

/// The number of Π layers of a shape, (h!)^w·(w!)^h (the seed's (n!)^(2n)
/// for n x n boxes): w row tables of h! choices and h column tables of w!.
/// It is also the number of S-permutation matrices, since a layer maps to
/// one and back (the seed's Theorem 5.1). Exact for every supported shape
/// (the largest, 120^10, needs 70 bits).
pub fn layer_count(shape: Shape) -> u128 {
    let factorial = |k: usize| (1..=k as u128).product::<u128>();
    let (h, w) = (shape.box_rows(), shape.box_cols());
    factorial(h).pow(w as u32) * factorial(w).pow(h as u32)
}

impl PiLayer {
    /// The layer with row tables `rows` (w permutations of 0..h, one per
    /// band) and column tables `cols` (h permutations of 0..w, one per
    /// stack); `None` when a count or a table does not fit (each table is
    /// checked with the seed's Algorithm 3).
    pub fn new(
        shape: Shape,
        rows: &[impl AsRef<[u8]>],
        cols: &[impl AsRef<[u8]>],
    ) -> Option<PiLayer> {
        let (h, w) = (shape.box_rows(), shape.box_cols());
        if rows.len() != w || cols.len() != h {
            return None;
        }
        let mut layer = PiLayer::zeroed(shape);
        for (table, given) in layer.rows.iter_mut().zip(rows) {
            copy_table(&mut table[..h], given.as_ref())?;
        }
        for (table, given) in layer.cols.iter_mut().zip(cols) {
            copy_table(&mut table[..w], given.as_ref())?;
        }
        Some(layer)
    }

    /// The first layer in enumeration order: every table the identity.
    fn first(shape: Shape) -> PiLayer {
        let mut layer = PiLayer::zeroed(shape);
        for table in layer.tables_mut() {
            for (i, v) in table.iter_mut().enumerate() {
                *v = i as u8;
            }
        }
        layer
    }

    fn zeroed(shape: Shape) -> PiLayer {
        PiLayer {
            shape,
            rows: [[0; MAX_SIDE]; MAX_SIDE],
            cols: [[0; MAX_SIDE]; MAX_SIDE],
        }
    }

    /// A uniformly random layer (the seed's Algorithm 5: every table a
    /// random permutation), so each of the `layer_count` layers is equally likely.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> PiLayer {
        let mut layer = PiLayer::first(shape);
        for table in layer.tables_mut() {
            shuffle(table, rng);
        }
        layer
    }

    /// The used part of every table, row tables first: w slices of length h,
    /// then h slices of length w.
    fn tables_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut [u8]> {
        let (h, w) = (self.shape.box_rows(), self.shape.box_cols());
        let rows = self.rows[..w].iter_mut().map(move |t| &mut t[..h]);
        let cols = self.cols[..h].iter_mut().map(move |t| &mut t[..w]);
        rows.chain(cols)
    }

    /// The board the layer is for.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cell (row-major index) of the mark in box (s, t): band s, stack t.
    pub fn cell_in_box(&self, band: usize, stack: usize) -> usize {
        let (h, w) = (self.shape.box_rows(), self.shape.box_cols());
        let row = band * h + self.rows[band][stack] as usize;
        let col = stack * w + self.cols[stack][band] as usize;
        row * self.shape.n() + col
    }

    /// The S-permutation matrix of the layer as the cells of its marks, one
    /// per box in box order (the seed's Algorithm 7, which writes the same
    /// marks into a 0/1 matrix).
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let (h, w) = (self.shape.box_rows(), self.shape.box_cols());
        (0..w).flat_map(move |s| (0..h).map(move |t| self.cell_in_box(s, t)))
    }

    /// True when the two layers share no cell, tested as the seed defines
    /// disjoint Π matrices: no box (s, t) where both put their mark at the
    /// same (row, column) offset. Layers of different shapes are disjoint.
    pub fn is_disjoint(&self, other: &PiLayer) -> bool {
        let (h, w) = (self.shape.box_rows(), self.shape.box_cols());
        self.shape != other.shape
            || (0..w).all(|s| {
                (0..h).all(|t| {
                    (self.rows[s][t], self.cols[t][s]) != (other.rows[s][t], other.cols[t][s])
                })
            })
    }
}

/// Copies a table given to [`PiLayer::new`] when it is a permutation of the right length.
fn copy_table(dest: &mut [u8], given: &[u8]) -> Option<()> {
    (given.len() == dest.len() && is_permutation(given)).then(|| dest.copy_from_slice(given))
}

/// Every Π layer of a shape, each once, tables stepped like an odometer in
/// lexicographic order. Feasible to exhaust up to 3x3 boxes (46,656 layers);
/// 4x4 and 5x5 boxes have about 10^11 and 10^21.
pub fn all_layers(shape: Shape) -> AllLayers {
    AllLayers {
        next: Some(PiLayer::first(shape)),
    }
}

/// Iterator returned by [`all_layers`].
pub struct AllLayers {
    next: Option<PiLayer>,
}

impl Iterator for AllLayers {
    type Item = PiLayer;

    fn next(&mut self) -> Option<PiLayer> {
        let current = self.next?;
        let mut successor = current;
        // The last table turns fastest; a table that wraps carries into the one before.
        let advanced = successor.tables_mut().rev().any(next_permutation);
        self.next = advanced.then_some(successor);
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashSet;

    fn shape(h: usize, w: usize) -> Shape {
        Shape::new(h, w).unwrap()
    }

    #[test]
    fn the_seeds_example_maps_to_the_seeds_s_permutation_matrix() {
        // Matrix (26) of the seed, 1-based; rows 1-3 are p, rows 4-6 are q.
        let p = [[1, 3, 2], [2, 3, 1], [1, 2, 3]];
        let q = [[3, 1, 2], [1, 2, 3], [1, 2, 3]];
        let zero_based = |m: [[u8; 3]; 3]| m.map(|row| row.map(|v| v - 1));
        let layer = PiLayer::new(shape(3, 3), &zero_based(p), &zero_based(q)).unwrap();
        // The seed's 9x9 matrix A: the column of the single 1 in each row.
        let one_in_row = [2, 6, 3, 7, 0, 4, 1, 5, 8];
        let expected: HashSet<usize> = (0..9).map(|r| r * 9 + one_in_row[r]).collect();
        assert_eq!(layer.cells().collect::<HashSet<_>>(), expected);
    }

    #[test]
    fn malformed_tables_are_refused() {
        let s = shape(2, 3); // 3 row tables of length 2, 2 column tables of length 3
        let rows = [vec![0u8, 1], vec![1, 0], vec![0, 1]];
        let cols = [vec![0u8, 1, 2], vec![2, 1, 0]];
        assert!(PiLayer::new(s, &rows, &cols).is_some());
        assert!(PiLayer::new(s, &cols, &rows).is_none(), "tables swapped");
        assert!(
            PiLayer::new(s, &rows[..2], &cols).is_none(),
            "a band missing"
        );
        let repeated = [vec![0u8, 1], vec![1, 1], vec![0, 1]];
        assert!(
            PiLayer::new(s, &repeated, &cols).is_none(),
            "not a permutation"
        );
    }

    #[test]
    fn layer_count_is_the_seeds_formula_for_square_boxes() {
        for side in 2..=5u32 {
            let n_factorial: u128 = (1..=side as u128).product();
            let s = shape(side as usize, side as usize);
            assert_eq!(layer_count(s), n_factorial.pow(2 * side));
        }
        assert_eq!(layer_count(shape(2, 3)), 2u128.pow(3) * 6u128.pow(2));
    }

    /// Every S-permutation matrix of a shape, by brute force independent of
    /// Π layers: one mark per row, in a column and a box not yet used.
    fn s_permutation_matrices(shape: Shape) -> HashSet<Vec<usize>> {
        fn extend(
            g: &crate::Geometry,
            row: usize,
            marks: &mut Vec<usize>,
            out: &mut HashSet<Vec<usize>>,
        ) {
            if row == g.n {
                let mut sorted = marks.clone();
                sorted.sort_unstable();
                out.insert(sorted);
                return;
            }
            for col in 0..g.n {
                let cell = g.cell(row, col);
                let clash = marks
                    .iter()
                    .any(|&m| g.col_of(m) == col || g.box_of(m) == g.box_of(cell));
                if !clash {
                    marks.push(cell);
                    extend(g, row + 1, marks, out);
                    marks.pop();
                }
            }
        }
        let mut out = HashSet::new();
        extend(shape.geometry(), 0, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn layers_are_in_bijection_with_brute_force_s_permutation_matrices() {
        for s in [shape(2, 2), shape(2, 3), shape(3, 2), shape(2, 4)] {
            let brute = s_permutation_matrices(s);
            let mut from_layers = HashSet::new();
            let mut layers = 0u128;
            for layer in all_layers(s) {
                let mut cells: Vec<usize> = layer.cells().collect();
                cells.sort_unstable();
                from_layers.insert(cells);
                layers += 1;
            }
            assert_eq!(layers, layer_count(s), "{s}: enumeration count");
            assert_eq!(
                brute.len() as u128,
                layer_count(s),
                "{s}: brute-force count"
            );
            assert_eq!(
                from_layers, brute,
                "{s}: layers map onto all S-permutation matrices"
            );
        }
    }

    #[test]
    fn seed_disjointness_is_sharing_no_cell() {
        let sharing = |a: &PiLayer, b: &PiLayer| {
            let cells: HashSet<usize> = a.cells().collect();
            b.cells().any(|c| cells.contains(&c))
        };
        let all: Vec<PiLayer> = all_layers(shape(2, 2)).collect();
        for a in &all {
            for b in &all {
                assert_eq!(a.is_disjoint(b), !sharing(a, b), "{a:?} {b:?}");
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut disjoint_pairs = 0;
        for _ in 0..2000 {
            let a = PiLayer::random(shape(3, 3), &mut rng);
            let b = PiLayer::random(shape(3, 3), &mut rng);
            assert_eq!(a.is_disjoint(&b), !sharing(&a, &b));
            disjoint_pairs += usize::from(a.is_disjoint(&b));
        }
        assert!(
            disjoint_pairs > 0 && disjoint_pairs < 2000,
            "both cases exercised"
        );
    }
}

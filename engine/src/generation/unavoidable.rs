//! Unavoidable rectangles of a full grid: four cells on two rows and two
//! columns, in two boxes, holding two digits crosswise (x y / y x). Swapping
//! the two digits gives another valid grid, so a puzzle that keeps none of
//! the four cells has at least two solutions: the digging rejects such a
//! removal without asking the solver (a third of the removals that make a
//! 9x9 puzzle ambiguous).

use crate::board::grid::Grid;

/// The unavoidable rectangles of a full, valid grid, as cell indices.
pub fn rectangles(solution: &Grid) -> Vec<[usize; 4]> {
    let shape = solution.shape();
    let (n, h, w) = (shape.n(), shape.box_rows(), shape.box_cols());
    let at = |row: usize, col: usize| solution.get(row * n + col);
    // where each digit lies in each row and in each column
    let mut col_in_row = vec![0usize; n * (n + 1)];
    let mut row_in_col = vec![0usize; n * (n + 1)];
    for row in 0..n {
        for col in 0..n {
            let digit = at(row, col) as usize;
            col_in_row[row * (n + 1) + digit] = col;
            row_in_col[col * (n + 1) + digit] = row;
        }
    }
    let mut found = Vec::new();
    // two rows of one band: the columns lie in two stacks
    for r1 in 0..n {
        for r2 in r1 + 1..(r1 / h + 1) * h {
            for c1 in 0..n {
                let c2 = col_in_row[r1 * (n + 1) + at(r2, c1) as usize];
                if c2 > c1 && at(r2, c2) == at(r1, c1) {
                    found.push([r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]);
                }
            }
        }
    }
    // two columns of one stack: the rows lie in two bands
    for c1 in 0..n {
        for c2 in c1 + 1..(c1 / w + 1) * w {
            for r1 in 0..n {
                let r2 = row_in_col[c1 * (n + 1) + at(r1, c2) as usize];
                if r2 > r1 && r2 / h != r1 / h && at(r2, c2) == at(r1, c1) {
                    found.push([r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]);
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;
    use crate::board::validate::is_solved;
    use crate::generation::fill::{FillMethod, fill};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Brute force over every pair of rows and columns is the oracle; each
    /// rectangle swapped must give another solved grid.
    #[test]
    fn every_rectangle_is_found_and_swaps_into_a_grid() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut total = 0;
        for shape in Shape::all().filter(|s| s.n() <= 12) {
            let n = shape.n();
            for _ in 0..5 {
                let grid = fill(shape, FillMethod::default(), &mut rng);
                let mut expected = Vec::new();
                for r1 in 0..n {
                    for r2 in r1 + 1..n {
                        for c1 in 0..n {
                            for c2 in c1 + 1..n {
                                let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                                let mut swapped = grid.clone();
                                swapped.put(cells[0], grid.get(cells[1]));
                                swapped.put(cells[1], grid.get(cells[0]));
                                swapped.put(cells[2], grid.get(cells[3]));
                                swapped.put(cells[3], grid.get(cells[2]));
                                if swapped != grid && is_solved(&swapped) {
                                    expected.push(cells);
                                }
                            }
                        }
                    }
                }
                let mut got = rectangles(&grid);
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{shape}");
                total += got.len();
            }
        }
        assert!(total > 0);
    }
}

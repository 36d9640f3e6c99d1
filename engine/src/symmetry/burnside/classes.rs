//! The conjugacy classes of a shape's group of cell symmetries (everything
//! but relabelling), with their sizes and one representative each.
//!
//! Row moves form the wreath product S_h ≀ S_w: w bands of h rows, the bands
//! permuted among themselves and the rows inside each. Two elements of a
//! wreath product are conjugate exactly when they have the same multiset of
//! (k, cycle type of the k-th power on one band) over the k-cycles of bands.
//! Column moves form S_w ≀ S_h the same way, and the group is their product;
//! where boxes are square, transposition swaps the two factors, so {a, b}
//! and {b, a} join one class, and the transposing elements (a, b)τ fall into
//! one class per class of the product ab. For 9x9 that makes 253 + 22 = 275
//! classes (the count of Russell and Jarvis in the seed).
//!
//! The class sizes are tallied by running through every row and every column
//! move, not taken from a formula.

use std::collections::BTreeMap;

use crate::board::geometry::Shape;
use crate::symmetry::transform::Transform;

use super::{all_permutations, cycle_type};

/// One conjugacy class of cell symmetries.
#[derive(Clone, Debug)]
pub struct SymmetryClass {
    /// One element of the class.
    pub representative: Transform,
    /// How many elements the class has.
    pub size: u64,
}

/// A wreath-product class: the sorted (band-cycle length, cycle type) pairs.
type WreathClass = Vec<(usize, Vec<usize>)>;

/// A class of line moves: its first member met and its size.
struct LineClass {
    lines: Vec<usize>,
    size: u64,
}

/// Every conjugacy class of the shape's cell symmetries, the identity first.
pub fn symmetry_classes(shape: Shape) -> Vec<SymmetryClass> {
    let (h, w) = (shape.box_rows(), shape.box_cols());
    let n = shape.n();
    let rows = line_classes(w, h);
    let line_move = |rows: &[usize], cols: &[usize]| {
        Transform::permute_lines(shape, rows, cols).expect("block-preserving line moves")
    };
    let mut out = Vec::new();
    let Some(transpose) = Transform::transpose(shape) else {
        for row in &rows {
            for col in &line_classes(h, w) {
                out.push(SymmetryClass {
                    representative: line_move(&row.lines, &col.lines),
                    size: row.size * col.size,
                });
            }
        }
        return out;
    };
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i..] {
            let both_ways = if std::ptr::eq(a, b) { 1 } else { 2 };
            out.push(SymmetryClass {
                representative: line_move(&a.lines, &b.lines),
                size: a.size * b.size * both_ways,
            });
        }
    }
    let row_moves: u64 = rows.iter().map(|c| c.size).sum();
    let still: Vec<usize> = (0..n).collect();
    for a in &rows {
        out.push(SymmetryClass {
            representative: line_move(&a.lines, &still)
                .then(&transpose)
                .expect("same shape"),
            size: row_moves * a.size,
        });
    }
    out
}

/// The classes of moves of `blocks * size` lines that keep each block of
/// `size` consecutive lines together, in the order of their keys (the
/// identity's comes first).
fn line_classes(blocks: usize, size: usize) -> Vec<LineClass> {
    let mut classes: BTreeMap<WreathClass, LineClass> = BTreeMap::new();
    let orders = all_permutations(blocks);
    let inner = all_permutations(size);
    for order in &orders {
        let mut choice = vec![0; blocks];
        loop {
            let lines: Vec<usize> = order
                .iter()
                .zip(&choice)
                .flat_map(|(&b, &i)| inner[i].iter().map(move |&l| b * size + l))
                .collect();
            classes
                .entry(wreath_class(&lines, size))
                .or_insert(LineClass { lines, size: 0 })
                .size += 1;
            // The next choice of inner orders, like an odometer.
            let Some(k) = (0..blocks).find(|&k| choice[k] + 1 < inner.len()) else {
                break;
            };
            choice[k] += 1;
            choice[..k].fill(0);
        }
    }
    classes.into_values().collect()
}

/// The wreath-product class of a block-preserving line move (`lines[l]` is
/// the line that moves to line l).
fn wreath_class(lines: &[usize], size: usize) -> WreathClass {
    let blocks = lines.len() / size;
    let mut seen = vec![false; blocks];
    let mut key = Vec::new();
    for start in 0..blocks {
        let mut k = 0;
        let mut b = start;
        while !seen[b] {
            seen[b] = true;
            b = lines[b * size] / size;
            k += 1;
        }
        if k > 0 {
            let block: Vec<usize> = (start * size..(start + 1) * size).collect();
            let power = |mut l: usize| {
                for _ in 0..k {
                    l = lines[l];
                }
                l
            };
            key.push((k, cycle_type(&block, power)));
        }
    }
    key.sort();
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn nine_by_nine_has_the_seeds_275_classes() {
        let classes = symmetry_classes(Shape::for_size(9).unwrap());
        assert_eq!(classes.len(), 275);
        let order: u64 = classes.iter().map(|c| c.size).sum();
        assert_eq!(order, 3_359_232, "Russell and Jarvis's |H|");
        assert_eq!(
            classes[0].representative,
            Transform::identity(classes[0].representative.shape())
        );
        assert_eq!(classes[0].size, 1);
    }

    /// Conjugacy classes found the slow way, by conjugating each
    /// representative by every element of the group, match the computed
    /// ones on the two smallest boards: same sizes, disjoint, covering it.
    #[test]
    fn classes_match_brute_force_conjugation() {
        for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap()] {
            let group = brute_group(shape);
            let computed = symmetry_classes(shape);
            let mut covered = HashSet::new();
            for class in &computed {
                let r = cells(&class.representative);
                let conjugates: HashSet<Vec<usize>> = group
                    .iter()
                    .map(|x| compose(&compose(&inverse(x), &r), x))
                    .collect();
                assert_eq!(conjugates.len() as u64, class.size, "{shape}");
                assert!(covered.is_disjoint(&conjugates), "{shape}: classes overlap");
                covered.extend(conjugates);
            }
            assert_eq!(
                covered.len(),
                group.len(),
                "{shape}: classes cover the group"
            );
        }
    }

    /// `Transform`'s cell map: cell i takes the value of cell `cells(t)[i]`.
    fn cells(t: &Transform) -> Vec<usize> {
        let n = t.shape().cell_count();
        t.apply_cells(&(0..n).collect::<Vec<_>>()).unwrap()
    }

    /// a, then b.
    fn compose(a: &[usize], b: &[usize]) -> Vec<usize> {
        b.iter().map(|&i| a[i]).collect()
    }

    fn inverse(a: &[usize]) -> Vec<usize> {
        let mut out = vec![0; a.len()];
        for (i, &x) in a.iter().enumerate() {
            out[x] = i;
        }
        out
    }

    /// The whole group as cell maps, closed from swaps of adjacent rows in a
    /// band, columns in a stack, bands and stacks, and transposition where
    /// allowed, written out here rather than built by `Transform`.
    fn brute_group(shape: Shape) -> Vec<Vec<usize>> {
        let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
        let cell_map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
            (0..n * n)
                .map(|i| {
                    let (r, c) = f(i / n, i % n);
                    r * n + c
                })
                .collect()
        };
        // Swaps the lines a..a+size and b..b+size.
        let swap = |l: usize, a: usize, b: usize, size: usize| {
            if (a..a + size).contains(&l) {
                l - a + b
            } else if (b..b + size).contains(&l) {
                l - b + a
            } else {
                l
            }
        };
        let mut generators = Vec::new();
        for l in 0..n - 1 {
            if l / h == (l + 1) / h {
                generators.push(cell_map(&|r, c| (swap(r, l, l + 1, 1), c)));
            }
            if l / w == (l + 1) / w {
                generators.push(cell_map(&|r, c| (r, swap(c, l, l + 1, 1))));
            }
        }
        for b in 0..w - 1 {
            generators.push(cell_map(&|r, c| (swap(r, b * h, (b + 1) * h, h), c)));
        }
        for s in 0..h - 1 {
            generators.push(cell_map(&|r, c| (r, swap(c, s * w, (s + 1) * w, w))));
        }
        if h == w {
            generators.push(cell_map(&|r, c| (c, r)));
        }
        let identity: Vec<usize> = (0..n * n).collect();
        let mut seen = HashSet::from([identity.clone()]);
        let mut group = vec![identity];
        let mut i = 0;
        while i < group.len() {
            for g in &generators {
                let next = compose(&group[i], g);
                if seen.insert(next.clone()) {
                    group.push(next);
                }
            }
            i += 1;
        }
        group
    }
}

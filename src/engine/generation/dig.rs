//! Unique puzzles from a full grid (seed generator-solver-hints-blog): remove
//! clues in random order, in symmetric groups when asked, keeping a removal
//! only while the solver still finds exactly one solution.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::engine::board::geometry::Shape;
use crate::engine::board::grid::Grid;
use crate::engine::solve::solver::Solver;
use crate::engine::symmetry::transform::Transform;

/// Which cells are removed together, so the givens form a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    None,
    /// 180° turn: r,c with n-1-r,n-1-c.
    Rotational,
    /// Reflection in the main diagonal: r,c with c,r.
    Diagonal,
    /// Left-right reflection: r,c with r,n-1-c.
    Mirror,
}

impl Symmetry {
    pub const ALL: [Symmetry; 4] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Diagonal,
        Symmetry::Mirror,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The board symmetry that pairs cells (the one representation of a
    /// symmetry, engine/symmetry/transform.rs): a half turn, a reflection in the main
    /// diagonal, a left-right reflection. `None` for `None`, and for
    /// `Diagonal` on rectangular boxes, whose reflection is a board of
    /// another box shape (so such a pattern pairs no cells).
    pub fn transform(self, shape: Shape) -> Option<Transform> {
        let n = shape.n();
        match self {
            Symmetry::None => None,
            Symmetry::Rotational => Transform::rotate(shape, 2),
            Symmetry::Diagonal => Transform::transpose(shape),
            Symmetry::Mirror => {
                let rows: Vec<usize> = (0..n).collect();
                let cols: Vec<usize> = (0..n).rev().collect();
                Transform::permute_lines(shape, &rows, &cols)
            }
        }
    }

    /// The board's cells split into groups removed together (each group is a
    /// cell and its partner under `transform`, or the cell alone when it is
    /// its own partner or there is no transform).
    pub fn groups(self, shape: Shape) -> Vec<Vec<usize>> {
        let cells: Vec<usize> = (0..shape.cell_count()).collect();
        let partners = self
            .transform(shape)
            .and_then(|t| t.apply_cells(&cells))
            .unwrap_or_else(|| cells.clone());
        cells
            .iter()
            .filter_map(|&cell| {
                let partner = partners[cell];
                match partner.cmp(&cell) {
                    std::cmp::Ordering::Less => None,
                    std::cmp::Ordering::Equal => Some(vec![cell]),
                    std::cmp::Ordering::Greater => Some(vec![cell, partner]),
                }
            })
            .collect()
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown symmetry '{s}': use none, rotational, diagonal or mirror")
            })
    }
}

/// Removes clues from a full, valid `solution` in random symmetric groups,
/// keeping each removal only while `keeps` accepts the puzzle (it must accept
/// only puzzles whose one solution is `solution`). No whole group can then be
/// removed from the result.
pub fn dig<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    rng: &mut R,
    mut keeps: impl FnMut(&Grid) -> bool,
) -> Grid {
    let mut puzzle = solution.clone();
    let mut groups = symmetry.groups(solution.shape());
    groups.shuffle(rng);
    for group in &groups {
        try_remove(&mut puzzle, group, &mut keeps);
    }
    puzzle
}

/// Removes single clues (in random order) while `keeps` accepts the puzzle
/// (`is_unique`, for a minimal puzzle): with `is_unique`, no clue at all can
/// then be removed. Breaks symmetry.
pub fn minimize<R: Rng + ?Sized>(
    puzzle: &mut Grid,
    rng: &mut R,
    mut keeps: impl FnMut(&Grid) -> bool,
) {
    for cell in shuffled_clues(puzzle, rng) {
        try_remove(puzzle, &[cell], &mut keeps);
    }
}

/// Removes the first clues, in random order, whose removal `keeps` accepts:
/// a whole symmetric group if one will do, else a single clue (breaking the
/// symmetry). False, with the puzzle unchanged, when no removal is accepted.
/// This takes a dug puzzle one step past what the digging relied on.
pub fn remove_one<R: Rng + ?Sized>(
    puzzle: &mut Grid,
    symmetry: Symmetry,
    rng: &mut R,
    mut keeps: impl FnMut(&Grid) -> bool,
) -> bool {
    let mut groups: Vec<Vec<usize>> = symmetry
        .groups(puzzle.shape())
        .into_iter()
        .filter(|g| g.len() > 1 && g.iter().all(|&c| puzzle.get(c) != 0))
        .collect();
    groups.shuffle(rng);
    let singles = shuffled_clues(puzzle, rng);
    groups
        .iter()
        .map(Vec::as_slice)
        .chain(singles.iter().map(std::slice::from_ref))
        .any(|cells| try_remove(puzzle, cells, &mut keeps))
}

/// The puzzle's clues in random order.
fn shuffled_clues<R: Rng + ?Sized>(puzzle: &Grid, rng: &mut R) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..puzzle.values().len())
        .filter(|&c| puzzle.get(c) != 0)
        .collect();
    cells.shuffle(rng);
    cells
}

thread_local! {
    /// The solver `is_unique` asks, kept between calls with its search
    /// buffers: a generation asks it hundreds of times a puzzle, mostly of
    /// boards it settles at once, and a new solver each time cost 5% of a
    /// 9x9 puzzle's CPU time.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// True when the puzzle has exactly one solution, by the solver's count.
pub fn is_unique(puzzle: &Grid) -> bool {
    SOLVER.with_borrow_mut(|solver| solver.count(puzzle, 2).is_unique())
}

/// Empties `cells` if `keeps` accepts the result; otherwise leaves the puzzle unchanged.
fn try_remove(puzzle: &mut Grid, cells: &[usize], keeps: &mut impl FnMut(&Grid) -> bool) -> bool {
    let kept: Vec<u8> = cells.iter().map(|&c| puzzle.get(c)).collect();
    for &c in cells {
        puzzle.set(c, 0);
    }
    if keeps(puzzle) {
        return true;
    }
    for (&c, &v) in cells.iter().zip(&kept) {
        puzzle.set(c, v);
    }
    false
}

/// True when removing any single clue would make the puzzle ambiguous.
pub fn is_minimal(puzzle: &Grid) -> bool {
    let mut probe = puzzle.clone();
    (0..puzzle.values().len())
        .filter(|&c| puzzle.get(c) != 0)
        .all(|c| {
            let v = probe.get(c);
            probe.set(c, 0);
            let ambiguous = !is_unique(&probe);
            probe.set(c, v);
            ambiguous
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_cover_every_cell_once() {
        for shape in Shape::all() {
            let n = shape.n();
            for sym in Symmetry::ALL {
                let mut seen = vec![0; n * n];
                for g in sym.groups(shape) {
                    for c in g {
                        seen[c] += 1;
                    }
                }
                assert!(seen.iter().all(|&k| k == 1), "{sym} {shape}");
            }
        }
        let (four, nine) = (Shape::for_size(4).unwrap(), Shape::for_size(9).unwrap());
        // the centre of a 9x9 board is its own rotational partner
        assert!(Symmetry::Rotational.groups(nine).contains(&vec![40]));
        assert!(Symmetry::Rotational.groups(four).contains(&vec![0, 15]));
        assert!(Symmetry::Mirror.groups(four).contains(&vec![0, 3]));
        assert!(Symmetry::Diagonal.groups(four).contains(&vec![1, 4]));
        // rectangular boxes have no diagonal reflection: nothing is paired
        let six = Shape::new(2, 3).unwrap();
        assert!(Symmetry::Diagonal.groups(six).iter().all(|g| g.len() == 1));
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}

//! Unique puzzles from a full grid (seed generator-solver-hints-blog): remove
//! clues in random order, in symmetric groups when asked, keeping a removal
//! only while the solver still finds exactly one solution.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;

use super::unavoidable::rectangles;
use crate::board::digits::DigitSet;
use crate::board::geometry::{Geometry, Shape};
use crate::board::grid::Grid;
use crate::solve::solver::Solver;
use crate::symmetry::transform::Transform;

/// Which cells are removed together, so the givens form a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Symmetry {
    /// No pattern: clues go one at a time.
    None,
    /// 180° turn: r,c with n-1-r,n-1-c.
    Rotational,
    /// Reflection in the main diagonal: r,c with c,r.
    Diagonal,
    /// Left-right reflection: r,c with r,n-1-c.
    Mirror,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 4] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Diagonal,
        Symmetry::Mirror,
    ];

    /// The name the CLI takes and prints.
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

/// Removes clues from a full, valid `solution` in random order, a group of
/// `groups` (a symmetry's, see `Symmetry::groups`) at a time, keeping each
/// removal only while `keeps` accepts it (it must accept only puzzles whose
/// one solution is `solution`). No whole group can then be removed from the
/// result.
pub fn dig<R: Rng + ?Sized>(
    solution: &Grid,
    groups: &[Vec<usize>],
    rng: &mut R,
    mut keeps: impl FnMut(&Removal) -> bool,
) -> Grid {
    let mut digging = Digging::new(solution.clone(), rectangles(solution));
    let mut order: Vec<&[usize]> = groups.iter().map(Vec::as_slice).collect();
    order.shuffle(rng);
    for group in order {
        digging.try_remove(group, &mut keeps);
    }
    digging.puzzle
}

/// Removes single clues of a puzzle whose one solution is `solution` (in
/// random order) while `keeps` accepts the removal (`Removal::stays_unique`,
/// for a minimal puzzle: no clue at all can then be removed). Breaks
/// symmetry.
pub fn minimize<R: Rng + ?Sized>(
    puzzle: &mut Grid,
    solution: &Grid,
    rng: &mut R,
    mut keeps: impl FnMut(&Removal) -> bool,
) {
    let cells = shuffled_clues(puzzle, rng);
    let puzzle_now = std::mem::replace(puzzle, Grid::empty(puzzle.shape()));
    let mut digging = Digging::new(puzzle_now, rectangles(solution));
    for cell in cells {
        digging.try_remove(&[cell], &mut keeps);
    }
    *puzzle = digging.puzzle;
}

/// Removes the first clues, in random order, whose removal `keeps` accepts:
/// a whole symmetric group if one will do, else a single clue (breaking the
/// symmetry). False, with the puzzle unchanged, when no removal is accepted.
/// This takes a dug puzzle (with one solution) one step past what the
/// digging relied on.
pub fn remove_one<R: Rng + ?Sized>(
    puzzle: &mut Grid,
    symmetry: Symmetry,
    rng: &mut R,
    mut keeps: impl FnMut(&Removal) -> bool,
) -> bool {
    let mut groups: Vec<Vec<usize>> = symmetry
        .groups(puzzle.shape())
        .into_iter()
        .filter(|g| g.len() > 1 && g.iter().all(|&c| puzzle.get(c) != 0))
        .collect();
    groups.shuffle(rng);
    let singles = shuffled_clues(puzzle, rng);
    let puzzle_now = std::mem::replace(puzzle, Grid::empty(puzzle.shape()));
    let mut digging = Digging::new(puzzle_now, Vec::new());
    let removed = groups
        .iter()
        .map(Vec::as_slice)
        .chain(singles.iter().map(std::slice::from_ref))
        .any(|cells| digging.try_remove(cells, &mut keeps));
    *puzzle = digging.puzzle;
    removed
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
    /// The solver the uniqueness checks ask, kept between calls with its
    /// search buffers (a generation asks it dozens of times a puzzle, often
    /// of boards it settles at once, and a new solver each time cost 5% of
    /// a 9x9 puzzle's CPU time), and the candidates it is given.
    static SEARCH: RefCell<(Solver, Vec<DigitSet>)> = RefCell::new((Solver::for_short_searches(), Vec::new()));
}

/// True when the puzzle has exactly one solution, by the solver's count.
pub fn is_unique(puzzle: &Grid) -> bool {
    SEARCH.with_borrow_mut(|(solver, _)| solver.count(puzzle, 2).is_unique())
}

/// The most clues `try_remove` takes out at once (a symmetric pair).
const MAX_GROUP: usize = 2;

/// One removal the digging asks `keeps` about: a puzzle with one solution
/// (the one before) without some of its clues.
pub struct Removal<'a> {
    /// The puzzle without the removed clues.
    pub puzzle: &'a Grid,
    /// The emptied cells, the digits they held, and whether naked and
    /// hidden singles among those cells alone put each one back.
    cells: &'a [usize],
    digits: [u8; MAX_GROUP],
    back: [bool; MAX_GROUP],
    /// The solution's unavoidable rectangles (none when not looked for).
    rectangles: &'a [[usize; 4]],
}

impl Removal<'_> {
    /// True when singles put every removed clue back: the puzzle then has
    /// the same solutions as before (one), and when singles solved it
    /// before, they still do.
    pub fn forced(&self) -> bool {
        self.back[..self.cells.len()].iter().all(|&b| b)
    }

    /// True when the puzzle still has one solution. It has two when an
    /// unavoidable rectangle of the solution lost its last clue. Otherwise
    /// another solution would differ from the known one in a removed cell
    /// that singles don't give back; when there is one such cell, the
    /// solver looks for a solution without the cell's known digit (the
    /// other cell holding its own): a search that stops at the first other
    /// solution, where a count must find the known one too. With two such
    /// cells, the solver counts to two.
    pub fn stays_unique(&self) -> bool {
        if self.forced() {
            return true;
        }
        let emptied = |cells: &[usize; 4]| cells.iter().all(|&c| self.puzzle.get(c) == 0);
        if self.rectangles.iter().any(emptied) {
            return false;
        }
        // two cells to search would set up two searches: one count costs less
        let searched = self.back[..self.cells.len()]
            .iter()
            .filter(|&&b| !b)
            .count();
        if searched > 1 {
            return is_unique(self.puzzle);
        }
        SEARCH.with_borrow_mut(|(solver, candidates)| {
            let (n, cells) = (self.puzzle.n(), self.puzzle.values().len());
            candidates.clear();
            candidates.resize(cells, DigitSet::full(n));
            self.cells
                .iter()
                .zip(&self.digits)
                .zip(&self.back)
                .all(|((&cell, &digit), &back)| {
                    let other = !back && {
                        candidates[cell].remove(digit);
                        solver.count_within(self.puzzle, candidates, 1).found() > 0
                    };
                    candidates[cell] = DigitSet::single(digit);
                    !other
                })
        })
    }
}

/// A puzzle losing clues, and the digits each unit's clues hold: enough to
/// tell in a few operations whether removed clues follow from the rest.
struct Digging {
    puzzle: Grid,
    geo: &'static Geometry,
    /// For each unit (`Geometry` order), the digits its clues hold, as bits.
    given: Vec<u32>,
    /// The solution's unavoidable rectangles, for `Removal::stays_unique`.
    rectangles: Vec<[usize; 4]>,
}

impl Digging {
    fn new(puzzle: Grid, rectangles: Vec<[usize; 4]>) -> Digging {
        let geo = puzzle.shape().geometry();
        let mut digging = Digging {
            geo,
            given: vec![0; 3 * geo.n],
            puzzle,
            rectangles,
        };
        for cell in 0..geo.cell_count() {
            let digit = digging.puzzle.get(cell);
            if digit != 0 {
                digging.toggle(cell, digit);
            }
        }
        digging
    }

    /// Flips `digit` in the clue digits of `cell`'s units (placed or taken out).
    fn toggle(&mut self, cell: usize, digit: u8) {
        for unit in self.geo.cell_units[cell] {
            self.given[unit] ^= 1 << (digit - 1);
        }
    }

    /// The digits an empty cell can take, given its peers' values.
    fn candidates(&self, cell: usize) -> u32 {
        let [row, col, bx] = self.geo.cell_units[cell];
        ((1u32 << self.geo.n) - 1) & !(self.given[row] | self.given[col] | self.given[bx])
    }

    /// True when `digit` can go nowhere else in one of `cell`'s units.
    fn hidden_single(&self, cell: usize, digit: u8) -> bool {
        let bit = 1 << (digit - 1);
        self.geo.cell_units[cell].iter().any(|&unit| {
            self.geo.units[unit].iter().all(|&other| {
                other == cell || self.puzzle.get(other) != 0 || self.candidates(other) & bit == 0
            })
        })
    }

    /// Empties `cells` if `keeps` accepts the removal; otherwise leaves the
    /// puzzle unchanged.
    fn try_remove(&mut self, cells: &[usize], keeps: &mut impl FnMut(&Removal) -> bool) -> bool {
        assert!(cells.len() <= MAX_GROUP, "groups are single cells or pairs");
        let mut digits = [0u8; MAX_GROUP];
        for (&cell, digit) in cells.iter().zip(&mut digits) {
            *digit = self.puzzle.get(cell);
            self.puzzle.put(cell, 0);
            self.toggle(cell, *digit);
        }
        let back = self.put_back_by_singles(cells, &digits);
        let removal = Removal {
            puzzle: &self.puzzle,
            cells,
            digits,
            back,
            rectangles: &self.rectangles,
        };
        if keeps(&removal) {
            return true;
        }
        for (&cell, &digit) in cells.iter().zip(&digits) {
            self.puzzle.put(cell, digit);
            self.toggle(cell, digit);
        }
        false
    }

    /// Which of the emptied `cells` naked and hidden singles among those
    /// cells alone (each placed once found) give back their `digits`: a few
    /// operations, where the solver's count costs thousands.
    fn put_back_by_singles(&mut self, cells: &[usize], digits: &[u8]) -> [bool; MAX_GROUP] {
        let mut back = [false; MAX_GROUP];
        let mut progress = true;
        while progress {
            progress = false;
            for (i, (&cell, &digit)) in cells.iter().zip(digits).enumerate() {
                if !back[i]
                    && (self.candidates(cell) == 1 << (digit - 1)
                        || self.hidden_single(cell, digit))
                {
                    self.puzzle.put(cell, digit);
                    self.toggle(cell, digit);
                    back[i] = true;
                    progress = true;
                }
            }
        }
        for (i, (&cell, &digit)) in cells.iter().zip(digits).enumerate() {
            if back[i] {
                self.puzzle.put(cell, 0);
                self.toggle(cell, digit);
            }
        }
        back
    }
}

/// True when removing any single clue would make the puzzle ambiguous.
pub fn is_minimal(puzzle: &Grid) -> bool {
    let mut probe = puzzle.clone();
    (0..puzzle.values().len())
        .filter(|&c| puzzle.get(c) != 0)
        .all(|c| {
            let v = probe.get(c);
            probe.put(c, 0);
            let ambiguous = !is_unique(&probe);
            probe.put(c, v);
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

    /// The solver's plain count is the oracle: on every removal a dig asks
    /// about, a forced removal must keep the puzzle unique, and
    /// `stays_unique` must agree with the count.
    #[test]
    fn removals_know_whether_the_puzzle_stays_unique() {
        use crate::generation::fill::{FillMethod, fill};
        use crate::solve::solver;
        use rand::SeedableRng;
        use rand_chacha::ChaCha8Rng;

        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut forced, mut searched, mut ambiguous) = (0, 0, 0);
        for (n, symmetry) in [
            (9, Symmetry::Rotational),
            (9, Symmetry::None),
            (6, Symmetry::Mirror),
        ] {
            let shape = Shape::for_size(n).unwrap();
            let groups = symmetry.groups(shape);
            for _ in 0..4 {
                let solution = fill(shape, FillMethod::default(), &mut rng);
                let puzzle = dig(&solution, &groups, &mut rng, |r| {
                    let unique = solver::count(r.puzzle, 0).is_unique();
                    assert!(!r.forced() || unique, "{}", r.puzzle);
                    assert_eq!(r.stays_unique(), unique, "{}", r.puzzle);
                    forced += usize::from(r.forced());
                    searched += usize::from(!r.forced() && unique);
                    ambiguous += usize::from(!unique);
                    unique
                });
                assert!(solver::count(&puzzle, 0).is_unique());
            }
        }
        assert!(forced > 0 && searched > 0 && ambiguous > 0);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}

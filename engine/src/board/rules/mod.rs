//! `Rules`: what a board's digits must obey beyond its shape (seed
//! sudoku-graph-coloring: a Sudoku is a colouring of a constraint graph, and
//! a variant is another graph). The houses — rows, columns, boxes or jigsaw
//! regions, the diagonals of Sudoku X, the windows of windoku — each hold
//! every digit once; killer cages hold different digits adding up to their
//! sum.
//!
//! Classic rules are `Rules::default()`, which holds nothing: a classic
//! grid pays one pointer for them, and the 9x9 fast paths, which know rows,
//! columns and rectangular boxes by heart, see at once that they may run.
//! Every other stage asks a grid's rules for its houses and peers instead of
//! its shape's geometry when the rules are not classic.

mod cage;
mod line;
mod solo;
mod variant;

use std::collections::VecDeque;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

pub use cage::{Cage, digit_sets, sum_range};
pub use line::{VariantTextError, is_variant_line, parse_variant, variant_line};
pub use solo::solo_description;
pub use variant::{UnknownVariant, Variant};

use super::cell::Cell;
use super::geometry::Shape;
use super::house::House;

/// A board's rules: its houses and its cages. Cheap to clone (one shared
/// table); `Rules::default()` is classic Sudoku.
#[derive(Clone, Default)]
pub struct Rules(Option<Arc<Layout>>);

/// What the rules are made of, before they are checked against a shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    /// Jigsaw regions in place of boxes: a region label per cell, row
    /// major, n labels of n cells each, every region connected. `None`
    /// keeps the boxes.
    pub regions: Option<Vec<u8>>,
    /// Both long diagonals hold every digit once (Sudoku X).
    pub diagonals: bool,
    /// The windows of windoku (hyper Sudoku) hold every digit once.
    pub windows: bool,
    /// Killer cages, no cell in two.
    pub cages: Vec<Cage>,
}

/// The checked rules with the tables every stage reads: houses and their
/// cells, each cell's houses and peers, each cell's cage.
struct Layout {
    shape: Shape,
    spec: RulesSpec,
    /// Every house: rows, columns, boxes or regions (the first 3n, as the
    /// shape's geometry numbers them), then diagonals, then windows.
    houses: Vec<House>,
    /// The cells of each house, in reading order.
    units: Vec<Vec<usize>>,
    /// For each cell, the houses it lies in.
    cell_units: Vec<Vec<usize>>,
    /// For each cell, every other cell that may not hold its digit: house
    /// mates and cage mates, sorted.
    peers: Vec<Vec<usize>>,
    /// For each cell, the index of its cage in `spec.cages`, if it has one.
    cage_of: Vec<Option<u16>>,
    /// For each cage, the digit sets that make its sum (see [`digit_sets`]).
    cage_sets: Vec<Vec<u32>>,
}

impl Rules {
    /// Classic Sudoku: rows, columns and boxes.
    pub fn classic() -> Rules {
        Rules(None)
    }

    /// The rules `spec` describes on a board of `shape`, after checking
    /// that they make sense there: regions of n connected cells, cages on
    /// the board, apart, connected, and with a sum some digits make.
    /// Regions that are the shape's boxes are no jigsaw, and a spec that
    /// adds nothing is classic.
    pub fn new(shape: Shape, mut spec: RulesSpec) -> Result<Rules, RulesError> {
        let n = shape.n();
        if let Some(regions) = &spec.regions {
            let normal = normalise_regions(shape, regions)?;
            let boxes: Vec<u8> = (0..n * n)
                .map(|cell| shape.geometry().box_of(cell) as u8)
                .collect();
            spec.regions = (normal != boxes).then_some(normal);
        }
        if spec.windows && !shape.is_square() {
            return Err(RulesError::WindowsNeedSquareBoxes { shape });
        }
        let cage_of = check_cages(shape, &spec.cages)?;
        if spec == RulesSpec::default() {
            return Ok(Rules::classic());
        }
        let (houses, units) = houses(shape, &spec);
        let mut cell_units = vec![Vec::new(); n * n];
        for (unit, cells) in units.iter().enumerate() {
            for &cell in cells {
                cell_units[cell].push(unit);
            }
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut seen: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .chain(
                        cage_of[cell]
                            .iter()
                            .flat_map(|&k| spec.cages[k as usize].cells().iter().copied()),
                    )
                    .filter(|&other| other != cell)
                    .collect();
                seen.sort_unstable();
                seen.dedup();
                seen
            })
            .collect();
        let cage_sets = spec
            .cages
            .iter()
            .map(|cage| digit_sets(cage.len(), cage.sum() as usize, n))
            .collect();
        Ok(Rules(Some(Arc::new(Layout {
            shape,
            spec,
            houses,
            units,
            cell_units,
            peers,
            cage_of,
            cage_sets,
        }))))
    }

    /// True for classic Sudoku: the shape's rows, columns and boxes, and
    /// nothing else.
    pub fn is_classic(&self) -> bool {
        self.0.is_none()
    }

    /// The variant's name parts: jigsaw, killer, windoku, x.
    pub fn variant(&self) -> Variant {
        self.0.as_ref().map_or(Variant::CLASSIC, |layout| Variant {
            jigsaw: layout.spec.regions.is_some(),
            killer: !layout.spec.cages.is_empty(),
            windoku: layout.spec.windows,
            x: layout.spec.diagonals,
        })
    }

    /// What the rules were made of (an empty spec for classic).
    pub fn spec(&self) -> RulesSpec {
        self.0
            .as_ref()
            .map_or_else(RulesSpec::default, |l| l.spec.clone())
    }

    /// Whether the rules were made for `shape` (classic fits every shape).
    pub fn fits(&self, shape: Shape) -> bool {
        self.0.as_ref().is_none_or(|layout| layout.shape == shape)
    }

    /// The jigsaw region of each cell, labelled 0..n by first appearance in
    /// reading order, or `None` when the boxes are the regions.
    pub fn regions(&self) -> Option<&[u8]> {
        self.0.as_ref()?.spec.regions.as_deref()
    }

    /// The killer cages, in the order they were given.
    pub fn cages(&self) -> &[Cage] {
        self.0.as_ref().map_or(&[], |layout| &layout.spec.cages)
    }

    /// The cage a cell lies in, if any.
    pub fn cage_of(&self, cell: usize) -> Option<&Cage> {
        let layout = self.0.as_ref()?;
        let k = (*layout.cage_of.get(cell)?)?;
        layout.spec.cages.get(k as usize)
    }

    /// The index in [`Rules::cages`] of the cage a cell lies in, if any.
    pub fn cage_index(&self, cell: usize) -> Option<usize> {
        let layout = self.0.as_ref()?;
        layout.cage_of.get(cell).copied().flatten().map(usize::from)
    }

    /// The digit sets that make cage `k`'s sum (digit d at bit d-1), which
    /// the solver and the techniques keep the cage's digits inside.
    pub fn cage_digit_sets(&self, k: usize) -> &[u32] {
        self.0.as_ref().map_or(&[], |layout| &layout.cage_sets[k])
    }

    /// Every house of a board of `shape` under these rules, each with its
    /// cells in reading order: rows, columns, boxes or regions, then the
    /// diagonals and windows. Each holds every digit once.
    pub fn houses(&self, shape: Shape) -> HouseIter<'_> {
        HouseIter {
            rules: self,
            shape,
            next: 0,
        }
    }

    /// How many houses a board of `shape` has under these rules.
    pub fn house_count(&self, shape: Shape) -> usize {
        self.0
            .as_ref()
            .map_or(3 * shape.n(), |layout| layout.units.len())
    }

    /// The cells of house number `unit` (as [`Rules::houses`] counts them).
    pub fn house_cells(&self, shape: Shape, unit: usize) -> &[usize] {
        match &self.0 {
            Some(layout) => &layout.units[unit],
            None => &shape.geometry().units[unit],
        }
    }

    /// The house number `unit` names.
    pub fn house(&self, shape: Shape, unit: usize) -> Option<House> {
        match &self.0 {
            Some(layout) => layout.houses.get(unit).copied(),
            None => House::from_unit(unit, shape),
        }
    }

    /// The houses a cell lies in, by number.
    pub fn houses_of(&self, shape: Shape, cell: usize) -> &[usize] {
        match &self.0 {
            Some(layout) => &layout.cell_units[cell],
            None => &shape.geometry().cell_units[cell],
        }
    }

    /// Every other cell that may not hold the same digit as `cell`: its
    /// house mates and its cage mates, sorted.
    pub fn peers(&self, shape: Shape, cell: usize) -> &[usize] {
        match &self.0 {
            Some(layout) => &layout.peers[cell],
            None => &shape.geometry().peers[cell],
        }
    }
}

/// The houses of a board under its rules, with their cells: what
/// [`Rules::houses`] walks.
pub struct HouseIter<'a> {
    rules: &'a Rules,
    shape: Shape,
    next: usize,
}

impl<'a> Iterator for HouseIter<'a> {
    type Item = (House, &'a [usize]);

    fn next(&mut self) -> Option<(House, &'a [usize])> {
        let unit = self.next;
        if unit >= self.rules.house_count(self.shape) {
            return None;
        }
        self.next += 1;
        let house = self.rules.house(self.shape, unit)?;
        Some((house, self.rules.house_cells(self.shape, unit)))
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || (a.shape == b.shape && a.spec == b.spec),
            _ => false,
        }
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Some(layout) = &self.0 {
            layout.spec.regions.hash(state);
            layout.spec.diagonals.hash(state);
            layout.spec.windows.hash(state);
            layout.spec.cages.hash(state);
        }
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            None => f.write_str("Rules(classic)"),
            Some(layout) => write!(f, "Rules({}, {:?})", self.variant(), layout.spec),
        }
    }
}

/// Why a set of rules does not fit a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The rules were made for a board of another shape.
    #[error("these rules were made for another board than {shape}")]
    OtherShape {
        /// The grid's shape.
        shape: Shape,
    },
    /// The regions give a label to too few or too many cells.
    #[error("the regions label {found} cells, but the board has {cells}")]
    RegionCells {
        /// Labels given.
        found: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// There are not n regions.
    #[error("there are {found} regions, but a {n}x{n} board needs {n}")]
    RegionCount {
        /// Regions found.
        found: usize,
        /// The board's side.
        n: usize,
    },
    /// A region does not have n cells.
    #[error("region {region} (first cell {first}) has {cells} cells, but every region needs {n}")]
    RegionSize {
        /// The region, counted from 1 in order of first appearance.
        region: usize,
        /// Its first cell.
        first: Cell,
        /// How many cells it has.
        cells: usize,
        /// How many it needs.
        n: usize,
    },
    /// A region falls apart into pieces that do not touch.
    #[error("region {region} is not connected: {apart} is cut off from {first}")]
    RegionNotConnected {
        /// The region, counted from 1 in order of first appearance.
        region: usize,
        /// Its first cell.
        first: Cell,
        /// A cell no path inside the region reaches from the first.
        apart: Cell,
    },
    /// Windoku's windows need square boxes.
    #[error("windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not {shape}")]
    WindowsNeedSquareBoxes {
        /// The shape asked for.
        shape: Shape,
    },
    /// A cage has no cell.
    #[error("cage {cage} has no cells")]
    EmptyCage {
        /// The cage, counted from 1.
        cage: usize,
    },
    /// A cage names a cell off the board.
    #[error("cage {cage} has cell {cell}, off a {n}x{n} board")]
    CageOffBoard {
        /// The cage, counted from 1.
        cage: usize,
        /// The cell index asked for.
        cell: usize,
        /// The board's side.
        n: usize,
    },
    /// Two cages share a cell.
    #[error("{cell} is in two cages, {first} and {second}")]
    CagesOverlap {
        /// The cell in both.
        cell: Cell,
        /// The earlier cage's name.
        first: String,
        /// The later cage's name.
        second: String,
    },
    /// A cage has more cells than digits.
    #[error("{cage} has {cells} cells, more than the {n} different digits a board has")]
    CageTooLarge {
        /// The cage's name.
        cage: String,
        /// Its cells.
        cells: usize,
        /// The board's side.
        n: usize,
    },
    /// No set of different digits makes a cage's sum.
    #[error("{cage}: {cells} different digits add up to {low} to {high}, never {sum}")]
    ImpossibleSum {
        /// The cage's name.
        cage: String,
        /// Its sum.
        sum: u16,
        /// Its cells.
        cells: usize,
        /// The smallest sum its digits make.
        low: usize,
        /// The largest.
        high: usize,
    },
    /// A cage falls apart into pieces that do not touch.
    #[error("{cage} is not connected: {apart} is cut off from its first cell")]
    CageNotConnected {
        /// The cage's name.
        cage: String,
        /// A cell no path inside the cage reaches from the first.
        apart: Cell,
    },
}

/// Region labels renumbered 0..n by first appearance, after checking there
/// are n regions of n connected cells.
fn normalise_regions(shape: Shape, labels: &[u8]) -> Result<Vec<u8>, RulesError> {
    let n = shape.n();
    if labels.len() != n * n {
        return Err(RulesError::RegionCells {
            found: labels.len(),
            cells: n * n,
        });
    }
    let mut renumber = [u8::MAX; 256];
    let mut next = 0u8;
    let normal: Vec<u8> = labels
        .iter()
        .map(|&label| {
            if renumber[label as usize] == u8::MAX {
                renumber[label as usize] = next;
                next += 1;
            }
            renumber[label as usize]
        })
        .collect();
    if next as usize != n {
        return Err(RulesError::RegionCount {
            found: next as usize,
            n,
        });
    }
    let cell = |index: usize| Cell::from_index(index, shape).expect("index is on the board");
    for region in 0..n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&c| normal[c] == region).collect();
        let first = cell(cells[0]);
        if cells.len() != n {
            return Err(RulesError::RegionSize {
                region: region as usize + 1,
                first,
                cells: cells.len(),
                n,
            });
        }
        if let Some(apart) = cut_off(shape, &cells) {
            return Err(RulesError::RegionNotConnected {
                region: region as usize + 1,
                first,
                apart: cell(apart),
            });
        }
    }
    Ok(normal)
}

/// A cell of `cells` (sorted, not empty) that no path of side-by-side cells
/// inside `cells` reaches from the first, if there is one.
pub(crate) fn cut_off(shape: Shape, cells: &[usize]) -> Option<usize> {
    let n = shape.n();
    let mut reached = vec![false; cells.len()];
    let mut queue = VecDeque::from([0]);
    reached[0] = true;
    while let Some(at) = queue.pop_front() {
        for side in beside(n, cells[at]) {
            if let Ok(found) = cells.binary_search(&side)
                && !reached[found]
            {
                reached[found] = true;
                queue.push_back(found);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|i| cells[i])
}

/// The cells beside `cell` (above, below, left, right) on an n x n board:
/// what regions and cages are connected by.
pub(crate) fn beside(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Each cell's cage, after checking every cage is on the board, apart from
/// the others, no larger than n, connected, and has a sum digits make.
fn check_cages(shape: Shape, cages: &[Cage]) -> Result<Vec<Option<u16>>, RulesError> {
    let n = shape.n();
    let mut cage_of: Vec<Option<u16>> = vec![None; n * n];
    let cell = |index: usize| Cell::from_index(index, shape).expect("index is on the board");
    for (k, cage) in cages.iter().enumerate() {
        if cage.is_empty() {
            return Err(RulesError::EmptyCage { cage: k + 1 });
        }
        if let Some(&off) = cage.cells().iter().find(|&&c| c >= n * n) {
            return Err(RulesError::CageOffBoard {
                cage: k + 1,
                cell: off,
                n,
            });
        }
        for &c in cage.cells() {
            if let Some(other) = cage_of[c] {
                return Err(RulesError::CagesOverlap {
                    cell: cell(c),
                    first: cages[other as usize].name(shape),
                    second: cage.name(shape),
                });
            }
            cage_of[c] = Some(k as u16);
        }
        if cage.len() > n {
            return Err(RulesError::CageTooLarge {
                cage: cage.name(shape),
                cells: cage.len(),
                n,
            });
        }
        let (low, high) = sum_range(cage.len(), n);
        let sum = cage.sum() as usize;
        if sum < low || sum > high {
            return Err(RulesError::ImpossibleSum {
                cage: cage.name(shape),
                sum: cage.sum(),
                cells: cage.len(),
                low,
                high,
            });
        }
        if let Some(apart) = cut_off(shape, cage.cells()) {
            return Err(RulesError::CageNotConnected {
                cage: cage.name(shape),
                apart: cell(apart),
            });
        }
    }
    Ok(cage_of)
}

/// The houses of `spec` on `shape` and their cells: rows, columns, boxes
/// or regions, diagonals, windows.
fn houses(shape: Shape, spec: &RulesSpec) -> (Vec<House>, Vec<Vec<usize>>) {
    let n = shape.n();
    let geometry = shape.geometry();
    let mut houses: Vec<House> = (0..3 * n)
        .map(|unit| House::from_unit(unit, shape).expect("3n units"))
        .collect();
    let mut units: Vec<Vec<usize>> = geometry.units.clone();
    if let Some(regions) = &spec.regions {
        for region in 0..n {
            houses[2 * n + region] = House::Region(region as u8);
            units[2 * n + region] = (0..n * n)
                .filter(|&c| regions[c] as usize == region)
                .collect();
        }
    }
    if spec.diagonals {
        houses.push(House::Diagonal);
        units.push((0..n).map(|i| i * n + i).collect());
        houses.push(House::AntiDiagonal);
        units.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    if spec.windows {
        // k x k windows with one line of cells between them and the edge:
        // on 9x9 the four of windoku, starting at rows and columns 2 and 6
        let k = shape.box_rows();
        let starts: Vec<usize> = (0..k - 1).map(|i| 1 + i * (k + 1)).collect();
        let mut window = 0u8;
        for &top in &starts {
            for &left in &starts {
                houses.push(House::Window(window));
                units.push(
                    (0..k)
                        .flat_map(|r| (0..k).map(move |c| (top + r) * n + left + c))
                        .collect(),
                );
                window += 1;
            }
        }
    }
    (houses, units)
}

#[cfg(test)]
mod tests;

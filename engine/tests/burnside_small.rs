//! The Burnside count of essentially different grids on the two smallest
//! boards, against an oracle that shares nothing with it: every grid listed
//! by a plain backtracker (its number checked with the solver's count), then
//! sorted into classes by closing each under the board's symmetries.

use std::collections::HashSet;

use tudoku_engine::Shape;
use tudoku_engine::census;
use tudoku_engine::count_all;
use tudoku_engine::{Grid, SolutionCount};

#[test]
fn four_by_four_has_2_essentially_different_grids() {
    check(Shape::new(2, 2).unwrap(), 288, 2);
}

#[test]
fn six_by_six_has_49_essentially_different_grids() {
    check(Shape::new(2, 3).unwrap(), 28_200_960, 49);
    // Boxes three rows tall make the same board turned over.
    let tall = census(Shape::new(3, 2).unwrap(), 2).unwrap();
    assert_eq!(tall.essentially_different(), (49, 0));
}

fn check(shape: Shape, grids: u64, classes: u128) {
    let census = census(shape, 2).unwrap();
    assert_eq!(census.essentially_different(), (classes, 0), "{shape}");
    let factorial: u64 = (1..=shape.n() as u64).product();
    assert_eq!(census.classes[0].fixed, u128::from(grids / factorial));

    let normal = grids_with_first_row_in_order(shape);
    assert_eq!(
        count_all(&Grid::empty(shape)),
        SolutionCount::Exactly(normal.len() as u64 * factorial),
        "{shape}: the listing misses grids"
    );
    assert_eq!(orbits(shape, &normal), classes as usize, "{shape}: oracle");
}

/// Every grid whose first row is 1..n: one per relabelling class.
fn grids_with_first_row_in_order(shape: Shape) -> HashSet<Vec<u8>> {
    let n = shape.n();
    let mut lister = Lister {
        shape,
        cells: vec![0; n * n],
        used: vec![0; 3 * n],
        out: HashSet::new(),
    };
    for c in 0..n {
        lister.toggle(c, c as u8 + 1);
    }
    lister.fill(n);
    lister.out
}

/// A plain cell-by-cell backtracker with one used-digit mask per unit.
struct Lister {
    shape: Shape,
    cells: Vec<u8>,
    used: Vec<u32>,
    out: HashSet<Vec<u8>>,
}

impl Lister {
    fn units(&self, at: usize) -> [usize; 3] {
        let (h, w, n) = (self.shape.box_rows(), self.shape.box_cols(), self.shape.n());
        let (r, c) = (at / n, at % n);
        [r, n + c, 2 * n + (r / h) * h + c / w]
    }

    fn toggle(&mut self, at: usize, d: u8) {
        self.cells[at] ^= d;
        for u in self.units(at) {
            self.used[u] ^= 1 << d;
        }
    }

    fn fill(&mut self, at: usize) {
        if at == self.cells.len() {
            self.out.insert(self.cells.clone());
            return;
        }
        let used = self.units(at).iter().fold(0, |m, &u| m | self.used[u]);
        for d in 1..=self.shape.n() as u8 {
            if used >> d & 1 == 0 {
                self.toggle(at, d);
                self.fill(at + 1);
                self.toggle(at, d);
            }
        }
    }
}

/// The number of classes of `grids` (closed under relabelling, each given by
/// its member with first row 1..n) under swaps of rows in a band, columns in
/// a stack, bands, stacks, and transposition where boxes are square.
fn orbits(shape: Shape, grids: &HashSet<Vec<u8>>) -> usize {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    type Move = Box<dyn Fn(usize, usize) -> (usize, usize)>;
    let swap = move |l: usize, a: usize, b: usize, size: usize| {
        if (a..a + size).contains(&l) {
            l - a + b
        } else if (b..b + size).contains(&l) {
            l - b + a
        } else {
            l
        }
    };
    let mut moves: Vec<Move> = Vec::new();
    for l in 0..n - 1 {
        if l / h == (l + 1) / h {
            moves.push(Box::new(move |r, c| (swap(r, l, l + 1, 1), c)));
        }
        if l / w == (l + 1) / w {
            moves.push(Box::new(move |r, c| (r, swap(c, l, l + 1, 1))));
        }
    }
    for b in 0..w - 1 {
        moves.push(Box::new(move |r, c| (swap(r, b * h, (b + 1) * h, h), c)));
    }
    for s in 0..h - 1 {
        moves.push(Box::new(move |r, c| (r, swap(c, s * w, (s + 1) * w, w))));
    }
    if h == w {
        moves.push(Box::new(|r, c| (c, r)));
    }
    let apply = |grid: &[u8], m: &Move| {
        let mut moved = vec![0u8; n * n];
        for r in 0..n {
            for c in 0..n {
                let (r2, c2) = m(r, c);
                moved[r2 * n + c2] = grid[r * n + c];
            }
        }
        // Back to the member whose first row is 1..n.
        let mut rename = vec![0u8; n + 1];
        for (c, &d) in moved[..n].iter().enumerate() {
            rename[d as usize] = c as u8 + 1;
        }
        moved
            .iter()
            .map(|&d| rename[d as usize])
            .collect::<Vec<u8>>()
    };
    let mut seen = HashSet::new();
    let mut classes = 0;
    for start in grids {
        if !seen.insert(start.clone()) {
            continue;
        }
        classes += 1;
        let mut stack = vec![start.clone()];
        while let Some(grid) = stack.pop() {
            for m in &moves {
                let next = apply(&grid, m);
                assert!(grids.contains(&next), "a symmetry made a non-grid");
                if seen.insert(next.clone()) {
                    stack.push(next);
                }
            }
        }
    }
    classes
}

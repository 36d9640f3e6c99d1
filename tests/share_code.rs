//! Share codes round-trip for every board shape and any givens, and a 9x9
//! code always fits on a line of 60 characters.

use proptest::prelude::*;
use tudoku_engine::{Grid, Shape, from_share_code, share_code};

/// A shape and givens on it: each cell empty with probability `1 - density`,
/// else any of the board's digits (givens need not make a puzzle here).
fn givens() -> impl Strategy<Value = Grid> {
    let shapes: Vec<Shape> = Shape::all().collect();
    (0..shapes.len(), 0.0f64..=1.0, any::<u64>()).prop_map(move |(i, density, seed)| {
        let shape = shapes[i];
        let n = shape.n() as u64;
        let mut state = seed | 1;
        let mut next = move || {
            // xorshift: a different stream per seed
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let values = (0..shape.cell_count())
            .map(|_| {
                let given = (next() % 1000) as f64 / 1000.0 < density;
                if given { (next() % n + 1) as u8 } else { 0 }
            })
            .collect();
        Grid::from_values(shape, values).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_code_reads_back_as_its_givens(grid in givens()) {
        let code = share_code(&grid);
        prop_assert!(!code.contains(char::is_whitespace), "{}", code);
        prop_assert_eq!(from_share_code(&code), Ok(grid.clone()));
        // typed in lower case, with I/L for 1 and O for 0, it reads the same
        let typed: String = code
            .to_lowercase()
            .replace('1', "l")
            .replace('0', "o");
        let typed = match typed.split_once('_') {
            // the board part keeps its own digits
            Some((_, text)) => format!("{}_{text}", code.split_once('_').unwrap().0),
            None => typed,
        };
        prop_assert_eq!(from_share_code(&typed), Ok(grid.clone()));
        if grid.n() == 9 {
            prop_assert!(code.len() <= 60, "{} is {} long", code, code.len());
        }
    }
}

#[test]
fn boxes_that_are_not_the_default_are_named() {
    let shape = Shape::new(3, 2).unwrap();
    let grid = Grid::from_values(shape, (0..36).map(|i| (i % 7) as u8).collect()).unwrap();
    let code = share_code(&grid);
    assert!(code.starts_with("3x2_"), "{code}");
    let back = from_share_code(&code).unwrap();
    assert_eq!(back.shape(), shape);
    assert_eq!(back, grid);
}

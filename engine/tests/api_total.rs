//! No input makes the library's root functions panic: arbitrary text,
//! arbitrary cells and values, arbitrary grids of every board up to 9x9
//! (larger random grids can make an honest search run for minutes, which
//! is a matter of time, not of panics), and arbitrary generation requests.
//! Each answer is also checked against what it claims, so the test fails
//! on a wrong answer as well as on a panic.

use proptest::prelude::*;
use tudoku_engine::{
    Cell, Difficulty, Grid, Hint, HintLevel, House, SetError, Shape, SolutionCount, Unsolvable,
    canonical, count, generate, hint, is_solution, parse, rate, solution, some_solution,
    step_highlight, step_text,
};

/// A shape with n <= 9 and a grid on it with `density` of its cells filled
/// with any digit of the board (clashes welcome).
fn small_grid() -> impl Strategy<Value = Grid> {
    let shapes: Vec<Shape> = Shape::all().filter(|s| s.n() <= 9).collect();
    (prop::sample::select(shapes), 0.0f64..0.6, any::<u64>()).prop_map(|(shape, density, seed)| {
        let n = shape.n();
        let mut state = seed | 1;
        let mut next = move || {
            // xorshift: a cheap stream, so proptest shrinks the seed, not 81 values
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let values = (0..shape.cell_count())
            .map(|_| {
                let filled = (next() % 1000) as f64 / 1000.0 < density;
                if filled {
                    (next() % n as u64) as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        Grid::from_values(shape, values).expect("values are digits of the board")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn any_text_parses_or_says_where(text in ".{0,700}") {
        match parse(&text) {
            Ok(grid) => prop_assert_eq!(parse(&grid.to_string()), Ok(grid)),
            Err(e) => prop_assert!(e.line == 1 && e.column >= 1, "{e}"),
        }
        let _ = text.parse::<Grid>();
    }

    #[test]
    fn set_checks_every_cell_and_value(cell in 0usize..2000, value in any::<u8>(), size in 0usize..7) {
        let shape = Shape::for_size([4, 6, 8, 9, 12, 16, 25][size]).unwrap();
        let mut grid = Grid::empty(shape);
        let n = shape.n();
        match grid.set(cell, value) {
            Ok(()) => prop_assert_eq!(grid.get(cell), value),
            Err(SetError::OffTheBoard { .. }) => prop_assert!(cell >= n * n),
            Err(SetError::ValueTooLarge { .. }) => prop_assert!(value as usize > n),
            Err(other) => prop_assert!(false, "unexpected {other}"),
        }
        prop_assert!(grid.values().iter().all(|&v| v as usize <= n));
    }

    #[test]
    fn every_root_function_answers_any_small_grid(grid in small_grid()) {
        let unique = solution(&grid);
        match &unique {
            Ok(s) => prop_assert!(is_solution(&grid, s)),
            Err(Unsolvable::Clash { first, second, digit }) => {
                prop_assert_eq!(grid.at(*first), Some(*digit));
                prop_assert_eq!(grid.at(*second), Some(*digit));
            }
            Err(_) => {}
        }
        let some = some_solution(&grid);
        if let Some(s) = &some {
            prop_assert!(is_solution(&grid, s));
        }
        let counted = count(&grid, 2);
        prop_assert_eq!(counted == SolutionCount::Exactly(1), unique.is_ok());
        prop_assert_eq!(counted.found() == 0, some.is_none());
        prop_assert_eq!(rate(&grid).is_ok(), unique.is_ok());
        match hint(&grid) {
            Ok(Some(step)) => prop_assert!(!step.explanation.is_empty()),
            Ok(None) => prop_assert!(grid.is_full()),
            Err(_) => prop_assert!(unique.is_err()),
        }
        if let Some(form) = canonical(&grid) {
            prop_assert_eq!(form.filled_count(), grid.filled_count());
        }
    }

    #[test]
    fn any_generation_request_makes_a_unique_puzzle_or_says_why(
        size in 0usize..4, level in 0usize..6, seed in any::<u64>()
    ) {
        let shape = Shape::for_size([4, 6, 8, 9][size]).unwrap();
        let level = Difficulty::ALL.get(level).copied();
        if let Ok(made) = generate(shape, level, seed) {
            prop_assert_eq!(solution(&made.puzzle), Ok(made.solution));
            if let Some(level) = level {
                prop_assert_eq!(made.rating.difficulty, level);
            }
        }
    }

    #[test]
    fn steps_hints_and_houses_read_on_any_board_answer(
        grid in small_grid(),
        size in 0usize..7,
        row in any::<u8>(),
        col in any::<u8>(),
        digit in any::<u8>(),
        unit in 0usize..100,
    ) {
        let own = grid.shape();
        let other = Shape::for_size([4, 6, 8, 9, 12, 16, 25][size]).unwrap();
        let levels = [HintLevel::Technique, HintLevel::Cells, HintLevel::Full];
        if let Ok(Some(step)) = hint(&grid) {
            // on its own board a step's cells and houses are all there
            prop_assert!(step.houses(own).count() > 0);
            for (cell, _) in step.placed(own).chain(step.removed(own)) {
                prop_assert_eq!(grid.at(cell), Some(0), "{}", step.explanation);
            }
            // on another board, or with another board's geometry, it answers
            let _ = (step.houses(other).count(), step.cells(other).count());
            let _ = (step.placed(other).count(), step.removed(other).count());
            for level in levels {
                let _ = step_text(&step, other.geometry(), level);
                let _ = step_highlight(&step, other.geometry(), level);
            }
        }
        let cell = Cell::new(row, col);
        let hints = [
            Hint::Mistakes(vec![(cell, digit)]),
            Hint::MissingNotes(vec![(cell, digit)]),
        ];
        for hint in hints {
            for level in levels {
                let said = hint.text(other.geometry(), level);
                prop_assert!(!said.is_empty());
                let _ = hint.highlight(other.geometry(), level);
            }
        }
        match House::from_unit(unit, other) {
            Some(house) => prop_assert_eq!(house.unit(other), Some(unit)),
            None => prop_assert!(unit >= 3 * other.n()),
        }
        let houses = [House::Row(row), House::Column(col), House::Box(digit)];
        for house in houses {
            let on = house.unit(other).is_some();
            prop_assert_eq!(on, house.number() < other.n());
        }
    }
}

//! Hints: wrong entries are named before anything else; otherwise the hint's
//! step agrees with the solution, even when the player's notes are wrong; the
//! level texts and highlights reveal a little more at each level.

mod techniques_common;

use techniques_common::load;
use tudoku::engine::hint::{
    Hint, HintError, HintLevel, next_hint, solve_path, step_highlight, step_text,
};
use tudoku::engine::{DigitSet, Grid, Shape, Step, Technique, solver, validate};

fn puzzle() -> (Grid, Grid) {
    let g = load("top1465.txt").remove(0);
    let s = solver::solve(&g).unwrap();
    (g, s)
}

/// An empty cell of the puzzle at (row, col), 1-based, searching from there.
fn empty_from(g: &Grid, row: usize, col: usize) -> usize {
    ((row - 1) * 9 + col - 1..81)
        .find(|&c| g.get(c) == 0)
        .unwrap()
}

fn wrong_digit(s: &Grid, cell: usize) -> u8 {
    s.get(cell) % 9 + 1
}

#[test]
fn wrong_entries_are_named_first() {
    let (g, s) = puzzle();
    let mut entries = Grid::empty(g.shape());
    // a few right entries and one wrong one
    let right = empty_from(&g, 1, 1);
    entries.set(right, s.get(right));
    let wrong = empty_from(&g, 2, 7);
    entries.set(wrong, wrong_digit(&s, wrong));
    let hint = next_hint(&g, &entries, None, Some(&s)).unwrap();
    assert_eq!(hint, Hint::Mistakes(vec![wrong]));
    let name = format!("r{}c{}", wrong / 9 + 1, wrong % 9 + 1);
    let text = hint.text(g.shape().geometry(), HintLevel::Technique);
    assert_eq!(text, format!("{name} is wrong"));
    // the solution is found when not given; two mistakes are both named
    let other = empty_from(&g, 8, 1);
    entries.set(other, wrong_digit(&s, other));
    let hint = next_hint(&g, &entries, None, None).unwrap();
    assert_eq!(hint, Hint::Mistakes(vec![wrong, other]));
    assert!(
        hint.text(g.shape().geometry(), HintLevel::Full)
            .ends_with(" are wrong")
    );
    assert_eq!(
        hint.highlight(HintLevel::Technique).cells,
        vec![wrong, other]
    );
}

#[test]
fn following_hints_solves_the_puzzle_even_with_wrong_notes() {
    for g in load("hardest_1106.txt")
        .iter()
        .step_by(75)
        .chain(load("6x6.txt").iter().take(3))
    {
        let s = solver::solve(g).unwrap();
        let cells = g.shape().cell_count();
        let n = g.n();
        let mut entries = Grid::empty(g.shape());
        // notes: every digit but the true one (wrong), a lone wrong digit (a
        // tempting false naked single), the true digit and one more (right),
        // or none
        let mut notes: Vec<DigitSet> = (0..cells)
            .map(|c| {
                let (t, other) = (s.get(c), s.get(c) % n as u8 + 1);
                match c % 4 {
                    0 => DigitSet::full(n) - DigitSet::single(t),
                    1 => DigitSet::single(other),
                    2 => DigitSet::single(t) | DigitSet::single(other),
                    _ => DigitSet::EMPTY,
                }
            })
            .collect();
        let mut hints = 0;
        loop {
            let hint = next_hint(g, &entries, Some(&notes), Some(&s)).unwrap();
            let step = match hint {
                Hint::Solved => break,
                Hint::Mistakes(m) => panic!("no wrong entries were made: {m:?}"),
                Hint::Step(step) => step,
            };
            for &(cell, d) in &step.placements {
                assert_eq!(d, s.get(cell), "{}", step.explanation);
                entries.set(cell, d);
            }
            for &(cell, d) in &step.eliminations {
                assert_ne!(d, s.get(cell), "{}", step.explanation);
                notes[cell].remove(d);
            }
            let mut position = g.clone();
            for c in 0..cells {
                if entries.get(c) != 0 {
                    position.set(c, entries.get(c));
                }
            }
            assert!(validate::is_consistent(&position));
            hints += 1;
            assert!(hints < 5000);
        }
        assert!(hints > 0);
    }
}

#[test]
fn levels_reveal_more_each_time() {
    let g = Shape::for_size(9).unwrap().geometry();
    // a hidden single of 7 in r5c3, within box 4 (unit 18 + 3)
    let step = Step {
        technique: Technique::HiddenSingle,
        units: vec![21],
        cells: vec![4 * 9 + 2],
        placements: vec![(4 * 9 + 2, 7)],
        eliminations: vec![],
        explanation: "Hidden single: 7 can only go in r5c3 within box 4".to_string(),
    };
    assert_eq!(
        step_text(&step, g, HintLevel::Technique),
        "Look at box 4: there is a hidden single"
    );
    assert_eq!(
        step_text(&step, g, HintLevel::Cells),
        "Hidden single in box 4: look at r5c3"
    );
    assert_eq!(step_text(&step, g, HintLevel::Full), step.explanation);
    let one = step_highlight(&step, HintLevel::Technique);
    assert_eq!((one.units.clone(), one.cells.len()), (vec![21], 0));
    let two = step_highlight(&step, HintLevel::Cells);
    assert_eq!(two.cells, vec![38]);
    assert!(two.placements.is_empty());
    let three = step_highlight(&step, HintLevel::Full);
    assert_eq!(three.placements, vec![(38, 7)]);
    let wing = Step {
        technique: Technique::XWing,
        units: vec![1, 6],
        ..step
    };
    assert_eq!(
        step_text(&wing, g, HintLevel::Technique),
        "Look at row 2 and row 7: there is an X-wing"
    );
    assert_eq!(HintLevel::from_number(2), Some(HintLevel::Cells));
    assert_eq!(HintLevel::from_number(4), None);
    assert_eq!(HintLevel::Technique.next().next(), HintLevel::Full);
}

#[test]
fn solve_path_reaches_the_solution() {
    for g in load("17_clue_sample.txt").iter().take(5) {
        let s = solver::solve(g).unwrap();
        let mut values = g.clone();
        for step in solve_path(g).unwrap() {
            for &(c, d) in &step.placements {
                values.set(c, d);
            }
            assert!(!step.explanation.is_empty());
        }
        assert_eq!(values, s);
    }
}

#[test]
fn positions_that_do_not_fit_are_refused() {
    let (g, s) = puzzle();
    let small = Grid::empty(Shape::for_size(4).unwrap());
    assert!(matches!(
        next_hint(&g, &small, None, Some(&s)),
        Err(HintError::Mismatch(_))
    ));
    let mut bad = s.clone();
    let given = (0..81).find(|&c| g.get(c) != 0).unwrap();
    let other = (0..81)
        .find(|&c| s.get(c) != s.get(given) && c / 9 == given / 9)
        .unwrap();
    bad.set(given, s.get(other));
    bad.set(other, s.get(given));
    assert!(matches!(
        next_hint(&g, &Grid::empty(g.shape()), None, Some(&bad)),
        Err(HintError::Mismatch(_))
    ));
    let several = load("serg_sample.txt").remove(0);
    assert!(matches!(
        next_hint(&several, &Grid::empty(several.shape()), None, None),
        Err(HintError::Unsolvable(_))
    ));
}

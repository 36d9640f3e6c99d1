//! Hints: wrong entries are named before anything else, then digits missing
//! from notes; otherwise the hint's step agrees with the solution and starts
//! from the player's notes, even when they hold wrong digits; the level texts
//! and highlights reveal a little more at each level.

mod techniques_common;

use techniques_common::load;
use tudoku_engine::techniques::{Board, find_fish, find_hidden_single};
use tudoku_engine::{Cell, DigitSet, Grid, House, Shape, Technique, is_consistent, some_solution};
use tudoku_engine::{Hint, HintError, HintLevel, next_hint, solve_path, step_highlight, step_text};

fn puzzle() -> (Grid, Grid) {
    let g = load("top1465.txt").remove(0);
    let s = some_solution(&g).unwrap();
    (g, s)
}

/// An empty cell of the puzzle at (row, col), 1-based, searching from there.
fn empty_from(g: &Grid, row: usize, col: usize) -> usize {
    ((row - 1) * 9 + col - 1..81)
        .find(|&c| g.get(c) == 0)
        .unwrap()
}

/// The cell at an index of a 9x9 board.
fn cell(index: usize) -> Cell {
    Cell::from_index(index, Shape::for_size(9).unwrap()).unwrap()
}

fn wrong_digit(s: &Grid, cell: usize) -> u8 {
    s.get(cell) % 9 + 1
}

#[test]
fn wrong_entries_are_named_first() {
    let (g, s) = puzzle();
    let geo = g.shape().geometry();
    let mut entries = Grid::empty(g.shape());
    // a few right entries and one wrong one, with notes missing a digit too
    let right = empty_from(&g, 1, 1);
    entries.set(right, s.get(right)).unwrap();
    let wrong = empty_from(&g, 2, 7);
    let digit = wrong_digit(&s, wrong);
    entries.set(wrong, digit).unwrap();
    let mut notes = vec![DigitSet::EMPTY; 81];
    let noted = empty_from(&g, 5, 1);
    notes[noted] = DigitSet::single(wrong_digit(&s, noted));
    let hint = next_hint(&g, &entries, Some(&notes), Some(&s)).unwrap();
    assert_eq!(hint, Hint::Mistakes(vec![(cell(wrong), digit)]));
    // the first level only says there is one; the next names cell and digit
    let vague = hint.text(geo, HintLevel::Technique);
    assert!(vague.contains("a mistake"), "{vague}");
    assert!(!vague.contains(&geo.cell_name(wrong)), "{vague}");
    assert!(hint.highlight(geo, HintLevel::Technique).cells.is_empty());
    let named = hint.text(geo, HintLevel::Cells);
    assert!(named.starts_with(&format!("{} is not {digit}", geo.cell_name(wrong))));
    assert!(named.ends_with("remove it first"), "{named}");
    // the solution is found when not given; two mistakes are both named
    let other = empty_from(&g, 8, 1);
    entries.set(other, wrong_digit(&s, other)).unwrap();
    let hint = next_hint(&g, &entries, None, None).unwrap();
    let both = vec![(cell(wrong), digit), (cell(other), wrong_digit(&s, other))];
    assert_eq!(hint, Hint::Mistakes(both));
    assert!(hint.text(geo, HintLevel::Technique).contains("2 mistakes"));
    assert!(
        hint.text(geo, HintLevel::Full)
            .ends_with("remove them first")
    );
    assert_eq!(
        hint.highlight(geo, HintLevel::Cells).cells,
        vec![cell(wrong), cell(other)]
    );
}

#[test]
fn digits_missing_from_notes_come_next() {
    let (g, s) = puzzle();
    let geo = g.shape().geometry();
    let entries = Grid::empty(g.shape());
    // notes in two cells: one leaves out the cell's digit, one holds it
    let mut notes = vec![DigitSet::EMPTY; 81];
    let missing = empty_from(&g, 5, 2);
    notes[missing] = DigitSet::full(9) - DigitSet::single(s.get(missing));
    let fine = empty_from(&g, 9, 1);
    notes[fine] = DigitSet::single(s.get(fine)) | DigitSet::single(wrong_digit(&s, fine));
    let hint = next_hint(&g, &entries, Some(&notes), Some(&s)).unwrap();
    assert_eq!(
        hint,
        Hint::MissingNotes(vec![(cell(missing), s.get(missing))])
    );
    let first = hint.text(geo, HintLevel::Technique);
    let box_name = geo.unit_name(geo.cell_units[missing][2]);
    assert!(first.contains(&box_name), "{first}");
    assert!(!first.contains(&geo.cell_name(missing)), "{first}");
    let second = hint.text(geo, HintLevel::Cells);
    let said = format!("{} can still be {}", geo.cell_name(missing), s.get(missing));
    assert!(second.contains(&said), "{second}");
    // once the digit is back, the hint is a step again
    notes[missing].insert(s.get(missing));
    let hint = next_hint(&g, &entries, Some(&notes), Some(&s)).unwrap();
    assert!(matches!(hint, Hint::Step { .. }), "{hint:?}");
}

#[test]
fn hints_start_from_the_players_notes() {
    // with no notes the first hint on this puzzle is not a naked single; with
    // one cell's notes cut to its digit (sound: the digit stays) it is that
    let (g, s) = puzzle();
    let entries = Grid::empty(g.shape());
    let Hint::Step { step, unnoted } = next_hint(&g, &entries, None, Some(&s)).unwrap() else {
        panic!("no entries, no notes: a step");
    };
    assert_ne!(step.technique, Technique::NakedSingle);
    assert!(unnoted.is_empty() || step.technique > Technique::HiddenSingle);
    let only = empty_from(&g, 9, 9 - 3);
    let mut notes = vec![DigitSet::EMPTY; 81];
    notes[only] = DigitSet::single(s.get(only));
    let hint = next_hint(&g, &entries, Some(&notes), Some(&s)).unwrap();
    let Hint::Step { step, .. } = hint else {
        panic!("{hint:?}");
    };
    assert_eq!(step.technique, Technique::NakedSingle);
    assert_eq!(
        step.placed(g.shape()).collect::<Vec<_>>(),
        vec![(cell(only), s.get(only))]
    );
}

#[test]
fn partial_notes_are_used_where_written_and_said_where_not() {
    // the true candidates as notes in every other empty cell: each hint's
    // eliminations in a noted cell are among its notes, and the cells it
    // reads without notes are named, in the text too
    let geo = Shape::for_size(9).unwrap().geometry();
    let mut named_some = false;
    for g in load("top1465.txt").iter().take(40) {
        let s = some_solution(g).unwrap();
        let board = Board::from_grid(g);
        let empty: Vec<usize> = (0..81).filter(|&c| g.get(c) == 0).collect();
        let mut notes = vec![DigitSet::EMPTY; 81];
        for &c in empty.iter().step_by(2) {
            notes[c] = board.candidates(c);
        }
        let entries = Grid::empty(g.shape());
        let hint = next_hint(g, &entries, Some(&notes), Some(&s)).unwrap();
        let Hint::Step { step, unnoted } = &hint else {
            panic!("complete notes, no entries: a step, not {hint:?}");
        };
        for (c, d) in step.removed(g.shape()) {
            let c = c.index(g.shape()).unwrap();
            assert!(notes[c].is_empty() || notes[c].contains(d));
            assert_ne!(s.get(c), d);
        }
        let singles = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ];
        let mut read: Vec<Cell> = step
            .cells(g.shape())
            .chain(step.removed(g.shape()).map(|(c, _)| c))
            .filter(|&c| g.at(c) == Some(0) && notes[c.index(g.shape()).unwrap()].is_empty())
            .collect();
        read.sort_unstable();
        read.dedup();
        if singles.contains(&step.technique) {
            read.clear();
        }
        assert_eq!(unnoted, &read, "{}", step.explanation);
        let full = hint.text(geo, HintLevel::Full);
        assert_eq!(full.contains("no notes"), !unnoted.is_empty(), "{full}");
        for c in unnoted {
            assert!(full.contains(&c.to_string()), "{full}");
        }
        named_some |= !unnoted.is_empty();
    }
    assert!(named_some, "some hint reads a cell without notes");
}

#[test]
fn following_hints_solves_the_puzzle_even_with_wrong_notes() {
    for g in load("hardest_1106.txt")
        .iter()
        .step_by(75)
        .chain(load("6x6.txt").iter().take(3))
    {
        let s = some_solution(g).unwrap();
        let cells = g.shape().cell_count();
        let n = g.n();
        let mut entries = Grid::empty(g.shape());
        // notes: every digit but the true one (missing it), a lone wrong
        // digit (a tempting false naked single, missing it too), the true
        // digit and one more (complete), or none
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
        let mut put_back = 0;
        loop {
            let hint = next_hint(g, &entries, Some(&notes), Some(&s)).unwrap();
            let step = match hint {
                Hint::Solved => break,
                Hint::Mistakes(m) => panic!("no wrong entries were made: {m:?}"),
                Hint::MissingNotes(missing) => {
                    for (cell, d) in missing {
                        let cell = cell.index(g.shape()).unwrap();
                        assert_eq!(d, s.get(cell));
                        assert!(g.get(cell) == 0 && !notes[cell].contains(d));
                        notes[cell].insert(d);
                        put_back += 1;
                    }
                    continue;
                }
                Hint::Step { step, .. } => step,
            };
            for (cell, d) in step.placed(g.shape()) {
                let cell = cell.index(g.shape()).unwrap();
                assert_eq!(d, s.get(cell), "{}", step.explanation);
                entries.set(cell, d).unwrap();
            }
            for (cell, d) in step.removed(g.shape()) {
                let cell = cell.index(g.shape()).unwrap();
                assert_ne!(d, s.get(cell), "{}", step.explanation);
                notes[cell].remove(d);
            }
            let mut position = g.clone();
            for c in 0..cells {
                if entries.get(c) != 0 {
                    position.set(c, entries.get(c)).unwrap();
                }
            }
            assert!(is_consistent(&position));
            hints += 1;
            assert!(hints < 5000);
        }
        assert!(hints > 0);
        assert!(put_back > 0, "the notes were missing digits");
    }
}

#[test]
fn levels_reveal_more_each_time() {
    let shape = Shape::for_size(9).unwrap();
    let g = shape.geometry();
    // 7 ruled out of box 4 (rows 4 to 6, columns 1 to 3) but for r5c3
    let mut b = Board::empty(shape);
    for (row, col) in (3..6).flat_map(|r| (0..3).map(move |c| (r, c))) {
        if (row, col) != (4, 2) {
            b.eliminate(g.cell(row, col), 7);
        }
    }
    let step = find_hidden_single(&b).unwrap();
    assert_eq!(
        step_text(&step, g, HintLevel::Technique),
        "Look at box 4 for a hidden single"
    );
    assert_eq!(
        step_text(&step, g, HintLevel::Cells),
        "Hidden single in box 4: look at r5c3"
    );
    assert_eq!(step_text(&step, g, HintLevel::Full), step.explanation);
    let r5c3 = Cell::new(4, 2);
    let one = step_highlight(&step, g, HintLevel::Technique);
    assert_eq!(
        (one.houses.clone(), one.cells.len()),
        (vec![House::Box(3)], 0)
    );
    let two = step_highlight(&step, g, HintLevel::Cells);
    assert_eq!(two.cells, vec![r5c3]);
    assert!(two.placed.is_empty());
    let three = step_highlight(&step, g, HintLevel::Full);
    assert_eq!(three.placed, vec![(r5c3, 7)]);
    // 4 only in columns 3 and 8 of rows 2 and 7: an X-wing
    let mut b = Board::empty(shape);
    for (row, col) in [1, 6].into_iter().flat_map(|r| (0..9).map(move |c| (r, c))) {
        if col != 2 && col != 7 {
            b.eliminate(g.cell(row, col), 4);
        }
    }
    let wing = find_fish(&b, 2).unwrap();
    assert_eq!(
        step_text(&wing, g, HintLevel::Technique),
        "Look at row 2, row 7, column 3 and column 8 for an X-wing"
    );
    assert_eq!(HintLevel::Technique.next().next(), HintLevel::Full);
}

#[test]
fn solve_path_reaches_the_solution() {
    for g in load("17_clue_sample.txt").iter().take(5) {
        let s = some_solution(g).unwrap();
        let mut values = g.clone();
        for step in solve_path(g).unwrap() {
            for (c, d) in step.placed(g.shape()) {
                values.set(c.index(g.shape()).unwrap(), d).unwrap();
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
    bad.set(given, s.get(other)).unwrap();
    bad.set(other, s.get(given)).unwrap();
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

//! Game logic: every action and its undo/redo, notes auto-removal, hints, win
//! detection and the clock, on fixed puzzles from engine/tests/data solved by the
//! engine's solver. Candidates are checked against a brute-force reference
//! computed from row/column/box coordinates, not from the geometry tables.

use std::time::{Duration, Instant};

use super::support::{PUZZLES_6, PUZZLES_9, PUZZLES_16, first_line, game_on};
use crate::game::{Action, Direction, Game, Hint, HintLevel, Jump, Refusal, new_puzzle};
use tudoku_engine::{Cell, Difficulty, Grid, Shape, count, is_solved, some_solution};

fn game_from(line: &str, now: Instant) -> Game {
    game_on(line, Difficulty::Hard, Some(1), now)
}

fn game9(now: Instant) -> Game {
    game_from(PUZZLES_9, now)
}

fn first_empty(game: &Game) -> usize {
    (0..game.values().values().len())
        .find(|&c| game.value(c) == 0)
        .unwrap()
}

/// Digits not yet in the cell's row, column or box, by coordinates.
fn brute_candidates(values: &Grid, cell: usize) -> Vec<u8> {
    let shape = values.shape();
    let (n, h, w) = (shape.n(), shape.box_rows(), shape.box_cols());
    let (r, c) = (cell / n, cell % n);
    (1..=n as u8)
        .filter(|&d| {
            (0..n).all(|i| values.get(r * n + i) != d && values.get(i * n + c) != d)
                && (0..n).all(|i| {
                    let (br, bc) = (r / h * h + i / w, c / w * w + i % w);
                    values.get(br * n + bc) != d
                })
        })
        .collect()
}

fn select(game: &mut Game, cell: usize, now: Instant) {
    game.apply(Action::Select(cell), now).unwrap();
}

/// A snapshot of everything an edit can change.
fn board(game: &Game) -> (Vec<u8>, Vec<u32>) {
    let cells = game.values().values().len();
    (
        game.values().values().to_vec(),
        (0..cells).map(|c| game.notes(c).bits()).collect(),
    )
}

#[test]
fn place_undo_redo() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    let before = board(&game);
    game.apply(Action::Place(5), now).unwrap();
    assert_eq!(game.value(cell), 5);
    let after = board(&game);
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(board(&game), before);
    game.apply(Action::Redo, now).unwrap();
    assert_eq!(board(&game), after);
    assert_eq!(game.apply(Action::Redo, now), Err(Refusal::NothingToRedo));
}

#[test]
fn undo_and_redo_have_no_limit() {
    let now = Instant::now();
    let mut game = game9(now);
    let empties: Vec<usize> = (0..81).filter(|&c| game.value(c) == 0).collect();
    let start = board(&game);
    for (i, &cell) in empties.iter().enumerate() {
        select(&mut game, cell, now);
        game.apply(Action::ToggleNote((i % 9) as u8 + 1), now)
            .unwrap();
    }
    let end = board(&game);
    for _ in &empties {
        game.apply(Action::Undo, now).unwrap();
    }
    assert_eq!(board(&game), start);
    assert_eq!(game.apply(Action::Undo, now), Err(Refusal::NothingToUndo));
    for _ in &empties {
        game.apply(Action::Redo, now).unwrap();
    }
    assert_eq!(board(&game), end);
}

#[test]
fn a_new_edit_clears_redo() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    game.apply(Action::Place(1), now).unwrap();
    game.apply(Action::Undo, now).unwrap();
    game.apply(Action::ToggleNote(2), now).unwrap();
    assert_eq!(game.apply(Action::Redo, now), Err(Refusal::NothingToRedo));
}

#[test]
fn placing_removes_the_digit_from_peer_notes_and_undoes_as_one() {
    let now = Instant::now();
    let mut game = game9(now);
    let g = game.geometry();
    let target = first_empty(&game);
    let d = brute_candidates(game.values(), target)[0];
    // Note d in every empty cell that could hold it.
    let noted: Vec<usize> = (0..81)
        .filter(|&c| game.value(c) == 0 && brute_candidates(game.values(), c).contains(&d))
        .collect();
    for &c in &noted {
        select(&mut game, c, now);
        game.apply(Action::ToggleNote(d), now).unwrap();
    }
    let before = board(&game);
    select(&mut game, target, now);
    game.apply(Action::Place(d), now).unwrap();
    for &c in &noted {
        let (r0, c0) = (target / 9, target % 9);
        let (r1, c1) = (c / 9, c % 9);
        let sees = r0 == r1 || c0 == c1 || (r0 / 3 == r1 / 3 && c0 / 3 == c1 / 3);
        if c != target {
            assert_eq!(game.notes(c).contains(d), !sees, "cell {c}");
        }
    }
    assert!(noted.iter().any(|&c| c != target && g.sees(c, target)));
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(
        board(&game),
        before,
        "one undo restores the placement and every note"
    );
}

#[test]
fn a_clashing_placement_leaves_peer_notes_alone() {
    let now = Instant::now();
    let mut game = game9(now);
    let g = game.geometry();
    let target = first_empty(&game);
    let clash = g.peers[target]
        .iter()
        .map(|&p| game.value(p))
        .find(|&v| v != 0)
        .unwrap();
    let peer = g.peers[target]
        .iter()
        .copied()
        .find(|&p| game.value(p) == 0)
        .unwrap();
    select(&mut game, peer, now);
    game.apply(Action::ToggleNote(clash), now).unwrap();
    select(&mut game, target, now);
    game.apply(Action::Place(clash), now).unwrap();
    assert!(game.notes(peer).contains(clash));
    assert!(game.conflicts().contains(&target));
}

#[test]
fn erase_value_and_notes_with_undo() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    assert_eq!(game.apply(Action::Erase, now), Err(Refusal::NothingToErase));
    game.apply(Action::Place(3), now).unwrap();
    game.apply(Action::Erase, now).unwrap();
    assert_eq!(game.value(cell), 0);
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(game.value(cell), 3);
    game.apply(Action::Erase, now).unwrap();
    game.apply(Action::ToggleNote(4), now).unwrap();
    game.apply(Action::ToggleNote(6), now).unwrap();
    game.apply(Action::Erase, now).unwrap();
    assert!(game.notes(cell).is_empty());
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(game.notes(cell).iter().collect::<Vec<_>>(), vec![4, 6]);
    game.apply(Action::Redo, now).unwrap();
    assert!(game.notes(cell).is_empty());
}

#[test]
fn givens_cannot_change_and_notes_need_an_empty_cell() {
    let now = Instant::now();
    let mut game = game9(now);
    let given = (0..81).find(|&c| game.is_given(c)).unwrap();
    select(&mut game, given, now);
    let before = board(&game);
    assert_eq!(game.apply(Action::Place(1), now), Err(Refusal::GivenCell));
    assert_eq!(game.apply(Action::Erase, now), Err(Refusal::GivenCell));
    assert_eq!(
        game.apply(Action::ToggleNote(1), now),
        Err(Refusal::FilledCell)
    );
    assert_eq!(game.apply(Action::Place(10), now), Err(Refusal::BadDigit));
    assert_eq!(board(&game), before);
    assert!(!game.can_undo());
}

#[test]
fn toggle_note_and_notes_mode() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    game.apply(Action::ToggleNote(7), now).unwrap();
    assert!(game.notes(cell).contains(7));
    game.apply(Action::ToggleNote(7), now).unwrap();
    assert!(!game.notes(cell).contains(7));
    game.apply(Action::Undo, now).unwrap();
    assert!(game.notes(cell).contains(7));
    assert!(!game.notes_mode());
    game.apply(Action::ToggleNotesMode, now).unwrap();
    assert!(game.notes_mode());
}

#[test]
fn auto_notes_are_the_candidates_and_clear_notes_removes_them() {
    let now = Instant::now();
    for line in [
        first_line(PUZZLES_9),
        first_line(PUZZLES_6),
        first_line(PUZZLES_16),
    ] {
        let mut game = game_from(line, now);
        let cells = game.values().values().len();
        game.apply(Action::AutoNotes, now).unwrap();
        for cell in 0..cells {
            let expected = if game.value(cell) == 0 {
                brute_candidates(game.values(), cell)
            } else {
                vec![]
            };
            assert_eq!(game.notes(cell).iter().collect::<Vec<_>>(), expected);
        }
        let filled = board(&game);
        game.apply(Action::ClearNotes, now).unwrap();
        assert!((0..cells).all(|c| game.notes(c).is_empty()));
        game.apply(Action::Undo, now).unwrap();
        assert_eq!(board(&game), filled);
        game.apply(Action::Undo, now).unwrap();
        assert!((0..cells).all(|c| game.notes(c).is_empty()));
    }
}

#[test]
fn restart_clears_entries_and_undoes() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    game.apply(Action::Place(2), now).unwrap();
    let played = board(&game);
    game.apply(Action::Restart, now).unwrap();
    assert_eq!(game.values(), game.givens());
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(board(&game), played);
}

#[test]
fn check_marks_only_wrong_entries_until_they_change() {
    let now = Instant::now();
    let mut game = game9(now);
    let empties: Vec<usize> = (0..81).filter(|&c| game.value(c) == 0).collect();
    let (right, wrong) = (empties[0], empties[1]);
    let right_digit = game.solution().get(right);
    let wrong_digit = game.solution().get(wrong) % 9 + 1;
    select(&mut game, right, now);
    game.apply(Action::Place(right_digit), now).unwrap();
    select(&mut game, wrong, now);
    game.apply(Action::Place(wrong_digit), now).unwrap();
    assert_eq!(game.mistakes(), 1, "only the wrong placement is a mistake");
    game.apply(Action::Check, now).unwrap();
    assert!(game.is_marked_wrong(wrong));
    assert!(!game.is_marked_wrong(right));
    let marked = (0..game.shape().cell_count())
        .filter(|&c| game.is_marked_wrong(c))
        .count();
    assert_eq!(marked, 1);
    game.apply(Action::Erase, now).unwrap();
    assert!(!game.is_marked_wrong(wrong));
}

#[test]
fn undo_mistakes_goes_back_to_the_last_right_position() {
    let now = Instant::now();
    let mut game = game9(now);
    assert_eq!(
        game.apply(Action::UndoMistakes, now),
        Err(Refusal::NoMistakes)
    );
    let empties: Vec<usize> = (0..81).filter(|&c| game.value(c) == 0).collect();
    let digit = |game: &Game, cell: usize, right: bool| {
        let d = game.solution().get(cell);
        if right { d } else { d % 9 + 1 }
    };
    // right, a note, wrong, right, right: the last right position is after the note
    for (i, &cell) in empties[..5].iter().enumerate() {
        select(&mut game, cell, now);
        match i {
            1 => game.apply(Action::ToggleNote(digit(&game, cell, true)), now),
            2 => game.apply(Action::Place(digit(&game, cell, false)), now),
            _ => game.apply(Action::Place(digit(&game, cell, true)), now),
        }
        .unwrap();
        if i == 1 {
            assert_eq!(game.value(empties[0]), digit(&game, empties[0], true));
        }
    }
    let played = board(&game);
    game.apply(Action::UndoMistakes, now).unwrap();
    assert_eq!(game.value(empties[0]), digit(&game, empties[0], true));
    assert!(
        game.notes(empties[1])
            .contains(digit(&game, empties[1], true))
    );
    for &cell in &empties[2..5] {
        assert_eq!(
            game.value(cell),
            0,
            "r{}c{} not undone",
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
    assert_eq!(
        game.apply(Action::UndoMistakes, now),
        Err(Refusal::NoMistakes)
    );
    for _ in 0..3 {
        game.apply(Action::Redo, now).unwrap();
    }
    assert_eq!(board(&game), played);
}

/// Every entry agrees with the solution and every cell's notes, where it has
/// any, still hold its solution digit: the solution is the oracle.
fn assert_consistent(game: &Game, context: &str) {
    for cell in 0..game.values().values().len() {
        let (value, truth) = (game.value(cell), game.solution().get(cell));
        assert!(
            value == 0 || value == truth,
            "{context}: wrong digit at {cell}"
        );
        let notes = game.notes(cell);
        assert!(
            value != 0 || notes.is_empty() || notes.contains(truth),
            "{context}: the notes of {cell} lost its digit"
        );
    }
}

/// Presses Hint until the hint is applied (level Full); returns the texts shown.
fn hint_to_the_end(game: &mut Game, now: Instant) -> Vec<String> {
    let mut texts = Vec::new();
    loop {
        game.apply(Action::Hint, now).unwrap();
        texts.push(game.hint_text().unwrap());
        if game.hint().unwrap().level == HintLevel::Full {
            return texts;
        }
    }
}

#[test]
fn hints_go_technique_then_cells_then_apply() {
    let now = Instant::now();
    let mut game = game9(now);
    let before = board(&game);
    game.apply(Action::Hint, now).unwrap();
    assert_eq!(game.hint().unwrap().level, HintLevel::Technique);
    let Hint::Step { step, .. } = game.hint().unwrap().hint.clone() else {
        panic!("a fresh puzzle has no mistakes");
    };
    let g = game.geometry();
    let unit_cells: Vec<usize> = step
        .houses(g.shape)
        .flat_map(|h| g.units[h.unit(g.shape).unwrap()].clone())
        .collect();
    assert!(game.hint_cells().iter().all(|c| unit_cells.contains(c)));
    assert!(game.hint_cells().len() >= 9, "level 1 shows whole units");
    let first = game.hint_text().unwrap();
    game.apply(Action::Hint, now).unwrap();
    assert_eq!(game.hint().unwrap().level, HintLevel::Cells);
    let cells = step.cells(g.shape).map(|c| g.cell(c.row(), c.col()));
    assert!(cells.into_iter().all(|c| game.hint_cells().contains(&c)));
    let second = game.hint_text().unwrap();
    assert_eq!(board(&game), before, "showing a hint changes nothing");
    game.apply(Action::Hint, now).unwrap();
    assert_eq!(game.hint().unwrap().level, HintLevel::Full);
    let third = game.hint_text().unwrap();
    assert!(first != second && second != third && first != third);
    assert_ne!(board(&game), before, "applying changes the board");
    assert_consistent(&game, "after one hint");
    assert_eq!(game.hints_used(), 1, "one hint, however many presses");
    game.apply(Action::Undo, now).unwrap();
    assert_eq!(board(&game), before, "the step undoes as one edit");
    assert!(game.hint().is_none());
    game.apply(Action::Hint, now).unwrap();
    assert_eq!(game.hints_used(), 2, "a new hint counts again");
}

#[test]
fn hints_alone_solve_a_hard_puzzle_consistently() {
    // top1465's first puzzle needs more than singles, so without notes some
    // step is a pure elimination: its cells get their candidates first.
    let now = Instant::now();
    let mut game = game9(now);
    let mut filled_notes = false;
    let mut hints = 0;
    while !game.is_won() {
        let texts = hint_to_the_end(&mut game, now);
        hints += 1;
        assert!(hints <= 200, "hints make progress");
        assert_consistent(&game, &texts.join(" / "));
        if !game.hint().unwrap().filled_notes.is_empty() {
            filled_notes = true;
            assert!(texts.last().unwrap().contains("notes filled in first for"));
        }
    }
    assert!(filled_notes);
    assert_eq!(game.hints_used(), hints);
    assert!(is_solved(game.values()));
}

#[test]
fn hints_remove_eliminations_from_the_players_notes() {
    let now = Instant::now();
    let mut game = game9(now);
    game.apply(Action::AutoNotes, now).unwrap();
    let mut eliminated = false;
    while !game.is_won() {
        let notes_before = board(&game).1;
        hint_to_the_end(&mut game, now);
        assert_consistent(&game, "with auto notes");
        let state = game.hint().unwrap();
        assert!(state.filled_notes.is_empty(), "every empty cell had notes");
        let g = game.geometry();
        if let Hint::Step { step, .. } = &state.hint
            && step.placed(g.shape).next().is_none()
        {
            eliminated = true;
            for (cell, digit) in step.removed(g.shape) {
                assert!(!game.notes(g.cell(cell.row(), cell.col())).contains(digit));
            }
            assert_ne!(board(&game).1, notes_before, "an elimination shows");
        }
    }
    assert!(eliminated, "the puzzle needs a step beyond singles");
}

#[test]
fn a_wrong_entry_is_hinted_before_any_technique() {
    // with mistakes hidden the first press only says there is one, the next
    // names it; with mistakes shown it is named at once; then it is erased
    for check_mistakes in [false, true] {
        let now = Instant::now();
        let mut game = game9(now);
        game.set_check_mistakes(check_mistakes);
        let cell = first_empty(&game);
        let wrong = game.solution().get(cell) % 9 + 1;
        select(&mut game, cell, now);
        game.apply(Action::Place(wrong), now).unwrap();
        let with_mistake = board(&game);
        game.apply(Action::Move(Direction::Down), now).unwrap();
        game.apply(Action::Hint, now).unwrap();
        assert_eq!(
            game.hint().unwrap().hint,
            Hint::Mistakes(vec![(Cell::from_index(cell, game.shape()).unwrap(), wrong)])
        );
        let name = game.geometry().cell_name(cell);
        let named = format!("{name} is not {wrong}");
        if !check_mistakes {
            let vague = game.hint_text().unwrap();
            assert!(!vague.contains(&name), "{vague}");
            assert!(vague.contains("mistake"), "{vague}");
            assert!(game.hint_cells().is_empty());
            game.apply(Action::Hint, now).unwrap();
        }
        assert!(game.hint_text().unwrap().contains(&named));
        assert_eq!(game.hint_cells(), vec![cell]);
        assert_eq!(board(&game), with_mistake, "naming it changes nothing");
        game.apply(Action::Hint, now).unwrap();
        assert_eq!(
            game.value(cell),
            0,
            "applying the hint erases the wrong digit"
        );
        assert!(game.hint_text().unwrap().contains(&named));
        assert_eq!(game.hints_used(), 1);
        game.apply(Action::Undo, now).unwrap();
        assert_eq!(board(&game), with_mistake);
    }
}

#[test]
fn a_digit_missing_from_the_notes_is_hinted_and_put_back() {
    let now = Instant::now();
    let mut game = game9(now);
    game.apply(Action::AutoNotes, now).unwrap();
    let cell = first_empty(&game);
    let right = game.solution().get(cell);
    select(&mut game, cell, now);
    game.apply(Action::ToggleNote(right), now).unwrap();
    assert!(!game.notes(cell).contains(right));
    game.apply(Action::Hint, now).unwrap();
    assert_eq!(
        game.hint().unwrap().hint,
        Hint::MissingNotes(vec![(Cell::from_index(cell, game.shape()).unwrap(), right)])
    );
    let box_cells = &game.geometry().units[game.geometry().cell_units[cell][2]];
    assert_eq!(&game.hint_cells(), box_cells, "first the box");
    game.apply(Action::Hint, now).unwrap();
    let name = game.geometry().cell_name(cell);
    let text = game.hint_text().unwrap();
    assert!(
        text.contains(&format!("{name} can still be {right}")),
        "{text}"
    );
    game.apply(Action::Hint, now).unwrap();
    assert!(game.notes(cell).contains(right), "applying puts it back");
    assert_eq!(game.value(cell), 0);
    assert_eq!(game.hints_used(), 1);
}

#[test]
fn an_edit_drops_the_hint() {
    let now = Instant::now();
    let mut game = game9(now);
    game.apply(Action::Hint, now).unwrap();
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    assert!(game.hint().is_some(), "moving keeps the hint");
    game.apply(Action::ToggleNote(1), now).unwrap();
    assert!(game.hint().is_none());
}

fn solve_all_but_one(game: &mut Game, now: Instant) -> usize {
    let empties: Vec<usize> = (0..game.values().values().len())
        .filter(|&c| game.value(c) == 0)
        .collect();
    let (&last, rest) = empties.split_last().unwrap();
    for &cell in rest {
        select(game, cell, now);
        let digit = game.solution().get(cell);
        game.apply(Action::Place(digit), now).unwrap();
    }
    last
}

#[test]
fn completing_the_board_wins_and_stops_the_clock() {
    let start = Instant::now();
    let mut game = game_from(first_line(PUZZLES_6), start);
    let at = |s| start + Duration::from_secs(s);
    let last = solve_all_but_one(&mut game, at(10));
    assert!(!game.is_won());
    select(&mut game, last, at(20));
    game.apply(Action::Place(game.solution().get(last)), at(30))
        .unwrap();
    assert!(game.is_won());
    assert!(is_solved(game.values()));
    assert_eq!(game.elapsed(at(1000)), Duration::from_secs(30));
    assert_eq!(game.apply(Action::Undo, at(40)), Err(Refusal::Won));
    assert_eq!(game.apply(Action::Erase, at(40)), Err(Refusal::Won));
    game.apply(Action::Resume, at(50)).unwrap();
    assert_eq!(
        game.elapsed(at(1000)),
        Duration::from_secs(30),
        "resume after the win keeps the clock stopped"
    );
}

#[test]
fn the_clock_stops_while_paused() {
    let start = Instant::now();
    let at = |s| start + Duration::from_secs(s);
    let mut game = game9(start);
    assert_eq!(game.elapsed(at(10)), Duration::from_secs(10));
    game.apply(Action::Pause, at(10)).unwrap();
    assert!(game.is_paused());
    assert_eq!(game.elapsed(at(100)), Duration::from_secs(10));
    assert_eq!(game.apply(Action::Place(1), at(100)), Err(Refusal::Paused));
    assert_eq!(
        game.apply(Action::Move(Direction::Up), at(100)),
        Err(Refusal::Paused)
    );
    game.apply(Action::Resume, at(100)).unwrap();
    assert_eq!(game.elapsed(at(105)), Duration::from_secs(15));
    game.apply(Action::Pause, at(105)).unwrap();
    game.apply(Action::Pause, at(200)).unwrap();
    assert_eq!(
        game.elapsed(at(300)),
        Duration::from_secs(15),
        "pausing twice is one pause"
    );
}

#[test]
fn moves_clamp_and_jumps_reach_the_edges() {
    let now = Instant::now();
    let mut game = game9(now);
    game.apply(Action::Move(Direction::Up), now).unwrap();
    game.apply(Action::Move(Direction::Left), now).unwrap();
    assert_eq!(game.selected(), 0);
    game.apply(Action::Move(Direction::Right), now).unwrap();
    game.apply(Action::Move(Direction::Down), now).unwrap();
    assert_eq!(game.selected(), 10);
    game.apply(Action::Jump(Jump::RowEnd), now).unwrap();
    assert_eq!(game.selected(), 17);
    game.apply(Action::Jump(Jump::ColumnBottom), now).unwrap();
    assert_eq!(game.selected(), 80);
    game.apply(Action::Jump(Jump::RowStart), now).unwrap();
    assert_eq!(game.selected(), 72);
    game.apply(Action::Jump(Jump::ColumnTop), now).unwrap();
    assert_eq!(game.selected(), 0);
    game.apply(Action::Jump(Jump::NextEmpty), now).unwrap();
    let next = (1..81).find(|&c| game.value(c) == 0).unwrap();
    assert_eq!(game.selected(), next);
    game.apply(Action::Jump(Jump::PrevEmpty), now).unwrap();
    let prev = (0..81)
        .rev()
        .find(|&c| c < next && game.value(c) == 0)
        .or_else(|| (0..81).rev().find(|&c| game.value(c) == 0))
        .unwrap();
    assert_eq!(game.selected(), prev);
    assert_eq!(game.apply(Action::Select(81), now), Err(Refusal::OffBoard));
}

#[test]
fn a_game_round_trips_through_toml_with_its_history() {
    let now = Instant::now();
    let mut game = game9(now);
    let cell = first_empty(&game);
    select(&mut game, cell, now);
    game.apply(Action::ToggleNote(3), now).unwrap();
    game.apply(Action::Place(4), now).unwrap();
    let text = toml::to_string(&game).unwrap();
    let mut loaded: Game = toml::from_str(&text).unwrap();
    assert_eq!(board(&loaded), board(&game));
    assert_eq!(loaded.mistakes(), game.mistakes());
    loaded.apply(Action::Undo, now).unwrap();
    assert_eq!(loaded.value(cell), 0);
    assert!(loaded.notes(cell).contains(3));
}

#[test]
fn a_damaged_save_is_an_error_not_a_panic() {
    let now = Instant::now();
    let game = game9(now);
    let text = toml::to_string(&game).unwrap();
    for (from, to) in [
        ("selected = 0", "selected = 500"),
        ("notes = [", "notes = [1, "),
        ("mistakes = 0", "mistakes = -1"),
    ] {
        assert!(text.contains(from), "{from}");
        let broken = text.replacen(from, to, 1);
        assert!(toml::from_str::<Game>(&broken).is_err(), "{to}");
    }
    // A solution that does not match the givens.
    let wrong = game.solution().to_line(false);
    let swapped: String = wrong.chars().rev().collect();
    let broken = text.replacen(&wrong, &swapped, 1);
    assert!(toml::from_str::<Game>(&broken).is_err());
}

#[test]
fn new_puzzles_are_unique_and_reproducible() {
    for size in [4, 6, 9] {
        let shape = Shape::for_size(size).unwrap();
        for difficulty in [Difficulty::Easy, Difficulty::Expert] {
            let made = new_puzzle(shape, difficulty, 42);
            let (puzzle, solution) = (&made.puzzle, &made.solution);
            assert!(is_solved(solution));
            assert!(count(puzzle, 2).is_unique());
            assert_eq!(&some_solution(puzzle).unwrap(), solution);
            assert_eq!(new_puzzle(shape, difficulty, 42), made);
            // the level asked for, except where the board cannot reach it
            let expected = if size == 4 {
                Difficulty::Easy
            } else {
                difficulty
            };
            assert_eq!(made.rating.difficulty, expected);
        }
    }
}

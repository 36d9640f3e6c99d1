//! `tudoku hint` from a player's position: the puzzle, then the player's
//! grid, then optionally their notes, on one line. The answer comes in the
//! game's order: a wrong entry, then a note wrongly removed, then a step.
//! Checked against the puzzle's solution (solved independently here).

mod cli_common;

use cli_common::{run, stderr, stdout};
use tudoku_engine::{Grid, some_solution};

/// A 9x9 puzzle from engine/tests/data/top1465.txt.
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn hint(line: &str) -> String {
    let o = run(&["hint"], format!("{line}\n"));
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o).trim_end().to_string()
}

/// The first empty cell of the puzzle, its right digit and a wrong one.
fn first_empty() -> (usize, u8, u8) {
    let puzzle = Grid::parse(PUZZLE, None).unwrap();
    let solution = some_solution(&puzzle).unwrap();
    let cell = (0..81).find(|&c| puzzle.get(c) == 0).unwrap();
    let right = solution.get(cell);
    (cell, right, right % 9 + 1)
}

fn name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

#[test]
fn a_wrong_entry_comes_first() {
    let (cell, _, wrong) = first_empty();
    let mut entries: Vec<u8> = PUZZLE.bytes().collect();
    entries[cell] = b'0' + wrong;
    let entries = String::from_utf8(entries).unwrap();
    let said = hint(&format!("{PUZZLE} {entries}"));
    assert_eq!(said, format!("Mistake: {} is not {wrong}", name(cell)));
}

#[test]
fn then_a_note_wrongly_removed() {
    let (cell, right, wrong) = first_empty();
    // notes in that one cell, leaving out its digit; none elsewhere
    let notes: Vec<String> = (0..81)
        .map(|c| {
            if c == cell {
                wrong.to_string()
            } else {
                String::new()
            }
        })
        .collect();
    let said = hint(&format!("{PUZZLE} {PUZZLE} {}", notes.join(",")));
    assert_eq!(
        said,
        format!("Note removed wrongly: {} can be {right}", name(cell))
    );
}

#[test]
fn then_the_technique_as_from_the_givens() {
    let from_givens = hint(PUZZLE);
    assert_eq!(hint(&format!("{PUZZLE} {PUZZLE}")), from_givens);
    assert!(!from_givens.starts_with("Mistake"), "{from_givens}");
}

#[test]
fn notes_for_too_few_cells_are_an_error_where_they_start() {
    let o = run(&["hint"], format!("{PUZZLE} {PUZZLE} 1,2,3\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("<stdin>:1:165: notes for 3 cells"),
        "{}",
        stderr(&o)
    );
}

//! `tudoku rate` and `tudoku hint` through the real binary.

mod cli_common;

use std::process::Command;

use cli_common::{run, stderr, stdout};

/// Solved 9x9 grid with one cell blank: the only step is a full house.
const ONE_GAP: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286.79";

#[test]
fn rate_prints_level_score_and_technique_per_puzzle() {
    let made = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args([
            "generate",
            "--seed",
            "3",
            "--count",
            "3",
            "--difficulty",
            "medium",
        ])
        .output()
        .unwrap();
    let puzzles = stdout(&made);
    let o = run(&["rate"], format!("{ONE_GAP}\n{puzzles}"));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    // one full house: ER 1.0, the score 1.0 in thousandths and one step
    assert_eq!(lines[0], "easy ER=1.0 1001 Full house");
    assert!(lines[1..].iter().all(|l| l.starts_with("medium ")), "{out}");
}

#[test]
fn rate_refuses_puzzles_without_one_solution() {
    let several = std::fs::read_to_string("engine/tests/data/serg_sample.txt").unwrap();
    let first = several.lines().next().unwrap();
    let clash = format!("55{}", ".".repeat(79));
    let o = run(&["rate"], format!("{first}\n{clash}\n"));
    assert!(!o.status.success());
    assert_eq!(stdout(&o), "several solutions\nno solution\n");
    assert!(stderr(&o).contains("<stdin>:1: not rated: the puzzle has more than one solution"));
}

#[test]
fn hint_explains_the_next_step_with_coordinates() {
    let o = run(&["hint"], ONE_GAP);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("Full house"), "{out}");
    assert!(out.contains("r9c7") && out.contains('1'), "{out}");
}

#[test]
fn hint_all_numbers_every_step_until_solved() {
    let puzzle = std::fs::read_to_string("engine/tests/data/17_clue_sample.txt").unwrap();
    let first = puzzle.lines().next().unwrap();
    let empty_cells = first.chars().filter(|&c| c == '.').count();
    let o = run(&["hint", "--all"], first);
    assert!(o.status.success());
    let out = stdout(&o);
    let steps: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert!(steps[0].starts_with("1. "));
    // every step places at most one digit or only eliminates, so at least
    // one step per empty cell
    assert!(
        steps.len() >= empty_cells,
        "{} steps for {empty_cells} cells",
        steps.len()
    );
    assert!(out.ends_with("\n\n"));
}

#[test]
fn hint_on_a_bad_line_fails_cleanly() {
    let o = run(&["hint"], "12..\n");
    assert!(!o.status.success());
    assert!(!stderr(&o).contains("panicked"));
}

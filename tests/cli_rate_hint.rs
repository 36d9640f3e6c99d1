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

/// hardest_1106's 69th puzzle: its first hint is a nested forcing chain
/// of 52 links.
const LONG_CHAIN: &str =
    "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7";

#[test]
fn hint_links_writes_a_chain_a_link_per_line() {
    let one = stdout(&run(&["hint"], LONG_CHAIN));
    let one = one.trim_end();
    assert_eq!(one.lines().count(), 1);
    let o = run(&["hint", "--links"], LONG_CHAIN);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // the name, the chain from its "if", each link after "→", the conclusion
    assert!(
        one.starts_with(lines[0]) && lines[0].ends_with(':'),
        "{out}"
    );
    let last = lines.len() - 1;
    assert!(
        lines[last].starts_with("so ") && one.ends_with(lines[last]),
        "{out}"
    );
    let first = lines[1]
        .strip_prefix("if ")
        .expect("the chain starts with if");
    let mut links = vec![first];
    for line in &lines[2..last] {
        links.push(line.strip_prefix(" → ").expect("a link a line"));
    }
    // every link of the one line, once, in order
    assert_eq!(links.len(), one.matches(" → ").count() + 1);
    assert!(one.contains(&links.join(" → ")), "{out}");
    // JSON: the same links, one chain starting at the first
    let o = run(&["hint", "--format", "json"], LONG_CHAIN);
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(json["hint"], one);
    let listed: Vec<&str> = json["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(listed, links);
    assert_eq!(json["chain_starts"], serde_json::json!([0]));
    // a hint without a chain lists none
    let o = run(&["hint", "--format", "json", "--links"], ONE_GAP);
    let json: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(json["links"], serde_json::json!([]));
    assert_eq!(
        stdout(&run(&["hint", "--links"], ONE_GAP)).lines().count(),
        1
    );
}

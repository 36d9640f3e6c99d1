//! Everything tudoku writes, it reads, and so do the puzzle lists people
//! keep: each format through the real binary, checked by solving (the
//! solution must keep the givens and be a valid grid, an oracle apart from
//! the reader).

mod cli_common;

use cli_common::{run, stderr, stdout};
use tudoku_engine::{Grid, is_solution};

/// "Easter Monster", from engine/tests/data/hardest_1106.txt.
const EASTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// Solves `input` and checks each output line solves the matching puzzle.
fn solves(input: &str, puzzles: &[&str]) {
    let o = run(&["solve", "--jobs", "1"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{out}");
    for (line, puzzle) in lines.iter().zip(puzzles) {
        let puzzle = Grid::parse(puzzle, None).unwrap();
        let solution = Grid::parse(line, None).expect("a solution");
        assert!(is_solution(&puzzle, &solution), "{line}");
    }
}

fn generate(extra: &[&str]) -> String {
    let mut args = vec!["generate", "--seed", "7", "--count", "3", "--jobs", "1"];
    args.extend_from_slice(extra);
    let o = run(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

fn first_fields(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

#[test]
fn generate_rate_and_solution_columns_read_back() {
    for extra in [&["--rate"][..], &["--solution"], &["--solution", "--rate"]] {
        let text = generate(extra);
        let puzzles = first_fields(&text);
        let puzzles: Vec<&str> = puzzles.iter().map(String::as_str).collect();
        solves(&text, &puzzles);
    }
}

#[test]
fn sudoku_explainer_lines_read() {
    solves(&format!("{EASTER} ED=11.6/11.6/11.3\n"), &[EASTER]);
}

#[test]
fn hodoku_lines_read() {
    solves(&format!(":0000:x:{EASTER}:::\n"), &[EASTER]);
}

#[test]
fn comments_after_puzzles_read() {
    solves(&format!("{EASTER} # Easter Monster\n"), &[EASTER]);
}

#[test]
fn sdk_files_read() {
    let rows: Vec<&str> = (0..9).map(|r| &EASTER[r * 9..r * 9 + 9]).collect();
    let sdk = format!(
        "#AMauricio\n#DEaster Monster\n[Puzzle]\n{}\n[State]\n{}\n",
        rows.join("\n"),
        rows.join("\n")
    );
    solves(&sdk, &[EASTER]);
}

#[test]
fn underscores_read_as_blanks() {
    solves(&format!("{}\n", EASTER.replace('.', "_")), &[EASTER]);
}

#[test]
fn an_ambiguous_line_is_an_error_naming_line_and_column() {
    let o = run(&["solve"], format!("{EASTER}\n{EASTER} 5\n"));
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("<stdin>:2:83: a puzzle of 81 symbols, then 1 more"),
        "{err}"
    );
    assert_eq!(stdout(&o).lines().nth(1), Some("invalid"));
}

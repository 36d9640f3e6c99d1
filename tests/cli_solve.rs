//! `tudoku solve` as a user runs it: the real binary, real pipes and files.

mod cli_common;

use std::process::Output;

use cli_common::{run, stderr, stdout};
use tudoku_engine::{Grid, is_solved};

/// A failure the user can act on: non-zero exit, a message, never a panic.
fn assert_clean_failure(o: &Output, message_part: &str) {
    let err = stderr(o);
    assert!(!o.status.success(), "expected failure, stderr: {err}");
    assert!(!err.contains("panicked"), "panic: {err}");
    assert!(
        err.contains(message_part),
        "stderr lacks {message_part:?}: {err}"
    );
}

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn solves_each_line_and_the_solution_checks_out() {
    let text = format!("# a comment\n{HARD}\n\n{}\n", HARD.replace('.', "0"));
    let o = run(&["solve"], text.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 2);
    let givens = Grid::parse(HARD, None).unwrap();
    for line in &lines {
        let solution = Grid::parse(line, None).unwrap();
        assert!(is_solved(&solution));
        for (g, s) in givens.values().iter().zip(solution.values()) {
            assert!(*g == 0 || g == s);
        }
    }
}

#[test]
fn counts_with_and_without_a_limit() {
    let empty4 = ".".repeat(16);
    let o = run(&["solve", "--count"], format!("{empty4}\n").as_bytes());
    assert_eq!(stdout(&o).trim(), "288");
    let several = std::fs::read_to_string("engine/tests/data/serg_sample.txt").unwrap();
    let first: Vec<&str> = several.lines().take(5).collect();
    let o = run(
        &["solve", "--count", "--limit", "2"],
        first.join("\n").as_bytes(),
    );
    assert!(o.status.success());
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        vec!["at least 2"; 5]
    );
}

#[test]
fn contradiction_reports_no_solution_and_fails() {
    let bad = format!("55{}", &".".repeat(79));
    let o = run(&["solve"], bad.as_bytes());
    assert_eq!(stdout(&o).trim(), "no solution");
    assert!(!o.status.success());
}

#[test]
fn box_option_reads_tall_boxes() {
    // A valid 6x6 grid with 3-row, 2-column boxes (not valid with 2x3 boxes).
    let tall = "123456345612561234214365436521652143";
    let wide = run(&["solve", "--count"], tall.as_bytes());
    assert_eq!(stdout(&wide).trim(), "0");
    let o = run(&["solve", "--count", "--box", "3x2"], tall.as_bytes());
    assert_eq!(stdout(&o).trim(), "1");
    let o = run(&["solve", "--box", "3x5"], tall.as_bytes());
    assert_clean_failure(&o, "invalid value '3x5' for '--box <RxC>'");
}

#[test]
fn garbage_names_line_and_column() {
    let text = format!("{HARD}\nwhat?\n");
    let o = run(&["solve"], text.as_bytes());
    assert_clean_failure(&o, "<stdin>:2:1: bad symbol 'w'");
    // the good line is still solved, the bad one marked
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1], "invalid");
}

#[test]
fn wrong_length_is_explained() {
    let o = run(&["solve"], &HARD.as_bytes()[..80]);
    assert_clean_failure(&o, "<stdin>:1:81: 80 symbols is not a puzzle");
    let too_large = format!("G{}", &HARD[1..]);
    let o = run(&["solve"], too_large.as_bytes());
    assert_clean_failure(&o, "<stdin>:1:1: symbol 'G' is too large for a 9x9 board");
}

#[test]
fn empty_input_and_missing_file_fail_clearly() {
    let o = run(&["solve"], b"");
    assert_clean_failure(&o, "no puzzles found");
    let o = run(&["solve"], b"# only a comment\n\n");
    assert_clean_failure(&o, "no puzzles found");
    let o = run(&["solve", "/nonexistent/puzzles.txt"], b"");
    assert_clean_failure(&o, "cannot read /nonexistent/puzzles.txt");
}

#[test]
fn binary_data_is_a_bad_symbol_not_a_crash() {
    let mut junk: Vec<u8> = (0..=255u8).collect();
    junk.extend_from_slice(&[0xff, 0xfe, 0x00, 0x89, b'P', b'N', b'G']);
    let o = run(&["solve"], &junk);
    assert_clean_failure(&o, "bad symbol");
}

#[test]
fn long_lines_are_refused_by_symbols_or_by_bytes() {
    let line = vec![b'1'; 700];
    let o = run(&["solve"], &line);
    assert_clean_failure(&o, "<stdin>:1:626: more than 625 symbols");
    let line = vec![b'1'; 10 * 1024 * 1024];
    let o = run(&["solve"], &line);
    assert_clean_failure(&o, "<stdin>:1: line too long");
}

#[test]
fn reads_a_named_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    std::fs::write(&path, format!("{HARD}\nxx\n")).unwrap();
    let o = run(&["solve", path.to_str().unwrap()], b"");
    assert_clean_failure(&o, &format!("{}:2:1: bad symbol 'x'", path.display()));
}

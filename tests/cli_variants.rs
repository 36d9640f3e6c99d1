//! Variants on the command line: `generate --variant V` writes puzzles
//! that `solve --count` finds unique and `solve` solves, in tudoku's line
//! or Solo's; Solo's own puzzles are solved; bad lines are named by file,
//! line and column; what is for classic only says so.

mod cli_common;

use cli_common::{run, stderr, stdout};

#[test]
fn generated_variants_are_unique_and_solved_by_the_solver() {
    for (variant, size) in [
        ("x", "9"),
        ("windoku", "9"),
        ("jigsaw", "6"),
        ("killer", "6"),
        ("jigsaw+x", "6"),
        ("killer+x", "4"),
    ] {
        for solo in [false, true] {
            let mut args = vec![
                "generate",
                "--variant",
                variant,
                "--size",
                size,
                "-n",
                "3",
                "--seed",
                "5",
                "--solution",
            ];
            if solo {
                args.push("--solo");
            }
            let o = run(&args, "");
            assert!(o.status.success(), "{variant}: {}", stderr(&o));
            let lines = stdout(&o);
            let (puzzles, solutions): (Vec<&str>, Vec<&str>) =
                lines.lines().map(|l| l.rsplit_once(' ').unwrap()).unzip();
            assert_eq!(puzzles.len(), 3, "{lines}");
            let input = puzzles.join("\n") + "\n";
            let counted = run(&["solve", "--count"], &input);
            assert_eq!(stdout(&counted), "1\n1\n1\n", "{variant}: {input}");
            let solved = run(&["solve"], &input);
            assert!(solved.status.success(), "{}", stderr(&solved));
            let solved = stdout(&solved);
            assert_eq!(solved.lines().collect::<Vec<_>>(), solutions, "{variant}");
        }
    }
}

#[test]
fn solos_puzzles_are_solved_and_unique() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/engine/tests/data/solo.txt");
    let o = run(&["solve", "--count", file], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n".repeat(40));
}

#[test]
fn bad_variant_lines_name_the_line_and_column() {
    let input = "x:1...............\njigsaw:................:aabbaabbccddcdcd\n";
    let o = run(&["solve"], input);
    assert_eq!(o.status.code(), Some(1));
    let said = stderr(&o);
    assert_eq!(
        said.lines().next(),
        Some("<stdin>:2:8: region 3 is not connected: r4c3 is cut off from r3c1"),
        "{said}"
    );
    let rated = run(
        &["rate"],
        "killer:................:aaaabbbbaaaabbbb:10,10,10,10\n",
    );
    assert_eq!(rated.status.code(), Some(1));
    assert!(
        stderr(&rated).contains("rating and hints are for classic Sudoku so far, not killer"),
        "{}",
        stderr(&rated)
    );
}

#[test]
fn levels_are_for_classic_only_so_far() {
    let o = run(
        &["generate", "--variant", "killer", "--difficulty", "hard"],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "tudoku: --difficulty is for classic puzzles so far: killer puzzles are made without a level\n"
    );
    let o = run(&["generate", "--variant", "windoku", "--size", "6"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("windoku needs square boxes"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn play_refuses_a_variant_on_a_board_it_is_not_made_on() {
    // before the terminal is taken: no pty needed
    let o = run(&["play", "--variant", "jigsaw+x", "--size", "12"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("jigsaw+x puzzles are not made on 12x12"),
        "{}",
        stderr(&o)
    );
    let o = run(&["play", "--variant", "killer", "--difficulty", "hard"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--difficulty"), "{}", stderr(&o));
    let o = run(&["play", "--variant", "sideways"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("sideways"), "{}", stderr(&o));
}

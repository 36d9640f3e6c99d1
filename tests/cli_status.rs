//! Exit statuses and messages every batch command shares (README.md, "Exit
//! status"): 0 all good, 1 some puzzle failed, 2 usage or I/O trouble; and
//! contradictory givens named cell by cell on stderr.

mod cli_common;

use std::process::Output;

use cli_common::{run, spawn, stderr, stdout};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Two 5s in row 1.
const CLASH_ROW: &str =
    "55...............................................................................";

fn code(o: &Output) -> Option<i32> {
    o.status.code()
}

#[test]
fn a_clean_batch_exits_zero() {
    for command in ["solve", "rate", "hint"] {
        let o = run(&[command], format!("{HARD}\n"));
        assert_eq!(code(&o), Some(0), "{command}: {}", stderr(&o));
    }
    let o = run(&["solve", "--count"], format!("{HARD}\n"));
    assert_eq!((code(&o), stdout(&o).as_str()), (Some(0), "1\n"));
    let o = run(&["generate", "--seed", "1", "--count", "2"], "");
    assert_eq!(code(&o), Some(0));
}

#[test]
fn a_failed_puzzle_exits_one_and_the_rest_are_still_answered() {
    let text = format!("{HARD}\nwhat?\n{HARD}\n");
    for command in ["solve", "rate", "hint"] {
        let o = run(&[command], &text);
        assert_eq!(code(&o), Some(1), "{command}: {}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{command}: {out}");
        assert_eq!(lines[1], "invalid", "{command}");
        assert!(stderr(&o).contains("<stdin>:2:1: bad symbol 'w'"));
    }
    // no puzzle at all is a failed batch too
    let o = run(&["solve"], "# nothing\n");
    assert_eq!(code(&o), Some(1));
    // a level a board cannot reach
    let o = run(&["generate", "--size", "4", "--difficulty", "hard"], "");
    assert_eq!(code(&o), Some(1), "{}", stderr(&o));
}

#[test]
fn usage_and_io_trouble_exit_two() {
    for command in ["solve", "rate", "hint"] {
        let o = run(&[command, "/nonexistent/puzzles.txt"], "");
        assert_eq!(code(&o), Some(2), "{command}");
        assert!(stderr(&o).contains("cannot read /nonexistent/puzzles.txt"));
        let o = run(&[command, "--no-such-flag"], "");
        assert_eq!(code(&o), Some(2), "{command}");
    }
    let o = run(&["generate", "--count", "0"], "");
    assert_eq!(code(&o), Some(2));
    assert!(
        stderr(&o).contains("0 puzzles is nothing to generate"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
    let o = run(&["generate", "--size", "25", "--minimal"], "");
    assert_eq!(code(&o), Some(2));
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_exits_two() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(["generate", "--seed", "1"])
        .stdout(std::process::Stdio::from(full))
        .output()
        .unwrap();
    assert_eq!(code(&o), Some(2));
    assert!(stderr(&o).contains("cannot write output"), "{}", stderr(&o));
}

#[test]
fn contradictory_givens_name_both_cells_and_the_digit() {
    // 5 in r1c1 and r2c2 (same box), then a row clash on line 3
    let clash_box = format!("5.........5{}", ".".repeat(70));
    let text = format!("{clash_box}\n{HARD}\n{CLASH_ROW}\n");
    let cases = [
        ("solve", "no solution", ""),
        ("rate", "no solution", "not rated: "),
        ("hint", "no hint", "no hint: "),
    ];
    for (command, word, prefix) in cases {
        let o = run(&[command], &text);
        assert_eq!(code(&o), Some(1), "{command}");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{command}: {out}");
        assert_eq!((lines[0], lines[2]), (word, word), "{command}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("<stdin>:1: {prefix}r1c1 and r2c2 both hold 5")),
            "{command}: {err}"
        );
        assert!(
            err.contains(&format!("<stdin>:3: {prefix}r1c1 and r1c2 both hold 5")),
            "{command}: {err}"
        );
    }
    let o = run(&["solve", "--count"], CLASH_ROW);
    assert_eq!(stdout(&o), "0\n");
    assert!(stderr(&o).contains("<stdin>:1: r1c1 and r1c2 both hold 5"));
}

#[test]
fn clashes_on_big_boards_use_the_boards_symbols() {
    // 16 (G) twice in column 1 of a 16x16 board: r1c1 and r16c1
    let mut cells = vec!['.'; 256];
    cells[0] = 'G';
    cells[15 * 16] = 'g';
    let o = run(&["solve"], cells.iter().collect::<String>());
    assert_eq!(stdout(&o), "no solution\n");
    assert!(
        stderr(&o).contains("<stdin>:1: r1c1 and r16c1 both hold G"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_unsolvable_puzzle_without_a_clash_says_no_solution() {
    // r1c1 can hold nothing: its row has 1-8, its column a 9
    let mut cells = vec!['.'; 81];
    for (i, d) in "12345678".chars().enumerate() {
        cells[i + 1] = d;
    }
    cells[9 * 8] = '9';
    let o = run(&["solve"], cells.iter().collect::<String>());
    assert_eq!(stdout(&o), "no solution\n");
    assert!(
        stderr(&o).contains("<stdin>:1: no solution"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_closed_stderr_loses_messages_not_the_answers() {
    // `tudoku solve 2>&1 >out | head -1`: stderr's reader goes away early
    let mut child = spawn(&["solve", "--jobs", "2"]);
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all("what?\n".repeat(20_000).as_bytes());
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(code(&o), Some(1), "a panic exits 101");
    assert_eq!(
        stdout(&o).lines().filter(|l| *l == "invalid").count(),
        20_000
    );
}

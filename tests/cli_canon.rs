//! `tudoku canon` as a user runs it: the real binary and real pipes.

mod cli_common;

use cli_common::{run, stderr, stdout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::Grid;
use tudoku_engine::Transform;

fn top(k: usize) -> Vec<String> {
    std::fs::read_to_string("engine/tests/data/top1465.txt")
        .unwrap()
        .lines()
        .take(k)
        .map(String::from)
        .collect()
}

/// `line` under a random symmetry, as the text format writes it.
fn disguised(line: &str, seed: u64) -> String {
    let grid = Grid::parse(line, None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Transform::random(grid.shape(), &mut rng)
        .apply(&grid)
        .unwrap()
        .to_line(false)
}

#[test]
fn each_puzzle_gets_one_aligned_line_and_disguises_agree() {
    let puzzles = top(3);
    let text = format!(
        "{}\n11..............\n{}\n# comment\n{}\n",
        puzzles[0],
        disguised(&puzzles[0], 1),
        puzzles[1]
    );
    let o = run(&["canon"], text);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4, "{}", stderr(&o));
    assert_eq!(lines[1], "invalid");
    assert_eq!(lines[0], lines[2], "a disguise has the same form");
    assert_ne!(lines[0], lines[3]);
    assert!(
        !o.status.success(),
        "a bad line makes the exit status non-zero"
    );
    assert!(
        stderr(&o).contains("<stdin>:2: no canonical form: r1c1 and r1c2 both hold 1"),
        "{}",
        stderr(&o)
    );
    // The form is itself a puzzle of the class, and its own form.
    let again = run(&["canon"], format!("{}\n", lines[0]));
    assert_eq!(stdout(&again).trim(), lines[0]);
}

#[test]
fn bad_symbols_name_line_and_column() {
    let o = run(&["canon"], "1234341221434321\n12x4341221434321\n");
    assert_eq!(stdout(&o), "1234341221434321\ninvalid\n");
    assert!(
        stderr(&o).contains("<stdin>:2:3: bad symbol 'x'"),
        "{}",
        stderr(&o)
    );
    assert!(!o.status.success());
}

#[test]
fn dedupe_keeps_the_first_of_each_class_and_counts_classes() {
    let puzzles = top(2);
    let text = [
        puzzles[0].clone(),
        disguised(&puzzles[0], 2),
        puzzles[1].clone(),
        disguised(&puzzles[1], 3),
        disguised(&puzzles[0], 4),
    ]
    .join("\n");
    let o = run(&["canon", "--dedupe"], text);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{}\n{}\n", puzzles[0], puzzles[1]));
    assert!(stderr(&o).contains("2 classes"), "{}", stderr(&o));
}

#[test]
fn same_answers_with_the_exit_status_and_maps_a_onto_b() {
    let puzzles = top(2);
    let b = disguised(&puzzles[0], 5);
    let o = run(&["canon", "--same", &puzzles[0], &b, "--map"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("same\n"), "{out}");
    // Rebuild the printed mapping and check that it turns A into B.
    let field = |name: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {out}"))
            .trim()
            .to_string()
    };
    let lines = |name: &str| -> Vec<usize> {
        field(name)
            .split(' ')
            .map(|x| x.parse::<usize>().unwrap() - 1)
            .collect()
    };
    let a = Grid::parse(&puzzles[0], None).unwrap();
    let n = 9;
    let (rows, cols) = (
        lines("rows of B from rows of A:"),
        lines("columns of B from columns of A:"),
    );
    let transposed = field("transpose:").starts_with("yes");
    let digits: Vec<u8> = field("digits of A to B:")
        .split(' ')
        .map(|pair| pair.as_bytes()[2] - b'0')
        .collect();
    let mapped: String = (0..n * n)
        .map(|i| {
            let (r, c) = (rows[i / n], cols[i % n]);
            let v = if transposed {
                a.get(c * n + r)
            } else {
                a.get(r * n + c)
            };
            if v == 0 {
                '.'
            } else {
                (b'0' + digits[v as usize - 1]) as char
            }
        })
        .collect();
    assert_eq!(mapped, b);

    let o = run(&["canon", "--same", &puzzles[0], &puzzles[1]], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "different\n");
}

#[test]
fn same_refuses_boards_that_do_not_compare() {
    let nine = &top(1)[0];
    let o = run(&["canon", "--same", nine, "1234341221434321"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("A is a 9x9 board and B a 4x4 one"),
        "{}",
        stderr(&o)
    );
    let o = run(&["canon", "--same", nine, "12"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("puzzle B"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn rectangular_boxes_follow_box() {
    // The same 6x6 line read with 2x3 and with 3x2 boxes: two games, each
    // with its own form, each a valid board of its shape.
    let line = "123456456123231564564231312645645312";
    let wide = run(&["canon"], format!("{line}\n"));
    let tall = run(&["canon", "--box", "3x2"], format!("{}\n", line));
    assert!(wide.status.success(), "{}", stderr(&wide));
    assert_eq!(stdout(&wide).trim().len(), 36);
    // The line is not a valid 3x2 board: a repeat in a tall box.
    assert!(!tall.status.success());
}

//! `tudoku grids`: grid counts, and the Burnside table with
//! `--essentially-different`.

use std::process::Command;

fn grids(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .arg("grids")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.success(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn four_by_four_table_ends_with_two_classes() {
    let (ok, out, _) = grids(&["--box", "2x2", "--essentially-different", "--jobs", "1"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("4x4: 128 cell symmetries in 20 conjugacy classes"),
        "{out}"
    );
    // The identity row: 288 grids / 4! = 12, found by the search.
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" 12  (counted band by band)")),
        "{out}"
    );
    assert_eq!(
        lines.last().unwrap(),
        &"essentially different grids: 2 (of 288 grids, under 128 symmetries and 4! relabellings)"
    );
}

#[test]
fn grid_counts_are_counted_or_published() {
    let (ok, out, _) = grids(&["--size", "6"]);
    assert!(ok);
    assert_eq!(out, "6x6: 28,200,960 grids\n");
    let (ok, out, _) = grids(&["--size", "9"]);
    assert!(ok);
    assert_eq!(
        out,
        "9x9: 6,670,903,752,021,072,936,960 grids (published count)\n"
    );
}

#[test]
fn boards_past_9x9_are_refused_with_a_reason() {
    let (ok, out, err) = grids(&["--box", "3x4", "--essentially-different"]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("12x12"), "{err}");
}

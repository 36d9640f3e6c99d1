//! Variant puzzles read and written: Solo's own descriptions, each unique
//! under the rules as read (Solo makes only unique puzzles, so a misread
//! region, cage or box shape shows as no solution or several), written
//! back to Solo's text exactly; tudoku's variant lines round-trip every
//! generated puzzle; bad lines are named by column.

use tudoku_engine::{
    Shape, SolutionCount, Variant, count, generate_variant, is_solution, parse_variant,
    solo_description, some_solution, variant_line,
};

fn solo_lines() -> Vec<&'static str> {
    include_str!("data/solo.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect()
}

#[test]
fn solo_puzzles_have_one_solution_as_read_and_are_written_back_as_solo_wrote_them() {
    let lines = solo_lines();
    assert_eq!(lines.len(), 40);
    for line in lines {
        let grid = parse_variant(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let params = line.split(':').next().unwrap();
        let variant = grid.rules().variant();
        assert_eq!(variant.jigsaw, params.contains('j'), "{line}");
        assert_eq!(variant.killer, params.contains('k'), "{line}");
        assert_eq!(
            variant.x,
            params
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim_start_matches('x')
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .contains('x'),
            "{line}"
        );
        assert_eq!(count(&grid, 2), SolutionCount::Exactly(1), "{line}");
        let solution = some_solution(&grid).unwrap();
        assert!(is_solution(&grid, &solution), "{line}");
        assert_eq!(solo_description(&grid).as_deref(), Some(line));
        let again = parse_variant(&variant_line(&grid)).unwrap();
        assert_eq!(again, grid, "{line}");
    }
}

#[test]
fn every_generated_variant_round_trips_through_its_line() {
    for variant in Variant::OFFERED.into_iter().filter(|v| !v.is_classic()) {
        let shape = Shape::for_size(if variant.windoku { 4 } else { 6 }).unwrap();
        let made = generate_variant(shape, variant, 3).unwrap();
        let line = variant_line(&made.puzzle);
        assert!(line.starts_with(&format!("{variant}:")), "{line}");
        assert_eq!(parse_variant(&line).unwrap(), made.puzzle, "{line}");
        if let Some(solo) = solo_description(&made.puzzle) {
            assert_eq!(parse_variant(&solo).unwrap(), made.puzzle, "{solo}");
        }
    }
}

#[test]
fn a_tudoku_line_is_read_field_by_field() {
    // 4x4 killer: four cages of four, the rows; and one X line
    let killer = parse_variant("killer:................:aaaabbbbaaaabbbb:10,10,10,10").unwrap();
    assert_eq!(killer.rules().cages().len(), 4);
    assert_eq!(killer.rules().cages()[1].cells(), [4, 5, 6, 7]);
    let x = parse_variant("x:1...............").unwrap();
    assert!(x.rules().variant().x);
    assert_eq!(variant_line(&x), "x:1...............");
}

#[test]
fn bad_lines_say_where_and_what() {
    let error = |line: &str| parse_variant(line).unwrap_err().to_string();
    assert_eq!(
        error("killer:................:aaaabbbbaaaabbbb:10,10,10"),
        "column 42: 3 sums for 4 cages"
    );
    assert_eq!(
        error("killer:................:aaaabbbbaaaabbbb:10,10,10,x"),
        "column 51: bad sum \"x\": sums are numbers"
    );
    assert_eq!(
        error("killer:................:aaaabbbbaaaabbbb:10,10,10,11"),
        "column 8: cage 11/4 at r4c1: 4 different digits add up to 10 to 10, never 11"
    );
    assert_eq!(
        error("jigsaw:................:aabbaabbccddcdcd"),
        "column 8: region 3 is not connected: r4c3 is cut off from r3c1"
    );
    assert_eq!(
        error("jigsaw:................:aabbaabbccddccd!"),
        "column 40: bad region '!': regions are letters a-y"
    );
    assert_eq!(
        error("x:1.............."),
        "column 18: 15 symbols is not a puzzle: a puzzle has n*n symbols, 16, 36, 64, 81, 144, 256 or 625"
    );
    assert_eq!(
        error("jigsaw:................"),
        "column 24: the line ends before the regions"
    );
    assert_eq!(
        error("x:................:abc"),
        "column 20: x takes 2 fields; this one is more"
    );
    assert_eq!(
        error("samurai:........"),
        "column 1: unknown variant 'samurai': use classic, x, windoku, jigsaw or killer, or a mix joined by '+' such as killer+x"
    );
    assert_eq!(
        error("3x3k:zzzc,b_a"),
        "column 11: this Solo description has 2 parts separated by ',', 3x3k takes 3"
    );
    assert_eq!(
        error("2x2:p!"),
        "column 6: bad character '!' in a Solo grid: numbers, '_' and a-z are allowed"
    );
}

#[test]
fn rating_hints_and_canonical_forms_say_they_are_for_classic_so_far() {
    let killer = parse_variant("killer:................:aaaabbbbaaaabbbb:10,10,10,10").unwrap();
    let refused = tudoku_engine::rate(&killer).unwrap_err().to_string();
    assert_eq!(
        refused,
        "rating and hints are for classic Sudoku so far, not killer: solve and count it instead"
    );
    assert!(tudoku_engine::hint(&killer).is_err());
    assert!(tudoku_engine::solve_path(&killer).is_err());
    assert_eq!(tudoku_engine::canonical(&killer), None);
}

//! Each technique on hand-made candidate positions: where it applies (the
//! exact eliminations, worked out by hand in the comments) and where it must
//! not. Positions start from an open board and remove candidates, so nothing
//! but the pattern under test is on it.

use tudoku_engine::techniques::*;
use tudoku_engine::{Grid, House, Shape, Technique};

#[path = "techniques_common/positions.rs"]
mod positions;
use positions::*;

// ---- singles ----

#[test]
fn full_house_fills_the_last_cell_of_a_unit() {
    let g = Grid::parse(
        "12345678.........................................................................",
        None,
    )
    .unwrap();
    let step = find_full_house(&Board::from_grid(&g)).unwrap();
    assert_eq!(placed(&step, 9), [(cell("r1c9"), 9)]);
    assert_eq!(houses(&step, 9), [House::Row(0)]);
    // two empty cells in every unit: no full house
    let g = Grid::parse(
        "1234567..........................................................................",
        None,
    )
    .unwrap();
    assert_eq!(find_full_house(&Board::from_grid(&g)), None);
    // 4x4: box 1 holds 1, 2, 3 -> r2c2 is 4
    let g = Grid::parse("12..3...........", None).unwrap();
    let step = find_full_house(&Board::from_grid(&g)).unwrap();
    assert_eq!(placed(&step, 4), [(cell("r2c2"), 4)]);
    assert_eq!(houses(&step, 4), [House::Box(0)]);
}

#[test]
fn naked_single_is_a_cell_with_one_candidate() {
    let b = with(Board::empty(shape(9)), &[("r5c3", &[7])]);
    let step = find_naked_single(&b).unwrap();
    assert_eq!(placed(&step, 9), [(cell("r5c3"), 7)]);
    assert_eq!(
        step.explanation,
        "Naked single: every other digit is ruled out for r5c3, so it must be 7"
    );
    let b = with(Board::empty(shape(9)), &[("r5c3", &[7, 8])]);
    assert_eq!(find_naked_single(&b), None);
}

#[test]
fn hidden_single_is_a_digit_with_one_place() {
    // 7 removed from box 5 except r5c5
    let mut b = Board::empty(shape(9));
    for r in 4..=6 {
        for c in 4..=6 {
            if (r, c) != (5, 5) {
                b.eliminate(at(9, &format!("r{r}c{c}")), 7);
            }
        }
    }
    let step = find_hidden_single(&b).unwrap();
    assert_eq!(placed(&step, 9), [(cell("r5c5"), 7)]);
    assert_eq!(
        step.explanation,
        "Hidden single: 7 fits no other cell of box 5, so r5c5 must be 7"
    );
    // two places left: no single
    b = Board::empty(shape(9));
    for c in 1..=7 {
        b.eliminate(at(9, &format!("r2c{c}")), 7);
    }
    assert_eq!(find_hidden_single(&b), None);
    // 6x6 (2x3 boxes): 4 fits only r3c6 in row 3
    let b = only_in(Board::empty(shape(6)), 4, &[(true, 3, &[6])]);
    let step = find_hidden_single(&b).unwrap();
    assert_eq!(placed(&step, 6), [(cell("r3c6"), 4)]);
    assert_eq!(houses(&step, 6), [House::Row(2)]);
}

// ---- locked candidates ----

#[test]
fn pointing_clears_the_rest_of_the_line() {
    // box 1: 4 only in row 1 -> the rest of row 1 loses 4
    let mut b = Board::empty(shape(9));
    for name in ["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"] {
        b.eliminate(at(9, name), 4);
    }
    let step = find_pointing(&b).unwrap();
    assert_eliminates_all(
        &step,
        9,
        &each(&["r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"], &[4]),
    );
    assert_eq!(houses(&step, 9), [House::Box(0), House::Row(0)]);
    // 4 left in r1c1, r1c2, r2c1, r2c2, r2c3: two rows, three columns, nothing points
    let mut b = Board::empty(shape(9));
    for name in ["r1c3", "r3c1", "r3c2", "r3c3"] {
        b.eliminate(at(9, name), 4);
    }
    assert_eq!(find_pointing(&b), None);
}

#[test]
fn pointing_works_in_rectangular_boxes() {
    // 2x3 boxes: box 1 is r1-2 x c1-3; 4 only in column 2 -> rest of column 2
    let mut b = Board::empty(shape(6));
    for name in ["r1c1", "r1c3", "r2c1", "r2c3"] {
        b.eliminate(at(6, name), 4);
    }
    let step = find_pointing(&b).unwrap();
    assert_eliminates_all(&step, 6, &each(&["r3c2", "r4c2", "r5c2", "r6c2"], &[4]));
    // 3x2 boxes: box 1 is r1-3 x c1-2; 4 only in row 2 -> rest of row 2
    let mut b = Board::empty(Shape::new(3, 2).unwrap());
    for name in ["r1c1", "r1c2", "r3c1", "r3c2"] {
        b.eliminate(at(6, name), 4);
    }
    let step = find_pointing(&b).unwrap();
    assert_eliminates_all(&step, 6, &each(&["r2c3", "r2c4", "r2c5", "r2c6"], &[4]));
}

#[test]
fn claiming_clears_the_rest_of_the_box() {
    // row 5: 6 only in r5c4, r5c5 (box 5) -> rest of box 5 loses 6
    let b = only_in(Board::empty(shape(9)), 6, &[(true, 5, &[4, 5])]);
    assert_eq!(find_pointing(&b), None);
    let step = find_claiming(&b).unwrap();
    assert_eliminates_all(
        &step,
        9,
        // r5c6 is in row 5, which already lost its 6
        &each(&["r4c4", "r4c5", "r4c6", "r6c4", "r6c5", "r6c6"], &[6]),
    );
    // row 5: 6 in two boxes -> no claim
    let b = only_in(Board::empty(shape(9)), 6, &[(true, 5, &[4, 7])]);
    assert_eq!(find_claiming(&b), None);
    // 2x4 boxes (8x8): column 3 has 6 only in r1c3, r2c3 (box 1 = r1-2 x c1-4)
    let b = only_in(Board::empty(shape(8)), 6, &[(false, 3, &[1, 2])]);
    let step = find_claiming(&b).unwrap();
    assert_eliminates_all(
        &step,
        8,
        &each(&["r1c1", "r1c2", "r1c4", "r2c1", "r2c2", "r2c4"], &[6]),
    );
}

// ---- subsets ----

#[test]
fn naked_pair_triple_and_quad() {
    let rest = |skip: &[usize]| -> Vec<String> {
        (1..=9)
            .filter(|c| !skip.contains(c))
            .map(|c| format!("r1c{c}"))
            .collect()
    };
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[3, 8]), ("r1c5", &[3, 8])],
    );
    let step = find_naked_subset(&b, 2).unwrap();
    let others = rest(&[1, 5]);
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    assert_eliminates_all(&step, 9, &each(&others, &[3, 8]));
    assert_eq!(looked_at(&step, 9), named(&["r1c1", "r1c5"]));

    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[3, 8]), ("r1c5", &[3, 9])],
    );
    assert_eq!(find_naked_subset(&b, 2), None);

    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[1, 2]), ("r1c5", &[2, 3]), ("r1c9", &[1, 3])],
    );
    assert_eq!(find_naked_subset(&b, 2), None);
    let step = find_naked_subset(&b, 3).unwrap();
    let others = rest(&[1, 5, 9]);
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    assert_eliminates_all(&step, 9, &each(&others, &[1, 2, 3]));

    let b = with(
        Board::empty(shape(9)),
        &[
            ("r1c1", &[1, 2]),
            ("r1c5", &[2, 3]),
            ("r1c8", &[3, 4]),
            ("r1c9", &[1, 4]),
        ],
    );
    assert_eq!(find_naked_subset(&b, 3), None);
    let step = find_naked_subset(&b, 4).unwrap();
    let others = rest(&[1, 5, 8, 9]);
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    assert_eliminates_all(&step, 9, &each(&others, &[1, 2, 3, 4]));

    // 6x6: r1c1 and r1c4 hold {1,2}
    let b = with(
        Board::empty(shape(6)),
        &[("r1c1", &[1, 2]), ("r1c4", &[1, 2])],
    );
    let step = find_naked_subset(&b, 2).unwrap();
    assert_eliminates_all(&step, 6, &each(&["r1c2", "r1c3", "r1c5", "r1c6"], &[1, 2]));
}

#[test]
fn hidden_pair_triple_and_quad() {
    // box 2: 3 and 8 only in r1c4 and r2c6
    let box2 = [
        "r1c4", "r1c5", "r1c6", "r2c4", "r2c5", "r2c6", "r3c4", "r3c5", "r3c6",
    ];
    let strip = |keep: &[&str], digits: &[u8]| {
        let mut b = Board::empty(shape(9));
        for name in box2.iter().filter(|c| !keep.contains(c)) {
            for &d in digits {
                b.eliminate(at(9, name), d);
            }
        }
        b
    };
    let b = strip(&["r1c4", "r2c6"], &[3, 8]);
    let step = find_hidden_subset(&b, 2).unwrap();
    assert_eliminates_all(&step, 9, &each(&["r1c4", "r2c6"], &[1, 2, 4, 5, 6, 7, 9]));
    assert_eq!(houses(&step, 9), [House::Box(1)]);

    // 3 and 8 in three cells: no hidden pair
    let b = strip(&["r1c4", "r2c6", "r3c5"], &[3, 8]);
    assert_eq!(find_hidden_subset(&b, 2), None);

    // 1, 2, 3 only in r1c4, r2c6, r3c5 of box 2 (each digit in two of them)
    let mut b = strip(&["r1c4", "r2c6", "r3c5"], &[1, 2, 3]);
    b.eliminate(at(9, "r1c4"), 3);
    b.eliminate(at(9, "r2c6"), 1);
    b.eliminate(at(9, "r3c5"), 2);
    assert_eq!(find_hidden_subset(&b, 2), None);
    let step = find_hidden_subset(&b, 3).unwrap();
    assert_eliminates_all(
        &step,
        9,
        &each(&["r1c4", "r2c6", "r3c5"], &[4, 5, 6, 7, 8, 9]),
    );

    // 1-4 only in four cells of box 2
    let keep = ["r1c4", "r1c6", "r2c5", "r3c4"];
    let b = strip(&keep, &[1, 2, 3, 4]);
    assert_eq!(find_hidden_subset(&b, 3), None);
    let step = find_hidden_subset(&b, 4).unwrap();
    assert_eliminates_all(&step, 9, &each(&keep, &[5, 6, 7, 8, 9]));
}

// ---- fish ----

#[test]
fn x_wing_on_9x9_and_8x8() {
    // 5 in rows 2 and 7 only in columns 3 and 8
    let b = only_in(
        Board::empty(shape(9)),
        5,
        &[(true, 2, &[3, 8]), (true, 7, &[3, 8])],
    );
    let step = find_fish(&b, 2).unwrap();
    let mut want = Vec::new();
    for r in [1, 3, 4, 5, 6, 8, 9] {
        for c in [3, 8] {
            want.push((format!("r{r}c{c}"), 5));
        }
    }
    assert_eliminates_all(&step, 9, &want);
    assert_eq!(step.technique, Technique::XWing);
    // ends in different columns: no X-wing
    let b = only_in(
        Board::empty(shape(9)),
        5,
        &[(true, 2, &[3, 8]), (true, 7, &[3, 9])],
    );
    assert_eq!(find_fish(&b, 2), None);
    // 8x8: 2 in columns 2 and 6 only in rows 1 and 5
    let b = only_in(
        Board::empty(shape(8)),
        2,
        &[(false, 2, &[1, 5]), (false, 6, &[1, 5])],
    );
    let step = find_fish(&b, 2).unwrap();
    let mut want = Vec::new();
    for r in [1, 5] {
        for c in [1, 3, 4, 5, 7, 8] {
            want.push((format!("r{r}c{c}"), 2));
        }
    }
    assert_eliminates_all(&step, 8, &want);
}

#[test]
fn swordfish_and_jellyfish() {
    let lines: &[(bool, usize, &[usize])] =
        &[(true, 1, &[1, 5]), (true, 4, &[5, 9]), (true, 7, &[1, 9])];
    let b = only_in(Board::empty(shape(9)), 5, lines);
    assert_eq!(find_fish(&b, 2), None);
    let step = find_fish(&b, 3).unwrap();
    let mut want = Vec::new();
    for r in [2, 3, 5, 6, 8, 9] {
        for c in [1, 5, 9] {
            want.push((format!("r{r}c{c}"), 5));
        }
    }
    assert_eliminates_all(&step, 9, &want);
    // a fourth column breaks it
    let lines: &[(bool, usize, &[usize])] =
        &[(true, 1, &[1, 5]), (true, 4, &[5, 9]), (true, 7, &[1, 8])];
    assert_eq!(
        find_fish(&only_in(Board::empty(shape(9)), 5, lines), 3),
        None
    );

    // 12x12 jellyfish: 9 in columns 1, 4, 7, 10 only in rows {1,2}, {2,3}, {3,4}, {4,1}
    let lines: &[(bool, usize, &[usize])] = &[
        (false, 1, &[1, 2]),
        (false, 4, &[2, 3]),
        (false, 7, &[3, 4]),
        (false, 10, &[4, 1]),
    ];
    let b = only_in(Board::empty(shape(12)), 9, lines);
    assert_eq!(find_fish(&b, 3), None);
    let step = find_fish(&b, 4).unwrap();
    assert_eq!(step.technique, Technique::Jellyfish);
    let mut want = Vec::new();
    for r in 1..=4 {
        for c in [2, 3, 5, 6, 8, 9, 11, 12] {
            want.push((format!("r{r}c{c}"), 9));
        }
    }
    assert_eliminates_all(&step, 12, &want);
}

// ---- wings ----

#[test]
fn xy_wing() {
    // pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 sees both pincers
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[1, 2]), ("r1c5", &[1, 3]), ("r5c1", &[2, 3])],
    );
    let step = find_xy_wing(&b).unwrap();
    assert_eliminates(&step, 9, &[("r5c5", 3)]);
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[1, 2]), ("r1c5", &[1, 3]), ("r5c1", &[2, 4])],
    );
    assert_eq!(find_xy_wing(&b), None);
    // 6x6: pivot r1c1 {1,2}, pincers r1c4 {1,3}, r3c1 {2,3}: only r3c4 sees both
    let b = with(
        Board::empty(shape(6)),
        &[("r1c1", &[1, 2]), ("r1c4", &[1, 3]), ("r3c1", &[2, 3])],
    );
    let step = find_xy_wing(&b).unwrap();
    assert_eliminates(&step, 6, &[("r3c4", 3)]);
}

#[test]
fn xyz_wing() {
    // pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r4c1 {2,3}: r2c1 and r3c1 see all three
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[1, 2, 3]), ("r1c2", &[1, 3]), ("r4c1", &[2, 3])],
    );
    let step = find_xyz_wing(&b).unwrap();
    assert_eliminates(&step, 9, &[("r2c1", 3), ("r3c1", 3)]);
    assert_eq!(find_xy_wing(&b), None);
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[1, 2, 3]), ("r1c2", &[1, 3]), ("r4c1", &[2, 4])],
    );
    assert_eq!(find_xyz_wing(&b), None);
}

#[test]
fn w_wing() {
    // r1c1 and r9c5 hold {4,7}; row 5 has 4 only in r5c1 (sees r1c1) and r5c5
    // (sees r9c5), so one of them is 7: r1c5 and r9c1 see both
    let pair: &[(&str, &[u8])] = &[("r1c1", &[4, 7]), ("r9c5", &[4, 7])];
    let b = only_in(with(Board::empty(shape(9)), pair), 4, &[(true, 5, &[1, 5])]);
    let step = find_w_wing(&b).unwrap();
    assert_eliminates(&step, 9, &[("r1c5", 7), ("r9c1", 7)]);
    // the link's ends see neither cell
    let b = only_in(with(Board::empty(shape(9)), pair), 4, &[(true, 5, &[2, 3])]);
    assert_eq!(find_w_wing(&b), None);
}

// ---- single-digit patterns ----

#[test]
fn skyscraper() {
    // 6: row 1 in c1, c4; row 5 in c1, c6; base column 1; ends r1c4 and r5c6
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[1, 4]), (true, 5, &[1, 6])];
    let b = only_in(Board::empty(shape(9)), 6, lines);
    let step = find_skyscraper(&b).unwrap();
    assert_eliminates(
        &step,
        9,
        &[("r2c6", 6), ("r3c6", 6), ("r4c4", 6), ("r6c4", 6)],
    );
    // an X-wing is not a skyscraper
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[1, 4]), (true, 5, &[1, 4])];
    assert_eq!(
        find_skyscraper(&only_in(Board::empty(shape(9)), 6, lines)),
        None
    );
    // no shared column
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[1, 4]), (true, 5, &[2, 6])];
    assert_eq!(
        find_skyscraper(&only_in(Board::empty(shape(9)), 6, lines)),
        None
    );
}

#[test]
fn two_string_kite() {
    // 3: row 1 in c2, c7; column 1 in r2, r7; r1c2 and r2c1 share box 1 -> r7c7
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[2, 7]), (false, 1, &[2, 7])];
    let b = only_in(Board::empty(shape(9)), 3, lines);
    let step = find_two_string_kite(&b).unwrap();
    assert_eliminates(&step, 9, &[("r7c7", 3)]);
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[4, 7]), (false, 1, &[2, 7])];
    assert_eq!(
        find_two_string_kite(&only_in(Board::empty(shape(9)), 3, lines)),
        None
    );
}

#[test]
fn simple_coloring_trap_and_wrap() {
    // chain of 2: r8c1 -col1- r1c1 -row1- r1c5 -col5- r7c5; colors {r1c1, r7c5}
    // and {r8c1, r1c5}; r7c2, r7c3 (row 7 + box 7) and r8c4, r8c6 (row 8 + box 8)
    // see both colors
    let lines: &[(bool, usize, &[usize])] =
        &[(true, 1, &[1, 5]), (false, 1, &[1, 8]), (false, 5, &[1, 7])];
    let b = only_in(Board::empty(shape(9)), 2, lines);
    let step = find_simple_coloring(&b).unwrap();
    assert_eliminates(
        &step,
        9,
        &[("r7c2", 2), ("r7c3", 2), ("r8c4", 2), ("r8c6", 2)],
    );
    // r1c1 -row1- r1c5 -col5- r3c5 -row3- r3c2 -col2- r2c2: r1c1 and r2c2 share
    // a color and box 1, so that color is false
    let lines: &[(bool, usize, &[usize])] = &[
        (true, 1, &[1, 5]),
        (false, 5, &[1, 3]),
        (true, 3, &[2, 5]),
        (false, 2, &[2, 3]),
    ];
    let b = only_in(Board::empty(shape(9)), 2, lines);
    let step = find_simple_coloring(&b).unwrap();
    assert_eliminates(&step, 9, &[("r1c1", 2), ("r2c2", 2), ("r3c5", 2)]);
    // a chain with no cell seeing both colors
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[1, 5]), (false, 5, &[1, 7])];
    assert_eq!(
        find_simple_coloring(&only_in(Board::empty(shape(9)), 2, lines)),
        None
    );
}

// ---- uniqueness ----

#[test]
fn unique_rectangle_type_1() {
    let b = with(
        Board::empty(shape(9)),
        &[
            ("r1c1", &[1, 2]),
            ("r1c4", &[1, 2]),
            ("r3c1", &[1, 2]),
            ("r3c4", &[1, 2, 5]),
        ],
    );
    let step = find_unique_rectangle(&b).unwrap();
    assert_eliminates(&step, 9, &[("r3c4", 1), ("r3c4", 2)]);
    // four boxes: swapping would break the boxes, no deadly pattern
    let b = with(
        Board::empty(shape(9)),
        &[
            ("r1c1", &[1, 2]),
            ("r1c4", &[1, 2]),
            ("r5c1", &[1, 2]),
            ("r5c4", &[1, 2, 5]),
        ],
    );
    assert_eq!(find_unique_rectangle(&b), None);
    // 6x6, 2x3 boxes: r1c1, r1c4, r2c1 {1,2}; r2c4 {1,2,3}
    let b = with(
        Board::empty(shape(6)),
        &[
            ("r1c1", &[1, 2]),
            ("r1c4", &[1, 2]),
            ("r2c1", &[1, 2]),
            ("r2c4", &[1, 2, 3]),
        ],
    );
    let step = find_unique_rectangle(&b).unwrap();
    assert_eliminates(&step, 6, &[("r2c4", 1), ("r2c4", 2)]);
}

// ---- ordering and last resort ----

#[test]
fn find_step_prefers_the_simplest_technique() {
    // a naked pair and a naked single on one board: the single comes first
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[3, 8]), ("r1c5", &[3, 8]), ("r9c9", &[4])],
    );
    assert_eq!(find_step(&b).unwrap().technique, Technique::NakedSingle);
    let b = with(
        Board::empty(shape(9)),
        &[("r1c1", &[3, 8]), ("r1c5", &[3, 8])],
    );
    assert_eq!(find_step(&b).unwrap().technique, Technique::NakedPair);
}

#[test]
fn backtrack_places_the_solution_in_a_fewest_candidates_cell() {
    // a puzzle from the forum's hardest list
    let g = Grid::parse(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        None,
    )
    .unwrap();
    let solution = tudoku_engine::some_solution(&g).unwrap();
    let b = Board::from_grid(&g);
    let step = find_backtrack(&b, &solution).unwrap();
    let (first, digit) = placed(&step, 9)[0];
    assert_eq!(solution.at(first), Some(digit));
    let cell = first.index(shape(9)).unwrap();
    let fewest = (0..81)
        .filter(|&c| g.get(c) == 0)
        .map(|c| b.candidates(c).len())
        .min()
        .unwrap();
    assert_eq!(b.candidates(cell).len(), fewest);
    assert_eq!(step.technique, Technique::Backtrack);
    // the reason names the cell and ends in its digit
    let said = format!(", so it must be {digit}");
    assert!(step.explanation.contains(&b.geometry().cell_name(cell)));
    assert!(step.explanation.ends_with(&said), "{}", step.explanation);
}

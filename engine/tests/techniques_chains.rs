//! The Expert techniques past the basic patterns (finned fish, X-chains,
//! XY-chains, unique rectangle types 2 and 4) on hand-made candidate
//! positions: the exact eliminations, worked out by hand in the comments,
//! positions where they must not fire, and explanations that name every
//! cell they clear. Then the chains past every pattern (contradiction,
//! forcing and nested chains) along the hardest puzzles' hint paths, each
//! replayed link by link from its text.

use tudoku_engine::techniques::*;
use tudoku_engine::{House, Step, Technique};

#[path = "techniques_common/positions.rs"]
mod positions;
use positions::*;
#[path = "techniques_common/replay.rs"]
mod replay;
mod techniques_common;

use std::collections::BTreeMap;
use tudoku_engine::{Grid, Shape, some_solution};

/// Every cell the step clears is named in its explanation.
fn assert_names_cleared_cells(step: &Step, n: usize) {
    for (cell, _) in step.removed(shape(n)) {
        let name = cell.to_string();
        assert!(
            step.explanation.contains(&name),
            "{name} missing from: {}",
            step.explanation
        );
    }
}

// ---- finned fish ----

#[test]
fn finned_x_wing() {
    // 5: row 2 in c3, c8; row 7 in c3, c8 and the fin c9 (box 9). If r7c9 is
    // not 5 the X-wing on columns 3 and 8 holds; if it is, box 9 loses 5.
    // Either way column 8 inside box 9 off rows 2 and 7: r8c8 and r9c8.
    let lines: &[(bool, usize, &[usize])] = &[(true, 2, &[3, 8]), (true, 7, &[3, 8, 9])];
    let b = only_in(Board::empty(shape(9)), 5, lines);
    assert_eq!(find_fish(&b, 2), None);
    let step = find_finned_fish(&b, 2).unwrap();
    assert_eq!(step.technique, Technique::FinnedXWing);
    assert_eliminates(&step, 9, &[("r8c8", 5), ("r9c8", 5)]);
    assert_names_cleared_cells(&step, 9);
    assert!(step.explanation.contains("r7c9"), "{}", step.explanation);

    // fins in two boxes (c5 in box 8, c9 in box 9): nothing
    let lines: &[(bool, usize, &[usize])] = &[(true, 2, &[3, 8]), (true, 7, &[3, 5, 8, 9])];
    assert_eq!(
        find_finned_fish(&only_in(Board::empty(shape(9)), 5, lines), 2),
        None
    );
    // the fin's box (box 8) meets no cover column: nothing to remove
    let lines: &[(bool, usize, &[usize])] = &[(true, 2, &[3, 8]), (true, 7, &[3, 5, 8])];
    assert_eq!(
        find_finned_fish(&only_in(Board::empty(shape(9)), 5, lines), 2),
        None
    );
    // two rows holding 5 twice each (c3, c8 and c3, c9): a sashimi X-wing,
    // which is the skyscraper on column 3, left to it
    let lines: &[(bool, usize, &[usize])] = &[(true, 2, &[3, 8]), (true, 7, &[3, 9])];
    let b = only_in(Board::empty(shape(9)), 5, lines);
    assert_eq!(find_finned_fish(&b, 2), None);
    assert!(find_skyscraper(&b).is_some());
}

#[test]
fn finned_x_wing_in_rectangular_boxes() {
    // 6x6 (2x3 boxes): 2 in row 1 at c1, c5; row 4 at c1, c5 and the fin c6
    // (box 4 = r3-4 x c4-6): column 5 inside box 4 off rows 1 and 4 is r3c5
    let lines: &[(bool, usize, &[usize])] = &[(true, 1, &[1, 5]), (true, 4, &[1, 5, 6])];
    let b = only_in(Board::empty(shape(6)), 2, lines);
    let step = find_finned_fish(&b, 2).unwrap();
    assert_eliminates(&step, 6, &[("r3c5", 2)]);
    assert_names_cleared_cells(&step, 6);
}

#[test]
fn finned_swordfish() {
    // 4: row 1 in c1, c5; row 4 in c5, c9; row 7 in c1, c9 and the fin c8
    // (box 9). Without the fin, a swordfish on columns 1, 5, 9; with it, box 9
    // loses 4. Column 9 inside box 9 off the base rows: r8c9 and r9c9.
    let lines: &[(bool, usize, &[usize])] = &[
        (true, 1, &[1, 5]),
        (true, 4, &[5, 9]),
        (true, 7, &[1, 8, 9]),
    ];
    let b = only_in(Board::empty(shape(9)), 4, lines);
    assert_eq!(find_fish(&b, 3), None);
    assert_eq!(find_finned_fish(&b, 2), None);
    let step = find_finned_fish(&b, 3).unwrap();
    assert_eq!(step.technique, Technique::FinnedSwordfish);
    assert_eliminates(&step, 9, &[("r8c9", 4), ("r9c9", 4)]);
    assert_names_cleared_cells(&step, 9);
    // a second fin in box 7 (r7c2): the fins share no box
    let lines: &[(bool, usize, &[usize])] = &[
        (true, 1, &[1, 5]),
        (true, 4, &[5, 9]),
        (true, 7, &[1, 2, 8, 9]),
    ];
    assert_eq!(
        find_finned_fish(&only_in(Board::empty(shape(9)), 4, lines), 3),
        None
    );
}

// ---- chains ----

#[test]
fn x_chain() {
    // 1 fits two cells in columns 1 (r1, r5), 4 (r5, r9) and 7 (r9, r2), and
    // many everywhere else. If r1c1 is not 1 then r5c1 is, so r5c4 is not, so
    // r9c4 is, so r9c7 is not, so r2c7 is: r1c1 or r2c7 is 1. Cells seeing
    // both and holding 1: r1c8, r1c9 (row 1, box 3), r2c2, r2c3 (box 1, row 2).
    let lines: &[(bool, usize, &[usize])] = &[
        (false, 1, &[1, 5]),
        (false, 4, &[5, 9]),
        (false, 7, &[9, 2]),
    ];
    let b = only_in(Board::empty(shape(9)), 1, lines);
    // no shorter pattern removes anything here
    assert_eq!(find_skyscraper(&b), None);
    assert_eq!(find_simple_coloring(&b), None);
    let step = find_x_chain(&b).unwrap();
    assert_eq!(step.technique, Technique::XChain);
    assert_eliminates(
        &step,
        9,
        &[("r1c8", 1), ("r1c9", 1), ("r2c2", 1), ("r2c3", 1)],
    );
    assert_eq!(
        step.cells(shape(9)).collect::<Vec<_>>(),
        named(&["r1c1", "r5c1", "r5c4", "r9c4", "r9c7", "r2c7"])
    );
    // the strong links: columns 1, 4 and 7
    assert_eq!(
        step.houses(shape(9)).collect::<Vec<_>>(),
        [House::Column(0), House::Column(3), House::Column(6)]
    );
    assert_names_cleared_cells(&step, 9);

    // a third place for 1 in column 4 breaks the chain in the middle
    let lines: &[(bool, usize, &[usize])] = &[
        (false, 1, &[1, 5]),
        (false, 4, &[5, 7, 9]),
        (false, 7, &[9, 2]),
    ];
    assert_eq!(
        find_x_chain(&only_in(Board::empty(shape(9)), 1, lines)),
        None
    );
}

#[test]
fn xy_chain() {
    // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c9 {1,4}: if r1c1 is not 1 it is
    // 2, so r1c5 is 3, so r5c5 is 4, so r5c9 is 1. r1c1 or r5c9 is 1, and
    // r1c9 and r5c1 see both.
    let chain: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c5", &[2, 3]),
        ("r5c5", &[3, 4]),
        ("r5c9", &[1, 4]),
    ];
    let b = with(Board::empty(shape(9)), chain);
    assert_eq!(find_xy_wing(&b), None);
    let step = find_xy_chain(&b).unwrap();
    assert_eq!(step.technique, Technique::XyChain);
    assert_eliminates(&step, 9, &[("r1c9", 1), ("r5c1", 1)]);
    assert_eq!(
        step.cells(shape(9)).collect::<Vec<_>>(),
        named(&["r1c1", "r1c5", "r5c5", "r5c9"])
    );
    assert_names_cleared_cells(&step, 9);
    // the last cell no longer ends in 1
    let broken: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c5", &[2, 3]),
        ("r5c5", &[3, 4]),
        ("r5c9", &[4, 7]),
    ];
    assert_eq!(find_xy_chain(&with(Board::empty(shape(9)), broken)), None);
}

// ---- uniqueness ----

#[test]
fn unique_rectangle_type_2() {
    // r1c1, r1c4 hold {1,2}; r3c1, r3c4 hold {1,2,5} (boxes 1 and 2). If
    // neither roof cell were 5, swapping 1 and 2 would give a second solution,
    // so one of them is 5 and the rest of row 3 loses 5.
    let rect: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c4", &[1, 2]),
        ("r3c1", &[1, 2, 5]),
        ("r3c4", &[1, 2, 5]),
    ];
    let b = with(Board::empty(shape(9)), rect);
    assert_eq!(find_unique_rectangle(&b), None);
    assert_eq!(find_unique_rectangle_type_4(&b), None);
    let step = find_unique_rectangle_type_2(&b).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangleType2);
    let row3: Vec<String> = [2, 3, 5, 6, 7, 8, 9]
        .iter()
        .map(|c| format!("r3c{c}"))
        .collect();
    let row3: Vec<&str> = row3.iter().map(String::as_str).collect();
    assert_eliminates_all(&step, 9, &each(&row3, &[5]));
    assert_names_cleared_cells(&step, 9);
    // different extra digits: nothing
    let rect: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c4", &[1, 2]),
        ("r3c1", &[1, 2, 5]),
        ("r3c4", &[1, 2, 6]),
    ];
    assert_eq!(
        find_unique_rectangle_type_2(&with(Board::empty(shape(9)), rect)),
        None
    );
}

#[test]
fn unique_rectangle_type_4() {
    // floor r1c1, r1c4 {1,2}; roof r3c1 {1,2,5,7}, r3c4 {1,2,6}; in row 3, 1
    // fits only the roof: one roof cell is 1, so neither can be 2
    let rect: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c4", &[1, 2]),
        ("r3c1", &[1, 2, 5, 7]),
        ("r3c4", &[1, 2, 6]),
    ];
    let b = only_in(with(Board::empty(shape(9)), rect), 1, &[(true, 3, &[1, 4])]);
    assert_eq!(find_unique_rectangle_type_2(&b), None);
    let step = find_unique_rectangle_type_4(&b).unwrap();
    assert_eq!(step.technique, Technique::UniqueRectangleType4);
    assert_eliminates(&step, 9, &[("r3c1", 2), ("r3c4", 2)]);
    assert_names_cleared_cells(&step, 9);
    // 1 also fits r3c7: no strong link on the roof
    let b = only_in(
        with(Board::empty(shape(9)), rect),
        1,
        &[(true, 3, &[1, 4, 7])],
    );
    assert_eq!(find_unique_rectangle_type_4(&b), None);

    // 6x6 (2x3 boxes): floor r1c1, r1c2 {1,2} (box 1), roof r3c1 {1,2,4},
    // r3c2 {1,2,5} (box 3 = r3-4 x c1-3), where 1 fits only the roof
    let rect: &[(&str, &[u8])] = &[
        ("r1c1", &[1, 2]),
        ("r1c2", &[1, 2]),
        ("r3c1", &[1, 2, 4]),
        ("r3c2", &[1, 2, 5]),
    ];
    let mut b = with(Board::empty(shape(6)), rect);
    for name in ["r3c3", "r4c1", "r4c2", "r4c3"] {
        b.eliminate(at(6, name), 1);
    }
    let step = find_unique_rectangle_type_4(&b).unwrap();
    assert_eliminates(&step, 6, &[("r3c1", 2), ("r3c2", 2)]);
    assert!(step.explanation.contains("box 3"), "{}", step.explanation);
}

// ---- chains past the patterns, replayed ----

/// Walks the hint path of every `stride`-th puzzle: every chain taken where
/// the patterns stall must make only true changes (the solution is the
/// oracle) and replay link by link from its text (`replay.rs`). Returns how
/// many steps of each technique were taken there.
fn replay_paths(puzzles: &[Grid], stride: usize) -> BTreeMap<Technique, usize> {
    let geo = Shape::for_size(9).unwrap().geometry();
    let mut taken = BTreeMap::new();
    for g in puzzles.iter().step_by(stride) {
        let s = some_solution(g).unwrap();
        let mut b = Board::from_grid(g);
        while !b.is_solved() {
            let step = match find_logical_step(&b) {
                Some(step) => step,
                None => {
                    let step = find_step_with(&b, &s).unwrap();
                    let text = &step.explanation;
                    for (c, d) in step.placed(geo.shape) {
                        assert_eq!(s.at(c), Some(d), "{text}");
                    }
                    for (c, d) in step.removed(geo.shape) {
                        assert_ne!(s.at(c), Some(d), "{text}");
                    }
                    if step.technique.is_contradiction() {
                        replay::replay(geo, &b, &step);
                    }
                    *taken.entry(step.technique).or_insert(0) += 1;
                    step
                }
            };
            b.apply(&step);
        }
    }
    eprintln!("{taken:?}");
    taken
}

#[test]
fn chains_past_the_patterns_replay_link_by_link() {
    let taken = replay_paths(&techniques_common::load("hardest_1106.txt"), 9);
    for wanted in [Technique::ContradictionChain, Technique::DynamicChain] {
        assert!(taken.contains_key(&wanted), "no {wanted}: {taken:?}");
    }
    // Grouped AICs, on the ladder before them, find most of what a static
    // forcing chain from a cell or a region would: either kind will do.
    for (static_one, dynamic) in [
        (
            Technique::CellForcingChain,
            Technique::DynamicCellForcingChain,
        ),
        (
            Technique::RegionForcingChain,
            Technique::DynamicRegionForcingChain,
        ),
    ] {
        assert!(
            taken.contains_key(&static_one) || taken.contains_key(&dynamic),
            "no {static_one} of either kind: {taken:?}"
        );
    }
}

#[test]
#[ignore = "release only: the solve paths of 1,840 hard puzzles"]
fn every_chain_on_the_hard_sets_replays_and_none_needs_trial_and_error() {
    let mut taken = replay_paths(&techniques_common::load("hardest_1106.txt"), 1);
    for (t, k) in replay_paths(&techniques_common::load("top1465.txt"), 1) {
        *taken.entry(t).or_insert(0) += k;
    }
    assert!(!taken.contains_key(&Technique::Backtrack), "{taken:?}");
    for wanted in [
        Technique::DynamicCellForcingChain,
        Technique::DynamicRegionForcingChain,
        Technique::NestedChain,
    ] {
        assert!(taken.contains_key(&wanted), "no {wanted}: {taken:?}");
    }
}

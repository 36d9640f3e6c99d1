use super::*;

fn nine() -> Shape {
    Shape::new(3, 3).unwrap()
}

/// Jigsaw regions for 6x6 from rows of labels.
fn regions(rows: &[&str]) -> Vec<u8> {
    rows.concat().bytes().map(|b| b - b'a').collect()
}

/// A 6x6 jigsaw: six connected regions of six, none a box.
const SIX_JIGSAW: [&str; 6] = ["aaabbb", "aacbbb", "acccdd", "eccddd", "eeefdf", "eeffff"];

#[test]
fn a_spec_that_adds_nothing_is_classic() {
    let shape = nine();
    assert!(
        Rules::new(shape, RulesSpec::default())
            .unwrap()
            .is_classic()
    );
    let boxes: Vec<u8> = (0..81)
        .map(|c| 9 - shape.geometry().box_of(c) as u8)
        .collect();
    let spec = RulesSpec {
        regions: Some(boxes),
        ..RulesSpec::default()
    };
    let rules = Rules::new(shape, spec).unwrap();
    assert!(
        rules.is_classic(),
        "boxes under other labels are still boxes"
    );
    assert_eq!(rules.variant(), Variant::CLASSIC);
}

/// Every cell's peers, by brute force over the houses the rules list and
/// the cages: each other cell sharing one.
fn brute_peers(rules: &Rules, shape: Shape, cell: usize) -> Vec<usize> {
    let mut peers: Vec<usize> = (0..shape.cell_count())
        .filter(|&other| other != cell)
        .filter(|&other| {
            rules
                .houses(shape)
                .any(|(_, cells)| cells.contains(&cell) && cells.contains(&other))
                || rules
                    .cage_of(cell)
                    .is_some_and(|cage| cage.cells().contains(&other))
        })
        .collect();
    peers.sort_unstable();
    peers
}

#[test]
fn sudoku_x_adds_two_diagonals_to_the_boxes() {
    let shape = nine();
    let rules = Rules::new(
        shape,
        RulesSpec {
            diagonals: true,
            ..RulesSpec::default()
        },
    )
    .unwrap();
    assert_eq!(rules.variant().to_string(), "x");
    assert_eq!(rules.house_count(shape), 29);
    let houses: Vec<(House, &[usize])> = rules.houses(shape).collect();
    assert_eq!(houses[27].0, House::Diagonal);
    assert_eq!(houses[27].1, [0, 10, 20, 30, 40, 50, 60, 70, 80]);
    assert_eq!(houses[28].0, House::AntiDiagonal);
    assert_eq!(houses[28].1, [8, 16, 24, 32, 40, 48, 56, 64, 72]);
    // r1c1: 20 classic peers and the 6 diagonal cells outside its box
    assert_eq!(rules.peers(shape, 0).len(), 26);
    // the centre lies on both: 20 and 12 more
    assert_eq!(rules.peers(shape, 40).len(), 32);
    assert_eq!(rules.houses_of(shape, 40), [4, 13, 22, 27, 28]);
    for cell in 0..81 {
        assert_eq!(rules.peers(shape, cell), brute_peers(&rules, shape, cell));
    }
}

#[test]
fn windoku_windows_leave_a_line_between_them() {
    let shape = nine();
    let rules = Rules::new(
        shape,
        RulesSpec {
            windows: true,
            ..RulesSpec::default()
        },
    )
    .unwrap();
    let windows: Vec<(House, &[usize])> = rules.houses(shape).skip(27).collect();
    assert_eq!(windows.len(), 4);
    assert_eq!(windows[0].0, House::Window(0));
    assert_eq!(windows[0].1, [10, 11, 12, 19, 20, 21, 28, 29, 30]);
    assert_eq!(windows[3].1, [50, 51, 52, 59, 60, 61, 68, 69, 70]);
    let sixteen = Shape::new(4, 4).unwrap();
    let rules16 = Rules::new(
        sixteen,
        RulesSpec {
            windows: true,
            ..RulesSpec::default()
        },
    )
    .unwrap();
    assert_eq!(rules16.house_count(sixteen), 48 + 9);
    let six = Shape::new(2, 3).unwrap();
    let err = Rules::new(
        six,
        RulesSpec {
            windows: true,
            ..RulesSpec::default()
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("square boxes"), "{err}");
}

#[test]
fn jigsaw_regions_take_the_boxes_place_and_are_renumbered() {
    let six = Shape::new(2, 3).unwrap();
    // the same partition under other labels
    let relabelled: Vec<u8> = regions(&SIX_JIGSAW).iter().map(|&r| (r + 3) * 7).collect();
    let rules = Rules::new(
        six,
        RulesSpec {
            regions: Some(relabelled),
            ..RulesSpec::default()
        },
    )
    .unwrap();
    assert_eq!(rules.regions(), Some(&regions(&SIX_JIGSAW)[..]));
    assert_eq!(rules.variant().to_string(), "jigsaw");
    assert_eq!(rules.house(six, 12), Some(House::Region(0)));
    assert_eq!(rules.house_cells(six, 12), [0, 1, 2, 6, 7, 12]);
    for cell in 0..36 {
        assert_eq!(rules.peers(six, cell), brute_peers(&rules, six, cell));
    }
    let same = Rules::new(
        six,
        RulesSpec {
            regions: Some(regions(&SIX_JIGSAW)),
            ..RulesSpec::default()
        },
    )
    .unwrap();
    assert_eq!(rules, same);
}

#[test]
fn bad_regions_are_named() {
    let six = Shape::new(2, 3).unwrap();
    let jigsaw = |rows: &[&str]| {
        Rules::new(
            six,
            RulesSpec {
                regions: Some(regions(rows)),
                ..RulesSpec::default()
            },
        )
        .unwrap_err()
        .to_string()
    };
    // r5c5 moved from region d to f: seven cells and five
    let moved = ["aaabbb", "aacbbb", "acccdd", "eccddd", "eeefdd", "eeffff"];
    assert_eq!(
        jigsaw(&moved),
        "region 4 (first cell r3c5) has 7 cells, but every region needs 6"
    );
    // r1c1 and r1c6 swapped between a and b: six cells each, in pieces
    let split = ["baabba", "aacbbb", "acccdd", "eccddd", "eeefdf", "eeffff"];
    assert_eq!(
        jigsaw(&split),
        "region 1 is not connected: r1c4 is cut off from r1c1"
    );
    let five = ["aaabbb", "aacbbb", "acccdd", "eccddd", "eeeddd", "eeeddd"];
    assert_eq!(
        jigsaw(&five),
        "there are 5 regions, but a 6x6 board needs 6"
    );
    let err = Rules::new(
        six,
        RulesSpec {
            regions: Some(vec![0; 35]),
            ..RulesSpec::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the regions label 35 cells, but the board has 36"
    );
}

#[test]
fn cage_mates_are_peers_and_bad_cages_are_named() {
    let shape = nine();
    let killer = |cages: Vec<Cage>| {
        Rules::new(
            shape,
            RulesSpec {
                cages,
                ..RulesSpec::default()
            },
        )
    };
    // r1c3 and r2c4 are in no house together, but in a cage
    let rules = killer(vec![Cage::new(vec![2, 3, 12], 10)]).unwrap();
    assert_eq!(rules.variant().to_string(), "killer");
    assert!(rules.peers(shape, 2).contains(&12));
    assert_eq!(rules.cage_of(12).map(Cage::sum), Some(10));
    assert_eq!(rules.cage_of(13), None);
    for cell in 0..81 {
        assert_eq!(rules.peers(shape, cell), brute_peers(&rules, shape, cell));
    }
    let error = |cages| killer(cages).unwrap_err().to_string();
    assert_eq!(
        error(vec![Cage::new(vec![0, 1], 3), Cage::new(vec![1, 2], 5)]),
        "r1c2 is in two cages, cage 3/2 at r1c1 and cage 5/2 at r1c2"
    );
    assert_eq!(
        error(vec![Cage::new(vec![0, 1], 18)]),
        "cage 18/2 at r1c1: 2 different digits add up to 3 to 17, never 18"
    );
    assert_eq!(
        error(vec![Cage::new(vec![0, 2], 5)]),
        "cage 5/2 at r1c1 is not connected: r1c3 is cut off from its first cell"
    );
    assert_eq!(
        error(vec![Cage::new((0..10).collect(), 50)]),
        "cage 50/10 at r1c1 has 10 cells, more than the 9 different digits a board has"
    );
    assert_eq!(
        error(vec![Cage::new(vec![80, 81], 5)]),
        "cage 1 has cell 81, off a 9x9 board"
    );
    assert_eq!(error(vec![Cage::new(vec![], 0)]), "cage 1 has no cells");
}

#[test]
fn a_grid_keeps_its_rules_and_refuses_another_shapes() {
    let six = Shape::new(2, 3).unwrap();
    let rules = Rules::new(
        six,
        RulesSpec {
            regions: Some(regions(&SIX_JIGSAW)),
            ..RulesSpec::default()
        },
    )
    .unwrap();
    let grid = crate::Grid::empty(six).with_rules(rules.clone()).unwrap();
    assert_eq!(grid.rules(), &rules);
    assert_ne!(grid, crate::Grid::empty(six));
    assert!(crate::Grid::empty(nine()).with_rules(rules).is_err());
}

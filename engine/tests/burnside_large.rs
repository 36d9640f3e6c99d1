//! The Burnside counts of the boards past 6x6 against published figures:
//! the 9x9 table of Russell and Jarvis (as the seed sudoku-symmetry-group
//! prints it: 275 conjugacy classes, the same 27 of them with fixed grids,
//! each with its size and count, and 5,472,730,538 essentially different
//! grids), and 8x8's 1,673,187 essentially different grids (2x4 boxes, no
//! transposition), found by kjellfp and Red Ed on the enjoysudoku forum
//! ("Number of essentially different sudoku grids", June 2006). Seconds
//! optimised, far longer in a debug build: `cargo test --release --
//! --ignored` runs them (CI does).

use tudoku_engine::{Shape, census};

/// (class size, grids each member fixes up to relabelling), from the seed.
const SEED_TABLE: [(u64, u128); 27] = [
    (1, 18_383_222_420_692_992),
    (972, 449_445_888),
    (2916, 155_492_352),
    (1296, 30_258_432),
    (69984, 13_056),
    (16, 107_495_424),
    (96, 21_233_664),
    (192, 4_204_224),
    (3888, 27_648),
    (10368, 1_854),
    (144, 14_837_760),
    (864, 2_085_120),
    (1728, 294_912),
    (7776, 13_824),
    (15552, 1_728),
    (288, 5_184),
    (1728, 2_592),
    (3456, 1_296),
    (93312, 288),
    (64, 2_508_084),
    (1152, 6_342_480),
    (15552, 3_456),
    (31104, 6_480),
    (2304, 648),
    (5184, 323_928),
    (20736, 288),
    (20736, 162),
];

#[test]
#[ignore = "seconds optimised, too slow for a debug build: run with --release -- --ignored"]
fn nine_by_nine_table_is_the_seeds_class_by_class() {
    let census = census(Shape::for_size(9).unwrap(), 2).unwrap();
    assert_eq!(census.classes.len(), 275);
    // Felgenhauer and Jarvis's number of grids, over 9!.
    assert_eq!(
        census.classes[0].fixed * 362_880,
        6_670_903_752_021_072_936_960
    );
    let mut found: Vec<(u64, u128)> = census
        .classes
        .iter()
        .filter(|c| c.fixed > 0)
        .map(|c| (c.class.size, c.fixed))
        .collect();
    let mut seed = SEED_TABLE.to_vec();
    found.sort_unstable();
    seed.sort_unstable();
    assert_eq!(found, seed);
    assert_eq!(census.essentially_different(), (5_472_730_538, 0));
}

#[test]
#[ignore = "seconds optimised, too slow for a debug build: run with --release -- --ignored"]
fn eight_by_eight_has_the_published_1673187_essentially_different_grids() {
    for shape in [Shape::new(2, 4).unwrap(), Shape::new(4, 2).unwrap()] {
        let census = census(shape, 2).unwrap();
        // Pettersen's number of grids (OEIS A114288), over 8!.
        assert_eq!(census.classes[0].fixed * 40_320, 29_136_487_207_403_520);
        assert_eq!(census.essentially_different(), (1_673_187, 0), "{shape}");
    }
}

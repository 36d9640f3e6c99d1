use super::*;
use crate::board::validate::is_solution;
use crate::solve::solver::count;

/// Each puzzle has one solution under its rules, the one given with it,
/// and the rules asked for; killer has no givens.
fn check_made(shape: Shape, variant: Variant, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        if variant.windoku && !shape.is_square() {
            assert!(matches!(
                generate_variant(shape, variant, seed),
                Err(VariantError::Rules(
                    RulesError::WindowsNeedSquareBoxes { .. }
                ))
            ));
            continue;
        }
        let made = generate_variant(shape, variant, seed)
            .unwrap_or_else(|e| panic!("{variant} {shape} seed {seed}: {e}"));
        assert_eq!(made.puzzle.rules().variant(), variant);
        assert!(is_solution(&made.puzzle, &made.solution));
        assert_eq!(count(&made.puzzle, 2), crate::SolutionCount::Exactly(1));
        if variant.killer {
            assert_eq!(made.puzzle.filled_count(), 0, "killer has no givens");
        } else {
            assert!(made.puzzle.filled_count() < shape.cell_count() / 2 + 4);
        }
    }
}

fn variants() -> impl Iterator<Item = Variant> {
    Variant::OFFERED.into_iter().filter(|v| !v.is_classic())
}

#[test]
fn every_offered_variant_makes_unique_small_puzzles() {
    for variant in variants() {
        for (rows, cols) in [(2, 2), (2, 3)] {
            check_made(Shape::new(rows, cols).unwrap(), variant, 0..3);
        }
    }
}

#[test]
fn nine_by_nine_x_and_windoku_are_unique() {
    let nine = Shape::new(3, 3).unwrap();
    for variant in ["x", "windoku"] {
        check_made(nine, variant.parse().unwrap(), 0..2);
    }
}

#[test]
#[ignore = "a few seconds in a debug build: run with --release -- --ignored"]
fn every_offered_variant_makes_unique_9x9_puzzles() {
    for variant in variants() {
        check_made(Shape::new(3, 3).unwrap(), variant, 0..4);
    }
}

#[test]
fn the_same_seed_makes_the_same_puzzle() {
    let shape = Shape::new(2, 3).unwrap();
    let killer = Variant {
        killer: true,
        ..Variant::CLASSIC
    };
    let a = generate_variant(shape, killer, 11).unwrap();
    assert_eq!(a, generate_variant(shape, killer, 11).unwrap());
    assert_ne!(a, generate_variant(shape, killer, 12).unwrap());
}

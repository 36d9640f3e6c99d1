//! How hints read, checked by structure rather than against copied strings:
//! every explanation gives a reason, a unit name is never run into a digit,
//! eliminations come grouped by digit and name exactly the step's
//! eliminations, a finned fish names its fins and the cells that see them,
//! and the forcing chains' explanations read this way too (their links
//! are replayed in techniques_chains.rs).

mod techniques_common;

use proptest::prelude::*;
use techniques_common::load;
use tudoku_engine::solve_path;
use tudoku_engine::techniques::text::removals;
use tudoku_engine::techniques::{Board, find_logical_step};
use tudoku_engine::{Geometry, Grid, House, Shape, Step, Technique, some_solution};

/// Every step of the hint path of a sample of the hardest puzzles: every
/// 75th, which takes in puzzle 150, one of the few whose path holds forcing
/// chains from a cell or a region (grouped AICs find most of the rest).
fn hardest_steps() -> Vec<(Grid, Step)> {
    load("hardest_1106.txt")
        .into_iter()
        .step_by(75)
        .flat_map(|g| {
            let steps = solve_path(&g).unwrap();
            steps.into_iter().map(move |s| (g.clone(), s))
        })
        .collect()
}

/// The words of a text, without the punctuation around them.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || ",;:()".contains(c))
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_cell(word: &str) -> bool {
    let mut parts = word.strip_prefix('r').map(|w| w.splitn(2, 'c'));
    parts.as_mut().is_some_and(|p| {
        p.next().is_some_and(|r| r.parse::<u32>().is_ok())
            && p.next().is_some_and(|c| c.parse::<u32>().is_ok())
    })
}

fn is_digit(word: &str) -> bool {
    word.len() == 1
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
}

#[test]
fn every_explanation_gives_a_reason_and_sets_units_off_from_digits() {
    let steps = hardest_steps();
    // the sample holds forcing chains, and needs no trial and error
    assert!(steps.iter().any(|(_, s)| s.technique.is_forcing()));
    assert!(
        steps
            .iter()
            .all(|(_, s)| s.technique != Technique::Backtrack)
    );
    for (_, step) in &steps {
        let text = &step.explanation;
        let w = words(text);
        assert!(
            w.iter().any(|&x| ["so", "because", "since"].contains(&x)),
            "no reason: {text}"
        );
        // "in box 3 6 must go": a unit's number run into a digit
        for k in 0..text.split(' ').count().saturating_sub(2) {
            let t: Vec<&str> = text.split(' ').skip(k).take(3).collect();
            let unit = ["row", "column", "box"].contains(&t[0]);
            assert!(
                !(unit && t[1].parse::<u32>().is_ok() && is_digit(t[2])),
                "unit run into a digit: {text}"
            );
        }
    }
}

/// The clauses of a removal text, read back from its words: digits up to
/// "from", then cells up to the next digit.
fn read_clauses(geo: &Geometry, text: &str) -> Vec<(Vec<u8>, Vec<usize>)> {
    let mut out: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for w in words(text) {
        if is_digit(w) {
            if out.last().is_none_or(|(_, cells)| !cells.is_empty()) {
                out.push((Vec::new(), Vec::new()));
            }
            let d = tudoku_engine::value_of(w.chars().next().unwrap()).unwrap();
            out.last_mut().unwrap().0.push(d);
        } else if is_cell(w) {
            let cell = (0..geo.cell_count())
                .find(|&c| geo.cell_name(c) == w)
                .unwrap();
            out.last_mut().unwrap().1.push(cell);
        }
    }
    out
}

proptest! {
    #[test]
    fn removals_name_exactly_the_eliminations_grouped_by_digit(
        picks in proptest::collection::btree_set((0usize..81, 1u8..=9), 1..12)
    ) {
        let geo = Shape::for_size(9).unwrap().geometry();
        let pairs: Vec<(usize, u8)> = picks.into_iter().collect();
        let text = removals(geo, &pairs);
        let clauses = read_clauses(geo, &text);
        let mut named: Vec<(usize, u8)> = clauses
            .iter()
            .flat_map(|(ds, cs)| ds.iter().flat_map(move |&d| cs.iter().map(move |&c| (c, d))))
            .collect();
        named.sort_unstable();
        prop_assert_eq!(&named, &pairs, "{}", text);
        // grouped by digit: each digit in one clause, no two clauses with
        // the same cells; or by cell where that reads in fewer clauses
        let disjoint = |sets: Vec<Vec<usize>>| {
            let all: Vec<usize> = sets.concat();
            let mut unique = all.clone();
            unique.sort_unstable();
            unique.dedup();
            unique.len() == all.len()
        };
        let distinct = |sets: Vec<Vec<usize>>| {
            let mut s = sets.clone();
            s.sort();
            s.dedup();
            s.len() == sets.len()
        };
        let digit_sets: Vec<Vec<usize>> = clauses
            .iter()
            .map(|(ds, _)| ds.iter().map(|&d| d as usize).collect())
            .collect();
        let cell_sets: Vec<Vec<usize>> = clauses.iter().map(|(_, cs)| cs.clone()).collect();
        let by_digit = disjoint(digit_sets.clone()) && distinct(cell_sets.clone());
        let by_cell = disjoint(cell_sets) && distinct(digit_sets);
        prop_assert!(by_digit || by_cell, "{}", text);
        let digits: std::collections::BTreeSet<u8> = pairs.iter().map(|p| p.1).collect();
        prop_assert!(clauses.len() <= digits.len(), "{}", text);
        prop_assert!(text.contains(" can be removed from "), "{}", text);
    }
}

#[test]
fn digits_with_the_same_cells_share_one_clause() {
    let geo = Shape::for_size(9).unwrap().geometry();
    let (a, b) = (1, 2);
    let text = removals(geo, &[(a, 5), (a, 8), (b, 5), (b, 8)]);
    assert_eq!(text.matches(" from ").count(), 1, "{text}");
    let w = words(&text);
    assert_eq!(w.iter().filter(|x| is_digit(x)).count(), 2, "{text}");
    assert_eq!(w.iter().filter(|x| is_cell(x)).count(), 2, "{text}");
}

#[test]
fn a_finned_fish_names_its_fins_and_the_cells_that_see_them() {
    let geo = Shape::for_size(9).unwrap().geometry();
    let mut seen = 0;
    for g in load("top1465.txt").iter().step_by(3) {
        let s = some_solution(g).unwrap();
        let mut b = Board::from_grid(g);
        while let Some(step) = find_logical_step(&b) {
            let k = match step.technique {
                Technique::FinnedXWing => 2,
                Technique::FinnedSwordfish => 3,
                _ => {
                    b.apply(&step);
                    continue;
                }
            };
            seen += 1;
            let houses: Vec<House> = step.houses(geo.shape).collect();
            let cover: Vec<usize> = houses[k..2 * k]
                .iter()
                .map(|h| h.unit(geo.shape).unwrap())
                .collect();
            let fins: Vec<usize> = step
                .cells(geo.shape)
                .map(|c| c.index(geo.shape).unwrap())
                .filter(|&c| cover.iter().all(|&u| !geo.units[u].contains(&c)))
                .collect();
            assert!(!fins.is_empty(), "{}", step.explanation);
            let text = &step.explanation;
            assert!(text.contains(" fin"), "{text}");
            for &f in &fins {
                assert!(text.contains(&geo.cell_name(f)), "fin unnamed: {text}");
            }
            for (c, d) in step.removed(geo.shape) {
                assert_ne!(s.at(c), Some(d), "{text}");
                let c = c.index(geo.shape).unwrap();
                assert!(fins.iter().all(|&f| geo.sees(c, f)), "{text}");
                assert!(text.contains(&geo.cell_name(c)), "{text}");
            }
            assert!(
                text.contains("see the fin") || text.contains("sees the fin"),
                "{text}"
            );
            b.apply(&step);
        }
        if seen >= 20 {
            break;
        }
    }
    assert!(seen > 0, "no finned fish in the sample");
}

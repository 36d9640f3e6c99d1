//! How hints read, checked by structure rather than against copied strings:
//! every explanation gives a reason, a unit name is never run into a digit,
//! eliminations come grouped by digit and name exactly the step's
//! eliminations, a finned fish names its fins and the cells that see them,
//! and a contradiction's listed chain replays on a plain board to the break
//! it names.

mod techniques_common;

use proptest::prelude::*;
use techniques_common::load;
use tudoku_engine::solve_path;
use tudoku_engine::techniques::text::removals;
use tudoku_engine::techniques::{
    Board, find_backtrack, find_contradiction, find_logical_step, find_step_for_any_solution,
};
use tudoku_engine::{Geometry, Grid, House, Shape, Step, Technique, some_solution};

/// Every step of the hint path of a sample of the hardest puzzles.
fn hardest_steps() -> Vec<(Grid, Step)> {
    load("hardest_1106.txt")
        .into_iter()
        .step_by(90)
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
    assert!(
        steps
            .iter()
            .any(|(_, s)| s.technique == Technique::Backtrack)
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

/// Replays a spelled chain, "Contradiction chain (SE 8.7): r2c5=7 → r2c9=3 →
/// r4c9=5 (hidden in row 4) → r4c5 has no candidate left, so r2c5 is not 7",
/// on a plain board: the assumption, then each link, which must be the
/// single it says (the cell's last candidate, or the digit's last place in
/// the unit named), or the technique step it names, which is the easiest
/// there (it needs every link before it); then the named break must hold.
fn replay(geo: &Geometry, start: &Board, text: &str) {
    let at = |name: &str| {
        (0..geo.cell_count())
            .find(|&c| geo.cell_name(c) == name)
            .unwrap_or_else(|| panic!("no cell {name}: {text}"))
    };
    let unit_named = |name: &str| {
        (0..3 * geo.n)
            .find(|&u| geo.unit_name(u) == name)
            .unwrap_or_else(|| panic!("no unit {name}: {text}"))
    };
    let value = |d: &str| tudoku_engine::value_of(d.chars().next().unwrap()).unwrap();
    let body = text.split_once("): ").expect("a named chain").1;
    let body = body.rsplit_once(", so ").expect("a conclusion").0;
    let links: Vec<&str> = body.split(" → ").collect();
    let mut b = start.clone();
    let (first, rest) = links.split_first().unwrap();
    let (cell, digit) = first.split_once('=').unwrap();
    b.place(at(cell), value(digit));
    let (broken, links) = rest.split_last().unwrap();
    for link in links {
        let Some((cell, rest)) = link.split_once('=') else {
            // a technique step the singles stalled on: it needs every link
            // before it, so the board is the trial's, and the easiest step
            // there is the one named
            let step = find_step_for_any_solution(&b).expect("a technique step");
            let name = step.technique.name().to_lowercase();
            assert!(link.contains(&name), "{link} is not {name}: {text}");
            b.apply(&step);
            continue;
        };
        let (cell, d) = (at(cell), value(rest));
        assert!(b.candidates(cell).contains(d), "{link}: {text}");
        match rest.split_once(" (hidden in ") {
            Some((_, unit)) => {
                let unit = unit_named(unit.trim_end_matches(')'));
                let places = geo.units[unit]
                    .iter()
                    .filter(|&&c| b.value(c) == 0 && b.candidates(c).contains(d))
                    .count();
                assert_eq!(places, 1, "{link} is no hidden single: {text}");
            }
            None => assert_eq!(b.candidates(cell).len(), 1, "{link}: {text}"),
        }
        b.place(cell, d);
    }
    if let Some(cell) = broken.strip_suffix(" has no candidate left") {
        let cell = at(cell);
        assert!(
            b.value(cell) == 0 && b.candidates(cell).is_empty(),
            "{text}"
        );
    } else {
        let (d, unit) = broken
            .split_once(" has no place left in ")
            .expect("a break");
        let (d, unit) = (value(d), unit_named(unit));
        assert!(
            geo.units[unit]
                .iter()
                .all(|&c| !b.candidates(c).contains(d) && b.value(c) != d),
            "{text}"
        );
    }
}

#[test]
fn a_contradiction_replays_to_the_break_it_names() {
    let geo = Shape::for_size(9).unwrap().geometry();
    let mut listed = 0;
    for g in load("hardest_1106.txt").iter().step_by(90) {
        let s = some_solution(g).unwrap();
        let mut b = Board::from_grid(g);
        while !b.is_solved() {
            let step = match find_logical_step(&b) {
                Some(step) => step,
                None => {
                    // past contradictions, the search's digit (no chain to check)
                    let step = find_contradiction(&b, &s)
                        .or_else(|| find_backtrack(&b, &s))
                        .unwrap();
                    let text = &step.explanation;
                    for (c, d) in step.placed(geo.shape) {
                        assert_eq!(s.at(c), Some(d), "{text}");
                    }
                    for (c, d) in step.removed(geo.shape) {
                        assert_ne!(s.at(c), Some(d), "{text}");
                    }
                    if step.technique.is_contradiction() {
                        replay(geo, &b, text);
                        listed += 1;
                    }
                    step
                }
            };
            b.apply(&step);
        }
    }
    assert!(listed > 10, "only {listed} listed chains");
}

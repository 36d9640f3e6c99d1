//! Rating: hard sets rate hard, easy means "singles suffice" (checked against
//! an independent singles-only solver written here), puzzles without exactly
//! one solution are refused, and ratings are deterministic.

mod techniques_common;

use std::collections::BTreeMap;
use techniques_common::load;

use tudoku_engine::{Difficulty, Grid, Technique};
use tudoku_engine::{Unsolvable, rate, rate_with, unique_solution};

/// Fills naked and hidden singles from plain peer scans until stuck; true
/// when that solves the grid. Shares no code with the techniques.
fn singles_solve(grid: &Grid) -> bool {
    let g = grid.shape().geometry();
    let n = g.n;
    let mut values = grid.values().to_vec();
    let allowed = |values: &[u8], cell: usize, d: u8| {
        values[cell] == 0 && g.peers[cell].iter().all(|&p| values[p] != d)
    };
    loop {
        let mut progress = false;
        for cell in 0..n * n {
            let ds: Vec<u8> = (1..=n as u8)
                .filter(|&d| allowed(&values, cell, d))
                .collect();
            if ds.len() == 1 {
                values[cell] = ds[0];
                progress = true;
            }
        }
        for unit in &g.units {
            for d in 1..=n as u8 {
                let places: Vec<usize> = unit
                    .iter()
                    .copied()
                    .filter(|&c| allowed(&values, c, d))
                    .collect();
                if places.len() == 1 && !unit.iter().any(|&c| values[c] == d) {
                    values[places[0]] = d;
                    progress = true;
                }
            }
        }
        if values.iter().all(|&v| v != 0) {
            return true;
        }
        if !progress {
            return false;
        }
    }
}

#[test]
fn hardest_puzzles_rate_expert_or_extreme() {
    let puzzles = load("hardest_1106.txt");
    let sample: Vec<&Grid> = puzzles.iter().step_by(3).take(100).collect();
    assert_eq!(sample.len(), 100);
    for p in sample {
        let r = rate(p).unwrap();
        assert!(
            r.difficulty >= Difficulty::Expert,
            "{} rated {:?}",
            p.to_line(false),
            r
        );
    }
}

#[test]
fn easy_means_singles_suffice() {
    let mut puzzles = load("17_clue_sample.txt");
    puzzles.truncate(300);
    puzzles.extend(load("6x6.txt"));
    let mut easy = 0;
    for p in &puzzles {
        let r = rate(p).unwrap();
        // easy on SE's scale: singles, or a direct pattern (a pointing,
        // claiming or hidden pair that leads straight to a hidden single)
        let easy_steps = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Pointing,
            Technique::Claiming,
            Technique::HiddenPair,
        ];
        if singles_solve(p) {
            assert_eq!(r.difficulty, Difficulty::Easy, "{}", p.to_line(false));
        } else if r.difficulty == Difficulty::Easy {
            assert!(
                easy_steps.contains(&r.hardest),
                "{} rated {r:?}",
                p.to_line(false)
            );
        }
        easy += usize::from(r.difficulty == Difficulty::Easy);
    }
    assert!(easy > 0 && easy < puzzles.len());
}

#[test]
fn level_distribution_of_17_clue_sample() {
    let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
    let mut hardest: BTreeMap<Technique, usize> = BTreeMap::new();
    let puzzles = load("17_clue_sample.txt");
    for p in &puzzles {
        let r = rate(p).unwrap();
        assert_eq!(r.difficulty, Difficulty::of_er(r.er));
        *levels.entry(r.difficulty).or_default() += 1;
        *hardest.entry(r.hardest).or_default() += 1;
    }
    eprintln!("17-clue sample ({} puzzles): {levels:?}", puzzles.len());
    eprintln!("hardest technique: {hardest:?}");
    assert_eq!(levels.values().sum::<usize>(), puzzles.len());
    // minimal 17-clue puzzles span the levels, most needing no guess
    assert!(levels.len() >= 4, "{levels:?}");
}

#[test]
fn ratings_are_deterministic_and_agree_with_a_known_solution() {
    for p in load("top1465.txt").iter().step_by(50) {
        let first = rate(p).unwrap();
        assert_eq!(rate(p).unwrap(), first);
        assert_eq!(rate_with(p, &unique_solution(p).unwrap()), first);
        assert!(first.steps > 0 && first.score >= first.steps as u32);
    }
}

#[test]
fn puzzles_without_one_solution_are_refused() {
    for p in load("serg_sample.txt").iter().take(20) {
        assert_eq!(rate(p), Err(Unsolvable::MultipleSolutions));
    }
    let mut clash = load("top1465.txt")[0].clone();
    let first_given = (0..81).find(|&c| clash.get(c) != 0).unwrap();
    let v = clash.get(first_given);
    let peer = (0..9)
        .map(|c| c + 9 * (first_given / 9))
        .find(|&c| clash.get(c) == 0)
        .unwrap();
    clash.set(peer, v).unwrap();
    assert_eq!(rate(&clash), Err(Unsolvable::NoSolution));
}

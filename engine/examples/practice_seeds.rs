//! Finds the seed puzzles `generate --technique` draws from for the
//! techniques digging seldom ends on (`PRACTICE_SEEDED`), and writes the
//! seed list, engine/src/generation/practice_seeds.txt, to stdout. Run it
//! again whenever the rater or the hint's techniques change (a test then
//! fails on a seed that no longer rates as its technique).
//!
//! It reads the puzzle files given, then generates Expert and Extreme 9x9
//! puzzles, and keeps a puzzle for a technique when `rate` gives that
//! technique as its hardest step and the hint path (`solve_path`) shows a
//! step of it in each of a few random disguises, up to `--per` puzzles per
//! technique, one per class of disguises. `--limit N` reads at most N
//! puzzles from each file named after it (0: all).
//!
//! ```sh
//! cargo run --release -p tudoku-engine --example practice_seeds -- \
//!     --per 8 --generated 2000 ../shared/bench-data/{17_clue,top1465,hardest_1106}.txt \
//!     --limit 3000 ../shared/bench-data/hardest_1905_11plus.txt \
//!     > engine/src/generation/practice_seeds.txt
//! ```

use std::collections::{BTreeMap, HashSet};
use std::process::ExitCode;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::{
    Difficulty, GenerateOptions, Grid, PRACTICE_SEEDED, Shape, Technique, Transform, generate_from,
    parse_puzzles, rate, solve_path,
};

/// Random disguises whose hint path must show the technique.
const DISGUISES: usize = 3;

struct Args {
    per: usize,
    generated: u64,
    /// Each file, with the most puzzles to read from it (0: all).
    files: Vec<(String, usize)>,
}

fn parse_args() -> Option<Args> {
    let mut args = Args {
        per: 8,
        generated: 0,
        files: Vec::new(),
    };
    let mut limit = 0;
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--per" => args.per = words.next()?.parse().ok()?,
            "--limit" => limit = words.next()?.parse().ok()?,
            "--generated" => args.generated = words.next()?.parse().ok()?,
            _ if word.starts_with("--") => return None,
            _ => args.files.push((word, limit)),
        }
    }
    Some(args)
}

/// The seeds found so far, by technique, and what was looked at.
struct Search {
    per: usize,
    found: BTreeMap<Technique, Vec<String>>,
    seen: HashSet<String>,
    rated: usize,
    hint_misses: BTreeMap<Technique, usize>,
    rng: ChaCha8Rng,
}

impl Search {
    fn wants(&self, technique: Technique) -> bool {
        PRACTICE_SEEDED.contains(&technique)
            && self.found.get(&technique).map_or(0, Vec::len) < self.per
    }

    fn done(&self) -> bool {
        !PRACTICE_SEEDED.iter().any(|&t| self.wants(t))
    }

    /// Keeps `puzzle` when it is a seed still wanted.
    fn consider(&mut self, puzzle: &Grid) {
        self.rated += 1;
        let Ok(rating) = rate(puzzle) else { return };
        let technique = rating.hardest;
        if !self.wants(technique) {
            return;
        }
        let Some(key) = tudoku_engine::canonical(puzzle) else {
            return;
        };
        if !self.seen.insert(key.to_line(false)) {
            return;
        }
        let shown = (0..DISGUISES).all(|_| {
            let disguise = Transform::random(puzzle.shape(), &mut self.rng);
            disguise
                .apply(puzzle)
                .and_then(|p| solve_path(&p).ok())
                .is_some_and(|path| path.iter().any(|s| s.technique == technique))
        });
        if !shown {
            *self.hint_misses.entry(technique).or_default() += 1;
            return;
        }
        self.found
            .entry(technique)
            .or_default()
            .push(puzzle.to_line(false));
    }
}

fn main() -> ExitCode {
    let Some(args) = parse_args() else {
        eprintln!("usage: practice_seeds [--per K] [--limit N] [--generated N] FILE...");
        return ExitCode::from(2);
    };
    let mut search = Search {
        per: args.per,
        found: BTreeMap::new(),
        seen: HashSet::new(),
        rated: 0,
        hint_misses: BTreeMap::new(),
        rng: ChaCha8Rng::seed_from_u64(1),
    };
    let nine = Shape::for_size(9).expect("9x9 is a board");
    for (file, limit) in &args.files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("practice_seeds: {file}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let puzzles = parse_puzzles(&text, Some(nine)).filter_map(Result::ok);
        let limit = if *limit == 0 { usize::MAX } else { *limit };
        for parsed in puzzles.take(limit) {
            if search.done() {
                break;
            }
            search.consider(&parsed.grid);
        }
        eprintln!("{file}: {} rated so far", search.rated);
    }
    for seed in 0..args.generated {
        for level in [Difficulty::Expert, Difficulty::Extreme] {
            if search.done() {
                break;
            }
            let options = GenerateOptions {
                difficulty: Some(level),
                ..GenerateOptions::new(nine)
            };
            if let Ok(made) = generate_from(&options, seed) {
                search.consider(&made.puzzle);
            }
        }
    }
    eprintln!("generated: {} rated in all", search.rated);
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!("# Seeds for `generate --technique` (see practice.rs): a puzzle whose");
    println!("# hardest step, as `rate` finds it, is the technique named after it.");
    println!("# Made by `cargo run --release -p tudoku-engine --example practice_seeds --");
    println!(
        "# {}` from {} puzzles rated.",
        command.join(" "),
        search.rated
    );
    for &technique in PRACTICE_SEEDED {
        let found = search.found.get(&technique).map_or(&[][..], Vec::as_slice);
        let misses = search.hint_misses.get(&technique).copied().unwrap_or(0);
        eprintln!(
            "{:<30} {} seeds, {misses} skipped: the hint path missed it",
            technique.name(),
            found.len()
        );
        if found.is_empty() {
            println!("# {}: none found", technique.name());
        }
        for line in found {
            println!("{line} {}", technique.name());
        }
    }
    ExitCode::SUCCESS
}

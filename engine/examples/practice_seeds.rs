//! Finds the seed puzzles `generate --technique` draws from for the
//! techniques digging seldom ends on (`PRACTICE_SEEDED`), and writes the
//! seed list, engine/src/generation/practice_seeds.txt, to stdout. Run it
//! again whenever the rater or the hint's techniques change (a test then
//! fails on a seed that no longer rates as its technique).
//!
//! It reads the puzzle files given, then generates Expert and Extreme 9x9
//! puzzles, and tries each and the positions along its hint path (as
//! puzzles: the givens and the digits placed so far). It keeps a puzzle
//! for a technique when `rate` gives that
//! technique as its hardest step and the hint path (`solve_path`) shows a
//! step of it in some of its random disguises, up to `--per` puzzles per
//! technique, one per class of disguises. `--limit N` reads at most N
//! puzzles from each file named after it (0: all); `--generated N --from S`
//! generates with seeds S to S+N-1. `--empty-house N` then digs up to N
//! puzzles with a house left empty, for hidden quads (see
//! `dig_with_empty_house`; 8 kept from 52,952 digs, with the positions
//! along their hint paths, at about 1,100 digs a second of CPU). Give the
//! seed list itself first to keep the seeds it has that still rate as
//! their technique (writing the new list elsewhere, then moving it over
//! the old).
//!
//! ```sh
//! cargo run --release -p tudoku-engine --example practice_seeds -- \
//!     --per 8 --generated 4000 --empty-house 200000 \
//!     engine/src/generation/practice_seeds.txt \
//!     ../shared/bench-data/{top1465,hardest_1106,17_clue}.txt \
//!     --limit 20000 ../shared/bench-data/hardest_1905_11plus.txt > seeds.txt
//! mv seeds.txt engine/src/generation/practice_seeds.txt
//! ```

use std::collections::{BTreeMap, HashSet};
use std::process::ExitCode;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tudoku_engine::techniques::{Board, LOGICAL, find_technique};
use tudoku_engine::{
    Difficulty, FillMethod, GenerateOptions, Grid, PRACTICE_SEEDED, Shape, Step, Technique,
    Transform, fill, generate_from, parse_puzzles, random_permutation, rate, solve_path,
};

/// Random disguises tried of a puzzle, and how many of them the hint path
/// must show the technique in. The hint reads the puzzle as placed, and a
/// rare chain may show in half its disguises or fewer (the one cell
/// forcing chain known does); `practice::draw` tries 16 disguises at the
/// least, so a seed shown in a quarter of them nearly always makes a
/// puzzle.
const DISGUISES: usize = 8;
const SHOWN: usize = 2;
/// Puzzles made before a step of a wanted technique: without later clues,
/// then with the digits from each later step as hard on.
const LATER_TRIES: usize = 3;

struct Args {
    per: usize,
    /// The first seed of the generated puzzles, and how many.
    from: u64,
    generated: u64,
    /// Puzzles dug with a house left empty, for hidden quads.
    empty_house: u64,
    /// Each file, with the most puzzles to read from it (0: all).
    files: Vec<(String, usize)>,
}

fn parse_args() -> Option<Args> {
    let mut args = Args {
        per: 8,
        from: 0,
        generated: 0,
        empty_house: 0,
        files: Vec::new(),
    };
    let mut limit = 0;
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--per" => args.per = words.next()?.parse().ok()?,
            "--limit" => limit = words.next()?.parse().ok()?,
            "--generated" => args.generated = words.next()?.parse().ok()?,
            "--from" => args.from = words.next()?.parse().ok()?,
            "--empty-house" => args.empty_house = words.next()?.parse().ok()?,
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

    /// Keeps `puzzle` when it is a seed still wanted, then looks for seeds
    /// along its hint path when it may hold a wanted technique.
    fn consider(&mut self, puzzle: &Grid) {
        let Ok(rating) = rate(puzzle) else { return };
        self.rated += 1;
        self.keep(puzzle, rating.hardest);
        if rating.er.0 >= self.least_wanted() {
            self.along_path(puzzle);
        }
    }

    /// The lowest rating on SE's scale (in tenths) of a technique still
    /// wanted.
    fn least_wanted(&self) -> u16 {
        let wanted = PRACTICE_SEEDED.iter().filter(|&&t| self.wants(t));
        wanted.map(|t| t.er().0).min().unwrap_or(u16::MAX)
    }

    /// A technique seldom the hardest step of a whole puzzle is often a
    /// step of a harder one. The givens and the digits placed just before
    /// such a step make a puzzle (with more clues, so still unique) that
    /// may stall first there, on the same technique; and where a step as
    /// hard comes later, the digits placed from that step on are given too,
    /// so that it is no longer needed.
    fn along_path(&mut self, puzzle: &Grid) {
        let Ok(path) = solve_path(puzzle) else { return };
        let shape = puzzle.shape();
        let place = |grid: &mut Grid, step: &Step| {
            for (cell, digit) in step.placed(shape) {
                if let Some(index) = cell.index(shape) {
                    let _ = grid.set(index, digit);
                }
            }
        };
        let mut before = Vec::with_capacity(path.len());
        let mut values = puzzle.clone();
        for step in &path {
            before.push(values.clone());
            place(&mut values, step);
        }
        let mut tried = Vec::new();
        for (k, step) in path.iter().enumerate() {
            let t = step.technique;
            if !self.wants(t) || tried.contains(&t) {
                continue;
            }
            tried.push(t);
            let later_hard = (k + 1..path.len()).filter(|&h| path[h].technique.er() >= t.er());
            for from in std::iter::once(path.len())
                .chain(later_hard)
                .take(LATER_TRIES)
            {
                let mut made = before[k].clone();
                for later in &path[from..] {
                    place(&mut made, later);
                }
                let Ok(rating) = rate(&made) else { continue };
                self.rated += 1;
                self.keep(&made, rating.hardest);
                if rating.hardest == t {
                    break;
                }
            }
        }
    }

    /// Keeps `puzzle`, whose hardest step is `technique`, when that is a
    /// seed still wanted.
    fn keep(&mut self, puzzle: &Grid, technique: Technique) {
        if !self.wants(technique) {
            return;
        }
        let Some(key) = tudoku_engine::canonical(puzzle) else {
            return;
        };
        if !self.seen.insert(key.to_line(false)) {
            return;
        }
        let shown = (0..DISGUISES)
            .filter(|_| {
                let disguise = Transform::random(puzzle.shape(), &mut self.rng);
                disguise
                    .apply(puzzle)
                    .and_then(|p| solve_path(&p).ok())
                    .is_some_and(|path| path.iter().any(|s| s.technique == technique))
            })
            .count();
        if shown < SHOWN {
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
        eprintln!(
            "usage: practice_seeds [--per K] [--generated N [--from SEED]] [--limit N] FILE..."
        );
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
    for seed in args.from..args.from + args.generated {
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
    let quads_before = search.found.get(&Technique::HiddenQuad).map_or(0, Vec::len);
    let started = std::time::Instant::now();
    let mut dug = 0;
    let mut hardest = BTreeMap::new();
    for seed in args.from..args.from + args.empty_house {
        if !search.wants(Technique::HiddenQuad) {
            break;
        }
        let puzzle = dig_with_empty_house(&mut ChaCha8Rng::seed_from_u64(seed));
        if let Ok(rating) = rate(&puzzle) {
            *hardest.entry(rating.hardest).or_insert(0usize) += 1;
        }
        search.consider(&puzzle);
        dug += 1;
    }
    if dug > 0 {
        eprintln!("empty house, hardest steps: {hardest:?}");
    }
    if dug > 0 {
        let quads = search.found.get(&Technique::HiddenQuad).map_or(0, Vec::len);
        eprintln!(
            "empty house: {dug} dug in {:.1} s, {} hidden quads",
            started.elapsed().as_secs_f64(),
            quads - quads_before
        );
    }
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

/// A 9x9 puzzle with one house (row, column or box) left empty, dug from a
/// random grid in a random order while the techniques up to a hidden quad
/// still solve it. A hidden quad in a house with empty cells other than
/// its four leaves those others a naked set, which the ladder finds first
/// (a naked quad before a hidden quad, as SE has them), unless the house
/// has nine empty cells: so one house starts empty.
fn dig_with_empty_house(rng: &mut ChaCha8Rng) -> Grid {
    let nine = Shape::for_size(9).expect("9x9 is a board");
    let geo = nine.geometry();
    let mut puzzle = fill(nine, FillMethod::Backtracking, rng);
    let house = rng.random_range(0..geo.units.len());
    for &cell in &geo.units[house] {
        let _ = puzzle.set(cell, 0);
    }
    for cell in random_permutation(geo.cell_count(), rng) {
        let digit = puzzle.get(cell);
        if digit == 0 {
            continue;
        }
        let _ = puzzle.set(cell, 0);
        if !solved_up_to_hidden_quad(&puzzle) {
            let _ = puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// Whether the techniques that hold for every solution, up to a hidden
/// quad in the ladder's order, solve `puzzle` (which then has one solution).
fn solved_up_to_hidden_quad(puzzle: &Grid) -> bool {
    let mut board = Board::from_grid(puzzle).without_explanations();
    let allowed = LOGICAL
        .iter()
        .filter(|t| **t <= Technique::HiddenQuad && !t.assumes_unique_solution());
    while !board.is_solved() {
        let Some(step) = allowed.clone().find_map(|&t| find_technique(&board, t)) else {
            return false;
        };
        board.apply(&step);
    }
    true
}

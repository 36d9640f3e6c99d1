//! Save then load gives the same game, for random games on every board shape:
//! the same board, notes, selection, counters, level, seed and time, and the
//! same undo/redo history (checked by undoing and redoing every step on both).

use std::time::{Duration, Instant};

use crate::game::{Action, Direction, Game, Jump};
use crate::storage::document::to_toml;
use crate::storage::{Loaded, SavedGame, load, store};
use proptest::prelude::*;
use tudoku_engine::{Difficulty, Grid, Shape};

/// A solved grid by the shifted-rows pattern (each band shifts by one, each
/// row in a band by a box width), its digits relabelled by `perm`.
fn solution(shape: Shape, perm: &[u8]) -> Grid {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let values = (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            perm[((r % h) * w + r / h + c) % n]
        })
        .collect();
    Grid::from_values(shape, values).unwrap()
}

fn action(n: usize, pick: (u8, u16)) -> Action {
    let (kind, arg) = pick;
    let digit = (arg as usize % n) as u8 + 1;
    match kind % 16 {
        0 => Action::Move(Direction::Up),
        1 => Action::Move(Direction::Left),
        2 => Action::Move(Direction::Down),
        3 => Action::Move(Direction::Right),
        4 => Action::Jump(Jump::NextEmpty),
        5 | 6 => Action::Place(digit),
        7 | 8 => Action::ToggleNote(digit),
        9 => Action::Erase,
        10 => Action::Undo,
        11 => Action::Redo,
        12 => Action::AutoNotes,
        13 => Action::Check,
        14 if n <= 9 => Action::Hint,
        14 => Action::ClearNotes,
        _ => Action::Select(arg as usize % (n * n)),
    }
}

/// Everything a player sees of a game, and the history as the boards that
/// undoing every step and then redoing them all pass through.
fn observe(game: &Game, now: Instant) -> String {
    let n = game.shape().n();
    let cells: Vec<String> = (0..n * n)
        .map(|c| {
            format!(
                "{}:{:x}:{}",
                game.value(c),
                game.notes(c).bits(),
                game.is_marked_wrong(c)
            )
        })
        .collect();
    format!(
        "{:?} {:?} {} {} sel={} mistakes={} hints={} {:?} {:?} paused={} won={} notes_mode={} time={:?} undo={} redo={}\n{}",
        game.givens(),
        game.solution(),
        game.shape(),
        n,
        game.selected(),
        game.mistakes(),
        game.hints_used(),
        game.difficulty(),
        game.seed(),
        game.is_paused(),
        game.is_won(),
        game.notes_mode(),
        game.elapsed(now),
        game.can_undo(),
        game.can_redo(),
        cells.join(" ")
    )
}

fn history_walk(mut game: Game, now: Instant) -> Vec<String> {
    if game.is_paused() {
        game.apply(Action::Resume, now).unwrap();
    }
    let board = |g: &Game| {
        format!(
            "{:?} {:?}",
            g.values(),
            (0..g.shape().cell_count())
                .map(|c| g.notes(c).bits())
                .collect::<Vec<_>>()
        )
    };
    let mut seen = vec![board(&game)];
    while game.apply(Action::Redo, now).is_ok() {
        seen.push(board(&game));
    }
    while game.apply(Action::Undo, now).is_ok() {
        seen.push(board(&game));
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn save_then_load_gives_the_same_game(
        shape in prop::sample::select(Shape::all().collect::<Vec<_>>()),
        relabel in any::<u64>(),
        given_bits in prop::collection::vec(any::<bool>(), 625),
        difficulty in prop::sample::select(Difficulty::ALL.to_vec()),
        seed in prop::option::of(any::<u64>()),
        actions in prop::collection::vec((any::<u8>(), any::<u16>()), 0..60),
        pause in any::<bool>(),
    ) {
        let n = shape.n();
        let mut perm: Vec<u8> = (1..=n as u8).collect();
        let mut x = relabel;
        for i in (1..n).rev() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            perm.swap(i, (x >> 33) as usize % (i + 1));
        }
        let solved = solution(shape, &perm);
        let mut givens = solved.clone();
        for (cell, &given) in given_bits.iter().enumerate().take(n * n) {
            if !given {
                givens.set(cell, 0).unwrap();
            }
        }
        let start = Instant::now();
        let mut game = Game::new(givens, solved, Some(difficulty), seed, start).unwrap();
        let mut now = start;
        for &pick in &actions {
            now += Duration::from_millis(1234);
            let _ = game.apply(action(n, pick), now);
        }
        if pause {
            game.apply(Action::Pause, now).unwrap();
        }
        now += Duration::from_millis(777);

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slot.toml");
        let saved = SavedGame::capture(&mut game, now);
        store(&path, &saved).unwrap();
        let loaded = match load::<SavedGame>(&path) {
            Loaded::Ok(loaded) => loaded,
            other => panic!("the save does not load: {other:?}"),
        };
        prop_assert_eq!(loaded.saved_at, saved.saved_at);
        let later = now + Duration::from_secs(60);
        // The loaded clock is stopped: it holds exactly the time played.
        prop_assert_eq!(loaded.game.elapsed(later), game.elapsed(now));
        prop_assert_eq!(observe(&loaded.game, later), observe(&game, now));
        prop_assert_eq!(to_toml(&loaded).unwrap(), to_toml(&saved).unwrap());
        prop_assert_eq!(history_walk(loaded.game, later), history_walk(game, now));
    }
}

/// A variant game, played a little, saved and loaded: the same game under
/// the same rules (its houses and cages), for every variant the game offers.
#[test]
fn a_variant_game_loads_with_its_rules() {
    use tudoku_engine::{Variant, generate_variant, variant_line};
    let shape = Shape::for_size(6).unwrap();
    let nine = Shape::for_size(9).unwrap();
    for variant in Variant::OFFERED.into_iter().filter(|v| !v.is_classic()) {
        // windoku needs square boxes
        let shape = if variant.windoku { nine } else { shape };
        let made = generate_variant(shape, variant, 11).unwrap();
        let start = Instant::now();
        let mut game = Game::new(made.puzzle, made.solution, None, Some(11), start).unwrap();
        let mut now = start;
        for pick in [(12, 0), (4, 0), (5, 3), (7, 2), (4, 0), (5, 1), (10, 0)] {
            now += Duration::from_millis(500);
            let _ = game.apply(action(shape.n(), pick), now);
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slot.toml");
        let saved = SavedGame::capture(&mut game, now);
        store(&path, &saved).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let Loaded::Ok(loaded) = load::<SavedGame>(&path) else {
            panic!("the {variant} save does not load:\n{text}");
        };
        let loaded = loaded.game;
        assert_eq!(loaded.variant(), variant);
        assert_eq!(loaded.difficulty(), None);
        assert_eq!(variant_line(loaded.givens()), variant_line(game.givens()));
        // every grid of the game plays by the puzzle's rules
        assert_eq!(loaded.values().rules(), game.givens().rules());
        assert_eq!(loaded.solution().rules(), game.givens().rules());
        assert_eq!(observe(&loaded, now), observe(&game, now));
        assert_eq!(history_walk(loaded, now), history_walk(game, now));
    }
}

/// A save whose variant line was damaged is refused with the reason; the
/// game is not loaded under other rules.
#[test]
fn a_damaged_variant_line_in_a_save_is_an_error() {
    use tudoku_engine::{Variant, generate_variant};
    let shape = Shape::for_size(6).unwrap();
    let killer: Variant = "killer".parse().unwrap();
    let made = generate_variant(shape, killer, 3).unwrap();
    let now = Instant::now();
    let mut game = Game::new(made.puzzle, made.solution, None, None, now).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slot.toml");
    store(&path, &SavedGame::capture(&mut game, now)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // the first cage sum becomes one no digits make
    let start = text.find("killer:").unwrap();
    let sums = start + text[start..].rfind(':').unwrap() + 1;
    let damaged = format!("{}999{}", &text[..sums], &text[sums..]);
    std::fs::write(&path, damaged).unwrap();
    match load::<SavedGame>(&path) {
        Loaded::Ok(_) => panic!("a cage sum of 999.. loaded"),
        other => {
            let why = format!("{other:?}");
            assert!(why.contains("variant line"), "{why}");
        }
    }
}

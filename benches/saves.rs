//! Save speed: writing a 9x9 game in play through the same `Autosave` calls
//! the game makes (after every move: atomic, synced in the background; on the
//! way out: fsync waited for), and resuming it (loading, checking and the first frame
//! drawn into a TestBackend). Files go under Cargo's target tmp directory,
//! on the disk the project lives on. Run with `cargo bench --bench saves`.

include!("common/app.rs");

use std::time::{Duration, Instant};

#[path = "common/cpu.rs"]
mod cpu;
use cpu::thread_cpu;

use crate::game::{Action, Direction, Game, Jump};
use crate::storage::document::to_toml;
use crate::storage::saves::SavedGame;
use crate::storage::stats::Stats;
use crate::storage::{Autosave, ConfigDir, load};
use crate::ui::{App, Config};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tudoku_engine::{Difficulty, Shape};

/// A 9x9 game some way in: all notes filled, then forty moves, placements
/// and note toggles, so the save carries a real undo history.
fn game_in_play(now: Instant) -> Game {
    let mut game = Game::generate(Shape::for_size(9).unwrap(), Difficulty::Medium, 5, now);
    let _ = game.apply(Action::AutoNotes, now);
    for k in 0..40u8 {
        let _ = game.apply(Action::Jump(Jump::NextEmpty), now);
        let action = match k % 4 {
            0 => Action::Place(k % 9 + 1),
            1 => Action::ToggleNote(k % 9 + 1),
            2 => Action::Move(Direction::Down),
            _ => Action::Undo,
        };
        let _ = game.apply(action, now);
    }
    game
}

/// A 9x9 game after `moves` undoable moves (notes filled first, then
/// placements, note toggles and erasures around the board): the history a
/// very long session leaves in the save.
fn long_game(moves: usize, now: Instant) -> Game {
    let mut game = Game::generate(Shape::for_size(9).unwrap(), Difficulty::Medium, 7, now);
    let _ = game.apply(Action::AutoNotes, now);
    let mut made = 1;
    for k in 0.. {
        if made >= moves {
            break;
        }
        let digit = (k % 9 + 1) as u8;
        let action = match k % 3 {
            0 => Action::Jump(Jump::NextEmpty),
            1 => Action::Place(digit),
            _ => Action::Erase,
        };
        let undoable = !matches!(action, Action::Jump(_));
        if game.apply(action, now).is_ok() && undoable {
            made += 1;
        }
        if k % 7 == 0 && game.apply(Action::ToggleNote(digit), now).is_ok() {
            made += 1;
        }
    }
    game
}

fn mean(runs: u32, mut f: impl FnMut()) -> Duration {
    f(); // warm up
    let start = Instant::now();
    for _ in 0..runs {
        f();
    }
    start.elapsed() / runs
}

/// Times 200 runs of `f` one by one, `gap` apart, and prints mean, median,
/// p90 and max.
fn report(what: &str, gap: Duration, mut f: impl FnMut()) {
    let mut times: Vec<Duration> = (0..200)
        .map(|_| {
            std::thread::sleep(gap);
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "{what}: mean {:?}, median {:?}, p90 {:?}, max {:?}",
        total / times.len() as u32,
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1]
    );
}

fn main() {
    let now = Instant::now();
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let dir = ConfigDir::at(tmp.path());
    let mut game = game_in_play(now);
    let text = to_toml(&SavedGame::capture(&mut game, now)).unwrap();
    println!(
        "9x9 save: {} bytes, {} filled cells",
        text.len(),
        game.filled_count()
    );

    let mut long = long_game(10_000, now);
    let long_text = to_toml(&SavedGame::capture(&mut long, now)).unwrap();
    let cpu_before = thread_cpu();
    let encode_long = mean(50, || {
        std::hint::black_box(SavedGame::toml_of(&mut long, now).unwrap());
    });
    let encode_cpu = (thread_cpu() - cpu_before) / 51;
    println!(
        "after 10,000 moves: save {} bytes, encoded in {encode_long:?} ({encode_cpu:?} of CPU)",
        long_text.len()
    );

    let serialise = mean(2000, || {
        std::hint::black_box(SavedGame::toml_of(&mut game, now).unwrap());
    });
    println!("serialise (TOML of the game):        {serialise:?}");

    let mut autosave = Autosave::open(&dir);
    for (gap, pace) in [
        (Duration::ZERO, "back to back"),
        (Duration::from_millis(50), "50 ms apart"),
    ] {
        report(
            &format!("write after a move, {pace} (atomic, synced in the background)"),
            gap,
            || {
                assert!(autosave.save(&mut game, now).is_none(), "the write failed");
            },
        );
    }
    report(
        "write on the way out (atomic, fsync waited for)",
        Duration::ZERO,
        || {
            assert!(
                autosave.save_and_sync(&mut game, now).is_none(),
                "the write failed"
            );
        },
    );

    let path = dir.save_file("autosave");
    let resume = mean(300, || {
        let start = Instant::now();
        let saved = load::<SavedGame>(&path).ok().unwrap();
        let mut app = App::new(saved.game, Config::default(), Stats::default(), start);
        app.continue_game(start);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| app.draw(frame)).unwrap();
        std::hint::black_box(terminal);
    });
    println!("resume (load + check + first frame):  {resume:?}");
}

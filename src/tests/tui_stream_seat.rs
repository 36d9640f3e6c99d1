//! The game played through a stream seat, as `tudoku serve` plays it: keys
//! in as bytes, the screen out as escape sequences, read back through a
//! terminal emulator (vt100), the window resized by a message.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::layout::Size;

use super::support::{PUZZLES_9, app_on, game_on};
use crate::engine::Difficulty;
use crate::ui::{App, Config, FromPlayer, MAX_SIZE, StreamSeat};

/// A screen several threads may look at: what the seat wrote so far.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Screen {
    /// The screen as a terminal of `size` shows it.
    fn shown(&self, size: (u16, u16)) -> vt100::Parser {
        let rows = size.1.try_into().unwrap();
        let mut parser = vt100::Parser::new(rows, size.0.try_into().unwrap(), 0);
        parser.process(&self.0.lock().unwrap());
        parser
    }

    fn wait_for(&self, size: (u16, u16), what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.shown(size).screen().contents();
            if ready(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; screen:\n{text}"
            );
            thread::sleep(Duration::from_millis(5));
        }
    }
}

/// An app on a 9x9 puzzle playing on a stream seat of `size` on its own
/// thread, which hands the app back when the game ends.
fn play(size: Size) -> (Screen, Sender<FromPlayer>, thread::JoinHandle<App>) {
    play_idle(size, None)
}

/// As `play`, the seat closing after `idle` without input.
fn play_idle(
    size: Size,
    idle: Option<Duration>,
) -> (Screen, Sender<FromPlayer>, thread::JoinHandle<App>) {
    let now = Instant::now();
    let mut app = app_on(
        game_on(PUZZLES_9, Difficulty::Hard, Some(1), now),
        Config::default(),
        now,
    );
    app.begin_game();
    let screen = Screen::default();
    let (to_seat, from_player) = mpsc::channel();
    let drawn = screen.clone();
    let game = thread::spawn(move || {
        let quit = Arc::new(AtomicBool::new(false));
        let mut seat = StreamSeat::new(drawn, size, from_player, quit, true).unwrap();
        if let Some(idle) = idle {
            seat = seat.idle_after(idle);
        }
        app.run(&mut seat).unwrap();
        drop(seat);
        app
    });
    (screen, to_seat, game)
}

#[test]
fn keys_as_bytes_move_the_cursor_and_a_resize_redraws_at_the_new_size() {
    let (screen, to_seat, game) = play(Size::new(80, 24));
    screen.wait_for((80, 24), "the board", |t| t.contains("Cell     r1c1"));
    // the arrow key's sequence, cut in two packets
    to_seat.send(FromPlayer::Bytes(b"\x1b[".to_vec())).unwrap();
    to_seat.send(FromPlayer::Bytes(b"C".to_vec())).unwrap();
    screen.wait_for((80, 24), "the move", |t| t.contains("Cell     r1c2"));

    to_seat
        .send(FromPlayer::Resize {
            width: 120,
            height: 40,
        })
        .unwrap();
    // at 120x40 the panel still reads r1c2, and the help line is on the
    // last row, which an 80x24 frame does not reach
    let wide = screen.wait_for((120, 40), "the larger frame", |t| {
        t.lines().count() >= 40 && t.contains("Cell     r1c2")
    });
    let last = wide.lines().nth(39).unwrap_or("");
    assert!(last.contains("help"), "{wide}");

    // a window no screen has is drawn at the bounded size
    to_seat
        .send(FromPlayer::Resize {
            width: 100_000,
            height: 100_000,
        })
        .unwrap();
    // garbage, then q quits
    to_seat
        .send(FromPlayer::Bytes(b"\x1b[99~\xff\x1b[<0;0;0Mq".to_vec()))
        .unwrap();
    let app = game.join().unwrap();
    assert!(!app.is_running());
    assert_eq!(app.size, (MAX_SIZE.width, MAX_SIZE.height));
    assert_eq!(app.game.selected(), 1, "the garbage moved nothing");
    // the player's terminal is given back: main screen, cursor shown
    let shown = screen.shown((80, 24));
    assert!(!shown.screen().alternate_screen());
    assert!(!shown.screen().hide_cursor());
}

#[test]
fn a_closed_channel_ends_the_game_as_a_hang_up_does() {
    let (screen, to_seat, game) = play(Size::new(80, 24));
    screen.wait_for((80, 24), "the board", |t| t.contains("Cell     r1c1"));
    // to the first empty cell, and a 5 in it
    to_seat.send(FromPlayer::Bytes(b"\t5".to_vec())).unwrap();
    to_seat.send(FromPlayer::Closed).unwrap();
    let app = game.join().unwrap();
    // it ended without the player quitting, the keys before it taken
    assert!(app.is_running());
    let cell = app.game.selected();
    assert!(!app.game.is_given(cell));
    assert_eq!(app.game.value(cell), 5);
}

#[test]
fn a_player_who_sends_nothing_is_let_go_and_told_why() {
    let idle = Duration::from_millis(300);
    let (screen, to_seat, game) = play_idle(Size::new(80, 24), Some(idle));
    screen.wait_for((80, 24), "the board", |t| t.contains("Cell     r1c1"));
    // a key restarts the wait
    thread::sleep(Duration::from_millis(200));
    to_seat.send(FromPlayer::Bytes(b"l".to_vec())).unwrap();
    let started = Instant::now();
    let app = game.join().unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(250),
        "the key restarted the wait"
    );
    // it ended by itself, the key before it taken
    assert!(app.is_running());
    assert_eq!(app.game.selected(), 1);
    let shown = screen.shown((80, 24));
    assert!(!shown.screen().alternate_screen());
    assert!(
        shown
            .screen()
            .contents()
            .contains("without a key; your game is saved"),
        "{}",
        shown.screen().contents()
    );
    drop(to_seat);
}

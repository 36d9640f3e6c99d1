//! One player's game on the server: the same App as in a terminal, on a
//! thread of its own, drawing into the SSH channel and reading the keys
//! that come from it (`ui::StreamSeat`). A player known by their key keeps
//! their games and stats in a directory of their own under the server's
//! data directory, as a player at a terminal keeps them in theirs: the
//! autosave that lets a terminal player resume is what gives a player who
//! reconnects their board back. In a race, the game is the room's puzzle
//! and holds the player's seat in the room (`super::rooms`).

use std::io::{self, Write};
use std::mem;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;
use std::time::Instant;

use ratatui::layout::Size;
use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc;

use super::rooms::{Room, Rooms, Seat};
use crate::game::Game;
use crate::storage::ConfigDir;
use crate::ui::{Config, FromPlayer, Launch, Start, StreamSeat, prepare};

/// Inputs waiting for the game: beyond this a player's keys are dropped
/// (one who sends faster than a game reads is not typing).
const INPUT_QUEUE: usize = 16;

/// Bytes of one input message taken at most; the rest is dropped.
pub const MAX_INPUT: usize = 4096;

/// Frames waiting to be sent: the game waits when a player's end reads
/// no more, rather than piling them up.
const OUTPUT_QUEUE: usize = 8;

/// A race to play instead of the player's own game.
pub struct Race {
    pub room: Arc<Room>,
    pub rooms: Arc<Rooms>,
    /// The name the others see.
    pub name: String,
}

/// Starts a game for a player on `channel`, at the window `size` their pty
/// asked for, keeping their files in `dir` (`None`: nothing kept): their
/// own game resumed, or the puzzle of a `race`. The returned sender takes
/// what comes from the player; the channel is closed when the game ends.
pub fn start(
    handle: Handle,
    channel: ChannelId,
    size: Size,
    dir: Option<ConfigDir>,
    quit: Arc<AtomicBool>,
    race: Option<Race>,
) -> io::Result<SyncSender<FromPlayer>> {
    let (to_game, from_player) = sync_channel(INPUT_QUEUE);
    let race = race.map(|race| {
        let game = race.room.game();
        let seat = Room::join(&race.room, &race.rooms, race.name, to_game.clone());
        (game, seat)
    });
    let (frames, mut to_send) = mpsc::channel::<Vec<u8>>(OUTPUT_QUEUE);
    tokio::spawn(async move {
        while let Some(bytes) = to_send.recv().await {
            if handle.data(channel, bytes).await.is_err() {
                break;
            }
        }
        let _ = handle.exit_status_request(channel, 0).await;
        let _ = handle.eof(channel).await;
        let _ = handle.close(channel).await;
    });
    thread::Builder::new()
        .name("player".into())
        .spawn(move || play(frames, size, from_player, dir, quit, race))?;
    Ok(to_game)
}

/// The game, until the player quits or goes away.
fn play(
    frames: mpsc::Sender<Vec<u8>>,
    size: Size,
    from_player: Receiver<FromPlayer>,
    dir: Option<ConfigDir>,
    quit: Arc<AtomicBool>,
    race: Option<(Game, Seat)>,
) {
    let (config, notices) = match &dir {
        Some(dir) => Config::load(&dir.config_file()),
        None => (Config::default(), Vec::new()),
    };
    let mouse = config.settings.mouse;
    let (start, rivals) = match race {
        // the player's unfinished game is kept in a slot, as when a new
        // game replaces it at a terminal
        Some((game, seat)) => (Start::Entered(Box::new(game)), Some(seat)),
        None => (Start::Resume, None),
    };
    let launch = Launch {
        config,
        notices,
        dir,
        start,
    };
    let mut app = prepare(launch, Instant::now());
    if let Some(seat) = rivals {
        app.rivals = Some(Box::new(seat));
        app.report_standing();
    }
    let screen = ChannelScreen {
        frames,
        pending: Vec::new(),
    };
    if let Ok(mut seat) = StreamSeat::new(screen, size, from_player, quit, mouse) {
        // a player's end that went away is the only way this fails, and
        // the game is saved either way
        let _ = app.run(&mut seat);
    }
}

/// The channel as the game's screen: what a frame writes is sent when the
/// frame is flushed, as one message.
struct ChannelScreen {
    frames: mpsc::Sender<Vec<u8>>,
    pending: Vec<u8>,
}

impl Write for ChannelScreen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        self.frames
            .blocking_send(mem::take(&mut self.pending))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the player has gone"))
    }
}

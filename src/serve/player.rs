//! One player's game on the server: the same App as in a terminal, on a
//! thread of its own, drawing into the SSH channel and reading the keys
//! that come from it (`ui::StreamSeat`). A player known by their key keeps
//! their games and stats in a directory of their own under the server's
//! data directory, as a player at a terminal keeps them in theirs: the
//! autosave that lets a terminal player resume is what gives a player who
//! reconnects their board back. A player who asked for nothing sees the
//! lobby first (`super::lobby`), on the same seat the game then takes. In
//! a race, the game is the room's puzzle and holds the player's seat in
//! the room (`super::rooms`).

use std::io::{self, Write};
use std::mem;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::layout::Size;
use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc;

use super::limits::Playing;
use super::lobby::{self, Choice, Visitor};
use super::rooms::{Room, Rooms};
use crate::engine::Grid;
use crate::game::Game;
use crate::storage::saves::{AUTOSAVE, SavedGame};
use crate::storage::{ConfigDir, Loaded, load};
use crate::ui::{
    Config, FromPlayer, Launch, Partners, Rivals, Seat, Start, StreamSeat, Waker, prepare,
};

/// Inputs waiting for the game: beyond this a player's keys are dropped
/// (one who sends faster than a game reads is not typing).
const INPUT_QUEUE: usize = 16;

/// Bytes of one input message taken at most; the rest is dropped.
pub const MAX_INPUT: usize = 4096;

/// Frames waiting to be sent: the game waits when a player's end reads
/// no more, rather than piling them up.
const OUTPUT_QUEUE: usize = 8;

/// Who plays, as the rooms know them.
pub struct Player {
    /// The name the others in a race see.
    pub name: String,
    pub rooms: Arc<Rooms>,
    /// The race asked for (`race`, `join CODE`, `watch CODE`), if any.
    pub race: Option<Arc<Room>>,
    /// `watch CODE`: the race is looked at, not played.
    pub watching: bool,
    /// No command: the lobby first, unless the player is back for a room
    /// under way.
    pub lobby: bool,
    /// Rooms the server holds at most.
    pub most_rooms: usize,
    /// Their one game marked as under way, until it has ended and saved.
    pub playing: Option<Playing>,
}

/// Starts a game for a player on `channel`, at the window `size` their pty
/// asked for, keeping their files in `dir` (`None`: nothing kept): their
/// own game resumed, or the puzzle of the race they asked for; a player who
/// sends nothing for `idle` is let go, their game saved. A player
/// back from a dropped connection gets their board back, in its race
/// again if the race is still under way. The returned sender takes what
/// comes from the player; the channel is closed when the game ends.
pub fn start(
    handle: Handle,
    channel: ChannelId,
    size: Size,
    dir: Option<ConfigDir>,
    quit: Arc<AtomicBool>,
    idle: Duration,
    player: Player,
) -> io::Result<SyncSender<FromPlayer>> {
    let (to_game, from_player) = sync_channel(INPUT_QUEUE);
    let waker = Waker::new(to_game.clone());
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
        .spawn(move || {
            let mut player = player;
            // dropped last, once the game has saved
            let _playing = player.playing.take();
            let screen = ChannelScreen {
                frames,
                pending: Vec::new(),
            };
            let (config, notices) = match &dir {
                Some(dir) => Config::load(&dir.config_file()),
                None => (Config::default(), Vec::new()),
            };
            let mouse = config.settings.mouse;
            let seat = StreamSeat::new(screen, size, from_player, quit, mouse);
            // a player's end that went away is the only way this fails,
            // and the game is saved either way
            let Ok(seat) = seat else { return };
            let mut seat = seat.idle_after(idle).woken_by(&waker);
            if player.lobby && unfinished_room(dir.as_ref(), &player.rooms).is_none() {
                match lobby_choice(&mut seat, &mut player, dir.as_ref()) {
                    Choice::OwnGame => {}
                    Choice::Room { room, watching } => {
                        player.race = Some(room);
                        player.watching = watching;
                    }
                    Choice::Leave => return,
                }
            }
            let opening = opening(dir, player, waker);
            let launch = Launch {
                config,
                notices,
                dir: opening.dir,
                start: opening.start,
            };
            let _ = play(&mut seat, launch, opening.parts);
        })?;
    Ok(to_game)
}

/// How a game opens on the server.
struct Opening {
    /// Where the player's files are (`None`: nothing kept).
    dir: Option<ConfigDir>,
    start: Start,
    parts: Parts,
}

/// The parts of a game together, beyond the game itself.
struct Parts {
    /// The race, when there is one.
    rivals: Option<Box<dyn Rivals>>,
    /// The shared board, when there is one.
    partners: Option<Box<dyn Partners>>,
    /// Why the board may only be looked at (a spectator's).
    read_only: Option<String>,
}

/// The lobby, for a player who asked for nothing (see `super::lobby`).
fn lobby_choice(seat: &mut impl Seat, player: &mut Player, dir: Option<&ConfigDir>) -> Choice {
    let own_game = dir.and_then(|dir| match load::<SavedGame>(&dir.save_file(AUTOSAVE)) {
        Loaded::Ok(saved) if !saved.game.is_won() => Some(describe(&saved.game)),
        _ => None,
    });
    let rooms = Arc::clone(&player.rooms);
    let mut visitor = Visitor {
        name: &mut player.name,
        dir,
        own_game,
        rooms: &rooms,
        most_rooms: player.most_rooms,
    };
    lobby::run(seat, &mut visitor)
}

/// A game as the lobby names it: `9x9 hard, 31/81 filled`.
fn describe(game: &Game) -> String {
    let n = game.shape().n();
    let variant = game.variant();
    let kind = match game.difficulty() {
        _ if !variant.is_classic() => format!(" {variant}"),
        Some(level) => format!(" {level}"),
        None => String::new(),
    };
    format!(
        "{n}x{n}{kind}, {}/{} filled",
        game.filled_count(),
        game.shape().cell_count()
    )
}

/// The game, until the player quits or goes away.
fn play(seat: &mut impl Seat, launch: Launch, parts: Parts) -> std::io::Result<()> {
    let mut app = prepare(launch, Instant::now());
    app.read_only = parts.read_only;
    if let Some(rivals) = parts.rivals {
        app.rivals = Some(rivals);
        app.report_standing();
    }
    if let Some(partners) = parts.partners {
        app.partners = Some(partners);
        app.sync_shared();
    }
    app.run(seat)
}

/// The room under way on the puzzle of the player's unfinished game (one
/// whose connection dropped), and that puzzle.
fn unfinished_room(dir: Option<&ConfigDir>, rooms: &Rooms) -> Option<(Grid, Arc<Room>)> {
    let dir = dir?;
    let givens = match load::<SavedGame>(&dir.save_file(AUTOSAVE)) {
        Loaded::Ok(saved) if !saved.game.is_won() => saved.game.givens().clone(),
        _ => return None,
    };
    let room = rooms.with_puzzle(&givens)?;
    Some((givens, room))
}

/// How the player's game opens. A spectator gets the race's puzzle to look
/// at, and nothing of theirs is read or written. A player gets the race
/// asked for, else the one whose puzzle their unfinished game is (a
/// dropped connection's): their own unfinished game on the race's puzzle
/// is resumed; any other is kept in a slot by the new one, as at a
/// terminal.
fn opening(dir: Option<ConfigDir>, player: Player, wake: Waker) -> Opening {
    if player.watching
        && let Some(room) = player.race
    {
        let watcher = Room::watch(&room, &player.rooms, wake);
        let what = if room.is_shared() { "board" } else { "race" };
        let read_only = Some(format!("watching {what} {}", Rivals::code(&watcher)));
        let start = Start::Entered(Box::new(room.game()));
        let (rivals, partners) = roles(&room, watcher);
        return Opening {
            dir: None,
            start,
            parts: Parts {
                rivals,
                partners,
                read_only,
            },
        };
    }
    let unfinished = unfinished_room(dir.as_ref(), &player.rooms);
    let room = player
        .race
        .or_else(|| unfinished.as_ref().map(|(_, room)| Arc::clone(room)));
    let Some(room) = room else {
        return Opening {
            dir,
            start: Start::Resume,
            parts: Parts {
                rivals: None,
                partners: None,
                read_only: None,
            },
        };
    };
    let start = if unfinished.as_ref().map(|(givens, _)| givens) == Some(room.puzzle()) {
        Start::Resume
    } else {
        Start::Entered(Box::new(room.game()))
    };
    let seat = Room::join(&room, &player.rooms, player.name, wake);
    let (rivals, partners) = roles(&room, seat);
    Opening {
        dir,
        start,
        parts: Parts {
            rivals,
            partners,
            read_only: None,
        },
    }
}

/// The others as a game takes them: rivals in a race, partners at a
/// shared board.
type Roles = (Option<Box<dyn Rivals>>, Option<Box<dyn Partners>>);

/// A place in `room` as the game takes it.
fn roles<P: Rivals + Partners + 'static>(room: &Room, place: P) -> Roles {
    if room.is_shared() {
        (None, Some(Box::new(place)))
    } else {
        (Some(Box::new(place)), None)
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

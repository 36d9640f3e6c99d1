//! `tudoku serve` under load: the release binary serving on loopback, and
//! `TUDOKU_SERVE_PLAYERS` players (default 200) signed in at once with
//! russh's client from this process, each with a key of its own and an
//! 80x24 pty. `TUDOKU_SERVE_MODE` says what they play: `solo` (default,
//! each their own game), `race` or `share`, in rooms of
//! `TUDOKU_SERVE_ROOM` players (default 4; the first of each opens the
//! room, the others join it with its code). Once every player has their
//! first frame, each plays `TUDOKU_SERVE_MOVES` moves (default 20), one
//! every 0.2-1 s: alone and at a shared board the cursor goes right and
//! back (at a shared board every move is drawn on the partners' screens
//! too); in a race a digit goes into an empty cell (one that its row, column
//! and box allow) and is erased again,
//! so that every move changes the player's standing, which every rival's
//! panel redraws. The time from sending the key to its effect on that
//! player's screen (read through vt100) is one latency sample.
//!
//! Printed: the time to sign everyone in, keypress-to-screen p50, p90,
//! p99 and worst, the server's CPU while the players moved, and its memory
//! (VmRSS) before anyone came, with everyone in, and per player. Linux
//! only for the memory and CPU figures (read from /proc).
//!
//! Run with `cargo bench --bench serve` (`TUDOKU_SERVE_MODE=race cargo
//! bench --bench serve` for races). The client side shares the machine
//! with the server: on 2 cores the figures are the server's and the
//! clients' together.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;

#[path = "../tests/ssh_client/mod.rs"]
mod ssh_client;
use russh::client;
use ssh_client::{Server, Terminal, TrustAll, connect, filled, new_key, open, room_code};

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// VmRSS of `pid` in KiB, where /proc has it.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU of `pid` so far, where /proc has it.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the fields after the command name, which is in parentheses
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // the kernel's USER_HZ is 100 on every Linux that matters here
    Some(Duration::from_millis(ticks * 10))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

/// What the players play.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Solo,
    Race,
    Share,
}

type Seated = (
    client::Handle<TrustAll>,
    Arc<russh::ChannelWriteHalf<client::Msg>>,
    Terminal,
);

/// Signs in `size` players, numbered from `first`, and seats them: each
/// alone, or the first opening a room that the others join.
async fn seat_room(port: u16, first: usize, size: usize, mode: Mode) -> Vec<Seated> {
    let opens = match mode {
        Mode::Solo => "play",
        Mode::Race => "race",
        Mode::Share => "share",
    };
    let opener = seat(port, first, opens.to_string()).await;
    let code = match mode {
        Mode::Solo => None,
        _ => Some(room_code(&opener.2.text()).expect("the room's code on its screen")),
    };
    let mut joining = Vec::new();
    for number in first + 1..first + size {
        let command = code
            .as_ref()
            .map_or_else(|| "play".into(), |code| format!("join {code}"));
        joining.push(tokio::spawn(seat(port, number, command)));
    }
    let mut seated = vec![opener];
    for joiner in joining {
        seated.push(joiner.await.unwrap());
    }
    seated
}

/// Player `number`, signed in with `command` (`play`, or a room's), once
/// their first frame is in (with the room's code, in a room).
async fn seat(port: u16, number: usize, command: String) -> Seated {
    let key = new_key(number as u32);
    let session = connect(port, &key).await;
    let in_room = command != "play";
    let (keys, screen) = open(&session, 80, 24, Some(&command)).await;
    screen
        .wait_for("the first frame", |t| {
            t.contains("Cell     r1c1")
                && filled(t).is_some()
                && (!in_room || room_code(t).is_some())
        })
        .await;
    (session, Arc::new(keys), screen)
}

/// One player's `moves`, each timed from its key to its effect on their
/// screen.
async fn play(
    keys: Arc<russh::ChannelWriteHalf<client::Msg>>,
    screen: Terminal,
    moves: usize,
    mode: Mode,
) -> Vec<Duration> {
    let mut filled_before = 0;
    let mut digit = b'1';
    if mode == Mode::Race {
        // to the first empty cell
        keys.data_bytes(&b"\t"[..]).await.unwrap();
        let text = screen
            .wait_for("an empty cell", |t| !t.contains("Cell     r1c1 "))
            .await;
        filled_before = filled(&text).unwrap();
        // a digit the cell takes: one its row, column or box has is refused
        for candidate in b'1'..=b'9' {
            keys.data_bytes(vec![candidate]).await.unwrap();
            let refused = format!("!{}!", char::from(candidate));
            let text = screen
                .wait_for("the digit or its refusal", |t| {
                    filled(t) == Some(filled_before + 1) || t.contains(&refused)
                })
                .await;
            if filled(&text) == Some(filled_before + 1) {
                digit = candidate;
                keys.data_bytes(&b"\x1b[3~"[..]).await.unwrap();
                screen
                    .wait_for("the digit erased", |t| filled(t) == Some(filled_before))
                    .await;
                break;
            }
        }
    }
    let mut samples = Vec::new();
    for step in 0..moves {
        let pause = rand::rng().random_range(200..1000);
        tokio::time::sleep(Duration::from_millis(pause)).await;
        let even = step % 2 == 0;
        let key: Vec<u8> = match (mode, even) {
            (Mode::Race, true) => vec![digit],
            (Mode::Race, false) => b"\x1b[3~".to_vec(),
            (_, true) => b"\x1b[C".to_vec(),
            (_, false) => b"\x1b[D".to_vec(),
        };
        let sent = Instant::now();
        keys.data_bytes(key).await.unwrap();
        if mode == Mode::Race {
            let expected = filled_before + usize::from(even);
            screen
                .wait_for("the digit", |t| filled(t) == Some(expected))
                .await;
        } else {
            let cell = if even {
                "Cell     r1c2"
            } else {
                "Cell     r1c1"
            };
            screen.wait_for("the move", |t| t.contains(cell)).await;
        }
        samples.push(sent.elapsed());
    }
    samples
}

fn main() {
    let players = env_number("TUDOKU_SERVE_PLAYERS", 200);
    let moves = env_number("TUDOKU_SERVE_MOVES", 20);
    let mode = match std::env::var("TUDOKU_SERVE_MODE").as_deref() {
        Ok("race") => Mode::Race,
        Ok("share") => Mode::Share,
        Ok("solo") | Err(_) => Mode::Solo,
        Ok(other) => panic!("TUDOKU_SERVE_MODE is solo, race or share, not {other}"),
    };
    let room = match mode {
        Mode::Solo => 1,
        _ => env_number("TUDOKU_SERVE_ROOM", 4).max(1),
    };
    let binary = Path::new(env!("CARGO_BIN_EXE_tudoku"));
    let config = tempfile::tempdir().unwrap();
    let limit = (players + 10).to_string();
    let server = Server::start(
        binary,
        config.path(),
        &["--max-players", &limit, "--max-per-address", &limit],
    );
    let pid = server.child.id();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let before = rss_kib(pid);
    let port = server.port;

    runtime.block_on(async move {
        let started = Instant::now();
        // everyone signs in and gets a first frame, room by room
        let mut rooms = Vec::new();
        for first in (0..players).step_by(room) {
            let size = room.min(players - first);
            rooms.push(tokio::spawn(seat_room(port, first, size, mode)));
        }
        let mut sessions = Vec::new();
        for seated in rooms {
            sessions.extend(seated.await.unwrap());
        }
        let signed_in = started.elapsed();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let full = rss_kib(pid);
        let cpu_before = cpu_time(pid);
        let moving = Instant::now();

        let mut playing = Vec::new();
        for (_session, keys, screen) in &sessions {
            let (keys, screen) = (Arc::clone(keys), screen.clone());
            playing.push(tokio::spawn(play(keys, screen, moves, mode)));
        }
        let mut latencies = Vec::new();
        for player in playing {
            latencies.extend(player.await.unwrap());
        }
        let moved = moving.elapsed();
        let cpu = cpu_time(pid)
            .zip(cpu_before)
            .map(|(after, before)| after.saturating_sub(before));
        latencies.sort();

        println!(
            "players          {players} at once, {moves} moves each, {}",
            match mode {
                Mode::Solo => "each alone".to_string(),
                Mode::Race => format!("races of {room}"),
                Mode::Share => format!("shared boards of {room}"),
            }
        );
        println!("sign-in          {signed_in:.2?} for all of them");
        println!(
            "keypress->screen p50 {:.1?}  p90 {:.1?}  p99 {:.1?}  worst {:.1?}  ({} samples)",
            percentile(&latencies, 0.50),
            percentile(&latencies, 0.90),
            percentile(&latencies, 0.99),
            latencies.last().unwrap(),
            latencies.len()
        );
        if let Some(cpu) = cpu {
            println!(
                "server CPU       {cpu:.2?} over {moved:.2?} of moving ({:.0}% of one core)",
                cpu.as_secs_f64() / moved.as_secs_f64() * 100.0
            );
        }
        if let (Some(before), Some(full)) = (before, full) {
            println!(
                "server memory    {} MiB alone, {} MiB with everyone: {} KiB per player",
                before / 1024,
                full / 1024,
                (full.saturating_sub(before)) / players as u64
            );
        }
        drop(sessions);
    });
    drop(server);
}

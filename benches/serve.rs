//! `tudoku serve` under load: the release binary serving on loopback, and
//! `TUDOKU_SERVE_PLAYERS` players (default 200) signed in at once with
//! russh's client from this process, each with a key of its own and an
//! 80x24 pty. Once every player has their first frame, each moves the
//! cursor `TUDOKU_SERVE_MOVES` times (default 20), a key every 0.2-1 s,
//! and the time from sending the key to the moved cursor showing on that
//! player's screen (read through vt100) is one latency sample.
//!
//! Printed: the time to sign everyone in, keypress-to-screen p50, p90,
//! p99 and worst, the server's CPU while the players moved, and its memory
//! (VmRSS) before anyone came, with everyone in, and per player. Linux
//! only for the memory and CPU figures (read from /proc).
//!
//! Run with `cargo bench --bench serve`. The client side shares the machine
//! with the server: on 2 cores the figures are the server's and the
//! clients' together.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;

#[path = "../tests/ssh_client/mod.rs"]
mod ssh_client;
use ssh_client::{Server, connect, filled, new_key, open};

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

fn main() {
    let players = env_number("TUDOKU_SERVE_PLAYERS", 200);
    let moves = env_number("TUDOKU_SERVE_MOVES", 20);
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
        // everyone signs in and gets a first frame
        let mut seated = Vec::new();
        for number in 0..players {
            seated.push(tokio::spawn(async move {
                let key = new_key(number as u32);
                let session = connect(port, &key).await;
                let (keys, screen) = open(&session, 80, 24, None).await;
                screen
                    .wait_for("the first frame", |t| {
                        t.contains("Cell     r1c1") && filled(t).is_some()
                    })
                    .await;
                (session, Arc::new(keys), screen)
            }));
        }
        let mut sessions = Vec::new();
        for seat in seated {
            sessions.push(seat.await.unwrap());
        }
        let signed_in = started.elapsed();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let full = rss_kib(pid);
        let cpu_before = cpu_time(pid);
        let moving = Instant::now();

        // everyone moves: right to r1c2, left to r1c1, and so on
        let mut playing = Vec::new();
        for (_session, keys, screen) in &sessions {
            let (keys, screen) = (Arc::clone(keys), screen.clone());
            playing.push(tokio::spawn(async move {
                let mut samples = Vec::new();
                for step in 0..moves {
                    let pause = rand::rng().random_range(200..1000);
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                    let (key, cell): (&[u8], &str) = if step % 2 == 0 {
                        (b"\x1b[C", "Cell     r1c2")
                    } else {
                        (b"\x1b[D", "Cell     r1c1")
                    };
                    let sent = Instant::now();
                    keys.data_bytes(key).await.unwrap();
                    screen.wait_for("the move", |t| t.contains(cell)).await;
                    samples.push(sent.elapsed());
                }
                samples
            }));
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

        println!("players          {players} at once, {moves} moves each");
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

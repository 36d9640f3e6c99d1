//! `tudoku serve`: the game for anyone with an `ssh` client. An SSH server
//! (russh) hands each session's pty to the game's own App through a
//! `ui::StreamSeat`, so a player over SSH plays what a player at a terminal
//! plays, with their games and stats kept for their key. See README,
//! "Playing over SSH", for what a host should know.

mod command;
mod connection;
mod host_key;
mod limits;
mod lobby;
mod player;
mod profile;
mod rooms;

use std::io::Write;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use russh::MethodKind;
use russh::server::{Config, Server};

use crate::storage::ConfigDir;
use connection::Connection;
use limits::{Census, Limits};
use rooms::Rooms;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on; the default takes no one from
    /// another machine (use 0.0.0.0:2222 for that, behind what README says).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: String,
    /// Players at once, in all.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_players: usize,
    /// Players at once from one address.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub max_per_address: usize,
    /// Minutes without a key before a session is closed.
    #[arg(long, value_name = "MINUTES", default_value_t = 30)]
    pub idle_minutes: u64,
    /// Let players in without a key (nothing is kept for them).
    #[arg(long)]
    pub open: bool,
    /// Where the host key and the players' games live [default: server/ in
    /// the config directory].
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub data_dir: Option<PathBuf>,
}

/// What every connection shares.
pub struct Shared {
    limits: Limits,
    census: Arc<Census>,
    /// Where each player's directory is made, named by their key.
    players: PathBuf,
    /// `--open`: sign-in without a key.
    open: bool,
    /// Set when the server stops: every game saves and ends.
    quit: Arc<AtomicBool>,
    /// The races and shared boards under way.
    rooms: Arc<Rooms>,
}

/// Runs the server until Ctrl-C (or SIGTERM): exit 0 then, 2 when it
/// cannot start (an address it cannot listen on, a host key it cannot
/// read or write).
pub fn run(args: &ServeArgs, dir: Option<ConfigDir>) -> ExitCode {
    let data = match args
        .data_dir
        .clone()
        .or_else(|| dir.map(|d| d.server_dir()))
    {
        Some(data) => data,
        None => {
            eprintln!("tudoku serve: no data directory: give --data-dir");
            return ExitCode::from(2);
        }
    };
    let address = match args.listen.to_socket_addrs().map(|mut a| a.next()) {
        Ok(Some(address)) => address,
        Ok(None) | Err(_) => {
            eprintln!(
                "tudoku serve: --listen {}: not an address and port, such as 127.0.0.1:2222",
                args.listen
            );
            return ExitCode::from(2);
        }
    };
    let (key, made) = match host_key::load_or_make(&data.join("host_key")) {
        Ok(key) => key,
        Err(why) => {
            eprintln!("tudoku serve: {why}");
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        players: args.max_players.max(1),
        per_address: args.max_per_address.max(1),
        idle: Duration::from_secs(args.idle_minutes.max(1) * 60),
        auth_attempts: 6,
    };
    let shared = Arc::new(Shared {
        limits,
        census: Arc::new(Census::default()),
        players: data.join("players"),
        open: args.open,
        quit: Arc::new(AtomicBool::new(false)),
        rooms: Arc::new(Rooms::default()),
    });
    let fingerprint = host_key::fingerprint(&key);
    let config = Arc::new(ssh_config(key, &shared));
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tudoku serve: cannot start: {e}");
            return ExitCode::from(2);
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(address).await {
            Ok(listener) => listener,
            Err(e) => {
                eprintln!("tudoku serve: cannot listen on {address}: {e}");
                return ExitCode::from(2);
            }
        };
        let bound = listener.local_addr().unwrap_or(address);
        announce(bound, &fingerprint, made, &data);
        let mut server = Serve {
            shared: Arc::clone(&shared),
        };
        let running = server.run_on_socket(config, &listener);
        let stop = running.handle();
        tokio::select! {
            outcome = running => {
                if let Err(e) = outcome {
                    eprintln!("tudoku serve: {e}");
                    return ExitCode::from(2);
                }
            }
            () = stop_requested() => {}
        }
        eprintln!("tudoku serve: stopping; the games are saved");
        shared.quit.store(true, Ordering::SeqCst);
        // every game sees the flag at its next tick (a second at most),
        // saves and closes its channel
        let waited = Instant::now();
        while shared.census.total() > 0 && waited.elapsed() < Duration::from_secs(5) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        stop.shutdown("the server is stopping".into());
        ExitCode::SUCCESS
    })
}

/// Waits for what stops the server: Ctrl-C, and on Unix SIGTERM and
/// SIGHUP too (a service manager's stop, a closed terminal).
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let wait = |kind| async move {
            match signal(kind) {
                Ok(mut signal) => {
                    signal.recv().await;
                }
                Err(_) => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = wait(SignalKind::terminate()) => {}
            () = wait(SignalKind::hangup()) => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The start line: where to connect, and the key a player's ssh will be
/// shown the first time.
fn announce(bound: SocketAddr, fingerprint: &str, made: bool, data: &std::path::Path) {
    let new = if made { " (made now)" } else { "" };
    let text = format!(
        "tudoku serve: listening on {bound}; host key {fingerprint}{new}; data in {}\n\
         play with: ssh -p {} {}\n",
        data.display(),
        bound.port(),
        bound.ip()
    );
    // a closed stdout (the server run from a script that read this and
    // went) must not stop the server
    let mut out = std::io::stdout();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn ssh_config(key: russh::keys::PrivateKey, shared: &Shared) -> Config {
    let mut methods = vec![MethodKind::PublicKey];
    if shared.open {
        methods.push(MethodKind::None);
    }
    Config {
        methods: methods.as_slice().into(),
        keys: vec![key],
        // the game's own limit (`StreamSeat::idle_after`) counts the
        // player's keys alone; this one, a minute later, any traffic, and
        // so closes connections that never start a game
        inactivity_timeout: Some(shared.limits.idle + Duration::from_secs(60)),
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: shared.limits.auth_attempts,
        keepalive_interval: Some(Duration::from_secs(60)),
        nodelay: true,
        ..Config::default()
    }
}

struct Serve {
    shared: Arc<Shared>,
}

impl Server for Serve {
    type Handler = Connection;

    fn new_client(&mut self, peer: Option<SocketAddr>) -> Connection {
        Connection::new(Arc::clone(&self.shared), peer)
    }
}

//! `tudoku serve` end to end: the real binary serving, players connecting
//! with an SSH client (russh's, over loopback) as `ssh` would, the screen
//! they get read back through a terminal emulator (vt100).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, ChannelWriteHalf};

/// A server on a port of its own, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    /// The first line it printed.
    banner: String,
}

impl Server {
    fn start(config: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tudoku"))
            .arg("--config-dir")
            .arg(config)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tudoku serve");
        let mut banner = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut banner)
            .unwrap();
        let port = banner
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {banner:?}"));
        Server {
            child,
            port,
            banner,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct TrustAll;

impl client::Handler for TrustAll {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

fn new_key(seed: u8) -> PrivateKey {
    let pair = Ed25519Keypair::from_seed(&[seed; 32]);
    PrivateKey::new(KeypairData::Ed25519(pair), "test player").unwrap()
}

/// A signed-in connection.
async fn connect(port: u16, key: &PrivateKey) -> Handle<TrustAll> {
    let config = Arc::new(client::Config::default());
    let mut session = client::connect(config, ("127.0.0.1", port), TrustAll)
        .await
        .unwrap();
    let key = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
    let auth = session.authenticate_publickey("player", key).await.unwrap();
    assert!(auth.success(), "signed in");
    session
}

/// Everything received on a channel, the exit status once one came, and
/// whether it has closed.
type Received = (Vec<u8>, Option<u32>, bool);

/// What a player's terminal shows, fed by a task reading the channel.
#[derive(Clone)]
struct Terminal {
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Received>>,
}

impl Terminal {
    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    async fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if ready(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}; screen:\n{text}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Waits for the channel to close; its exit status, if it sent one.
    async fn closed(&self) -> Option<u32> {
        let start = Instant::now();
        loop {
            let (status, closed) = {
                let raw = self.raw.lock().unwrap();
                (raw.1, raw.2)
            };
            if closed {
                return status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the channel stays open"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    fn received(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap().0).into_owned()
    }
}

/// Opens a session with a pty of `width` x `height` and asks for `command`
/// (`None`: the shell, that is the game). Returns what writes to it and the
/// terminal it draws on (80x24 whatever was asked).
async fn open(
    session: &Handle<TrustAll>,
    width: u32,
    height: u32,
    command: Option<&str>,
) -> (ChannelWriteHalf<client::Msg>, Terminal) {
    let channel = session.channel_open_session().await.unwrap();
    channel
        .request_pty(true, "xterm-256color", width, height, 0, 0, &[])
        .await
        .unwrap();
    match command {
        None => channel.request_shell(true).await.unwrap(),
        Some(command) => channel.exec(true, command).await.unwrap(),
    }
    let (mut reader, writer) = channel.split();
    let terminal = Terminal {
        screen: Arc::new(Mutex::new(vt100::Parser::new(
            24.try_into().unwrap(),
            80.try_into().unwrap(),
            0,
        ))),
        raw: Arc::new(Mutex::new((Vec::new(), None, false))),
    };
    let fed = terminal.clone();
    tokio::spawn(async move {
        while let Some(message) = reader.wait().await {
            match message {
                ChannelMsg::Data { data } => {
                    fed.screen.lock().unwrap().process(&data);
                    fed.raw.lock().unwrap().0.extend_from_slice(&data);
                }
                ChannelMsg::ExitStatus { exit_status } => {
                    fed.raw.lock().unwrap().1 = Some(exit_status)
                }
                ChannelMsg::Close => break,
                _ => {}
            }
        }
        fed.raw.lock().unwrap().2 = true;
    });
    (writer, terminal)
}

/// The number before `/81` on the panel's `Filled` line.
fn filled(screen: &str) -> Option<usize> {
    let line = screen.lines().find(|l| l.contains("Filled"))?;
    let after = line.split("Filled").nth(1)?.trim_start();
    after.split('/').next()?.trim().parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_over_ssh_and_gets_their_board_back() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(config.path(), &[]);
    assert!(
        server.banner.contains("host key SHA256:"),
        "{}",
        server.banner
    );
    let key = new_key(1);

    let session = connect(server.port, &key).await;
    let (keys, screen) = open(&session, 80, 24, None).await;
    let first = screen
        .wait_for("the board", |t| {
            t.contains("Cell     r1c1") && filled(t).is_some()
        })
        .await;
    let givens = filled(&first).unwrap();
    // to the next empty cell, a 5 there
    keys.data_bytes(&b"\t5"[..]).await.unwrap();
    screen
        .wait_for("the digit", |t| filled(t) == Some(givens + 1))
        .await;
    keys.data_bytes(&b"q"[..]).await.unwrap();
    assert_eq!(screen.closed().await, Some(0));
    // the player's terminal is given back as it was
    {
        let shown = screen.screen.lock().unwrap();
        assert!(!shown.screen().alternate_screen() && !shown.screen().hide_cursor());
    }

    // the same key, a new connection: the same board, the digit still there
    let session = connect(server.port, &key).await;
    let (_keys, screen) = open(&session, 80, 24, None).await;
    screen
        .wait_for("the board again", |t| filled(t) == Some(givens + 1))
        .await;
    // dropped without a word: the server keeps going
    drop(session);

    // another key: a directory of its own
    let other = connect(server.port, &new_key(2)).await;
    let (_keys, screen) = open(&other, 80, 24, None).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    let players = config.path().join("server").join("players");
    let dirs = std::fs::read_dir(&players).unwrap().count();
    assert_eq!(dirs, 2, "one directory a key");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_and_keyless_sign_in_are_refused_and_a_huge_pty_is_bounded() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(config.path(), &[]);
    let session = connect(server.port, &new_key(3)).await;
    let (_keys, out) = open(&session, 80, 24, Some("cat /etc/passwd")).await;
    assert_eq!(out.closed().await, Some(1));
    let said = out.received();
    assert!(
        said.contains("no command here ('cat /etc/passwd')"),
        "{said}"
    );

    // a pty no terminal has: the game is drawn at the bounded size
    let (_keys, screen) = open(
        &connect(server.port, &new_key(4)).await,
        100_000,
        100_000,
        None,
    )
    .await;
    screen
        .wait_for("a frame", |_| screen.received().contains("Filled"))
        .await;

    // without a key, no way in
    let config = Arc::new(client::Config::default());
    let mut keyless = client::connect(config, ("127.0.0.1", server.port), TrustAll)
        .await
        .unwrap();
    let auth = keyless.authenticate_none("nobody").await.unwrap();
    assert!(!auth.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_too_many_from_an_address_is_told_why() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(config.path(), &["--max-per-address", "1"]);
    let first = connect(server.port, &new_key(5)).await;
    let (_keys, screen) = open(&first, 80, 24, None).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    let second = connect(server.port, &new_key(6)).await;
    let (_keys, refused) = open(&second, 80, 24, None).await;
    assert_eq!(refused.closed().await, Some(1));
    let said = refused.received();
    assert!(
        said.contains("1 connections from 127.0.0.1 already"),
        "{said}"
    );
}

#[test]
fn the_host_key_is_made_once_and_kept() {
    let config = tempfile::tempdir().unwrap();
    let first = Server::start(config.path(), &[]).banner.clone();
    assert!(first.contains("(made now)"), "{first}");
    let again = Server::start(config.path(), &[]).banner.clone();
    assert!(!again.contains("(made now)"), "{again}");
    let key = |banner: &str| {
        let after = banner.split("host key ").nth(1).unwrap();
        after.split([' ', ';']).next().unwrap().to_string()
    };
    assert_eq!(key(&first), key(&again));
}

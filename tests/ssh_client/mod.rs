//! What the tests and the bench of `tudoku serve` share: the server run as
//! a process on a port of its own, and players signed in with russh's SSH
//! client, the screen each gets read back through a terminal emulator
//! (vt100). tests/serve_ssh.rs and benches/serve.rs include it by `#[path]`.
#![allow(dead_code)] // each includer uses its own part

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::sync::Notify;

/// A server on a port of its own, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The first line it printed.
    pub banner: String,
}

impl Server {
    /// `binary serve` on a free loopback port, with `extra` flags.
    pub fn start(binary: &Path, config: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(binary)
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

pub struct TrustAll;

impl client::Handler for TrustAll {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A player's key, the same for the same number.
pub fn new_key(number: u32) -> PrivateKey {
    let mut seed = [7u8; 32];
    seed[..4].copy_from_slice(&number.to_le_bytes());
    let pair = Ed25519Keypair::from_seed(&seed);
    PrivateKey::new(KeypairData::Ed25519(pair), "test player").unwrap()
}

/// A signed-in connection.
pub async fn connect(port: u16, key: &PrivateKey) -> Handle<TrustAll> {
    connect_user(port, "player", key).await
}

/// A connection signed in as `user` (the name others see in a race).
pub async fn connect_user(port: u16, user: &str, key: &PrivateKey) -> Handle<TrustAll> {
    let config = Arc::new(client::Config::default());
    let mut session = client::connect(config, ("127.0.0.1", port), TrustAll)
        .await
        .unwrap();
    let key = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
    let auth = session.authenticate_publickey(user, key).await.unwrap();
    assert!(auth.success(), "signed in");
    session
}

/// Everything received on a channel, the exit status once one came, and
/// whether it has closed.
pub type Received = (Vec<u8>, Option<u32>, bool);

/// What a player's terminal shows, fed by a task reading the channel.
#[derive(Clone)]
pub struct Terminal {
    pub screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Received>>,
    /// Told each time something arrives.
    arrived: Arc<Notify>,
}

impl Terminal {
    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    pub async fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text();
            if ready(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "timed out waiting for {what}; screen:\n{text}"
            );
            // woken by what arrives; the timeout only rechecks the clock
            let arrived = self.arrived.notified();
            if ready(&self.text()) {
                continue;
            }
            let _ = tokio::time::timeout(Duration::from_millis(50), arrived).await;
        }
    }

    /// Waits for the channel to close; its exit status, if it sent one.
    pub async fn closed(&self) -> Option<u32> {
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

    /// True once the channel has closed.
    pub fn is_closed(&self) -> bool {
        self.raw.lock().unwrap().2
    }

    pub fn received(&self) -> String {
        String::from_utf8_lossy(&self.raw.lock().unwrap().0).into_owned()
    }
}

/// Opens a session with a pty of `width` x `height` and asks for `command`
/// (`None`: the shell, that is the game). Returns what writes to it and the
/// terminal it draws on.
pub async fn open(
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
    // the screen the server draws: the pty's size, within 400x200
    let rows = (height.clamp(1, 200) as u16).try_into().unwrap();
    let cols = (width.clamp(1, 400) as u16).try_into().unwrap();
    let terminal = Terminal {
        screen: Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0))),
        raw: Arc::new(Mutex::new((Vec::new(), None, false))),
        arrived: Arc::new(Notify::new()),
    };
    let fed = terminal.clone();
    tokio::spawn(async move {
        while let Some(message) = reader.wait().await {
            match message {
                ChannelMsg::Data { data } => {
                    fed.screen.lock().unwrap().process(&data);
                    fed.raw.lock().unwrap().0.extend_from_slice(&data);
                    fed.arrived.notify_waiters();
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
pub fn filled(screen: &str) -> Option<usize> {
    let line = screen.lines().find(|l| l.contains("Filled"))?;
    let after = line.split("Filled").nth(1)?.trim_start();
    after.split('/').next()?.trim().parse().ok()
}

/// The code of the room on a screen: on the panel's `Race` line, or its
/// `Shared` line for a shared board.
pub fn room_code(screen: &str) -> Option<String> {
    let (line, label) = screen.lines().find_map(|l| {
        ["Race     ", "Shared   "]
            .into_iter()
            .find(|label| l.contains(label))
            .map(|label| (l, label))
    })?;
    let code = line.split(label).nth(1)?.split(' ').next()?;
    Some(code.trim().to_string())
}

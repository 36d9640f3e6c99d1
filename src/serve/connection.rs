//! One SSH connection: who the player is, the pty they asked for, and the
//! game on their session channel. A connection gets a game and nothing
//! else: its own game (no command), a new race or shared board, one under
//! way, or the name it is known by (the commands of `super::command`); no
//! shell, no other command, no subsystem, no forwarding, no agent and no
//! X11; each request for one is refused (a command with a message).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc::{SyncSender, TrySendError};

use ratatui::layout::Size;
use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, Pty};

use super::Shared;
use super::command::{self, Asked, Command, MAX_COMMAND};
use super::limits::{Census, Counted};
use super::player::{self, MAX_INPUT, Player};
use super::profile;
use super::rooms::Room;
use crate::storage::ConfigDir;
use crate::ui::FromPlayer;

/// The window of a session that asked for no pty: the game still draws.
const NO_PTY: Size = Size {
    width: 80,
    height: 24,
};

pub struct Connection {
    shared: Arc<Shared>,
    /// Counted in the census; `Err` holds why this one is one too many.
    admitted: Result<Counted, String>,
    /// The player's directory, once they are known by their key.
    dir: Option<ConfigDir>,
    /// The name they signed in with, as the others in a race see it.
    name: String,
    pty: Option<Size>,
    /// Where what the player sends goes, once their game has started.
    game: Option<SyncSender<FromPlayer>>,
}

impl Connection {
    pub fn new(shared: Arc<Shared>, peer: Option<SocketAddr>) -> Connection {
        let admitted = Census::admit(&shared.census, peer.map(|p| p.ip()), &shared.limits);
        Connection {
            shared,
            admitted,
            dir: None,
            name: String::new(),
            pty: None,
            game: None,
        }
    }

    /// Hands `input` to the game, dropping it when the game is too far
    /// behind (or gone).
    fn pass_on(&self, input: FromPlayer) {
        if let Some(game) = &self.game {
            match game.try_send(input) {
                Ok(()) | Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => {}
            }
        }
    }

    /// Starts the player's game on `channel`: their own (after the lobby
    /// with `lobby`), or `race`'s (looked on when `watching`: nothing of the
    /// player's is touched).
    fn begin(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
        race: Option<Arc<Room>>,
        watching: bool,
        lobby: bool,
    ) -> Result<(), russh::Error> {
        if self.game.is_some() {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        if let Err(why) = &self.admitted {
            return self.refuse(channel, why, session);
        }
        // a player known by their key has one game at a time, held by it
        // until it has ended and saved
        let mut playing = None;
        let dir = self.dir.clone().filter(|_| !watching);
        if let Some(dir) = &dir {
            let player = dir.root().file_name().unwrap_or_default().to_string_lossy();
            let ready = prepare_dir(dir).and_then(|()| Census::play(&self.shared.census, &player));
            match ready {
                Ok(held) => playing = Some(held),
                Err(why) => return self.refuse(channel, &why, session),
            }
        }
        let size = self.pty.unwrap_or(NO_PTY);
        let started = player::start(
            session.handle(),
            channel,
            size,
            dir,
            Arc::clone(&self.shared.quit),
            self.shared.limits.idle,
            Player {
                name: self.name.clone(),
                rooms: Arc::clone(&self.shared.rooms),
                race,
                watching,
                lobby,
                most_rooms: self.shared.limits.players,
                playing,
            },
        );
        match started {
            Ok(game) => {
                self.game = Some(game);
                Ok(())
            }
            Err(e) => self.refuse(channel, &format!("cannot start a game: {e}"), session),
        }
    }

    /// Tells the player why, and closes the channel.
    fn refuse(
        &self,
        channel: ChannelId,
        why: &str,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        self.answer(channel, why, 1, session)
    }

    /// Tells the player `text`, and closes the channel with `status`.
    fn answer(
        &self,
        channel: ChannelId,
        text: &str,
        status: u32,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let text = format!("tudoku serve: {text}\r\n");
        session.data(channel, text.into_bytes())?;
        session.exit_status_request(channel, status)?;
        session.eof(channel)?;
        session.close(channel)
    }

    /// A new room on a puzzle made for it, off the connections' threads:
    /// a large board takes a while.
    async fn open_room(&self, puzzle: Asked, shared: bool) -> Result<(Arc<Room>, bool), String> {
        let rooms = Arc::clone(&self.shared.rooms);
        let most = self.shared.limits.players;
        rooms.has_room(most)?;
        let made = tokio::task::spawn_blocking(move || rooms.open_new(puzzle, shared, most));
        match made.await {
            Ok(opened) => opened.map(|room| (room, false)),
            Err(_) => Err("the puzzle could not be made".to_string()),
        }
    }
}

impl Drop for Connection {
    /// A connection that ends abruptly ends its game as a hang-up does.
    fn drop(&mut self) {
        self.pass_on(FromPlayer::Closed);
    }
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.name = command::user_name(user);
        Ok(if self.shared.open {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.name = command::user_name(user);
        let fingerprint = key.public_key.fingerprint(HashAlg::Sha256);
        let name: String = fingerprint
            .as_bytes()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect();
        let dir = ConfigDir::at(self.shared.players.join(name));
        if let Some(picked) = profile::name(&dir) {
            self.name = picked;
        }
        self.dir = Some(dir);
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        _channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // one game a connection
        if self.game.is_none() {
            reply.accept().await;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let size = crate::ui::bounded_size(width, height);
        self.pty = Some(size);
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.begin(channel, session, None, false, true)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let command = &command[..command.len().min(MAX_COMMAND)];
        let asked = match command::parse(&String::from_utf8_lossy(command)) {
            Ok(Command::Open { puzzle, shared }) => self.open_room(puzzle, shared).await,
            Ok(Command::Play) => return self.begin(channel, session, None, false, false),
            Ok(Command::Join(code)) => self.shared.rooms.under_way(&code).map(|room| (room, false)),
            Ok(Command::Watch(code)) => self.shared.rooms.under_way(&code).map(|room| (room, true)),
            Ok(Command::Name(name)) => {
                session.channel_success(channel)?;
                return match profile::keep_name(self.dir.as_ref(), &name) {
                    Ok(said) => {
                        self.name = name;
                        self.answer(channel, &said, 0, session)
                    }
                    Err(why) => self.refuse(channel, &why, session),
                };
            }
            Err(why) => Err(why),
        };
        match asked {
            Ok((room, watching)) => self.begin(channel, session, Some(room), watching, false),
            Err(why) => {
                session.channel_success(channel)?;
                self.refuse(channel, &why, session)
            }
        }
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let taken = &data[..data.len().min(MAX_INPUT)];
        self.pass_on(FromPlayer::Bytes(taken.to_vec()));
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        width: u32,
        height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pass_on(FromPlayer::Resize { width, height });
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pass_on(FromPlayer::Closed);
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.pass_on(FromPlayer::Closed);
        Ok(())
    }
}

/// A player's directory, checked as a terminal player's config directory
/// is (it is made, private, when the game first writes in it).
fn prepare_dir(dir: &ConfigDir) -> Result<(), String> {
    dir.check()
        .map_err(|why| format!("cannot keep your games: {why}"))
}

//! A seat whose screen is a stream of bytes and whose player's keys come as
//! bytes, with the window's size told rather than asked: a session of
//! `tudoku serve`, where both ends are an SSH channel. The screen is drawn
//! with crossterm's escape sequences into any `Write`; the keys are read by
//! `super::ansi_input`.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{Command, cursor};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use super::ansi_input::AnsiInput;
use super::input::Input;
use super::seat::Seat;

/// The largest window a stream seat draws: a client may say its window is
/// any size, and the screen's buffers grow with it (two cells of a few
/// dozen bytes each per character). A larger one is drawn at this size.
pub const MAX_SIZE: Size = Size {
    width: 400,
    height: 200,
};

/// What comes from the player's end.
#[derive(Debug)]
pub enum FromPlayer {
    /// What the player's terminal sent: keys, mouse reports.
    Bytes(Vec<u8>),
    /// The window is now this many columns and rows.
    Resize { width: u32, height: u32 },
    /// Something the screen shows changed elsewhere (another player of a
    /// race moved): the game draws again.
    Wake,
    /// The player's end has gone.
    Closed,
}

/// Wakes a game to draw others' news (a rival's move). However often it
/// is called, at most one wake-up waits in the game's queue: in a busy
/// room they would otherwise fill it and crowd out the player's own keys.
#[derive(Clone)]
pub struct Waker {
    to_game: SyncSender<FromPlayer>,
    shared: Arc<Wakes>,
}

/// What a waker and its seat share.
#[derive(Default)]
struct Wakes {
    /// A wake-up is in the queue, not yet taken by the seat.
    waiting: AtomicBool,
    /// How many play where the news comes from: the more, the less often
    /// it is drawn (see [`news_interval`]).
    crowd: AtomicUsize,
}

impl Waker {
    /// A waker for the game whose inputs `to_game` sends.
    pub fn new(to_game: SyncSender<FromPlayer>) -> Waker {
        Waker {
            to_game,
            shared: Arc::default(),
        }
    }

    pub fn wake(&self) {
        if !self.shared.waiting.swap(true, Ordering::AcqRel)
            && self.to_game.try_send(FromPlayer::Wake).is_err()
        {
            // a full queue: the player's own input redraws the news anyway
            self.shared.waiting.store(false, Ordering::Release);
        }
    }

    /// Tells the seat how many now play in the room the news comes from.
    pub fn set_crowd(&self, players: usize) {
        self.shared.crowd.store(players, Ordering::Relaxed);
    }
}

/// A window's size as a stream seat draws it: within 1x1 and [`MAX_SIZE`].
pub fn bounded_size(width: u32, height: u32) -> Size {
    let clamp = |n: u32, max: u16| n.clamp(1, u32::from(max)) as u16;
    Size {
        width: clamp(width, MAX_SIZE.width),
        height: clamp(height, MAX_SIZE.height),
    }
}

pub struct StreamSeat<W: Write> {
    terminal: Terminal<SizedBackend<W>>,
    from_player: Receiver<FromPlayer>,
    input: AnsiInput,
    /// Events read and not yet handed on.
    queued: VecDeque<Event>,
    /// Set by whoever runs the seat to end the game (a server stopping).
    quit: Arc<AtomicBool>,
    gone: bool,
    mouse: bool,
    /// How long the player may send nothing before the seat closes.
    idle_limit: Option<Duration>,
    last_input: Instant,
    /// The seat closed for want of input: the player is told on the way out.
    idled: bool,
    news: News,
    /// Shared with the waker: cleared as a wake-up is taken, so that the
    /// next one is sent.
    woken: Option<Arc<Wakes>>,
}

/// The shortest time between two frames drawn for others' news: a player
/// in a busy room is woken by every move of every other, and a frame for
/// each would cost the server a draw per move per player. Ten a second
/// still looks live.
pub const NEWS_INTERVAL: Duration = Duration::from_millis(100);

/// What each player of a crowd adds to the time between frames of news,
/// beyond [`NEWS_INTERVAL`]: in a room of 200 every move redraws 199
/// panels of 200 names, and the server's frames grow as the square of the
/// room; this keeps them growing with the room alone (a room of 200 gets
/// news once a second, as often as its clock).
const NEWS_PER_PLAYER: Duration = Duration::from_millis(5);

/// The time between frames of news from a room of `crowd` players.
fn news_interval(crowd: usize) -> Duration {
    NEWS_INTERVAL.max(NEWS_PER_PLAYER * crowd.min(1_000) as u32)
}

/// When others' news was last drawn, and whether more waits.
#[derive(Default)]
struct News {
    shown: Option<Instant>,
    waiting: bool,
    interval: Duration,
}

impl News {
    /// Takes a wake-up at `now`: true when it is to be drawn now, false
    /// when it waits for [`News::due`].
    fn arrived(&mut self, now: Instant) -> bool {
        match self.shown {
            Some(shown) if now < shown + self.interval.max(NEWS_INTERVAL) => {
                self.waiting = true;
                false
            }
            _ => {
                self.shown(now);
                true
            }
        }
    }

    /// When the news waiting is to be drawn.
    fn due(&self) -> Option<Instant> {
        self.shown
            .filter(|_| self.waiting)
            .map(|shown| shown + self.interval.max(NEWS_INTERVAL))
    }

    fn shown(&mut self, now: Instant) {
        self.shown = Some(now);
        self.waiting = false;
    }
}

impl<W: Write> StreamSeat<W> {
    /// A seat drawing into `screen` at `size` (bounded), reading `from_player`;
    /// the screen is switched to the alternate screen with the cursor hidden
    /// (and mouse reports on with `mouse`) at once, and back when the seat
    /// drops.
    pub fn new(
        mut screen: W,
        size: Size,
        from_player: Receiver<FromPlayer>,
        quit: Arc<AtomicBool>,
        mouse: bool,
    ) -> io::Result<StreamSeat<W>> {
        let mut setup = ansi(EnterAlternateScreen) + &ansi(cursor::Hide);
        if mouse {
            setup += &ansi(EnableMouseCapture);
        }
        screen.write_all(setup.as_bytes())?;
        let size = bounded_size(size.width.into(), size.height.into());
        let terminal = Terminal::new(SizedBackend {
            inner: CrosstermBackend::new(screen),
            size,
            cursor: Position::ORIGIN,
        })?;
        Ok(StreamSeat {
            terminal,
            from_player,
            input: AnsiInput::new(),
            queued: VecDeque::new(),
            quit,
            gone: false,
            mouse,
            idle_limit: None,
            last_input: Instant::now(),
            idled: false,
            news: News::default(),
            woken: None,
        })
    }

    /// Takes the wake-ups `waker` sends (see [`Waker`]).
    pub fn woken_by(mut self, waker: &Waker) -> StreamSeat<W> {
        self.woken = Some(Arc::clone(&waker.shared));
        self
    }

    /// Closes the seat (the game saves and ends) once the player has sent
    /// nothing for `limit`, telling them so on the way out. The screen's
    /// own output (the clock's ticks) does not count.
    pub fn idle_after(mut self, limit: Duration) -> StreamSeat<W> {
        self.idle_limit = Some(limit);
        self
    }

    /// The news is about to be drawn: what happens from now on wakes the
    /// seat again.
    fn news_taken(&self) {
        if let Some(woken) = &self.woken {
            woken.waiting.store(false, Ordering::Release);
        }
    }
}

/// A command's escape sequence as text: written straight into the stream,
/// never through the console calls crossterm makes for the process's own
/// terminal on an old Windows console.
fn ansi(command: impl Command) -> String {
    let mut text = String::new();
    let _ = command.write_ansi(&mut text);
    text
}

impl<W: Write> Seat for StreamSeat<W> {
    type Backend = SizedBackend<W>;

    fn terminal(&mut self) -> &mut Terminal<SizedBackend<W>> {
        &mut self.terminal
    }

    fn size(&mut self) -> io::Result<Size> {
        Ok(self.terminal.backend().size)
    }

    fn next(&mut self, timeout: Duration) -> Option<Input> {
        if let Some(event) = self.queued.pop_front() {
            return Some(Input::Event(event));
        }
        if self.gone {
            return Some(Input::HangUp);
        }
        let mut end = Instant::now() + timeout;
        if let Some(limit) = self.idle_limit {
            let left = limit.saturating_sub(self.last_input.elapsed());
            if left.is_zero() {
                self.gone = true;
                self.idled = true;
                return Some(Input::HangUp);
            }
            end = end.min(Instant::now() + left);
        }
        loop {
            // others' news waits for its turn, or for the timeout
            let news_due = self.news.due();
            let wait_until = news_due.map_or(end, |due| due.min(end));
            let received = self
                .from_player
                .recv_timeout(wait_until.saturating_duration_since(Instant::now()));
            match received {
                Ok(FromPlayer::Bytes(bytes)) => {
                    self.last_input = Instant::now();
                    self.queued.extend(self.input.feed(&bytes));
                    // bytes that made no event still wake the loop: it looks
                    // at its flags and waits again
                    return Some(self.queued.pop_front().map_or(Input::Signal, Input::Event));
                }
                Ok(FromPlayer::Resize { width, height }) => {
                    let size = bounded_size(width, height);
                    // the next draw sees the new size and redraws everything
                    self.terminal.backend_mut().size = size;
                    return Some(Input::Event(Event::Resize(size.width, size.height)));
                }
                Ok(FromPlayer::Wake) => {
                    if let Some(woken) = &self.woken {
                        self.news.interval = news_interval(woken.crowd.load(Ordering::Relaxed));
                    }
                    // news held for its turn keeps the waker's flag up:
                    // until it is drawn, no one wakes this seat again
                    if self.news.arrived(Instant::now()) {
                        self.news_taken();
                        return Some(Input::Signal);
                    }
                }
                Ok(FromPlayer::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    self.gone = true;
                    return Some(Input::HangUp);
                }
                Err(RecvTimeoutError::Timeout) => {
                    let now = Instant::now();
                    if news_due.is_some_and(|due| due <= now) {
                        self.news.shown(now);
                        self.news_taken();
                        return Some(Input::Signal);
                    }
                    if now >= end {
                        return None;
                    }
                }
            }
        }
    }

    fn quit_requested(&self) -> bool {
        self.quit.load(Ordering::SeqCst)
    }

    fn take_suspend(&mut self) -> bool {
        false
    }

    /// There is no shell to hand the screen to: the game pauses, and goes
    /// on at the next key.
    fn suspend(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn hung_up(&self) -> bool {
        self.gone
    }
}

impl<W: Write> Drop for StreamSeat<W> {
    /// Gives the player's terminal back as it was (when it is still there).
    fn drop(&mut self) {
        let mut restore = String::new();
        if self.mouse {
            restore += &ansi(DisableMouseCapture);
        }
        restore += &ansi(LeaveAlternateScreen);
        restore += &ansi(cursor::Show);
        if self.idled
            && let Some(limit) = self.idle_limit
        {
            restore += &format!(
                "tudoku: closed after {} without a key; your game is saved\r\n",
                idle_words(limit)
            );
        }
        let screen = &mut self.terminal.backend_mut().inner;
        let _ = screen.write_all(restore.as_bytes());
        let _ = Write::flush(screen);
    }
}

/// crossterm's backend drawing into a stream, at a size it is told: asking
/// the terminal (what `CrosstermBackend` does) would ask the server's own.
pub struct SizedBackend<W: Write> {
    inner: CrosstermBackend<W>,
    size: Size,
    /// Where the cursor was put last: asking the terminal would wait for a
    /// reply that comes on the input, not here.
    cursor: Position,
}

impl<W: Write> Backend for SizedBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::ZERO,
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// An idle limit as the player reads it: `30 minutes`, `1 minute`, `5 seconds`.
fn idle_words(limit: Duration) -> String {
    let (n, unit) = match limit.as_secs() {
        s if s >= 60 && s % 60 == 0 => (s / 60, "minute"),
        s => (s.max(1), "second"),
    };
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {unit}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    /// A seat drawing into nothing, woken by the waker returned with it.
    fn seat(queue: usize) -> (StreamSeat<io::Sink>, SyncSender<FromPlayer>, Waker) {
        let (to_game, from_player) = sync_channel(queue);
        let waker = Waker::new(to_game.clone());
        let quit = Arc::new(AtomicBool::new(false));
        let seat = StreamSeat::new(io::sink(), Size::new(80, 24), from_player, quit, false)
            .unwrap()
            .woken_by(&waker);
        (seat, to_game, waker)
    }

    #[test]
    fn wake_ups_never_crowd_out_the_players_keys() {
        let (mut seat, to_game, waker) = seat(16);
        for _ in 0..1000 {
            waker.wake();
        }
        // one wake-up waits; the other fifteen places are the player's
        for _ in 0..15 {
            to_game.try_send(FromPlayer::Bytes(b"x".to_vec())).unwrap();
        }
        assert!(to_game.try_send(FromPlayer::Bytes(b"x".to_vec())).is_err());
        let second = Duration::from_secs(1);
        assert!(matches!(seat.next(second), Some(Input::Signal)));
        for _ in 0..15 {
            assert!(matches!(
                seat.next(second),
                Some(Input::Event(Event::Key(_)))
            ));
        }
        // taken, the wake-up may come again
        waker.wake();
        assert!(matches!(
            seat.next(Duration::from_secs(5)),
            Some(Input::Signal)
        ));
    }

    #[test]
    fn news_held_for_its_turn_is_not_woken_again() {
        let (mut seat, to_game, waker) = seat(16);
        news_drawn(&mut seat, &waker);
        waker.wake();
        // the wake-up is taken and held for its turn
        assert!(seat.next(Duration::from_millis(10)).is_none());
        for _ in 0..1000 {
            waker.wake();
        }
        // nothing more came into the queue: all sixteen places are free
        for _ in 0..16 {
            to_game.try_send(FromPlayer::Bytes(b"x".to_vec())).unwrap();
        }
        let mut keys = 0;
        loop {
            match seat.next(Duration::from_secs(5)) {
                Some(Input::Event(_)) => keys += 1,
                Some(Input::Signal) => break,
                _ => panic!("neither a key nor the news"),
            }
        }
        assert_eq!(keys, 16);
        // drawn, the news may come again
        waker.wake();
        assert!(matches!(
            seat.next(Duration::from_secs(5)),
            Some(Input::Signal)
        ));
    }

    /// Wakes `seat` and takes the news at once (none was drawn before):
    /// when it was drawn.
    fn news_drawn(seat: &mut StreamSeat<io::Sink>, waker: &Waker) -> Instant {
        waker.wake();
        assert!(matches!(
            seat.next(Duration::from_secs(1)),
            Some(Input::Signal)
        ));
        Instant::now()
    }

    #[test]
    fn a_crowded_room_is_drawn_less_often() {
        assert_eq!(news_interval(0), NEWS_INTERVAL);
        assert_eq!(news_interval(20), NEWS_INTERVAL);
        assert_eq!(news_interval(200), Duration::from_secs(1));
        assert_eq!(news_interval(usize::MAX), Duration::from_secs(5));
        let (mut seat, _to_game, waker) = seat(16);
        waker.set_crowd(200);
        let drawn = news_drawn(&mut seat, &waker);
        waker.wake();
        assert!(matches!(
            seat.next(Duration::from_secs(5)),
            Some(Input::Signal)
        ));
        assert!(drawn.elapsed() >= Duration::from_millis(999));
    }

    #[test]
    fn news_is_drawn_ten_times_a_second_at_most_and_never_lost() {
        let (mut seat, to_game, waker) = seat(16);
        let drawn = news_drawn(&mut seat, &waker);
        waker.wake();
        to_game.send(FromPlayer::Bytes(b"x".to_vec())).unwrap();
        // the key is not held back by the news, which comes in its turn
        let (mut key, mut news) = (false, None);
        while !key || news.is_none() {
            match seat.next(Duration::from_secs(5)) {
                Some(Input::Event(_)) => key = true,
                Some(Input::Signal) => news = Some(Instant::now()),
                _ => panic!("neither the key nor the news"),
            }
        }
        assert!(news.unwrap() >= drawn + NEWS_INTERVAL);
    }

    #[test]
    fn idle_limits_read_as_words() {
        let words = |secs| idle_words(Duration::from_secs(secs));
        assert_eq!(
            [words(1800), words(60), words(90), words(5), words(1)],
            [
                "30 minutes",
                "1 minute",
                "90 seconds",
                "5 seconds",
                "1 second"
            ]
        );
    }
}

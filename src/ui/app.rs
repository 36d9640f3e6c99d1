//! The App: the game plus what the screen shows around it (help, dialogs, the
//! win screen, a status message). Terminal events become game `Action`s or
//! screen changes here; drawing (in `view`) only reads the App.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

use super::config::Config;
use super::dialog::{DialogOutcome, NewGameForm};
use super::input::Input;
use super::keys::{Command, is_value_symbol};
use super::layout::{Screen, screen};
use super::pad::pad_area;
use super::race::{Rivals, Standing};
use super::saves_dialog::SavesDialog;
use super::seat::Seat;
use super::shared::{Partners, Sync};
use crate::engine::value_of;
use crate::engine::{Difficulty, Shape, Technique, Variant};
use crate::game::{Action, Applied, Direction, Game};

use crate::storage::stats::Stats;

mod disk;
mod generation;
mod store;
use generation::{Generation, Progress};
pub use store::Disk;

/// What the screen shows over (or instead of) the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Playing,
    Help,
    /// The current game is not finished: start a new one anyway?
    ConfirmNewGame,
    NewGame(NewGameForm),
    ConfirmRestart,
    /// The save-slot dialog.
    Saves(SavesDialog),
    /// The stats table.
    Stats,
    /// The command lines that open this game's puzzle.
    Share,
    /// The mistake limit was reached: the game is over.
    GameOver,
    /// The game is over and its board is shown to look at: the cursor
    /// moves, nothing changes.
    LookingOver,
    /// Every notice of this session about files and settings, in full.
    Messages,
    /// Another tudoku plays the autosaved game: look at it read-only, or
    /// start a new game in a slot of its own?
    InUse,
    /// The win screen; `new_best` when the time beat the record.
    Won {
        new_best: bool,
    },
    /// A new game is being made on a background thread (a 25x25 board can
    /// take a second or so): the loop keeps drawing, ticking and taking keys
    /// and signals meanwhile, and Esc abandons it.
    Generating {
        shape: Shape,
        variant: Variant,
        difficulty: Difficulty,
        seed: u64,
        /// The technique being practised, if one was picked.
        technique: Option<Technique>,
    },
}

pub struct App {
    pub game: Game,
    pub mode: Mode,
    pub config: Config,
    /// Stats per board and level: the best times of the win screen and the stats screen.
    pub stats: Stats,
    /// One line of feedback (a refused action, a check's result).
    pub message: Option<String>,
    /// Problems found with the files and settings, one line each, shown in
    /// the panel until a key is pressed.
    pub notices: Vec<String>,
    /// The notices of this session that have left the panel, kept for the
    /// messages overlay (`Command::Messages`).
    pub old_notices: Vec<String>,
    /// Why the game on screen may only be looked at (another tudoku plays
    /// it); nothing changes it and nothing saves it while this is set.
    pub read_only: Option<String>,
    /// The time the screen shows the clock at.
    pub now: Instant,
    /// The terminal's size, for mapping mouse clicks to cells.
    pub size: (u16, u16),
    /// The digit picked for digit-first input: a symbol key or a click on
    /// the pad picks one, then Enter or a click on a cell places it (or
    /// notes it in notes mode). `None` is the usual cell-first input.
    pub picked: Option<u8>,
    /// The board's boxes at a glance (how full each is, where the cursor
    /// is) in place of the board: for boards shown through a viewport.
    pub overview: bool,
    running: bool,
    suspend_requested: bool,
    disk: Option<Disk>,
    /// The game changed since the autosave was last written.
    unsaved: bool,
    /// The thread making a new game. Dropping it abandons that game and
    /// stops the thread.
    generation: Option<Generation>,
    /// The colour-a-note key was pressed: the next symbol names the note.
    pub colour_note_next: bool,
    /// With corner and centre marks on, notes mode enters centre marks
    /// (notes are then the corner marks).
    pub centre_mode: bool,
    /// How far the panel's hint is scrolled, in rows, and the hint's text
    /// it was scrolled for: another hint starts at its top.
    hint_scroll: (String, usize),
    /// The others, when this game is a race (`tudoku serve`).
    pub rivals: Option<Box<dyn Rivals>>,
    /// What the rivals were last told.
    reported: Option<Standing>,
    /// The others, when this game is on a shared board (`tudoku serve`).
    pub partners: Option<Box<dyn Partners>>,
    /// What this game has seen of its shared board.
    shared: Sync,
}

/// How often the loop looks for a finished puzzle while one is being made.
const GENERATION_POLL: Duration = Duration::from_millis(100);

impl App {
    pub fn new(game: Game, config: Config, stats: Stats, now: Instant) -> App {
        let mut app = App {
            game,
            mode: Mode::Playing,
            config,
            stats,
            message: None,
            notices: Vec::new(),
            old_notices: Vec::new(),
            read_only: None,
            now,
            size: (80, 24),
            picked: None,
            overview: false,
            running: true,
            suspend_requested: false,
            disk: None,
            unsaved: false,
            generation: None,
            colour_note_next: false,
            centre_mode: false,
            hint_scroll: (String::new(), 0),
            rivals: None,
            reported: None,
            partners: None,
            shared: Sync::default(),
        };
        app.apply_settings();
        app
    }

    /// The settings the game itself keeps to (they are the player's, not
    /// the game's, so a loaded or new game takes them from the config).
    pub(super) fn apply_settings(&mut self) {
        let settings = &self.config.settings;
        self.game.set_auto_remove_notes(settings.auto_remove_notes);
        self.game.set_check_mistakes(settings.check_mistakes);
        self.game
            .set_count_mistakes(settings.check_mistakes || settings.mistake_limit > 0);
        self.game.set_live_notes(settings.live_notes);
    }

    /// Plays until the player quits, the terminal goes away or a signal
    /// asks to stop: draws, waits for a key or the next clock tick, and
    /// suspends when asked. Saves the game on the way out, however it ends.
    pub(crate) fn run(&mut self, seat: &mut impl Seat) -> io::Result<()> {
        let size = seat.size()?;
        self.size = (size.width, size.height);
        let mut outcome = Ok(());
        while self.is_running() && !seat.quit_requested() {
            if let Err(e) = seat.terminal().draw(|frame| self.draw(frame)) {
                outcome = Err(e);
                break;
            }
            if seat.take_suspend() || self.take_suspend_request() {
                self.pause(Instant::now());
                self.save_now();
                match seat.suspend().and_then(|()| seat.size()) {
                    Ok(size) => self.size = (size.width, size.height),
                    Err(e) => {
                        outcome = Err(e);
                        break;
                    }
                }
                continue;
            }
            match seat.next(self.time_to_next_tick()) {
                Some(Input::Event(event)) => self.handle_event(event, Instant::now()),
                None => self.tick(Instant::now()),
                Some(Input::HangUp) => break,
                // the loop's condition and the suspend check read its
                // flag; a shared board takes the others' moves
                Some(Input::Signal) => self.tick(Instant::now()),
                Some(Input::Failed(e)) => {
                    outcome = Err(e);
                    break;
                }
            }
        }
        self.tick(Instant::now());
        self.save_now();
        // A terminal that went away ends the game as SIGHUP does: saved, and
        // with nothing to report (nor anywhere to report it).
        match outcome {
            Err(_) if seat.hung_up() => Ok(()),
            outcome => outcome,
        }
    }

    pub fn is_running(&self) -> bool {
        self.running
    }

    /// True once after a suspend key: the event loop then suspends the process.
    pub fn take_suspend_request(&mut self) -> bool {
        std::mem::take(&mut self.suspend_requested)
    }

    /// Moves the clock shown on screen and takes a finished new game.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        self.collect_generated();
        self.hold_clock_under_overlays();
        // a new game made meanwhile leaves a race
        self.report_standing();
        self.sync_shared();
        self.autosave_if_changed();
    }

    /// The clock runs only while the board is in play: help, dialogs and
    /// the other screens over the board hold it.
    fn hold_clock_under_overlays(&mut self) {
        let covered = self.mode != Mode::Playing;
        if covered != self.game.is_held() {
            let action = if covered {
                Action::Hold
            } else {
                Action::Release
            };
            let _ = self.game.apply(action, self.now);
        }
    }

    /// How long the loop may wait before the shown clock changes (or a
    /// puzzle being made may be ready).
    pub fn time_to_next_tick(&self) -> Duration {
        if self.generation.is_some() {
            return GENERATION_POLL;
        }
        if self.game.is_paused() || self.game.is_won() {
            return Duration::from_secs(1);
        }
        let elapsed = self.game.elapsed(self.now);
        Duration::from_nanos(1_000_000_000 - u64::from(elapsed.subsec_nanos()))
            + Duration::from_millis(1)
    }

    /// Pauses the game (for a suspend or a lost terminal).
    pub fn pause(&mut self, now: Instant) {
        self.now = now;
        let _ = self.game.apply(Action::Pause, now);
    }

    pub fn handle_event(&mut self, event: Event, now: Instant) {
        self.now = now;
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => self.on_key(key),
            Event::Mouse(mouse)
                if self.config.settings.mouse
                    && mouse.kind == MouseEventKind::Down(MouseButton::Left) =>
            {
                self.on_click(mouse.column, mouse.row)
            }
            Event::Mouse(mouse)
                if self.config.settings.mouse
                    && mouse.kind == MouseEventKind::Drag(MouseButton::Left) =>
            {
                self.on_drag(mouse.column, mouse.row)
            }
            // the wheel scrolls a hint taller than the panel
            Event::Mouse(mouse)
                if self.config.settings.mouse
                    && self.mode == Mode::Playing
                    && matches!(
                        mouse.kind,
                        MouseEventKind::ScrollDown | MouseEventKind::ScrollUp
                    ) =>
            {
                self.scroll_hint(mouse.kind == MouseEventKind::ScrollDown)
            }
            Event::Resize(w, h) => self.size = (w, h),
            _ => {}
        }
        self.collect_generated();
        self.hold_clock_under_overlays();
        self.sync_shared();
        self.autosave_if_changed();
        self.report_standing();
    }

    /// The other players' cursors on a shared board, each in a cell colour
    /// of its own (by the order they came).
    pub fn partner_cursors(&self) -> Vec<(usize, u8)> {
        let Some(partners) = &self.partners else {
            return Vec::new();
        };
        partners
            .players()
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.me)
            .map(|(i, p)| (p.cursor, (i % usize::from(crate::game::COLOURS)) as u8 + 1))
            .collect()
    }

    /// Puts this player's changes on a shared board and takes the others'.
    pub fn sync_shared(&mut self) {
        if let Some(partners) = &self.partners {
            self.shared.run(&mut self.game, partners.as_ref(), self.now);
        }
    }

    /// Tells the rivals of a race how this player stands, when that changed.
    pub fn report_standing(&mut self) {
        let Some(rivals) = &self.rivals else {
            return;
        };
        let standing = Standing::of(&self.game, rivals.puzzle(), self.now);
        if self.reported != Some(standing) {
            rivals.report(standing);
            self.reported = Some(standing);
        }
    }

    fn on_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.running = false;
            return;
        }
        self.message = None;
        self.old_notices.append(&mut self.notices);
        let keys = &self.config.keys;
        let command = self.command(&key);
        let confirm = keys.is(Command::Confirm, &key);
        let cancel = keys.is(Command::Cancel, &key);
        match &mut self.mode {
            Mode::Playing => self.on_playing_key(&key),
            Mode::Help | Mode::Stats | Mode::Share | Mode::Messages => {
                let closer = match self.mode {
                    Mode::Help => Command::Help,
                    Mode::Stats => Command::Stats,
                    Mode::Share => Command::Share,
                    _ => Command::Messages,
                };
                if confirm || cancel || command == Some(closer) {
                    self.mode = Mode::Playing;
                } else if matches!(self.mode, Mode::Messages)
                    && matches!(command, Some(Command::HintUp | Command::HintDown))
                {
                    self.scroll_messages_hint(command == Some(Command::HintDown));
                } else if command == Some(Command::Quit) {
                    self.running = false;
                }
            }
            Mode::InUse => {
                if command == Some(Command::NewGame) {
                    self.open_new_game();
                } else if command == Some(Command::Quit) {
                    self.running = false;
                } else if confirm || cancel {
                    self.mode = Mode::Playing;
                }
            }
            Mode::ConfirmNewGame => {
                if confirm {
                    // kept when the new game takes its place (`replace_game`),
                    // which names the slot; till then the box says so
                    self.open_new_game();
                    if let Mode::NewGame(form) = &mut self.mode {
                        form.note = Some(KEPT_WHEN_NEW_GAME_STARTS.to_string());
                    }
                } else {
                    self.mode = Mode::Playing;
                }
            }
            Mode::NewGame(form) => match form.on_key(&key, keys) {
                DialogOutcome::Editing => {}
                DialogOutcome::Cancel => self.mode = Mode::Playing,
                DialogOutcome::Start {
                    shape,
                    variant,
                    difficulty,
                    seed,
                    technique,
                } => self.start_new_game(shape, variant, difficulty, seed, technique),
            },
            Mode::ConfirmRestart => {
                if confirm {
                    self.act(Action::Restart);
                }
                self.mode = Mode::Playing;
            }
            Mode::Saves(dialog) => {
                let outcome = dialog.on_key(&key, keys);
                self.on_saves_outcome(outcome);
            }
            Mode::Generating { .. } => {
                if cancel {
                    self.cancel_generation();
                } else if command == Some(Command::Quit) {
                    self.running = false;
                }
            }
            Mode::GameOver => match command {
                Some(Command::Quit) => self.running = false,
                Some(Command::NewGame | Command::Confirm) => self.open_new_game(),
                Some(Command::Cancel) => self.mode = Mode::LookingOver,
                _ => {}
            },
            Mode::LookingOver => match command {
                Some(Command::Quit) => self.running = false,
                Some(Command::NewGame) => self.open_new_game(),
                Some(Command::Cancel | Command::Confirm) => self.mode = Mode::GameOver,
                Some(Command::Play(
                    action @ (Action::Move(_) | Action::Jump(_) | Action::Select(_)),
                )) => {
                    self.act(action);
                }
                _ => {
                    let keys = &self.config.keys;
                    let n = self.game.shape().n();
                    self.message = Some(format!(
                        "The game is over: {} starts a new one.",
                        keys.describe(Command::NewGame, n)
                    ));
                }
            },
            Mode::Won { .. } => match command {
                Some(Command::Quit) => self.running = false,
                Some(Command::NewGame | Command::Confirm) => self.open_new_game(),
                Some(Command::Cancel) => self.mode = Mode::Playing,
                _ => {}
            },
        }
    }

    fn command(&self, key: &KeyEvent) -> Option<Command> {
        self.config.keys.command_for(key, self.game.shape().n())
    }

    fn on_playing_key(&mut self, key: &KeyEvent) {
        let n = self.game.shape().n();
        if let KeyCode::Char(c) = key.code
            && is_value_symbol(c, n)
            && !self.game.is_paused()
        {
            let note_mod = self.config.keys.note_modifier.modifiers();
            let mods = key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT);
            let digit = value_of(c).unwrap_or(0);
            if std::mem::take(&mut self.colour_note_next) {
                self.act(Action::CycleNoteColour(digit));
                return;
            }
            if self.picked.is_some() && mods.is_empty() {
                self.picked = Some(digit);
                return;
            }
            if mods.is_empty() || mods == note_mod {
                // several cells selected: a digit notes (or marks) them all
                let several = self.game.selection().len() > 1;
                let as_note = several || self.game.notes_mode() != (mods == note_mod);
                let centre = as_note && self.centre_mode && self.game.notes_mode();
                self.act(match (as_note, centre) {
                    (true, true) => Action::ToggleCentre(digit),
                    (true, false) => Action::ToggleNote(digit),
                    _ => Action::Place(digit),
                });
                return;
            }
        }
        self.colour_note_next = false;
        // shift+arrows add to the selection
        if key.modifiers.contains(KeyModifiers::SHIFT) && !self.game.is_paused() {
            let direction = match key.code {
                KeyCode::Up => Some(Direction::Up),
                KeyCode::Down => Some(Direction::Down),
                KeyCode::Left => Some(Direction::Left),
                KeyCode::Right => Some(Direction::Right),
                _ => None,
            };
            if let Some(direction) = direction {
                self.act(Action::SelectExtend(direction));
                return;
            }
        }
        let Some(command) = self.command(key) else {
            return;
        };
        if self.game.is_paused() && matches!(command, Command::Play(_) | Command::Restart) {
            self.message = Some(format!(
                "Paused: press {} to resume.",
                self.config.keys.describe(Command::Pause, n)
            ));
            return;
        }
        match command {
            // with corner and centre marks, notes mode has two steps:
            // corner marks, then centre marks, then back to values
            Command::Play(Action::ToggleNotesMode)
                if self.config.settings.corner_centre_marks
                    && self.game.notes_mode()
                    && !self.centre_mode =>
            {
                self.centre_mode = true;
            }
            Command::Play(Action::ToggleNotesMode) => {
                self.centre_mode = false;
                self.act(Action::ToggleNotesMode);
            }
            Command::ColourNote => self.colour_note_next = true,
            Command::Play(Action::Move(direction)) if self.overview => {
                let shape = self.game.shape();
                let steps = match direction {
                    Direction::Up | Direction::Down => shape.box_rows(),
                    Direction::Left | Direction::Right => shape.box_cols(),
                };
                for _ in 0..steps {
                    self.act(Action::Move(direction));
                }
            }
            Command::Play(action) => match self.act(action) {
                Some(Applied::Checked { wrong }) => {
                    self.message = Some(match wrong {
                        0 => "Check: no wrong entries.".to_string(),
                        1 => "Check: 1 wrong entry marked.".to_string(),
                        k => format!("Check: {k} wrong entries marked."),
                    });
                }
                Some(_) if action == Action::UndoMistakes => {
                    self.message = Some("Back to where every entry is right.".to_string());
                }
                _ => {}
            },
            Command::Pause if self.game.is_paused() => {
                self.act(Action::Resume);
            }
            Command::Pause => {
                self.act(Action::Pause);
            }
            Command::Restart => self.mode = Mode::ConfirmRestart,
            // a game only looked at is the other tudoku's to keep
            Command::NewGame if self.game.can_undo() && self.read_only.is_none() => {
                self.mode = Mode::ConfirmNewGame
            }
            Command::NewGame => self.open_new_game(),
            Command::Share => self.mode = Mode::Share,
            Command::Saves => self.open_saves(),
            Command::Stats => self.mode = Mode::Stats,
            Command::Help => self.mode = Mode::Help,
            Command::Messages => self.mode = Mode::Messages,
            Command::Suspend => self.suspend_requested = true,
            Command::Quit => self.running = false,
            Command::DigitFirst if self.picked.is_some() => self.picked = None,
            Command::DigitFirst => {
                let value = self.game.value(self.game.selected());
                self.picked = Some(if value == 0 { 1 } else { value });
            }
            Command::HintUp => self.scroll_hint(false),
            Command::HintDown => self.scroll_hint(true),
            Command::Overview => self.overview = !self.overview,
            Command::Confirm if self.overview => self.overview = false,
            Command::Confirm => self.place_picked(),
            Command::Cancel if self.overview => self.overview = false,
            Command::Cancel => self.picked = None,
        }
    }

    /// The first row of the hint the panel shows: 0 for a hint not scrolled.
    pub fn hint_top(&self) -> usize {
        match self.game.hint_text() {
            Some(text) if text == self.hint_scroll.0 => self.hint_scroll.1,
            _ => 0,
        }
    }

    /// Moves a hint taller than the panel's room a page down or up (as
    /// the screen has it now); a hint that shows whole stays.
    fn scroll_hint(&mut self, down: bool) {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Screen::Fits { panel, layout, .. } = self.screen_in(area) else {
            return;
        };
        let side = self.panel_text(panel, layout);
        let (Some(text), Some(window)) = (self.game.hint_text(), side.window) else {
            return;
        };
        self.set_hint_top(text, window.next_top(down, &side.hint_starts));
    }

    /// Shows the hint `text` from its row `top`, in the panel and in the
    /// messages overlay.
    pub(super) fn set_hint_top(&mut self, text: String, top: usize) {
        self.hint_scroll = (text, top);
    }

    /// Digit-first input: the picked digit into the selected cell (a note
    /// in notes mode).
    fn place_picked(&mut self) {
        if let Some(digit) = self.picked {
            self.act(if self.game.notes_mode() {
                Action::ToggleNote(digit)
            } else {
                Action::Place(digit)
            });
        }
    }

    /// A click on a cell selects it (and in digit-first input places the
    /// picked digit, or picks a given's); a click on the pad picks that
    /// digit, or drops it when it was picked.
    fn on_click(&mut self, column: u16, row: u16) {
        if self.mode != Mode::Playing || self.game.is_paused() {
            return;
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Screen::Fits {
            board,
            layout,
            panel,
            ..
        } = self.screen_in(area)
        else {
            return;
        };
        if self.overview {
            return;
        }
        let at = (column, row).into();
        if board.contains(at)
            && let Some(cell) = layout.cell_at(column - board.x, row - board.y)
        {
            self.act(Action::Select(cell));
            // in digit-first input a given picks its digit; other cells take the picked one
            if self.picked.is_some() && self.game.is_given(cell) {
                self.picked = Some(self.game.value(cell));
            } else {
                self.place_picked();
            }
            return;
        }
        let (pad_rect, pad) = pad_area(panel, self.game.shape().n());
        if pad_rect.contains(at)
            && let Some(digit) = pad.digit_at(column - pad_rect.x, row - pad_rect.y)
        {
            self.picked = (self.picked != Some(digit)).then_some(digit);
        }
    }

    /// A drag with the button down adds the cells it crosses to the
    /// selection.
    fn on_drag(&mut self, column: u16, row: u16) {
        if self.mode != Mode::Playing || self.game.is_paused() || self.overview {
            return;
        }
        if let Some(cell) = self.cell_at(column, row)
            && cell != self.game.selected()
        {
            self.act(Action::SelectAdd(cell));
        }
    }

    /// The screen the game is laid out on in `area` (its shape, the
    /// cursor a viewport follows, whether its rules outline every cell):
    /// what drawing, clicks and hint paging all read.
    pub fn screen_in(&self, area: Rect) -> Screen {
        screen(
            area,
            self.game.shape(),
            self.game.selected(),
            self.game.is_outlined(),
        )
    }

    /// The cell drawn at a screen position, if any.
    fn cell_at(&self, column: u16, row: u16) -> Option<usize> {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let Screen::Fits { board, layout, .. } = self.screen_in(area) else {
            return None;
        };
        board
            .contains((column, row).into())
            .then(|| layout.cell_at(column - board.x, row - board.y))
            .flatten()
    }

    /// Applies a game action, reporting a refusal and noticing the win;
    /// what it did, unless it was refused.
    fn act(&mut self, action: Action) -> Option<Applied> {
        if let Some(why) = &self.read_only
            && !matches!(
                action,
                Action::Move(_)
                    | Action::Jump(_)
                    | Action::Select(_)
                    | Action::SelectExtend(_)
                    | Action::SelectAdd(_)
            )
        {
            self.message = Some(format!(
                "Read-only: {why}. {} starts a new game.",
                self.config
                    .keys
                    .describe(Command::NewGame, self.game.shape().n())
            ));
            return None;
        }
        match self.game.apply(action, self.now) {
            Ok(applied) => {
                self.unsaved = true;
                if applied == Applied::Won {
                    self.on_win();
                } else if applied == Applied::Changed {
                    self.check_mistake_limit();
                }
                Some(applied)
            }
            Err(refusal) => {
                self.message = Some(refusal.to_string());
                None
            }
        }
    }

    /// Ends the game when the mistake limit (if any) is reached.
    pub(super) fn check_mistake_limit(&mut self) {
        let limit = self.config.settings.mistake_limit;
        if limit > 0 && self.game.mistakes() >= limit && !self.game.is_won() {
            self.mode = Mode::GameOver;
        }
    }

    /// True when the unfinished game will be kept in a slot if a new one starts.
    pub fn keeps_games(&self) -> bool {
        self.disk.is_some()
    }

    fn open_new_game(&mut self) {
        let game = &self.game;
        self.mode = Mode::NewGame(NewGameForm::new(
            game.shape(),
            game.variant(),
            game.difficulty().unwrap_or(Difficulty::Medium),
        ));
    }

    /// Starts making a new game on a background thread; `tick` takes it.
    fn start_new_game(
        &mut self,
        shape: Shape,
        variant: Variant,
        difficulty: Difficulty,
        seed: Option<u64>,
        technique: Option<Technique>,
    ) {
        let seed = seed.unwrap_or_else(random_seed);
        let solved = self.stats.solved.clone();
        self.generation = Some(Generation::start(
            shape, variant, difficulty, technique, seed, solved,
        ));
        self.mode = Mode::Generating {
            shape,
            variant,
            difficulty,
            seed,
            technique,
        };
    }

    /// Abandons (and stops) the game being made and goes back to the current one.
    fn cancel_generation(&mut self) {
        self.generation = None;
        self.mode = Mode::Playing;
        self.message = Some("New game cancelled.".to_string());
    }

    /// Starts the new game if its puzzle is ready; the clock starts now.
    fn collect_generated(&mut self) {
        let Some(generation) = &self.generation else {
            return;
        };
        let Mode::Generating {
            difficulty,
            technique,
            ..
        } = self.mode
        else {
            self.generation = None;
            return;
        };
        let made = match generation.poll() {
            Progress::Working => return,
            Progress::Gone => None,
            Progress::Done(made) => {
                let (level, seed) = (made.rating.map(|r| r.difficulty), made.seed);
                let hardest = made.rating.map(|r| r.hardest);
                Game::new(made.puzzle, made.solution, level, Some(seed), self.now)
                    .ok()
                    .map(|game| (game, seed, hardest))
            }
        };
        self.generation = None;
        self.mode = Mode::Playing;
        let Some((game, seed, hardest)) = made else {
            self.message = Some("The new game could not be made.".to_string());
            return;
        };
        let (label, level) = (game.label(), game.difficulty());
        if let Err(why) = self.replace_game(game) {
            self.message = Some(format!("{why}; the new game is not started."));
            return;
        }
        self.message = Some(match (level, technique) {
            // a variant's puzzle has no level
            (None, _) => format!("New {label} game, seed {seed}."),
            (Some(level), Some(t)) if hardest == Some(t) => {
                format!("New {level} game practising {}, seed {seed}.", t.name())
            }
            (Some(level), Some(t)) => format!(
                "No puzzle needing {} found; new {level} game, seed {seed}.",
                t.name()
            ),
            (Some(level), None) if level == difficulty => {
                format!("New {difficulty} game, seed {seed}.")
            }
            (Some(level), None) => format!(
                "No {difficulty} puzzle exists for this board; new {level} game, seed {seed}."
            ),
        });
        self.begin_game();
    }
}

/// What the new-game box says after the player agreed to keep the game.
const KEPT_WHEN_NEW_GAME_STARTS: &str =
    "The unfinished game goes to a slot of its own when the new one starts.";

/// A random seed short enough to read out and type back in.
pub fn random_seed() -> u64 {
    u64::from(rand::random::<u32>())
}

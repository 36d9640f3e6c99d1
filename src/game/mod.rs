//! One game in play: givens, the player's values and notes, undo/redo, the
//! clock, mistakes, hints and the win. It knows nothing of the terminal: the
//! UI sends `Action`s to `Game::apply` and draws what the queries return.
//! Every method that involves time takes `now`, so tests never sleep.

mod action;
mod clock;
mod edit_line;
mod hint;
mod history;
mod play;
mod serde_forms;
mod source;

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::engine::{
    Difficulty, DigitSet, Geometry, Grid, House, Outcome, Rules, Shape, Variant, conflicts,
    generate_variant, is_solution, is_solved, rate_with, solve_unique, some_solution,
};

pub use action::{Action, Applied, Direction, Jump};
pub use clock::Clock;
pub use hint::HintState;
pub use history::{CellState, History, MAX_HISTORY_BYTES};
pub use source::{fresh_practice_cancellable, fresh_puzzle_cancellable, solved_key};

// What the game's tests (src/tests) reach from outside this module.
#[cfg(test)]
pub use {
    crate::engine::{Hint, HintLevel},
    action::Refusal,
    clock::MAX_PLAY_TIME,
    source::new_puzzle,
};

/// A game. Serialises whole (history included) so a save restores it exactly;
/// loading checks that the parts fit together instead of trusting the file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct Game {
    /// The puzzle, with the rules every grid of the game plays by.
    #[serde(with = "serde_forms::puzzle")]
    givens: Grid,
    #[serde(with = "serde_forms::grid")]
    solution: Grid,
    /// Givens and the player's entries.
    #[serde(with = "serde_forms::grid")]
    values: Grid,
    #[serde(with = "serde_forms::digit_sets")]
    notes: Vec<DigitSet>,
    /// Each cell's colour (0: none, else 1..=COLOURS). Saves from before
    /// colours have none; a game with none saves none.
    #[serde(default, skip_serializing_if = "all_zero")]
    colours: Vec<u8>,
    /// Each cell's notes' colours: `NOTE_COLOUR_BITS` per digit.
    #[serde(default, skip_serializing_if = "all_zero")]
    note_colours: Vec<u64>,
    /// Each cell's centre marks (Snyder notation; its notes are then the
    /// corner marks).
    #[serde(
        default,
        with = "serde_forms::digit_sets",
        skip_serializing_if = "no_digits"
    )]
    centre: Vec<DigitSet>,
    history: History,
    clock: Clock,
    paused: bool,
    won: bool,
    mistakes: u32,
    hints_used: u32,
    /// The puzzle's level; none for a variant's, made without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<Difficulty>,
    #[serde(with = "serde_forms::seed", default)]
    seed: Option<u64>,
    selected: usize,
    notes_mode: bool,
    /// Entries marked wrong by the last check, until they change.
    checked_wrong: Vec<usize>,
    /// The clock is held while something covers the board; not saved.
    #[serde(skip)]
    held: bool,
    /// The hint being shown; a position change drops it.
    #[serde(skip)]
    hint: Option<HintState>,
    /// A player's preference, not game state: set by the UI, never saved.
    #[serde(skip, default = "auto_remove_notes_default")]
    auto_remove_notes: bool,
    /// A player's preference, set by the UI, never saved: whether wrong
    /// entries are shown, so a hint may name them at once.
    #[serde(skip)]
    check_mistakes: bool,
    /// A player's preference, set by the UI, never saved: whether wrong
    /// entries count as mistakes (only where the count is shown; on for a
    /// game on its own).
    #[serde(skip, default = "count_mistakes_default")]
    count_mistakes: bool,
    /// A player's preference, set by the UI, never saved: notes kept up to
    /// date, so that erasing a digit puts back the notes placing it took.
    #[serde(skip)]
    live_notes: bool,
    /// Cells selected besides `selected` (shift+arrows, a mouse drag):
    /// notes, marks and colours go to all of them. Not saved.
    #[serde(skip)]
    also_selected: Vec<usize>,
}

fn count_mistakes_default() -> bool {
    true
}

/// How many colours a cell or a note can take (besides none).
pub const COLOURS: u8 = 6;
pub const NOTE_COLOURS: u8 = 3;
/// Bits per digit in a cell's note colours.
pub const NOTE_COLOUR_BITS: u32 = 2;

fn auto_remove_notes_default() -> bool {
    true
}

fn all_zero<T: Default + PartialEq>(values: &[T]) -> bool {
    values.iter().all(|v| *v == T::default())
}

fn no_digits(sets: &[DigitSet]) -> bool {
    sets.iter().all(|s| s.is_empty())
}

/// The colour of digit `d`'s note in a cell's note colours.
pub fn note_colour(colours: u64, digit: u8) -> u8 {
    let shift = NOTE_COLOUR_BITS * (u32::from(digit) - 1);
    ((colours >> shift) & ((1 << NOTE_COLOUR_BITS) - 1)) as u8
}

/// The note colours with digit `d`'s set to `colour`.
pub fn with_note_colour(colours: u64, digit: u8, colour: u8) -> u64 {
    let shift = NOTE_COLOUR_BITS * (u32::from(digit) - 1);
    let mask = ((1u64 << NOTE_COLOUR_BITS) - 1) << shift;
    (colours & !mask) | (u64::from(colour) << shift)
}

/// Why a game could not be built or loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidGame {
    #[error("the puzzle has no solution")]
    Unsolvable,
    #[error("the puzzle has more than one solution; tudoku plays puzzles with exactly one")]
    NotUnique,
    #[error("the puzzle has no empty cell left to play")]
    Complete,
    #[error("the solution does not solve the puzzle")]
    WrongSolution,
    #[error("the saved game does not fit together: {0}")]
    Inconsistent(&'static str),
}

impl Game {
    /// A new game from a puzzle and its solution, with the clock running from `now`.
    pub fn new(
        givens: Grid,
        solution: Grid,
        difficulty: Option<Difficulty>,
        seed: Option<u64>,
        now: Instant,
    ) -> Result<Game, InvalidGame> {
        let solution = solution
            .with_rules(givens.rules().clone())
            .map_err(|_| InvalidGame::WrongSolution)?;
        if !is_solution(&givens, &solution) {
            return Err(InvalidGame::WrongSolution);
        }
        let mut clock = Clock::new();
        clock.start(now);
        let cells = givens.values().len();
        Ok(Game {
            values: givens.clone(),
            notes: vec![DigitSet::EMPTY; cells],
            colours: vec![0; cells],
            note_colours: vec![0; cells],
            centre: vec![DigitSet::EMPTY; cells],
            solution,
            history: History::default(),
            clock,
            paused: false,
            won: false,
            mistakes: 0,
            hints_used: 0,
            difficulty,
            seed,
            selected: 0,
            notes_mode: false,
            checked_wrong: Vec::new(),
            held: false,
            hint: None,
            auto_remove_notes: auto_remove_notes_default(),
            check_mistakes: false,
            count_mistakes: count_mistakes_default(),
            live_notes: false,
            also_selected: Vec::new(),
            givens,
        })
    }

    /// A new game from a puzzle alone, solved here.
    pub fn from_puzzle(
        givens: Grid,
        difficulty: Difficulty,
        seed: Option<u64>,
        now: Instant,
    ) -> Result<Game, InvalidGame> {
        let solution = some_solution(&givens).ok_or(InvalidGame::Unsolvable)?;
        Game::new(givens, solution, Some(difficulty), seed, now)
    }

    /// A new game from a puzzle the player brought (typed in or from a
    /// file): hints and mistake checks need its one solution, so a puzzle
    /// with none or several is refused, and its level is its rating.
    pub fn from_entered(givens: Grid, now: Instant) -> Result<Game, InvalidGame> {
        if givens.filled_count() == givens.shape().cell_count() {
            return Err(InvalidGame::Complete);
        }
        let solution = match solve_unique(&givens) {
            Outcome::Unique(solution) => solution,
            Outcome::Multiple(_) => return Err(InvalidGame::NotUnique),
            Outcome::Unsolvable => return Err(InvalidGame::Unsolvable),
        };
        let difficulty = rate_with(&givens, &solution).difficulty;
        Game::new(givens, solution, Some(difficulty), None, now)
    }

    /// A freshly generated game of a shape and level; `seed` makes it
    /// reproducible. The game's level is the puzzle's real rating, which
    /// differs from `difficulty` only where that level is out of reach
    /// (see `engine::highest_level`).
    pub fn generate(shape: Shape, difficulty: Difficulty, seed: u64, now: Instant) -> Game {
        Game::generate_fresh(shape, difficulty, seed, &[], now)
    }

    /// `generate`, but never a puzzle the player solved (in any disguise):
    /// `solved` holds their `solved_key`s. The game keeps the seed that made
    /// its puzzle, `seed` or one after it.
    pub fn generate_fresh(
        shape: Shape,
        difficulty: Difficulty,
        seed: u64,
        solved: &[String],
        now: Instant,
    ) -> Game {
        let (made, seed) = fresh_puzzle_cancellable(shape, difficulty, seed, solved, &|| false)
            .expect("a generation nobody cancels always ends with a puzzle");
        Game::new(
            made.puzzle,
            made.solution,
            Some(made.rating.difficulty),
            Some(seed),
            now,
        )
        .expect("new_puzzle returns a puzzle with its solution")
    }

    /// A fresh game of `variant` (not classic, which `generate` makes) on a
    /// board of `shape`, from `seed`; `Err` says why there is none.
    /// Variant puzzles have no level yet: the game has none.
    pub fn generate_variant(
        shape: Shape,
        variant: Variant,
        seed: u64,
        now: Instant,
    ) -> Result<Game, String> {
        let made = generate_variant(shape, variant, seed).map_err(|e| e.to_string())?;
        Game::new(made.puzzle, made.solution, None, Some(seed), now).map_err(|e| e.to_string())
    }

    /// Checks what a loaded file cannot be trusted with.
    fn validate(&self) -> Result<(), InvalidGame> {
        let shape = self.givens.shape();
        let cells = shape.cell_count();
        let n = shape.n() as u8;
        let full = DigitSet::full(shape.n());
        let bad = |why| Err(InvalidGame::Inconsistent(why));
        if self.solution.shape() != shape || self.values.shape() != shape {
            return bad("grids of different shapes");
        }
        if !is_solved(&self.solution) {
            return bad("the solution is not a solved grid");
        }
        if (0..cells).any(|c| {
            let given = self.givens.get(c);
            given != 0 && (given != self.solution.get(c) || given != self.values.get(c))
        }) {
            return bad("givens differ from the solution or the board");
        }
        if self.notes.len() != cells || self.notes.iter().any(|&s| s - full != DigitSet::EMPTY) {
            return bad("notes do not fit the board");
        }
        if self.centre.len() != cells || self.centre.iter().any(|&s| s - full != DigitSet::EMPTY) {
            return bad("centre marks do not fit the board");
        }
        let note_colours_ok = |c: u64| c >> (NOTE_COLOUR_BITS * u32::from(n)) == 0;
        if self.colours.len() != cells
            || self.colours.iter().any(|&c| c > COLOURS)
            || self.note_colours.len() != cells
            || self.note_colours.iter().any(|&c| !note_colours_ok(c))
        {
            return bad("colours do not fit the board");
        }
        if !self.clock.is_in_range() {
            return bad("the play time is out of range");
        }
        if self.selected >= cells || self.checked_wrong.iter().any(|&c| c >= cells) {
            return bad("a cell index is off the board");
        }
        let state_ok = |s: &CellState| {
            s.value <= n
                && s.notes - full == DigitSet::EMPTY
                && s.centre - full == DigitSet::EMPTY
                && s.colour <= COLOURS
                && note_colours_ok(s.note_colours)
        };
        // a given's cell changes its colour only
        let given_ok = |cell: usize, s: &CellState| {
            let given = self.givens.get(cell);
            given == 0
                || (s.value == given
                    && s.notes.is_empty()
                    && s.centre.is_empty()
                    && s.note_colours == 0)
        };
        if self.history.edits().any(|e| {
            e.focus as usize >= cells
                || e.changes.iter().any(|ch| {
                    ch.cell as usize >= cells
                        || !given_ok(ch.cell as usize, &ch.before)
                        || !given_ok(ch.cell as usize, &ch.after)
                        || !state_ok(&ch.before)
                        || !state_ok(&ch.after)
                })
        }) {
            return bad("the history touches cells it cannot");
        }
        Ok(())
    }

    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }

    pub fn geometry(&self) -> &'static Geometry {
        self.shape().geometry()
    }

    /// The rules the puzzle plays by (classic, or a variant's houses and
    /// cages); every grid of the game carries the same.
    pub fn rules(&self) -> &Rules {
        self.givens.rules()
    }

    /// True when the board's houses or cages may part any two cells side
    /// by side (jigsaw regions, killer cages): it is drawn with every line.
    pub fn is_outlined(&self) -> bool {
        self.rules().regions().is_some() || !self.rules().cages().is_empty()
    }

    /// The houses a variant adds that `cell` lies in (the diagonals of
    /// Sudoku X, the windows of windoku): what the board sets apart, as a
    /// player must see them to use them.
    pub fn extra_houses(&self, cell: usize) -> impl Iterator<Item = House> + '_ {
        let (shape, rules) = (self.shape(), self.rules());
        rules
            .houses_of(shape, cell)
            .iter()
            .filter_map(move |&unit| rules.house(shape, unit))
            .filter(|house| {
                matches!(
                    house,
                    House::Diagonal | House::AntiDiagonal | House::Window(_)
                )
            })
    }

    /// The cells that may not hold the same digit as `cell` under the
    /// game's rules.
    pub fn peers(&self, cell: usize) -> &[usize] {
        self.rules().peers(self.shape(), cell)
    }

    /// The cells of the houses and the cage `cell` lies in (itself among
    /// them), under the game's rules: what highlighting its peers lights.
    pub fn house_mates(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (shape, rules) = (self.shape(), self.rules());
        let cage = rules.cage_of(cell).map_or(&[][..], |cage| cage.cells());
        rules
            .houses_of(shape, cell)
            .iter()
            .flat_map(move |&house| rules.house_cells(shape, house).iter().copied())
            .chain(cage.iter().copied())
    }

    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Givens and entries together.
    pub fn values(&self) -> &Grid {
        &self.values
    }

    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    pub fn value(&self, cell: usize) -> u8 {
        self.values.get(cell)
    }

    pub fn notes(&self, cell: usize) -> DigitSet {
        self.notes[cell]
    }

    /// A cell's colour: 0 for none, else 1..=COLOURS.
    pub fn colour(&self, cell: usize) -> u8 {
        self.colours[cell]
    }

    /// The colour of a note (0 for none, else 1..=NOTE_COLOURS).
    pub fn note_colour(&self, cell: usize, digit: u8) -> u8 {
        note_colour(self.note_colours[cell], digit)
    }

    /// A cell's centre marks.
    pub fn centre(&self, cell: usize) -> DigitSet {
        self.centre[cell]
    }

    /// Every selected cell: the cursor's first, then the others in the
    /// order they were added.
    pub fn selection(&self) -> Vec<usize> {
        let mut all = vec![self.selected];
        all.extend(self.also_selected.iter().filter(|&&c| c != self.selected));
        all
    }

    /// True when the cell is one of several selected.
    pub fn is_also_selected(&self, cell: usize) -> bool {
        self.also_selected.contains(&cell)
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.givens.get(cell) != 0
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// True while the clock is held (see `Action::Hold`).
    pub fn is_held(&self) -> bool {
        self.held
    }

    pub fn is_won(&self) -> bool {
        self.won
    }

    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// The rules' name parts: classic, or jigsaw, killer, x, windoku...
    pub fn variant(&self) -> Variant {
        self.rules().variant()
    }

    /// What the game is called beside its board, in slot lists and names:
    /// its level (`easy`), or its variant's name (`jigsaw`), which has none.
    pub fn label(&self) -> String {
        match self.difficulty {
            Some(level) if self.variant().is_classic() => level.to_string(),
            Some(level) => format!("{} {level}", self.variant()),
            None => self.variant().to_string(),
        }
    }

    /// The puzzle's level; `None` for a variant's (made without one).
    pub fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Play time up to `now` (stopped while paused and after the win).
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    pub fn hint(&self) -> Option<&HintState> {
        self.hint.as_ref()
    }

    /// The current hint's line of text, if a hint is shown.
    pub fn hint_text(&self) -> Option<String> {
        self.hint.as_ref().map(|h| h.text(self.geometry()))
    }

    /// Cells the current hint points at, for its level.
    pub fn hint_cells(&self) -> Vec<usize> {
        self.hint
            .as_ref()
            .map_or_else(Vec::new, |h| h.cells(self.geometry()))
    }

    /// Cells the current hint changes, for its level: where it places or
    /// removes (a part of `hint_cells`).
    pub fn hint_changes(&self) -> Vec<usize> {
        self.hint
            .as_ref()
            .map_or_else(Vec::new, |h| h.changes(self.geometry()))
    }

    /// True when the last check marked this cell's entry wrong.
    pub fn is_marked_wrong(&self, cell: usize) -> bool {
        self.checked_wrong.contains(&cell)
    }

    /// Cells whose digit repeats in one of their units.
    pub fn conflicts(&self) -> Vec<usize> {
        let shape = self.values.shape();
        conflicts(&self.values)
            .into_iter()
            .filter_map(|cell| cell.index(shape))
            .collect()
    }

    pub fn filled_count(&self) -> usize {
        self.values.filled_count()
    }

    /// How many of each digit are still to place (index d; index 0 unused):
    /// n less the times d is on the board, never below 0.
    pub fn remaining_counts(&self) -> Vec<usize> {
        let n = self.shape().n();
        let mut remaining = vec![n; n + 1];
        for &v in self.values.values() {
            remaining[v as usize] = remaining[v as usize].saturating_sub(1);
        }
        remaining
    }

    /// Whether placing a digit removes it from the notes of the cell's peers
    /// (a setting; on by default).
    pub fn set_auto_remove_notes(&mut self, on: bool) {
        self.auto_remove_notes = on;
    }

    /// Whether notes are kept up to date (a setting; off by default):
    /// placing a digit takes it out of its peers' notes, and erasing it (or
    /// placing another over it) puts back just the notes it took.
    pub fn set_live_notes(&mut self, on: bool) {
        self.live_notes = on;
    }

    /// Whether the player has wrong entries shown (a setting; off by
    /// default): a hint then names a wrong entry at once.
    pub fn set_check_mistakes(&mut self, on: bool) {
        self.check_mistakes = on;
    }

    /// Whether a wrong entry adds to the mistakes (a setting: only where
    /// the count is shown, so that a limit set later starts from what the
    /// player saw).
    pub fn set_count_mistakes(&mut self, on: bool) {
        self.count_mistakes = on;
    }

    /// Folds the time played so far into the clock's saved total, so that a
    /// save made now holds the play time up to `now` (the running part of
    /// the clock is not saved).
    pub fn settle_clock(&mut self, now: Instant) {
        if self.clock.is_running() {
            self.clock.stop(now);
            self.clock.start(now);
        }
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Game::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let mut game = Game::deserialize(d)?;
        // the puzzle alone carries the rules in the file
        let rules = game.givens.rules().clone();
        for grid in [&mut game.solution, &mut game.values] {
            let shape = grid.shape();
            *grid = std::mem::replace(grid, Grid::empty(shape))
                .with_rules(rules.clone())
                .map_err(|_| {
                    serde::de::Error::custom(InvalidGame::Inconsistent("grids of different shapes"))
                })?;
        }
        // saves from before colours and centre marks have none
        let cells = game.notes.len();
        if game.colours.is_empty() {
            game.colours = vec![0; cells];
        }
        if game.note_colours.is_empty() {
            game.note_colours = vec![0; cells];
        }
        if game.centre.is_empty() {
            game.centre = vec![DigitSet::EMPTY; cells];
        }
        game.validate().map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}

//! The puzzle text format of DESIGN.md: one puzzle per line (or a
//! pretty-printed grid over n lines), symbols 1-9 then A-P, `.`, `0` or `_`
//! for an empty cell, whitespace and `| - +` ignored, `#` comments. Kept
//! apart from `Grid` because only the CLI, the game's loader and tests read
//! text.
//!
//! The puzzle lists people keep read too, one puzzle at a time:
//! - text after a puzzle on its line: tudoku's own columns (`generate
//!   --solution --rate`), Sudoku Explainer's `ED=9.0/1.2/1.2`, a `# comment`.
//!   A second grid of the same size right after the puzzle is kept as
//!   [`ParsedPuzzle::second`] (a solution, or a player's entries); text that
//!   holds a character no puzzle has is a note and skipped; more symbols
//!   that are neither are an error, since they could be cells;
//! - HoDoKu's `:0000:x:puzzle:::` lines (the puzzle is the fourth field);
//! - `.sdk` files: the grid under a `[Puzzle]` header is read, other
//!   sections (`[State]`) are skipped.

use std::collections::VecDeque;

use super::digits::DigitSet;
use super::geometry::{SUPPORTED_SIZES, Shape};
use super::grid::{Grid, symbol};
use super::rules::{is_variant_line, parse_variant};

/// One puzzle line, as `Grid::parse` promises: no comments, no multi-line grid.
pub(super) fn parse_one(line: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let scanned = scan_line(line, 1)?;
    grid_from_symbols(scanned, line, 0, 1, shape)
}

/// Where and why a puzzle could not be read. Lines and columns are 1-based;
/// the column counts characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// What is wrong at a [`ParseError`]'s place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A variant line (tudoku's or Solo's) that does not read: what is
    /// wrong, in words.
    #[error("{0}")]
    Variant(String),
    /// A character that is neither a symbol nor a separator.
    #[error("bad symbol {0:?}: expected 1-9, A-P, '.', '0' or '_'")]
    BadSymbol(char),
    /// A symbol above the board's largest digit.
    #[error("symbol '{symbol}' is too large for a {n}x{n} board")]
    SymbolTooLarge {
        /// The symbol as written.
        symbol: char,
        /// The board's side, its largest digit.
        n: usize,
    },
    /// A count of symbols that is no board's n*n.
    #[error(
        "{found} symbols is not a puzzle: a puzzle has n*n symbols, 16, 36, 64, 81, 144, 256 or 625"
    )]
    BadLength {
        /// How many symbols the puzzle has.
        found: usize,
    },
    /// More symbols than the largest board holds.
    #[error("more than 625 symbols: the largest puzzle (25x25) has 625")]
    TooLong,
    /// A box shape asked for that does not fit the puzzle's length.
    #[error("the box shape {shape} needs {expected} symbols, the puzzle has {found}")]
    ShapeMismatch {
        /// The box shape asked for.
        shape: Shape,
        /// The symbols that shape needs.
        expected: usize,
        /// The symbols the puzzle has.
        found: usize,
    },
    /// A pretty-printed grid that ends before its last row.
    #[error("the grid that starts here has {found} of its {expected} rows")]
    IncompleteGrid {
        /// The rows the grid needs.
        expected: usize,
        /// The rows it has.
        found: usize,
    },
    /// More symbols after a puzzle than make a second grid of its board.
    #[error(
        "a puzzle of {cells} symbols, then {found} more that are not a second grid: \
         join them, or write text after the puzzle, or a `#` before a comment"
    )]
    AmbiguousColumns {
        /// The puzzle's cells.
        cells: usize,
        /// The symbols after it.
        found: usize,
    },
    /// Notes that do not give one group per cell.
    #[error("notes for {found} cells: the puzzle has {cells}, one group per cell, split by ','")]
    BadNotes {
        /// The puzzle's cells.
        cells: usize,
        /// The groups of notes found.
        found: usize,
    },
}

const MAX_SYMBOLS: usize = 625;

/// What a byte of puzzle text is: a cell's value (0 for empty), a
/// separator, or anything else.
const SEPARATOR: u8 = 0xFE;
const OTHER: u8 = 0xFF;

/// The class of every ASCII byte; bytes from 128 on are [`OTHER`].
const CLASSES: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = match b as u8 {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => b as u8 - b'0',
            b'a'..=b'p' => b as u8 - b'a' + 10,
            b'A'..=b'P' => b as u8 - b'A' + 10,
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'|' | b'-' | b'+' => SEPARATOR,
            _ => OTHER,
        };
        b += 1;
    }
    table
};

/// A byte's value when it is a symbol (as [`CLASSES`] has it), [`OTHER`]
/// for anything else, separators included. Comparisons and selects, not
/// the table: the compiler does 16 or more bytes at once, where a lookup
/// takes them one at a time (callgrind on serg_benchmark, with the
/// branch-free `Grid::into_line`: 174 instructions a line fewer).
fn plain_value(b: u8) -> u8 {
    let digit = b.wrapping_sub(b'0');
    // `A`-`P` and `a`-`p` alike: setting bit 5 lowers a capital's case
    let letter = (b | 0x20).wrapping_sub(b'a');
    if digit <= 9 {
        digit
    } else if letter < 16 {
        letter + 10
    } else if b == b'.' || b == b'_' {
        0
    } else {
        OTHER
    }
}

/// The class of a character: its value, [`SEPARATOR`] or [`OTHER`].
fn class(ch: char) -> u8 {
    if ch.is_ascii() {
        CLASSES[ch as usize]
    } else if ch.is_whitespace() {
        SEPARATOR
    } else {
        OTHER
    }
}

/// The symbols of one line (or of one field of it).
struct ScannedLine {
    values: Vec<u8>,
    /// The largest value, to check against the board's size at once.
    max: u8,
    /// Column just past the line's last character, for errors about length.
    end_column: usize,
    /// True when separators (spaces, `|`, `-`, `+`) stand between symbols,
    /// the mark of a pretty-printed row.
    separated: bool,
}

/// Reads the symbols of `line`; a character that is neither a symbol nor a
/// separator is an error at its column. Columns are counted in characters
/// (and so in bytes on ASCII text, the fast path).
fn scan_line(line: &str, line_no: usize) -> Result<ScannedLine, ParseError> {
    if line.len() <= MAX_SYMBOLS
        && let Some(scanned) = plain_symbols(line.as_bytes())
    {
        return Ok(scanned);
    }
    if line.is_ascii() {
        scan_chars(line.bytes().map(char::from), line.len(), line_no)
    } else {
        scan_chars(line.chars(), line.len(), line_no)
    }
}

/// The symbols of `line` when it holds symbols and nothing else (the
/// common case), in one tight pass; `None` for anything else (a separator,
/// a bad byte), which the full scan then reads.
fn plain_symbols(line: &[u8]) -> Option<ScannedLine> {
    let values: Vec<u8> = line.iter().copied().map(plain_value).collect();
    let max = values.iter().copied().fold(0, u8::max);
    (max < SEPARATOR).then_some(ScannedLine {
        values,
        max,
        end_column: line.len() + 1,
        separated: false,
    })
}

fn scan_chars(
    chars: impl Iterator<Item = char>,
    len: usize,
    line_no: usize,
) -> Result<ScannedLine, ParseError> {
    // a line's symbols at most, so the pushes below never reallocate
    let mut values = Vec::with_capacity(len.min(MAX_SYMBOLS));
    let mut max = 0;
    let mut separated = false;
    let mut pending_separator = false;
    let mut column = 0;
    for ch in chars {
        column += 1;
        let value = class(ch);
        if value == SEPARATOR {
            pending_separator = !values.is_empty();
            continue;
        }
        let error = |kind| ParseError {
            line: line_no,
            column,
            kind,
        };
        if value == OTHER {
            return Err(error(ParseErrorKind::BadSymbol(ch)));
        }
        if values.len() == MAX_SYMBOLS {
            return Err(error(ParseErrorKind::TooLong));
        }
        separated |= pending_separator;
        pending_separator = false;
        max = max.max(value);
        values.push(value);
    }
    Ok(ScannedLine {
        values,
        max,
        end_column: column + 1,
        separated,
    })
}

/// The column of the `index`-th symbol (0-based) of `text`, which starts at
/// column `offset + 1`: errors need it, the fast path does not keep it.
fn symbol_column(text: &str, offset: usize, index: usize) -> usize {
    text.chars()
        .enumerate()
        .filter(|&(_, ch)| class(ch) < SEPARATOR)
        .nth(index)
        .map_or(offset + 1, |(i, _)| offset + i + 1)
}

/// Builds a grid from the symbols of a one-line puzzle `text` (which starts
/// at column `offset + 1` of line `line`), checking length, shape and range.
fn grid_from_symbols(
    scanned: ScannedLine,
    text: &str,
    offset: usize,
    line: usize,
    shape: Option<Shape>,
) -> Result<Grid, ParseError> {
    let error = |column, kind| ParseError { line, column, kind };
    let found = scanned.values.len();
    let end_column = offset + scanned.end_column;
    let shape = match shape {
        Some(shape) if shape.cell_count() == found => shape,
        Some(shape) => {
            return Err(error(
                end_column,
                ParseErrorKind::ShapeMismatch {
                    shape,
                    expected: shape.cell_count(),
                    found,
                },
            ));
        }
        None => Shape::for_cell_count(found)
            .ok_or_else(|| error(end_column, ParseErrorKind::BadLength { found }))?,
    };
    let n = shape.n();
    if scanned.max as usize > n {
        let i = scanned
            .values
            .iter()
            .position(|&v| v as usize > n)
            .expect("the largest value is over n");
        let symbol = symbol(scanned.values[i]);
        return Err(error(
            symbol_column(text, offset, i),
            ParseErrorKind::SymbolTooLarge { symbol, n },
        ));
    }
    Ok(Grid::from_checked_values(shape, scanned.values))
}

/// A puzzle read from text, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPuzzle {
    /// The line the puzzle starts on, from 1.
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
    /// A second grid of the same shape written after the puzzle on its
    /// line, such as the solution `generate --solution` writes or the
    /// player's entries `hint` reads; `None` when there is none.
    pub second: Option<Grid>,
    /// The player's notes, after the second grid: one group of candidate
    /// symbols per cell in reading order, groups separated by `,` (an
    /// empty group: no notes in that cell), e.g. `12,,3,...`.
    pub notes: Option<Vec<DigitSet>>,
}

/// Reads every puzzle of a text: one per line, or pretty-printed over n lines.
/// Yields one item per puzzle or per error, in text order, and never stops early.
pub fn parse_puzzles(text: &str, shape: Option<Shape>) -> PuzzleReader<'_> {
    PuzzleReader {
        lines: text.lines().enumerate(),
        assembler: PuzzleAssembler::new(shape),
    }
}

/// A pretty-printed grid being collected row by row.
struct PendingGrid {
    start_line: usize,
    n: usize,
    rows: usize,
    values: Vec<u8>,
    end_column: usize,
}

/// Puzzles from lines handed over one at a time, for callers that read
/// their text in pieces (a stream of any length) rather than holding it all.
/// [`parse_puzzles`] is this over a whole text. The engine does no I/O, so
/// the caller reads: here from anything `BufRead`, such as a file or
/// standard input, in memory that does not grow with the stream.
///
/// ```
/// use std::io::BufRead;
/// use tudoku_engine::PuzzleAssembler;
///
/// // stands in for `std::io::stdin().lock()` or a `BufReader` of a file
/// let input = std::io::Cursor::new("1234341221434321\n# a comment\n1.34........4321\n");
/// let mut puzzles = PuzzleAssembler::new(None);
/// let mut read = Vec::new();
/// for (index, line) in input.lines().enumerate() {
///     puzzles.push_line(index + 1, &line?);
///     while let Some(puzzle) = puzzles.pop() {
///         read.push(puzzle?);
///     }
/// }
/// puzzles.end_grid(); // the text is over: a grid left open is an error
/// assert!(puzzles.pop().is_none());
/// assert_eq!(read.iter().map(|p| p.line).collect::<Vec<_>>(), [1, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PuzzleAssembler {
    shape: Option<Shape>,
    pending: Option<PendingGrid>,
    /// Inside a `.sdk` file's section other than `[Puzzle]`, whose lines
    /// are skipped.
    skipping: bool,
    ready: VecDeque<Result<ParsedPuzzle, ParseError>>,
}

/// What came after a puzzle on its line.
#[derive(Default)]
struct Found {
    second: Option<Grid>,
    notes: Option<Vec<DigitSet>>,
}

/// The whitespace-separated fields of a line from a byte position, each
/// with the number of characters before it.
struct Fields<'a> {
    rest: &'a str,
    /// Characters of the line before `rest`.
    offset: usize,
}

impl<'a> Fields<'a> {
    fn new(line: &'a str, from: usize) -> Fields<'a> {
        Fields {
            rest: &line[from..],
            offset: line[..from].chars().count(),
        }
    }

    /// The next field and its offset, without taking it.
    fn peek(&self) -> Option<(&'a str, usize)> {
        let skip = self.rest.len() - self.rest.trim_start().len();
        let field = self.rest[skip..].split(char::is_whitespace).next()?;
        (!field.is_empty()).then(|| (field, self.offset + self.rest[..skip].chars().count()))
    }

    /// Takes the next field.
    fn next(&mut self) {
        if let Some((field, offset)) = self.peek() {
            let skip = self.rest.len() - self.rest.trim_start().len();
            self.rest = &self.rest[skip + field.len()..];
            self.offset = offset + field.chars().count();
        }
    }
}

/// Reads the notes column: `cells` groups separated by `,`, each the
/// candidate symbols of one cell in reading order (an empty group: no
/// notes there), as `12,,3,...`. `text` starts at column `offset + 1`.
fn parse_notes(
    text: &str,
    offset: usize,
    line: usize,
    cells: usize,
) -> Result<Vec<DigitSet>, ParseError> {
    let n = SUPPORTED_SIZES
        .into_iter()
        .find(|&n| n * n == cells)
        .unwrap_or(0);
    let mut notes = Vec::with_capacity(cells);
    let mut column = offset;
    for group in text.split(',') {
        let mut set = DigitSet::EMPTY;
        for ch in group.chars() {
            column += 1;
            let value = class(ch);
            let error = |kind| ParseError { line, column, kind };
            if value == 0 || value >= SEPARATOR {
                return Err(error(ParseErrorKind::BadSymbol(ch)));
            }
            if value as usize > n {
                return Err(error(ParseErrorKind::SymbolTooLarge { symbol: ch, n }));
            }
            set.insert(value);
        }
        column += 1; // the comma
        notes.push(set);
    }
    if notes.len() != cells {
        return Err(ParseError {
            line,
            column: offset + 1,
            kind: ParseErrorKind::BadNotes {
                cells,
                found: notes.len(),
            },
        });
    }
    Ok(notes)
}

/// How a line's first field and the text after it read.
enum Columns<'a> {
    /// The first field is a whole puzzle, with what came after it.
    Puzzle(ScannedLine, Found),
    /// Not a puzzle followed by columns: read the line as a whole.
    Whole(&'a str),
}

impl PuzzleAssembler {
    /// Puzzles of `shape`, or of the default shape for their size when `None`.
    pub fn new(shape: Option<Shape>) -> PuzzleAssembler {
        PuzzleAssembler {
            shape,
            pending: None,
            skipping: false,
            ready: VecDeque::new(),
        }
    }

    /// The next puzzle or error that is complete, in text order.
    pub fn pop(&mut self) -> Option<Result<ParsedPuzzle, ParseError>> {
        self.ready.pop_front()
    }

    /// Ends a pretty-printed grid in progress, which is then reported
    /// incomplete: at the end of the text, or at a line the caller could not
    /// hand over (one too long to read).
    pub fn end_grid(&mut self) {
        if let Some(p) = self.pending.take() {
            self.ready.push_back(Err(ParseError {
                line: p.start_line,
                column: 1,
                kind: ParseErrorKind::IncompleteGrid {
                    expected: p.n,
                    found: p.rows,
                },
            }));
        }
    }

    fn fail(&mut self, error: ParseError) {
        self.end_grid();
        self.ready.push_back(Err(error));
    }

    /// A one-line puzzle `text`, at column `offset + 1` of line `line_no`.
    fn finish(
        &mut self,
        scanned: ScannedLine,
        text: &str,
        offset: usize,
        line_no: usize,
        found: Found,
    ) {
        let result = grid_from_symbols(scanned, text, offset, line_no, self.shape).map(|grid| {
            ParsedPuzzle {
                line: line_no,
                grid,
                second: found.second,
                notes: found.notes,
            }
        });
        self.ready.push_back(result);
    }

    /// [`PuzzleAssembler::push_line`] for a line read as bytes: a puzzle's
    /// symbols and nothing else, the line almost every puzzle file is made
    /// of, are ASCII and read as they stand; any other line is read as
    /// text, with bytes that are not UTF-8 as U+FFFD (which the reader
    /// then reports as a bad symbol, at its column). Checking a plain line
    /// for UTF-8 first cost `solve` as much as reading its symbols.
    pub fn push_bytes(&mut self, line_no: usize, line: &[u8]) {
        // a plain line the reader refuses (a symbol too large for the
        // board) goes the long way too, for the error and its column
        if let Some(scanned) = self.plain_puzzle(line)
            && let Ok(grid) = grid_from_symbols(scanned, "", 0, line_no, self.shape)
        {
            self.end_grid();
            return self.ready.push_back(Ok(ParsedPuzzle {
                line: line_no,
                grid,
                second: None,
                notes: None,
            }));
        }
        self.push_line(line_no, &String::from_utf8_lossy(line));
    }

    /// Reads line `line_no` (1-based) of the text, without its line break.
    pub fn push_line(&mut self, line_no: usize, line: &str) {
        if let Some(scanned) = self.plain_puzzle(line.as_bytes()) {
            self.end_grid();
            return self.finish(scanned, line, 0, line_no, Found::default());
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            self.end_grid();
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        if trimmed.starts_with('[') && trimmed.trim_end().ends_with(']') {
            // a section header of a `.sdk` file
            self.end_grid();
            self.skipping = !trimmed.trim_end().eq_ignore_ascii_case("[puzzle]");
            return;
        }
        if self.skipping {
            return;
        }
        // a `# comment` after the puzzle
        let line = line.split_once('#').map_or(line, |(before, _)| before);
        if trimmed.starts_with(':') {
            return self.push_hodoku(line_no, line);
        }
        if is_variant_line(line) {
            self.end_grid();
            let indent = line.chars().count() - line.trim_start().chars().count();
            let read = parse_variant(line)
                .map(|grid| ParsedPuzzle {
                    line: line_no,
                    grid,
                    second: None,
                    notes: None,
                })
                .map_err(|e| ParseError {
                    line: line_no,
                    column: indent + e.column,
                    kind: ParseErrorKind::Variant(e.message),
                });
            return self.ready.push_back(read);
        }
        match self.columns(line_no, line) {
            Ok(Columns::Puzzle(scanned, found)) => {
                self.end_grid();
                self.finish(scanned, line, 0, line_no, found);
            }
            Ok(Columns::Whole(line)) => self.push_whole(line_no, line),
            Err(e) => self.fail(e),
        }
    }

    /// The symbols of `line` when it is a puzzle's symbols and nothing
    /// else, the line almost every puzzle file is made of: read in one pass,
    /// without the checks for other layouts. `None` sends it the long way.
    fn plain_puzzle(&self, line: &[u8]) -> Option<ScannedLine> {
        let cells = line.len();
        let fits = match self.shape {
            Some(shape) => shape.cell_count() == cells,
            None => cells != 16 && Shape::for_cell_count(cells).is_some(),
        };
        if !fits || self.skipping || self.pending.is_some() {
            return None;
        }
        plain_symbols(line)
    }

    /// A HoDoKu library line, `:0000:x:puzzle:::`: the fourth field is the
    /// puzzle (its `+` marks, placed digits, are separators here).
    fn push_hodoku(&mut self, line_no: usize, line: &str) {
        let mut fields = line.split(':');
        let field = fields.nth(3);
        let Some(puzzle) = field.filter(|_| fields.next().is_some()) else {
            let column = line.chars().take_while(|&c| c != ':').count() + 1;
            return self.fail(ParseError {
                line: line_no,
                column,
                kind: ParseErrorKind::BadSymbol(':'),
            });
        };
        let start = puzzle.as_ptr() as usize - line.as_ptr() as usize;
        let offset = line[..start].chars().count();
        match scan_line(puzzle, line_no) {
            Ok(scanned) => {
                self.end_grid();
                self.finish(scanned, puzzle, offset, line_no, Found::default());
            }
            Err(mut e) => {
                e.column += offset;
                self.fail(e);
            }
        }
    }

    /// How the line splits: a whole puzzle as its first field, then other
    /// columns; or a line to read whole (a puzzle alone, or a row of a
    /// pretty-printed grid). After the puzzle may come a second grid of its
    /// size, then notes (see [`ParsedPuzzle::notes`]), then a note for
    /// people (text with a character no puzzle has). Symbols that are none
    /// of these are an error at the first of them.
    fn columns<'a>(&self, line_no: usize, line: &'a str) -> Result<Columns<'a>, ParseError> {
        let start = line.len() - line.trim_start().len();
        let rest = &line[start..];
        let Some(split) = rest.find(char::is_whitespace) else {
            return Ok(Columns::Whole(line));
        };
        let after = &rest[split..];
        if after.trim().is_empty() {
            return Ok(Columns::Whole(line));
        }
        let Ok(first) = scan_line(&rest[..split], line_no) else {
            return Ok(Columns::Whole(line));
        };
        let cells = first.values.len();
        let is_puzzle = match self.shape {
            Some(shape) => shape.cell_count() == cells,
            None => Shape::for_cell_count(cells).is_some(),
        };
        let continues_rows = self.pending.as_ref().is_some_and(|p| p.n == cells);
        if !is_puzzle || continues_rows || (first.separated && SUPPORTED_SIZES.contains(&cells)) {
            return Ok(Columns::Whole(line));
        }
        let mut fields = Fields::new(line, start + split);
        let mut found = Found::default();
        if let Some((text, offset)) = fields.peek()
            && let Ok(scanned) = scan_line(text, line_no)
            && scanned.values.len() == cells
        {
            found.second = Some(grid_from_symbols(
                scanned, text, offset, line_no, self.shape,
            )?);
            fields.next();
            if let Some((text, offset)) = fields.peek()
                && text.contains(',')
            {
                found.notes = Some(parse_notes(text, offset, line_no, cells)?);
                fields.next();
            }
        }
        let Some((text, offset)) = fields.peek() else {
            return Ok(Columns::Puzzle(first, found));
        };
        let remainder = fields.rest.trim_start();
        debug_assert!(remainder.starts_with(text));
        let Ok(more) = scan_line(remainder, line_no) else {
            // a note: text no puzzle has
            return Ok(Columns::Puzzle(first, found));
        };
        if found.second.is_none()
            && SUPPORTED_SIZES.contains(&cells)
            && cells + more.values.len() == cells * cells
        {
            // not a puzzle then columns, but a puzzle of n*n rows written
            // with a space after its first n symbols (one row of 16x16)
            return Ok(Columns::Whole(line));
        }
        Err(ParseError {
            line: line_no,
            column: symbol_column(remainder, offset, 0),
            kind: ParseErrorKind::AmbiguousColumns {
                cells,
                found: more.values.len(),
            },
        })
    }

    /// A line read whole: a one-line puzzle, or a row of a pretty grid.
    fn push_whole(&mut self, line_no: usize, line: &str) {
        let scanned = match scan_line(line, line_no) {
            Ok(s) => s,
            Err(e) => return self.fail(e),
        };
        let count = scanned.values.len();
        if count == 0 {
            return; // a rule such as `------+-------` inside a pretty grid
        }
        // A row of a pretty-printed grid has n symbols; 16 is also a whole 4x4
        // puzzle, so a 16-symbol line counts as a row only when it is spaced out
        // or continues a 16x16 grid.
        let continues = self.pending.as_ref().is_some_and(|p| p.n == count);
        let row_like =
            SUPPORTED_SIZES.contains(&count) && (count != 16 || scanned.separated || continues);
        if !row_like {
            self.end_grid();
            self.finish(scanned, line, 0, line_no, Found::default());
            return;
        }
        if scanned.max as usize > count {
            let i = scanned.values.iter().position(|&v| v as usize > count);
            let i = i.expect("the largest value is over n");
            return self.fail(ParseError {
                line: line_no,
                column: symbol_column(line, 0, i),
                kind: ParseErrorKind::SymbolTooLarge {
                    symbol: symbol(scanned.values[i]),
                    n: count,
                },
            });
        }
        if !continues {
            self.end_grid();
            self.pending = Some(PendingGrid {
                start_line: line_no,
                n: count,
                rows: 0,
                values: Vec::with_capacity(count * count),
                end_column: 1,
            });
        }
        let p = self
            .pending
            .as_mut()
            .expect("pending grid was just ensured");
        p.values.extend_from_slice(&scanned.values);
        p.end_column = scanned.end_column;
        p.rows += 1;
        if p.rows == p.n {
            let p = self.pending.take().expect("pending grid exists");
            let scanned = ScannedLine {
                values: p.values,
                max: 0, // every row was checked
                end_column: p.end_column,
                separated: true,
            };
            self.finish(scanned, "", 0, p.start_line, Found::default());
        }
    }
}

/// Iterator returned by [`parse_puzzles`].
pub struct PuzzleReader<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    assembler: PuzzleAssembler,
}

impl Iterator for PuzzleReader<'_> {
    type Item = Result<ParsedPuzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.assembler.pop() {
                return Some(item);
            }
            match self.lines.next() {
                Some((i, line)) => self.assembler.push_line(i + 1, line),
                None => {
                    self.assembler.end_grid();
                    return self.assembler.pop();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn parse_all(text: &str) -> Vec<Result<ParsedPuzzle, ParseError>> {
        parse_puzzles(text, None).collect()
    }

    /// The fast path's classes agree with the table every other path
    /// reads: the same value for every symbol, and no value for anything
    /// else, separators included.
    #[test]
    fn plain_values_are_the_table_s_symbols() {
        for b in 0..=u8::MAX {
            let class = CLASSES[b as usize];
            let plain = plain_value(b);
            if class < SEPARATOR {
                assert_eq!(plain, class, "byte {b:#04x}");
            } else {
                assert!(plain >= SEPARATOR, "byte {b:#04x} gave {plain}");
            }
        }
    }

    /// Lines given as bytes read as the same lines given as text, with
    /// bytes that are not UTF-8 as U+FFFD: plain puzzles, a symbol too
    /// large at its column, a bad byte, other layouts, a pretty grid.
    #[test]
    fn lines_as_bytes_read_as_the_same_text() {
        let too_large = format!("{}G{}", &PUZZLE[..30], &PUZZLE[31..]);
        let bad_byte = [&PUZZLE.as_bytes()[..5], b"\xff", &PUZZLE.as_bytes()[6..]].concat();
        let lines: Vec<Vec<u8>> = [
            PUZZLE,
            too_large.as_str(),
            "1234341221434321",
            "# a comment",
            "",
            "1.34 ....\t....4321",
            "12|34",
            "34|12",
            "--+--",
            "21|43",
            "43|21",
            "1.34........4321 # four by four",
        ]
        .iter()
        .map(|line| line.as_bytes().to_vec())
        .chain([bad_byte, b"\xc3\xa9".to_vec()])
        .collect();
        let (mut as_bytes, mut as_text) = (PuzzleAssembler::new(None), PuzzleAssembler::new(None));
        let (mut from_bytes, mut from_text) = (Vec::new(), Vec::new());
        for (i, line) in lines.iter().enumerate() {
            as_bytes.push_bytes(i + 1, line);
            as_text.push_line(i + 1, &String::from_utf8_lossy(line));
            from_bytes.extend(std::iter::from_fn(|| as_bytes.pop()));
            from_text.extend(std::iter::from_fn(|| as_text.pop()));
        }
        assert_eq!(from_bytes, from_text);
        let errors = from_text.iter().filter(|read| read.is_err()).count();
        assert!(errors >= 3, "{from_text:?}");
        assert!(from_text.len() - errors >= 4, "{from_text:?}");
    }

    #[test]
    fn errors_name_line_column_and_cause() {
        let bad_symbol = format!("{}x{}", &PUZZLE[..10], &PUZZLE[11..]);
        let items = parse_all(&format!("# comment\n\n{PUZZLE}\n{bad_symbol}\n"));
        assert!(items[0].is_ok());
        assert_eq!(items[0].as_ref().unwrap().line, 3);
        let e = items[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (4, 11));
        assert_eq!(e.kind, ParseErrorKind::BadSymbol('x'));

        let too_large = format!("A{}", &PUZZLE[1..]);
        let e = Grid::parse(&too_large, None).unwrap_err();
        assert_eq!(e.column, 1);
        assert_eq!(e.kind, ParseErrorKind::SymbolTooLarge { symbol: 'A', n: 9 });

        let e = Grid::parse(&PUZZLE[..80], None).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadLength { found: 80 });
        assert_eq!(e.column, 81);

        let long = "1".repeat(10_000_000);
        let e = Grid::parse(&long, None).unwrap_err();
        assert_eq!((e.column, e.kind), (626, ParseErrorKind::TooLong));
    }

    #[test]
    fn box_override_changes_shape_or_is_refused() {
        let line = ".".repeat(36);
        let tall = Shape::new(3, 2).unwrap();
        assert_eq!(Grid::parse(&line, Some(tall)).unwrap().shape(), tall);
        let e = Grid::parse(&".".repeat(81), Some(tall)).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::ShapeMismatch { .. }));
    }

    #[test]
    fn pretty_printed_grids_parse() {
        let pretty = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
";
        let items = parse_all(pretty);
        assert_eq!(items.len(), 1);
        let p = items[0].as_ref().unwrap();
        assert_eq!(p.line, 1);
        assert_eq!(p.grid.to_line(false), PUZZLE);
    }

    #[test]
    fn incomplete_pretty_grid_is_reported_at_its_start() {
        let items = parse_all("\n4 . . . . . 8 . 5\n. 3 . . . . . . .\n\n");
        assert_eq!(items.len(), 1);
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.kind,
            ParseErrorKind::IncompleteGrid {
                expected: 9,
                found: 2
            }
        );
    }

    #[test]
    fn sixteen_symbol_lines_are_4x4_puzzles_unless_spaced() {
        let items = parse_all("1234341221434321\n....341221434321\n");
        assert_eq!(items.len(), 2);
        assert!(items.iter().all(|i| i.as_ref().unwrap().grid.n() == 4));
    }
    /// "Easter Monster", from the forum's hardest list (tests/data/hardest_1106.txt).
    const EASTER: &str =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

    fn only_puzzle(text: &str) -> ParsedPuzzle {
        let items = parse_all(text);
        assert_eq!(items.len(), 1, "{items:?}");
        items.into_iter().next().unwrap().expect("a puzzle")
    }

    #[test]
    fn sudoku_explainer_ratings_after_the_puzzle_are_skipped() {
        let read = only_puzzle(&format!("{EASTER} ED=11.6/11.6/11.3\n"));
        assert_eq!(read.grid.to_line(false), EASTER);
        assert_eq!(read.second, None);
        // tab-separated, as some lists have it
        let read = only_puzzle(&format!("{EASTER}\t11.6/11.6/11.3\n"));
        assert_eq!(read.grid.to_line(false), EASTER);
    }

    #[test]
    fn a_comment_after_the_puzzle_is_skipped() {
        let read = only_puzzle(&format!("{PUZZLE} # from the Sudoku forum\n"));
        assert_eq!(read.grid.to_line(false), PUZZLE);
        let read = only_puzzle(&format!("{PUZZLE}#no space\n"));
        assert_eq!(read.grid.to_line(false), PUZZLE);
    }

    #[test]
    fn hodoku_library_lines_read_their_fourth_field() {
        let read = only_puzzle(&format!(":0000:x:{EASTER}:::\n"));
        assert_eq!(read.grid.to_line(false), EASTER);
        // a technique line: `+` marks digits placed, not given
        let placed = format!("+4{}", &PUZZLE[1..]);
        let read = only_puzzle(&format!(":0100:1:{placed}:113 114:215:\n"));
        assert_eq!(read.grid.to_line(false), PUZZLE);
        // a bad symbol inside the field is named at its column in the line
        let bad = format!(":0000:x:{}x{}:::", &EASTER[..4], &EASTER[5..]);
        let e = parse_all(&bad)[0].clone().unwrap_err();
        assert_eq!((e.line, e.column), (1, 13));
        assert_eq!(e.kind, ParseErrorKind::BadSymbol('x'));
    }

    #[test]
    fn sdk_files_read_the_puzzle_section_only() {
        // SadMan Software's .sdk layout: `#` headers, [Puzzle], then [State]
        let sdk = "\
#AAndrew Stuart
#DThe puzzle from the example
#B02-08-2004
[Puzzle]
4.....8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2.....
1.4......
[State]
417...8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2....1
1.4.....7
";
        let read = only_puzzle(sdk);
        assert_eq!(read.line, 5);
        assert_eq!(read.grid.to_line(false), PUZZLE);
    }

    #[test]
    fn underscores_are_blanks() {
        let read = only_puzzle(&PUZZLE.replace('.', "_"));
        assert_eq!(read.grid.to_line(false), PUZZLE);
    }

    #[test]
    fn tudokus_own_columns_read_back() {
        // any full grid stands for the solution here: the reader does not solve
        let solution =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        // generate --solution --rate
        let line = format!("{PUZZLE} {solution} extreme 4321 Forcing chain");
        let read = only_puzzle(&line);
        assert_eq!(read.grid.to_line(false), PUZZLE);
        // the solution is the second grid, and the rating a note after it
        assert_eq!(read.second.unwrap().to_line(false), solution);
        // generate --solution
        let read = only_puzzle(&format!("{PUZZLE} {solution}"));
        assert_eq!(read.second.unwrap().to_line(false), solution);
        // generate --rate
        let read = only_puzzle(&format!("{PUZZLE} easy 12 Hidden single"));
        assert_eq!(read.grid.to_line(false), PUZZLE);
    }

    #[test]
    fn symbols_after_a_puzzle_that_are_not_a_grid_are_an_error_where_they_start() {
        let e = parse_all(&format!("{PUZZLE} 5"))[0].clone().unwrap_err();
        assert_eq!((e.line, e.column), (1, 83));
        assert_eq!(
            e.kind,
            ParseErrorKind::AmbiguousColumns {
                cells: 81,
                found: 1
            }
        );
        // a second grid of another size is no solution either
        let e = parse_all(&format!("{PUZZLE} 1234341221434321"))[0]
            .clone()
            .unwrap_err();
        assert_eq!(e.column, 83);
    }

    #[test]
    fn a_puzzle_split_by_a_space_still_reads_whole() {
        let split = format!("{} {}", &PUZZLE[..40], &PUZZLE[40..]);
        assert_eq!(only_puzzle(&split).grid.to_line(false), PUZZLE);
    }

    #[test]
    fn a_16x16_puzzle_with_a_space_after_its_first_row_reads_whole() {
        let puzzle: String = (0..256)
            .map(|i| if i % 17 == 0 { '1' } else { '.' })
            .collect();
        let line = format!("{} {}", &puzzle[..16], &puzzle[16..]);
        let read = only_puzzle(&line);
        assert_eq!(read.grid.n(), 16);
        assert_eq!(read.grid.to_line(false), puzzle);
    }
    proptest::proptest! {
        /// Any text of the characters the layouts give meaning to (and a
        /// non-ASCII one) reads without a panic, each puzzle or error in
        /// order, with errors on lines that exist.
        #[test]
        fn any_text_reads_without_a_panic(
            text in "[1-9a-pA-Q._0 \t|+\\-:#,\\[\\]\n=/é]{0,400}"
        ) {
            let lines = text.lines().count();
            for item in parse_puzzles(&text, None) {
                let line = match item {
                    Ok(p) => p.line,
                    Err(e) => e.line,
                };
                proptest::prop_assert!(line >= 1 && line <= lines.max(1));
            }
        }

        /// A puzzle followed by any columns: its grid is read, or the line
        /// is an error past the puzzle, never a panic.
        #[test]
        fn a_puzzle_then_any_columns_reads_the_puzzle_or_says_where(
            rest in "[ \t][1-9.,a-z :#=/é]{0,200}"
        ) {
            let line = format!("{PUZZLE}{rest}");
            let items = parse_all(&line);
            proptest::prop_assert_eq!(items.len(), 1);
            match &items[0] {
                Ok(read) => proptest::prop_assert_eq!(read.grid.to_line(false), PUZZLE),
                Err(e) => proptest::prop_assert!(e.column > 81, "{e:?}"),
            }
        }
    }
}

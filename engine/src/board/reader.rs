//! The puzzle text format of DESIGN.md: one puzzle per line (or a
//! pretty-printed grid over n lines), symbols 1-9 then A-P, `.` or `0` for an
//! empty cell, whitespace and `| - +` ignored, `#` comments. Kept apart from
//! `Grid` because only the CLI, the game's loader and tests read text.

use std::collections::VecDeque;

use super::geometry::{SUPPORTED_SIZES, Shape};
use super::grid::{Grid, symbol, value_of};

/// One puzzle line, as `Grid::parse` promises: no comments, no multi-line grid.
pub(super) fn parse_one(line: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let scanned = scan_line(line, 1)?;
    grid_from_symbols(
        scanned.values,
        &scanned.columns,
        scanned.end_column,
        1,
        shape,
    )
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
    /// A character that is neither a symbol nor a separator.
    #[error("bad symbol {0:?}: expected 1-9, A-P, '.' or '0'")]
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
}

const MAX_SYMBOLS: usize = 625;

/// The symbols of one line and their columns.
struct ScannedLine {
    values: Vec<u8>,
    columns: Vec<usize>,
    /// Column just past the line's last character, for errors about length.
    end_column: usize,
    /// True when separators (spaces, `|`, `-`, `+`) stand between symbols,
    /// the mark of a pretty-printed row.
    separated: bool,
}

fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+')
}

fn scan_line(line: &str, line_no: usize) -> Result<ScannedLine, ParseError> {
    // a line's symbols at most, so the pushes below never reallocate
    let mut values = Vec::with_capacity(line.len().min(MAX_SYMBOLS));
    let mut columns = Vec::with_capacity(line.len().min(MAX_SYMBOLS));
    let mut separated = false;
    let mut pending_separator = false;
    let mut column = 0;
    for ch in line.chars() {
        column += 1;
        if is_separator(ch) {
            pending_separator = !values.is_empty();
            continue;
        }
        let error = |kind| ParseError {
            line: line_no,
            column,
            kind,
        };
        let value = value_of(ch).ok_or_else(|| error(ParseErrorKind::BadSymbol(ch)))?;
        if values.len() == MAX_SYMBOLS {
            return Err(error(ParseErrorKind::TooLong));
        }
        separated |= pending_separator;
        pending_separator = false;
        values.push(value);
        columns.push(column);
    }
    Ok(ScannedLine {
        values,
        columns,
        end_column: column + 1,
        separated,
    })
}

/// Builds a grid from the symbols of a puzzle, checking length, shape and range.
fn grid_from_symbols(
    values: Vec<u8>,
    columns: &[usize],
    end_column: usize,
    line: usize,
    shape: Option<Shape>,
) -> Result<Grid, ParseError> {
    let error = |column, kind| ParseError { line, column, kind };
    let found = values.len();
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
    if let Some(i) = values.iter().position(|&v| v as usize > n) {
        let symbol = symbol(values[i]);
        return Err(error(
            columns[i],
            ParseErrorKind::SymbolTooLarge { symbol, n },
        ));
    }
    Ok(Grid::from_values(shape, values).expect("length and symbols were checked above"))
}

/// A puzzle read from text, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPuzzle {
    /// The line the puzzle starts on, from 1.
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
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
    columns: Vec<usize>,
    end_column: usize,
}

/// Puzzles from lines handed over one at a time, for callers that read
/// their text in pieces (a stream of any length) rather than holding it all.
/// [`parse_puzzles`] is this over a whole text.
pub struct PuzzleAssembler {
    shape: Option<Shape>,
    pending: Option<PendingGrid>,
    ready: VecDeque<Result<ParsedPuzzle, ParseError>>,
}

impl PuzzleAssembler {
    /// Puzzles of `shape`, or of the default shape for their size when `None`.
    pub fn new(shape: Option<Shape>) -> PuzzleAssembler {
        PuzzleAssembler {
            shape,
            pending: None,
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

    fn finish(&mut self, values: Vec<u8>, columns: &[usize], end: usize, line: usize) {
        let result = grid_from_symbols(values, columns, end, line, self.shape)
            .map(|grid| ParsedPuzzle { line, grid });
        self.ready.push_back(result);
    }

    /// Reads line `line_no` (1-based) of the text, without its line break.
    pub fn push_line(&mut self, line_no: usize, line: &str) {
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            self.end_grid();
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        let scanned = match scan_line(line, line_no) {
            Ok(s) => s,
            Err(e) => {
                self.end_grid();
                self.ready.push_back(Err(e));
                return;
            }
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
            self.finish(
                scanned.values,
                &scanned.columns,
                scanned.end_column,
                line_no,
            );
            return;
        }
        if !continues {
            self.end_grid();
            self.pending = Some(PendingGrid {
                start_line: line_no,
                n: count,
                rows: 0,
                values: Vec::with_capacity(count * count),
                columns: Vec::with_capacity(count * count),
                end_column: 1,
            });
        }
        let p = self
            .pending
            .as_mut()
            .expect("pending grid was just ensured");
        p.values.extend_from_slice(&scanned.values);
        p.columns.extend_from_slice(&scanned.columns);
        p.end_column = scanned.end_column;
        p.rows += 1;
        if p.rows == p.n {
            let p = self.pending.take().expect("pending grid exists");
            self.finish(p.values, &p.columns, p.end_column, p.start_line);
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
}

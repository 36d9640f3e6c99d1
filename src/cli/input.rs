//! Opening a command's puzzle input (a file or stdin) and turning it into
//! puzzles as a stream: one bounded line at a time, never the whole input.
//! A directory or a device is refused at once, naming the path; stdin,
//! pipes and FIFOs are read as they come.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use tudoku_engine::{ParseError, ParsedPuzzle, PuzzleAssembler, Shape};

use super::lines::{BoundedLines, Line};
use super::parallel::Items;

/// The whole text of a puzzle file, for `play FILE`, which needs only its
/// first puzzle: at most [`MAX_TEXT_BYTES`] are read.
pub struct Input {
    pub name: String,
    pub text: String,
}

/// The largest file `read_input` takes whole. Batch commands stream instead
/// and have no limit on the input's size.
const MAX_TEXT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `path` whole, or stdin when it is `None` or `-`, refusing
/// directories, devices and inputs over [`MAX_TEXT_BYTES`]. Bytes that are
/// not UTF-8 become U+FFFD, which the parser then reports as a bad symbol.
pub fn read_input(path: Option<&PathBuf>) -> Result<Input, String> {
    let stream = open_input(path)?;
    let mut bytes = Vec::new();
    stream
        .reader
        .take(MAX_TEXT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", stream.name))?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(format!(
            "{}: larger than {} MiB, too large to be a puzzle file",
            stream.name,
            MAX_TEXT_BYTES >> 20
        ));
    }
    Ok(Input {
        name: stream.name,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// The read buffer: 64 KiB takes a puzzle file in an eighth of the reads
/// the default 8 KiB would.
const READ_BUFFER: usize = 64 * 1024;

/// An opened input and the name messages use for it (`<stdin>` or the path).
pub struct Stream {
    pub name: String,
    reader: Box<dyn BufRead + Send>,
    /// The input's length, for a regular file.
    length: Option<u64>,
}

/// Opens `path`, or stdin when it is `None` or `-`. The error names the
/// path and says what is wrong: missing, unreadable, a directory, a device.
pub fn open_input(path: Option<&PathBuf>) -> Result<Stream, String> {
    let (reader, length): (Box<dyn BufRead + Send>, _) = match path {
        Some(p) if p.as_os_str() != "-" => {
            let (file, length) = open_file(p)?;
            (
                Box::new(BufReader::with_capacity(READ_BUFFER, file)),
                length,
            )
        }
        _ => (
            Box::new(BufReader::with_capacity(READ_BUFFER, io::stdin())),
            None,
        ),
    };
    let name = match path {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "<stdin>".to_string(),
    };
    Ok(Stream {
        name,
        reader,
        length,
    })
}

/// Opens a file to read puzzles from, if it is a kind of file that ends:
/// a regular file, a FIFO or a socket; not a directory or a device (where
/// `/dev/zero` would never end). With it, its length when it is a regular
/// file.
fn open_file(path: &Path) -> Result<(File, Option<u64>), String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
    let metadata = file
        .metadata()
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    let kind = metadata.file_type();
    if kind.is_dir() {
        return Err(format!("{name} is a directory, not a puzzle file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return Err(format!("{name} is a device, not a puzzle file"));
        }
    }
    Ok((file, kind.is_file().then_some(metadata.len())))
}

/// One item of a batch command's input, in input order: a puzzle (first
/// as read, then as handled), or why there is none.
pub enum Entry<P = ParsedPuzzle> {
    /// A puzzle, with the line it starts on.
    Puzzle(P),
    /// Text that is not a puzzle, and where and why.
    Invalid(ParseError),
    /// A line longer than any puzzle, skipped unread.
    TooLong { line: usize },
    /// Reading failed; nothing follows.
    Unreadable(io::Error),
}

impl<P> Entry<P> {
    /// The same entry with its puzzle, if it is one, turned by `f`.
    pub fn map<Q>(self, f: impl FnOnce(P) -> Q) -> Entry<Q> {
        match self {
            Entry::Puzzle(p) => Entry::Puzzle(f(p)),
            Entry::Invalid(e) => Entry::Invalid(e),
            Entry::TooLong { line } => Entry::TooLong { line },
            Entry::Unreadable(e) => Entry::Unreadable(e),
        }
    }
}

impl Stream {
    /// The input's puzzles, read as they are needed.
    pub fn puzzles(self, shape: Option<Shape>) -> Puzzles {
        Puzzles {
            lines: BoundedLines::new(self.reader),
            assembler: PuzzleAssembler::new(shape),
            queue: VecDeque::new(),
            ended: false,
            length: self.length,
            given: 0,
        }
    }
}

/// Iterator returned by [`Stream::puzzles`].
pub struct Puzzles {
    lines: BoundedLines<Box<dyn BufRead + Send>>,
    assembler: PuzzleAssembler,
    /// Items behind the assembler's: a too-long line, which comes after any
    /// grid it cut short.
    queue: VecDeque<Entry>,
    ended: bool,
    /// The input's length, when it is a regular file.
    length: Option<u64>,
    /// Entries handed out so far.
    given: usize,
}

impl Items for Puzzles {
    /// The bytes left at the bytes per entry so far: a file's entries are
    /// mostly alike. Unknown for standard input and before the first entry.
    fn left(&self) -> Option<usize> {
        let read = self.lines.bytes_read();
        if self.given == 0 || read == 0 {
            return None;
        }
        let unread = self.length?.saturating_sub(read);
        Some((unread as f64 * self.given as f64 / read as f64) as usize)
    }
}

impl Iterator for Puzzles {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        let entry = self.next_entry();
        self.given += usize::from(entry.is_some());
        entry
    }
}

impl Puzzles {
    fn next_entry(&mut self) -> Option<Entry> {
        loop {
            if let Some(item) = self.assembler.pop() {
                return Some(match item {
                    Ok(puzzle) => Entry::Puzzle(puzzle),
                    Err(error) => Entry::Invalid(error),
                });
            }
            if let Some(entry) = self.queue.pop_front() {
                return Some(entry);
            }
            if self.ended {
                return None;
            }
            match self.lines.next_line() {
                Ok(Some((number, Line::Text(bytes)))) => self.assembler.push_bytes(number, bytes),
                Ok(Some((_, Line::LongComment))) => {}
                Ok(Some((number, Line::TooLong))) => {
                    self.assembler.end_grid();
                    self.queue.push_back(Entry::TooLong { line: number });
                }
                Ok(None) => {
                    self.assembler.end_grid();
                    self.ended = true;
                }
                Err(e) => {
                    self.assembler.end_grid();
                    self.queue.push_back(Entry::Unreadable(e));
                    self.ended = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_file_tells_about_how_many_puzzles_are_left() {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        for _ in 0..100 {
            writeln!(file, "{PUZZLE}").unwrap();
        }
        let path = file.path().to_path_buf();
        let mut puzzles = open_input(Some(&path)).unwrap().puzzles(None);
        // nothing read yet: no measure of a puzzle's bytes
        assert_eq!(puzzles.left(), None);
        for _ in 0..10 {
            assert!(matches!(puzzles.next(), Some(Entry::Puzzle(_))));
        }
        assert_eq!(puzzles.left(), Some(90));
        assert_eq!(puzzles.by_ref().count(), 90);
        assert_eq!(puzzles.left(), Some(0));
    }

    #[test]
    fn a_stream_of_unknown_length_does_not_tell() {
        let text = format!("{PUZZLE}\n{PUZZLE}\n");
        let stream = Stream {
            name: "<stdin>".into(),
            reader: Box::new(io::Cursor::new(text.into_bytes())),
            length: None,
        };
        let mut puzzles = stream.puzzles(None);
        assert!(puzzles.next().is_some());
        assert_eq!(puzzles.left(), None);
    }
}

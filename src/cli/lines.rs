//! Reading input line by line with a bounded buffer, so that no input (a
//! gigabyte on one line, `/dev/zero` behind a pipe) can make a batch command
//! hold more than one line's worth of bytes.

use std::io::{self, BufRead};

/// The longest line a batch command reads, in bytes, not counting the line
/// break. The largest puzzle (25x25) has 625 symbols; the format also allows
/// separators (spaces, tabs, `|`, `-`, `+`) between them. A pretty-printed
/// 25x25 grid written on one line takes about four bytes per symbol (symbol,
/// space, and the box rules), 2,500 bytes; 16 KiB leaves six times that for
/// wider layouts and still fits one small read buffer. A longer line cannot
/// be a puzzle, and is skipped unread rather than held.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// One line of the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line within the bound, without its line break, as bytes: the
    /// puzzle reader takes a line of symbols as it stands, and reads any
    /// other as UTF-8 (`PuzzleAssembler::push_bytes`).
    Text(&'a [u8]),
    /// A comment line (`#` after optional blanks) longer than the bound:
    /// skipped like any comment.
    LongComment,
    /// A line longer than [`MAX_LINE_BYTES`] that is not a comment, skipped
    /// without being kept.
    TooLong,
}

/// The lines of a reader, numbered from 1, each one read through a buffer
/// of at most [`MAX_LINE_BYTES`] + 2 bytes.
pub struct BoundedLines<R> {
    reader: R,
    number: usize,
    /// Bytes taken from the reader so far.
    taken: u64,
    buffer: Vec<u8>,
    max: usize,
}

impl<R: BufRead> BoundedLines<R> {
    pub fn new(reader: R) -> BoundedLines<R> {
        BoundedLines::with_max(reader, MAX_LINE_BYTES)
    }

    /// Lines of at most `max` bytes (tests use a small bound).
    fn with_max(reader: R, max: usize) -> BoundedLines<R> {
        BoundedLines {
            reader,
            number: 0,
            taken: 0,
            buffer: Vec::with_capacity(max + 2),
            max,
        }
    }

    /// Bytes read so far, line breaks and skipped lines included.
    pub fn bytes_read(&self) -> u64 {
        self.taken
    }

    /// The next line and its number, `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.buffer.clear();
        let ended = self.read_until_newline()?;
        if self.buffer.is_empty() {
            return Ok(None);
        }
        self.number += 1;
        if ended {
            self.buffer.pop();
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
        }
        if self.buffer.len() > self.max {
            if !ended {
                // `skip_until` consumes the rest of the line without storing it.
                self.taken += self.reader.skip_until(b'\n')? as u64;
            }
            let comment = self.buffer.trim_ascii_start().starts_with(b"#");
            let line = if comment {
                Line::LongComment
            } else {
                Line::TooLong
            };
            return Ok(Some((self.number, line)));
        }
        Ok(Some((self.number, Line::Text(&self.buffer))))
    }

    /// Moves bytes from the reader into `buffer` up to and including the
    /// next line break, or up to the bound with its `\r\n` (the longest
    /// line kept), or to the end of the input; true when it took a line
    /// break. `BufRead::read_until` does the same, but looks for the line
    /// break a word at a time, where `memchr` takes 16 or 32 bytes at once
    /// (callgrind on serg_benchmark: 190 -> 73 instructions a line).
    fn read_until_newline(&mut self) -> io::Result<bool> {
        let limit = self.max + 2;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let room = limit - self.buffer.len();
            let window = &available[..available.len().min(room)];
            if let Some(at) = memchr::memchr(b'\n', window) {
                self.buffer.extend_from_slice(&window[..=at]);
                self.reader.consume(at + 1);
                self.taken += at as u64 + 1;
                return Ok(true);
            }
            let taken = window.len();
            self.buffer.extend_from_slice(window);
            self.reader.consume(taken);
            self.taken += taken as u64;
            if taken == 0 || self.buffer.len() == limit {
                return Ok(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<(usize, Got)> {
        all_from(input, max)
    }

    /// A line as read, kept past the next read.
    #[derive(Debug, PartialEq)]
    enum Got {
        Text(Vec<u8>),
        LongComment,
        TooLong,
    }

    fn all_from(reader: impl BufRead, max: usize) -> Vec<(usize, Got)> {
        let mut lines = BoundedLines::with_max(reader, max);
        let mut all = Vec::new();
        while let Some((number, line)) = lines.next_line().unwrap() {
            let line = match line {
                Line::Text(bytes) => Got::Text(bytes.to_vec()),
                Line::LongComment => Got::LongComment,
                Line::TooLong => Got::TooLong,
            };
            all.push((number, line));
        }
        all
    }

    fn text(s: &str) -> Got {
        Got::Text(s.as_bytes().to_vec())
    }

    #[test]
    fn bytes_read_count_every_byte_taken_skipped_lines_too() {
        let input = b"abc\r\n0123456789\nxy";
        let mut lines = BoundedLines::with_max(&input[..], 4);
        assert_eq!(lines.bytes_read(), 0);
        lines.next_line().unwrap();
        assert_eq!(lines.bytes_read(), 5);
        // too long: skipped, its bytes counted all the same
        assert!(matches!(
            lines.next_line().unwrap(),
            Some((2, Line::TooLong))
        ));
        assert_eq!(lines.bytes_read(), 16);
        lines.next_line().unwrap();
        assert!(lines.next_line().unwrap().is_none());
        assert_eq!(lines.bytes_read(), input.len() as u64);
    }

    #[test]
    fn lines_within_the_bound_are_read_whole() {
        let lines = all(b"abcd\r\nab\n\nlast", 4);
        assert_eq!(
            lines,
            vec![
                (1, text("abcd")),
                (2, text("ab")),
                (3, text("")),
                (4, text("last"))
            ]
        );
    }

    #[test]
    fn a_long_line_is_skipped_and_reading_goes_on() {
        let lines = all(b"12345\nok\n123456789\n  # a long comment\n12345\r\nend", 4);
        assert_eq!(
            lines,
            vec![
                (1, Got::TooLong),
                (2, text("ok")),
                (3, Got::TooLong),
                (4, Got::LongComment),
                (5, Got::TooLong),
                (6, text("end")),
            ]
        );
    }

    #[test]
    fn lines_split_across_reads_come_out_whole() {
        // a reader that hands over a few bytes at a time makes lines and
        // line breaks straddle its reads: the lines must be those of the
        // whole input read at once
        let input: &[u8] = b"abcd\r\nab\n\nlast12345\n  # a long comment\nok\r\n12345";
        let whole = all(input, 4);
        assert_eq!(whole.len(), 7, "{whole:?}");
        for capacity in 1..=9 {
            let reader = std::io::BufReader::with_capacity(capacity, input);
            assert_eq!(all_from(reader, 4), whole, "reads of {capacity} bytes");
        }
    }

    #[test]
    fn a_long_last_line_without_a_break_is_too_long() {
        assert_eq!(
            all(b"ok\n12345", 4),
            vec![(1, text("ok")), (2, Got::TooLong)]
        );
    }

    #[test]
    fn the_buffer_never_grows_past_the_bound() {
        let long = vec![b'1'; 1 << 20];
        let mut lines = BoundedLines::with_max(&long[..], 100);
        assert_eq!(lines.next_line().unwrap(), Some((1, Line::TooLong)));
        assert!(
            lines.buffer.capacity() <= 1 << 10,
            "{}",
            lines.buffer.capacity()
        );
        assert_eq!(lines.next_line().unwrap(), None);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_kept() {
        assert_eq!(
            all(b"1\xff2\n", 8),
            vec![(1, Got::Text(b"1\xff2".to_vec()))]
        );
    }
}

//! Reading input line by line with a bounded buffer, so that no input (a
//! gigabyte on one line, `/dev/zero` behind a pipe) can make a batch command
//! hold more than one line's worth of bytes.

use std::borrow::Cow;
use std::io::{self, BufRead, Read};

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
    /// A line within the bound, without its line break, borrowed from the
    /// reader's buffer when it is UTF-8. Bytes that are not UTF-8 become
    /// U+FFFD, which the parser reports as a bad symbol.
    Text(Cow<'a, str>),
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
            buffer: Vec::with_capacity(max + 2),
            max,
        }
    }

    /// The next line and its number, `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.buffer.clear();
        // room for the longest line and its `\r\n`
        let limit = self.max as u64 + 2;
        let read = self
            .reader
            .by_ref()
            .take(limit)
            .read_until(b'\n', &mut self.buffer)?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let ended = self.buffer.last() == Some(&b'\n');
        if ended {
            self.buffer.pop();
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
        }
        if self.buffer.len() > self.max {
            if !ended {
                // `skip_until` consumes the rest of the line without storing it.
                self.reader.skip_until(b'\n')?;
            }
            let comment = self.buffer.trim_ascii_start().starts_with(b"#");
            let line = if comment {
                Line::LongComment
            } else {
                Line::TooLong
            };
            return Ok(Some((self.number, line)));
        }
        // `from_utf8` first: it is the quick check, and almost every line passes
        let text = match std::str::from_utf8(&self.buffer) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&self.buffer),
        };
        Ok(Some((self.number, Line::Text(text))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<(usize, Line<'static>)> {
        let mut lines = BoundedLines::with_max(input, max);
        let mut all = Vec::new();
        while let Some((number, line)) = lines.next_line().unwrap() {
            let line = match line {
                Line::Text(text) => Line::Text(Cow::Owned(text.into_owned())),
                Line::LongComment => Line::LongComment,
                Line::TooLong => Line::TooLong,
            };
            all.push((number, line));
        }
        all
    }

    fn text(s: &str) -> Line<'static> {
        Line::Text(Cow::Owned(s.to_string()))
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
                (1, Line::TooLong),
                (2, text("ok")),
                (3, Line::TooLong),
                (4, Line::LongComment),
                (5, Line::TooLong),
                (6, text("end")),
            ]
        );
    }

    #[test]
    fn a_long_last_line_without_a_break_is_too_long() {
        assert_eq!(
            all(b"ok\n12345", 4),
            vec![(1, text("ok")), (2, Line::TooLong)]
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
    fn invalid_utf8_becomes_replacement_characters() {
        assert_eq!(all(b"1\xff2\n", 8), vec![(1, text("1\u{fffd}2"))]);
    }
}

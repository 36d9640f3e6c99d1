//! The saved form of the undo history: one short line per step instead of a
//! table per cell, all steps in one multi-line string, so that a save grows
//! by a few bytes per move and a game of 10,000 moves still saves in well
//! under 1 MB, in about a millisecond (TOML takes far longer over an array of
//! 10,000 items than over one string).
//!
//! An edit reads `focus change change…`. A change is `cell[:value][.notes]`:
//! a part that did not change is written once (`:5`), one that changed is
//! `before>after` (`:0>5`), and a part that is empty on both sides (value 0,
//! no notes) is left out. Notes are hex bit masks (bit d-1 for digit d).
//! `40 40:0>5 41.1f2>1e2` places a 5 in cell 40, selected, and takes the 5
//! out of cell 41's notes. A cell's colour (`#2`), its notes' colours
//! (`~` and two bits per digit in hex) and its centre marks (`^` and a hex
//! mask) follow the same rule, after the notes, where they are set.

use std::fmt::Write;

use super::history::{CellState, Change, Edit};
use crate::engine::DigitSet;

/// The edits of a text of lines, one edit each.
pub fn decode_all(text: &str) -> Result<Vec<Edit>, String> {
    text.lines().filter(|l| !l.is_empty()).map(decode).collect()
}

/// The edit as one line.
#[cfg(test)]
fn encode(edit: &Edit) -> String {
    let mut line = String::new();
    write_line(edit, &mut line);
    line
}

/// Appends the edit's line (without a newline) to `line`.
pub fn write_line(edit: &Edit, line: &mut String) {
    let _ = write!(line, "{}", edit.focus);
    for change in &edit.changes {
        let _ = write!(line, " {}", change.cell);
        for part in PARTS {
            let (before, after) = ((part.get)(&change.before), (part.get)(&change.after));
            let radix = |v: u64| {
                if part.hex {
                    format!("{v:x}")
                } else {
                    v.to_string()
                }
            };
            match (before, after) {
                (0, 0) => {}
                (b, a) if b == a => {
                    let _ = write!(line, "{}{}", part.mark, radix(a));
                }
                (b, a) => {
                    let _ = write!(line, "{}{}>{}", part.mark, radix(b), radix(a));
                }
            }
        }
    }
}

/// One part of a cell's state in a change: the character that starts it,
/// whether it is written in hex, and how to read and set it.
struct Part {
    mark: char,
    hex: bool,
    get: fn(&CellState) -> u64,
    set: fn(&mut CellState, u64) -> Option<()>,
}

/// The parts, in the order they are written: value, notes, then (only
/// where set) colour, note colours and centre marks. Older lines hold only
/// the first two, and read the same.
const PARTS: [Part; 5] = [
    Part {
        mark: ':',
        hex: false,
        get: |s| u64::from(s.value),
        set: |s, v| {
            s.value = u8::try_from(v).ok()?;
            Some(())
        },
    },
    Part {
        mark: '.',
        hex: true,
        get: |s| u64::from(s.notes.0),
        set: |s, v| {
            s.notes = DigitSet(u32::try_from(v).ok()?);
            Some(())
        },
    },
    Part {
        mark: '#',
        hex: false,
        get: |s| u64::from(s.colour),
        set: |s, v| {
            s.colour = u8::try_from(v).ok()?;
            Some(())
        },
    },
    Part {
        mark: '~',
        hex: true,
        get: |s| s.note_colours,
        set: |s, v| {
            s.note_colours = v;
            Some(())
        },
    },
    Part {
        mark: '^',
        hex: true,
        get: |s| u64::from(s.centre.0),
        set: |s, v| {
            s.centre = DigitSet(u32::try_from(v).ok()?);
            Some(())
        },
    },
];

/// The edit a line holds, or what is wrong with it.
fn decode(line: &str) -> Result<Edit, String> {
    let mut words = line.split(' ');
    let focus = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("edit '{}': no selected cell first", shorten(line)))?;
    let changes = words
        .map(|word| {
            change(word).ok_or_else(|| {
                format!(
                    "edit '{}': '{}' is not a change",
                    shorten(line),
                    shorten(word)
                )
            })
        })
        .collect::<Result<Vec<Change>, String>>()?;
    Ok(Edit { focus, changes })
}

/// `cell` then parts, each at most once, in the order of `PARTS`.
fn change(word: &str) -> Option<Change> {
    let marks: Vec<char> = PARTS.iter().map(|p| p.mark).collect();
    let (cell, mut rest) = split_at_any(word, &marks);
    let cell = cell.parse().ok()?;
    let (mut before, mut after) = (CellState::default(), CellState::default());
    for part in &PARTS {
        let Some(tail) = rest.strip_prefix(part.mark) else {
            continue;
        };
        let (text, next) = split_at_any(tail, &marks);
        let parse = |t: &str| {
            if part.hex {
                u64::from_str_radix(t, 16).ok()
            } else {
                t.parse::<u64>().ok()
            }
        };
        let (b, a) = pair(text, parse)?;
        (part.set)(&mut before, b)?;
        (part.set)(&mut after, a)?;
        rest = next;
    }
    rest.is_empty().then_some(Change {
        cell,
        before,
        after,
    })
}

/// `x` (the same on both sides) or `before>after`.
fn pair<T: Copy>(text: &str, parse: impl Fn(&str) -> Option<T>) -> Option<(T, T)> {
    match text.split_once('>') {
        Some((before, after)) => Some((parse(before)?, parse(after)?)),
        None => parse(text).map(|same| (same, same)),
    }
}

/// `text` up to the first of `marks`, and the rest from it.
fn split_at_any<'a>(text: &'a str, marks: &[char]) -> (&'a str, &'a str) {
    text.split_at(text.find(marks).unwrap_or(text.len()))
}

/// Enough of a bad line to recognise it in a message.
fn shorten(text: &str) -> &str {
    match text.char_indices().nth(40) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(value: u8, notes: u32) -> CellState {
        CellState {
            value,
            notes: DigitSet(notes),
            ..CellState::default()
        }
    }

    /// Colours and centre marks ride along, and only where they are set.
    #[test]
    fn colours_and_centre_marks_round_trip() {
        let coloured = CellState {
            colour: 3,
            note_colours: 0b10_01 << 4,
            centre: DigitSet(0x6),
            ..state(0, 0x1f)
        };
        let edit = Edit {
            focus: 2,
            changes: vec![Change {
                cell: 2,
                before: state(0, 0x1f),
                after: coloured,
            }],
        };
        let line = encode(&edit);
        assert_eq!(line, "2 2.1f#0>3~0>90^0>6");
        assert_eq!(decode(&line), Ok(edit));
        // out of order or repeated parts are not a change
        assert!(decode("2 2#3.1f").is_err());
        assert!(decode("2 2#3#4").is_err());
        assert!(decode("2 2#300").is_err());
    }

    #[test]
    fn every_kind_of_change_round_trips() {
        let edit = Edit {
            focus: 40,
            changes: vec![
                Change {
                    cell: 40,
                    before: state(0, 0),
                    after: state(5, 0),
                },
                Change {
                    cell: 41,
                    before: state(0, 0x1f2),
                    after: state(0, 0x1e2),
                },
                Change {
                    cell: 7,
                    before: state(3, 0x10),
                    after: state(3, 0x10),
                },
                Change {
                    cell: 624,
                    before: state(25, 0x1ff_ffff),
                    after: state(0, 0),
                },
                Change {
                    cell: 0,
                    before: state(0, 0),
                    after: state(0, 0),
                },
            ],
        };
        let line = encode(&edit);
        assert_eq!(decode(&line), Ok(edit));
        // the common cases are short
        assert!(line.starts_with("40 40:0>5 41.1f2>1e2 "), "{line}");
    }

    #[test]
    fn a_damaged_line_is_refused_with_a_reason() {
        for bad in [
            "",
            "x 1",
            "4 1:a",
            "4 1.zz",
            "4 1:1>",
            "4 1?3",
            "4 1.3>4>5",
            "4 1.1234567890",
        ] {
            let err = decode(bad).unwrap_err();
            assert!(err.starts_with("edit '"), "{bad}: {err}");
        }
        assert_eq!(decode("4").unwrap().changes, vec![]);
    }

    #[test]
    fn a_history_round_trips_line_by_line() {
        let edits: Vec<Edit> = (0..5)
            .map(|k| Edit {
                focus: k,
                changes: vec![Change {
                    cell: k * 3,
                    before: state(0, 1 << k),
                    after: state(k as u8 + 1, 0),
                }],
            })
            .collect();
        let text: String = edits.iter().map(|e| encode(e) + "\n").collect();
        assert_eq!(text.lines().count(), 5);
        assert_eq!(decode_all(&text), Ok(edits));
        assert_eq!(decode_all(""), Ok(vec![]));
        assert!(decode_all("1 2\n3 x\n").is_err());
    }
}

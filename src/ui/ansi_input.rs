//! The bytes a terminal sends for keys and mouse clicks, read into the
//! crossterm events the game takes. crossterm reads its own terminal only
//! and keeps its parser to itself; a seat whose keys arrive as bytes (an
//! SSH channel: `super::stream_seat`) reads them here, the way crossterm
//! reads them on Unix: xterm's CSI and SS3 sequences with their modifier
//! parameter, control characters as Ctrl with a letter, ESC before a key
//! as Alt, and SGR mouse reports (the mode `EnableMouseCapture` asks for).
//!
//! Anything else is dropped, a byte or a sequence at a time: the bytes come
//! from someone else's machine.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest escape sequence kept while waiting for its end: longer
/// ones are garbage and are dropped.
const MAX_SEQUENCE: usize = 64;

const ESC: u8 = 0x1b;

/// Reads events out of bytes as they come, keeping a sequence cut by the
/// end of one packet for the next.
#[derive(Debug, Default)]
pub struct AnsiInput {
    pending: Vec<u8>,
}

impl AnsiInput {
    pub fn new() -> AnsiInput {
        AnsiInput::default()
    }

    /// The events in `bytes`, after what was pending. An ESC that ends a
    /// packet is the Esc key: a terminal sends a whole sequence at once,
    /// and a player pressing Esc sends it alone.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.pending.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut at = 0;
        while at < self.pending.len() {
            match parse(&self.pending[at..]) {
                Parsed::Event(event, used) => {
                    events.push(event);
                    at += used;
                }
                Parsed::Skip(used) => at += used,
                Parsed::Incomplete => {
                    let rest = &self.pending[at..];
                    if rest == [ESC] {
                        events.push(key(KeyCode::Esc, KeyModifiers::NONE));
                        at += 1;
                    } else if rest.len() > MAX_SEQUENCE {
                        // garbage, and what came with it
                        at = self.pending.len();
                    } else {
                        break;
                    }
                }
            }
        }
        self.pending.drain(..at);
        events
    }
}

/// What the bytes at the front make.
enum Parsed {
    Event(Event, usize),
    /// Bytes that make nothing the game takes.
    Skip(usize),
    /// The start of something whose end has not come yet.
    Incomplete,
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn parse(bytes: &[u8]) -> Parsed {
    match bytes[0] {
        ESC => match bytes.get(1) {
            None => Parsed::Incomplete,
            Some(b'[') => csi(bytes),
            Some(b'O') => ss3(bytes),
            // ESC ESC: the first is the key
            Some(&ESC) => Parsed::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
            Some(_) => match parse(&bytes[1..]) {
                Parsed::Event(Event::Key(mut k), used) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Parsed::Event(Event::Key(k), used + 1)
                }
                Parsed::Event(_, used) | Parsed::Skip(used) => Parsed::Skip(used + 1),
                Parsed::Incomplete => Parsed::Incomplete,
            },
        },
        b'\r' | b'\n' => Parsed::Event(key(KeyCode::Enter, KeyModifiers::NONE), 1),
        b'\t' => Parsed::Event(key(KeyCode::Tab, KeyModifiers::NONE), 1),
        0x7f | 0x08 => Parsed::Event(key(KeyCode::Backspace, KeyModifiers::NONE), 1),
        0 => Parsed::Event(key(KeyCode::Char(' '), KeyModifiers::CONTROL), 1),
        c @ 0x01..=0x1a => {
            let letter = char::from(c - 1 + b'a');
            Parsed::Event(key(KeyCode::Char(letter), KeyModifiers::CONTROL), 1)
        }
        c @ 0x1c..=0x1f => {
            let digit = char::from(c - 0x1c + b'4');
            Parsed::Event(key(KeyCode::Char(digit), KeyModifiers::CONTROL), 1)
        }
        _ => character(bytes),
    }
}

/// A character in UTF-8; upper case letters carry Shift, as crossterm
/// reports them.
fn character(bytes: &[u8]) -> Parsed {
    let len = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Parsed::Skip(1),
    };
    if bytes.len() < len {
        return Parsed::Incomplete;
    }
    let Some(c) = std::str::from_utf8(&bytes[..len])
        .ok()
        .and_then(|s| s.chars().next())
    else {
        return Parsed::Skip(1);
    };
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    Parsed::Event(key(KeyCode::Char(c), modifiers), len)
}

/// `ESC O x`: the keys an application-mode keypad sends.
fn ss3(bytes: &[u8]) -> Parsed {
    let Some(&last) = bytes.get(2) else {
        return Parsed::Incomplete;
    };
    match final_key(last) {
        Some(code) => Parsed::Event(key(code, KeyModifiers::NONE), 3),
        None => Parsed::Skip(3),
    }
}

/// The key a CSI or SS3 sequence names by its final byte alone.
fn final_key(last: u8) -> Option<KeyCode> {
    Some(match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    })
}

/// `ESC [ params final`.
fn csi(bytes: &[u8]) -> Parsed {
    let Some(end) = bytes[2..].iter().position(|b| (0x40..=0x7e).contains(b)) else {
        return Parsed::Incomplete;
    };
    let used = end + 3;
    let body = &bytes[2..used - 1];
    let last = bytes[used - 1];
    if body.first() == Some(&b'<') {
        return match mouse(&body[1..], last) {
            Some(event) => Parsed::Event(event, used),
            None => Parsed::Skip(used),
        };
    }
    let Some(params) = numbers(body) else {
        return Parsed::Skip(used);
    };
    let modifiers = params
        .get(1)
        .map_or(KeyModifiers::NONE, |&m| modifier_bits(m));
    let code = match last {
        b'Z' => Some(KeyCode::BackTab),
        b'~' => params.first().and_then(|&n| tilde_key(n)),
        _ => final_key(last),
    };
    match code {
        Some(code) => Parsed::Event(key(code, modifiers), used),
        None => Parsed::Skip(used),
    }
}

/// The numbers of `1;5` (an empty one is 0); `None` for anything else.
fn numbers(body: &[u8]) -> Option<Vec<u16>> {
    if body.is_empty() {
        return Some(Vec::new());
    }
    std::str::from_utf8(body)
        .ok()?
        .split(';')
        .map(|n| if n.is_empty() { Ok(0) } else { n.parse() })
        .collect::<Result<_, _>>()
        .ok()
}

/// xterm's modifier parameter: 1 plus Shift 1, Alt 2, Ctrl 4.
fn modifier_bits(m: u16) -> KeyModifiers {
    modifiers_in(m.saturating_sub(1), [1, 2, 4])
}

/// The modifiers whose bits (Shift's, Alt's, Ctrl's) are set in `bits`.
fn modifiers_in(bits: u16, [shift, alt, ctrl]: [u16; 3]) -> KeyModifiers {
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (shift, KeyModifiers::SHIFT),
        (alt, KeyModifiers::ALT),
        (ctrl, KeyModifiers::CONTROL),
    ] {
        if bits & bit != 0 {
            modifiers |= modifier;
        }
    }
    modifiers
}

/// The keys of `ESC [ n ~`.
fn tilde_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F((n - 10) as u8),
        17..=21 => KeyCode::F((n - 11) as u8),
        23 | 24 => KeyCode::F((n - 12) as u8),
        _ => return None,
    })
}

/// An SGR mouse report, `ESC [ < button ; column ; row M` (or `m` for a
/// release), columns and rows from 1.
fn mouse(body: &[u8], last: u8) -> Option<Event> {
    let params = numbers(body)?;
    let [button, column, row] = params[..] else {
        return None;
    };
    let (column, row) = (column.checked_sub(1)?, row.checked_sub(1)?);
    let modifiers = modifiers_in(button, [4, 8, 16]);
    let which = match button & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        2 => MouseButton::Right,
        _ => MouseButton::Left,
    };
    let kind = if button & 64 != 0 {
        match button & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if button & 32 != 0 {
        if button & 3 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(which)
        }
    } else if last == b'm' {
        MouseEventKind::Up(which)
    } else if last == b'M' {
        MouseEventKind::Down(which)
    } else {
        return None;
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        AnsiInput::new()
            .feed(bytes)
            .into_iter()
            .map(|e| match e {
                Event::Key(k) => (k.code, k.modifiers),
                other => panic!("not a key: {other:?}"),
            })
            .collect()
    }

    const NONE: KeyModifiers = KeyModifiers::NONE;

    #[test]
    fn plain_keys_and_control_characters() {
        use KeyCode::*;
        assert_eq!(
            keys(b"a5\r\t\x7f"),
            [
                (Char('a'), NONE),
                (Char('5'), NONE),
                (Enter, NONE),
                (Tab, NONE),
                (Backspace, NONE)
            ]
        );
        assert_eq!(keys(b"Q"), [(Char('Q'), KeyModifiers::SHIFT)]);
        assert_eq!(keys(b"\x03"), [(Char('c'), KeyModifiers::CONTROL)]);
        assert_eq!(keys(b"\x1a"), [(Char('z'), KeyModifiers::CONTROL)]);
        assert_eq!(keys("é".as_bytes()), [(Char('é'), NONE)]);
    }

    #[test]
    fn escape_sequences_as_xterm_sends_them() {
        use KeyCode::*;
        assert_eq!(
            keys(b"\x1b[A\x1b[B\x1b[C\x1b[D\x1bOH\x1b[F"),
            [
                (Up, NONE),
                (Down, NONE),
                (Right, NONE),
                (Left, NONE),
                (Home, NONE),
                (End, NONE)
            ]
        );
        assert_eq!(
            keys(b"\x1b[15~\x1bOP\x1b[24~\x1b[3~\x1b[5~\x1b[Z"),
            [
                (F(5), NONE),
                (F(1), NONE),
                (F(12), NONE),
                (Delete, NONE),
                (PageUp, NONE),
                (BackTab, NONE)
            ]
        );
        assert_eq!(keys(b"\x1b[1;5A"), [(Up, KeyModifiers::CONTROL)]);
        assert_eq!(
            keys(b"\x1b[1;4D"),
            [(Left, KeyModifiers::SHIFT | KeyModifiers::ALT)]
        );
        assert_eq!(keys(b"\x1bx"), [(Char('x'), KeyModifiers::ALT)]);
    }

    #[test]
    fn an_escape_that_ends_a_packet_is_the_key() {
        assert_eq!(keys(b"\x1b"), [(KeyCode::Esc, NONE)]);
        assert_eq!(
            keys(b"\x1b\x1b[A"),
            [(KeyCode::Esc, NONE), (KeyCode::Up, NONE)]
        );
    }

    #[test]
    fn a_sequence_cut_between_packets_is_read_whole() {
        let mut input = AnsiInput::new();
        assert!(input.feed(b"\x1b[1").is_empty());
        let events = input.feed(b";5C");
        assert_eq!(
            events,
            [key(KeyCode::Right, KeyModifiers::CONTROL)],
            "{events:?}"
        );
        // a character cut in two
        assert!(input.feed(&[0xc3]).is_empty());
        assert_eq!(input.feed(&[0xa9]), [key(KeyCode::Char('é'), NONE)]);
    }

    #[test]
    fn mouse_reports() {
        let events = AnsiInput::new().feed(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<64;1;1M\x1b[<32;3;4M");
        let kinds: Vec<_> = events
            .iter()
            .map(|e| match e {
                Event::Mouse(m) => (m.kind, m.column, m.row),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (MouseEventKind::Down(MouseButton::Left), 9, 4),
                (MouseEventKind::Up(MouseButton::Left), 9, 4),
                (MouseEventKind::ScrollUp, 0, 0),
                (MouseEventKind::Drag(MouseButton::Left), 2, 3),
            ]
        );
        // a right click with Ctrl held: 2 + 16
        let events = AnsiInput::new().feed(b"\x1b[<18;5;6M");
        assert!(
            matches!(&events[..], [Event::Mouse(m)] if m.modifiers == KeyModifiers::CONTROL
                && m.kind == MouseEventKind::Down(MouseButton::Right)),
            "{events:?}"
        );
    }

    #[test]
    fn garbage_is_dropped_and_what_follows_is_read() {
        // unknown sequences, a bad mouse report, bytes that are not UTF-8,
        // and a sequence that never ends
        let mut garbage = b"\x1b[99~\x1b[<1;0;0M\xff\xfe\x1b[?1;2c".to_vec();
        garbage.extend(b"\x1b[".iter().chain([b'1'; 100].iter()));
        garbage.push(b'7');
        let mut input = AnsiInput::new();
        let events = input.feed(&garbage);
        // none of it is taken for a key (the digits would place digits)
        assert!(events.is_empty(), "{events:?}");
        assert!(input.pending.is_empty());
        assert_eq!(input.feed(b"z"), [key(KeyCode::Char('z'), NONE)]);
    }

    #[test]
    fn any_bytes_whatever_make_no_panic_and_keep_little() {
        // a pseudo-random stream, fed in uneven packets
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut input = AnsiInput::new();
        for round in 0..2000 {
            let len = (round % 37) + 1;
            let packet: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // escape-heavy, so sequences start often
                    if state.is_multiple_of(5) {
                        ESC
                    } else {
                        (state >> 32) as u8
                    }
                })
                .collect();
            let _ = input.feed(&packet);
            assert!(input.pending.len() <= MAX_SEQUENCE + 1);
        }
    }
}

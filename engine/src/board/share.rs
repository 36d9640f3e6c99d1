//! Share codes: a puzzle's givens as a short word that can be read out,
//! typed or pasted on one line, such as `9_1CZ3…` for a 9x9 puzzle. A code
//! is the board (`9_`, or the boxes as `3x2_` where they are not the size's
//! default), then base-32 text (Crockford's alphabet: no I, L, O or U, read
//! in either case, I and L read as 1 and O as 0), the last two characters a
//! check that catches a mistyped or swapped character.
//!
//! The text is one number holding the givens in one of two forms, whichever
//! is shorter, told apart by its lowest digit: every cell as a value 0..=n
//! (a 9x9 puzzle always fits in 54 characters, so every 9x9 code in 58), or
//! which cells are given and then only their digits (shorter for the usual
//! sparse puzzle: 25 givens of 9x9 take 33 characters).

use super::geometry::{SUPPORTED_SHAPES, Shape};
use super::grid::Grid;

/// Crockford's base-32 digits.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What stands between the board and the text.
const SEPARATOR: char = '_';

/// The longest code any board has (25x25 every cell a value: about 590
/// characters); longer text is refused before any arithmetic.
const MAX_LEN: usize = 700;

/// Why a text is not a share code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShareError {
    /// No board prefix.
    #[error("a share code starts with its board, such as 9_ or 3x2_")]
    NoBoard,
    /// A prefix that names no board.
    #[error("'{0}' is not a board a share code names")]
    BadBoard(String),
    /// A character outside the code's alphabet.
    #[error("'{0}' is not a share code character (0-9 and letters but U)")]
    BadChar(char),
    /// More characters than the largest board needs.
    #[error("the share code is too long")]
    TooLong,
    /// The check characters do not match the rest.
    #[error("the share code's check character does not match: a character is mistyped")]
    Check,
    /// The characters do not make a board of the size named.
    #[error("the share code does not hold a {0}x{0} board")]
    Payload(usize),
}

/// The share code of a puzzle's givens.
pub fn share_code(givens: &Grid) -> String {
    let shape = givens.shape();
    let n = shape.n() as u32;
    let values = givens.values();
    // every cell as a value 0..=n, pushed first cell first
    let mut all = Natural::default();
    for &v in values {
        all.mul_add(n + 1, u32::from(v));
    }
    all.mul_add(2, 0);
    // the digits of the given cells (1..=n as 0..n), then which cells
    let mut given = Natural::default();
    for &v in values.iter().filter(|&&v| v != 0) {
        given.mul_add(n, u32::from(v) - 1);
    }
    for &v in values {
        given.mul_add(2, u32::from(v != 0));
    }
    given.mul_add(2, 1);
    let number = if given.bits() < all.bits() {
        given
    } else {
        all
    };
    let mut text = number.to_base32();
    text.push_str(&check_chars(&text));
    format!("{}{SEPARATOR}{text}", board_name(shape))
}

/// The givens a share code holds.
pub fn from_share_code(code: &str) -> Result<Grid, ShareError> {
    let code = code.trim();
    let (board, text) = code.split_once(SEPARATOR).ok_or(ShareError::NoBoard)?;
    let shape = board_of(board).ok_or_else(|| ShareError::BadBoard(board.to_string()))?;
    if text.len() > MAX_LEN {
        return Err(ShareError::TooLong);
    }
    let digits: Vec<u8> = text
        .chars()
        .map(|c| digit_of(c).ok_or(ShareError::BadChar(c)))
        .collect::<Result<_, _>>()?;
    if digits.len() < 3 {
        return Err(ShareError::Payload(shape.n()));
    }
    let (body, check) = digits.split_at(digits.len() - 2);
    if weighted_sum(body) != u32::from(check[0]) * 32 + u32::from(check[1]) {
        return Err(ShareError::Check);
    }
    let mut number = Natural::default();
    for &d in body {
        number.mul_add(32, u32::from(d));
    }
    let (n, cells) = (shape.n() as u32, shape.cell_count());
    let bad = || ShareError::Payload(shape.n());
    let mut values = vec![0u8; cells];
    if number.div_rem(2) == 1 {
        let given: Vec<bool> = {
            let mut given = vec![false; cells];
            for g in given.iter_mut().rev() {
                *g = number.div_rem(2) == 1;
            }
            given
        };
        for (v, _) in values.iter_mut().zip(&given).rev().filter(|(_, g)| **g) {
            *v = number.div_rem(n) as u8 + 1;
        }
    } else {
        for v in values.iter_mut().rev() {
            *v = number.div_rem(n + 1) as u8;
        }
    }
    if !number.is_zero() {
        return Err(bad());
    }
    Grid::from_values(shape, values).ok_or_else(bad)
}

/// True when a text looks like a share code (a board and the separator),
/// so that a command line can tell one from a puzzle or a file name.
pub fn is_share_code(text: &str) -> bool {
    text.trim()
        .split_once(SEPARATOR)
        .is_some_and(|(board, _)| board_of(board).is_some())
}

/// `9`, or `3x2` for boxes that are not the size's default.
fn board_name(shape: Shape) -> String {
    if Shape::for_size(shape.n()) == Some(shape) {
        shape.n().to_string()
    } else {
        shape.to_string()
    }
}

fn board_of(name: &str) -> Option<Shape> {
    match name.parse::<usize>() {
        Ok(n) => Shape::for_size(n),
        Err(_) => {
            let shape: Shape = name.parse().ok()?;
            SUPPORTED_SHAPES
                .contains(&(shape.box_rows() as u8, shape.box_cols() as u8))
                .then_some(shape)
        }
    }
}

fn digit_of(c: char) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        'I' | 'L' => '1',
        'O' => '0',
        c => c,
    };
    ALPHABET
        .iter()
        .position(|&a| char::from(a) == c)
        .map(|i| i as u8)
}

/// The two check characters: each digit times its place (from 1), summed,
/// modulo the prime 1021 (under 32 x 32). A digit changed by k changes the
/// sum by k times its place, and two neighbours swapped by their
/// difference: neither is a multiple of 1021 on a code shorter than 1021.
fn check_chars(text: &str) -> String {
    let digits: Vec<u8> = text.chars().filter_map(digit_of).collect();
    let sum = weighted_sum(&digits) as usize;
    [ALPHABET[sum / 32], ALPHABET[sum % 32]]
        .iter()
        .map(|&c| char::from(c))
        .collect()
}

fn weighted_sum(digits: &[u8]) -> u32 {
    digits
        .iter()
        .enumerate()
        .map(|(i, &d)| (i as u32 + 1) * u32::from(d))
        .sum::<u32>()
        % 1021
}

/// A natural number as little-endian 32-bit limbs: only what the codes need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Natural {
    limbs: Vec<u32>,
}

impl Natural {
    /// self = self * m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.limbs {
            let x = u64::from(*limb) * u64::from(m) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// self = self / d; the remainder.
    fn div_rem(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let x = (rem << 32) | u64::from(*limb);
            *limb = (x / u64::from(d)) as u32;
            rem = x % u64::from(d);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u32
    }

    fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn bits(&self) -> u32 {
        self.limbs
            .last()
            .map_or(0, |&top| 32 * self.limbs.len() as u32 - top.leading_zeros())
    }

    fn to_base32(&self) -> String {
        let mut number = self.clone();
        let mut text = Vec::new();
        while !number.is_zero() {
            text.push(ALPHABET[number.div_rem(32) as usize]);
        }
        if text.is_empty() {
            text.push(ALPHABET[0]);
        }
        text.reverse();
        String::from_utf8(text).expect("the alphabet is ASCII")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_9x9_code_is_short_and_reads_back() {
        let grid = Grid::parse(PUZZLE, None).unwrap();
        let code = share_code(&grid);
        assert!(code.starts_with("9_"), "{code}");
        assert!(code.len() <= 40, "{code}: {}", code.len());
        assert_eq!(from_share_code(&code).unwrap(), grid);
        assert_eq!(from_share_code(&code.to_lowercase()).unwrap(), grid);
    }

    #[test]
    fn the_densest_9x9_code_still_fits_60() {
        // every cell given but one: the every-cell form, 54 digits
        let full =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        let mut grid = Grid::parse(full, None).unwrap();
        grid.set(0, 0).unwrap();
        let code = share_code(&grid);
        assert!(code.len() <= 60, "{code}: {}", code.len());
        assert_eq!(from_share_code(&code).unwrap(), grid);
    }

    #[test]
    fn a_typo_is_caught() {
        let grid = Grid::parse(PUZZLE, None).unwrap();
        let code = share_code(&grid);
        let chars: Vec<char> = code.chars().collect();
        // every character changed to every other: each is caught
        for i in 2..chars.len() {
            for &c in ALPHABET {
                let mut typo = chars.clone();
                if char::from(c) == typo[i] {
                    continue;
                }
                typo[i] = char::from(c);
                let typo: String = typo.iter().collect();
                assert_eq!(from_share_code(&typo), Err(ShareError::Check), "{typo}");
            }
        }
        let mut swapped: Vec<char> = code.chars().collect();
        let j = (3..swapped.len() - 1)
            .find(|&j| swapped[j] != swapped[j + 1])
            .unwrap();
        swapped.swap(j, j + 1);
        let swapped: String = swapped.iter().collect();
        assert_eq!(from_share_code(&swapped), Err(ShareError::Check));
    }

    #[test]
    fn bad_codes_say_why() {
        assert_eq!(from_share_code("K3F"), Err(ShareError::NoBoard));
        assert!(matches!(
            from_share_code("7_123"),
            Err(ShareError::BadBoard(_))
        ));
        assert_eq!(from_share_code("9_12U4"), Err(ShareError::BadChar('U')));
        assert_eq!(
            from_share_code(&format!("9_{}", "1".repeat(MAX_LEN + 1))),
            Err(ShareError::TooLong)
        );
        // a number too large for the board
        let body = "Z".repeat(80);
        let code = format!("9_{body}{}", check_chars(&body));
        assert_eq!(from_share_code(&code), Err(ShareError::Payload(9)));
        assert!(is_share_code("3x2_ABC") && !is_share_code("53..7"));
    }
}

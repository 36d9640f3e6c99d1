//! `Variant`: which rules a board adds to or changes from classic Sudoku, by
//! the names players use ("killer", "jigsaw", "x", "windoku"), for the
//! command line, the new-game dialog and the stats that count by variant.

use std::fmt;
use std::str::FromStr;

/// The rules a board plays by beyond rows and columns, as names: jigsaw
/// regions instead of boxes, killer cages, the two diagonals (X), the extra
/// windows of windoku. Any mix is a variant; none is classic Sudoku.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Variant {
    /// Irregular regions take the place of boxes.
    pub jigsaw: bool,
    /// Cages with sums; digits in a cage differ.
    pub killer: bool,
    /// The four windows of windoku (hyper Sudoku) are houses too.
    pub windoku: bool,
    /// Both long diagonals are houses too (Sudoku X).
    pub x: bool,
}

/// The names of the parts, in the order [`Variant`]'s display writes them.
const PARTS: [&str; 4] = ["jigsaw", "killer", "windoku", "x"];

impl Variant {
    /// Classic Sudoku: rows, columns and boxes.
    pub const CLASSIC: Variant = Variant {
        jigsaw: false,
        killer: false,
        windoku: false,
        x: false,
    };

    /// The variants the game offers, classic first, then each rule alone,
    /// then the mixes Simon Tatham's Solo makes (X with jigsaw, X with
    /// killer).
    pub const OFFERED: [Variant; 7] = [
        Variant::CLASSIC,
        Variant {
            x: true,
            ..Variant::CLASSIC
        },
        Variant {
            windoku: true,
            ..Variant::CLASSIC
        },
        Variant {
            jigsaw: true,
            ..Variant::CLASSIC
        },
        Variant {
            killer: true,
            ..Variant::CLASSIC
        },
        Variant {
            jigsaw: true,
            x: true,
            ..Variant::CLASSIC
        },
        Variant {
            killer: true,
            x: true,
            ..Variant::CLASSIC
        },
    ];

    /// True when no rule is added: classic Sudoku.
    pub fn is_classic(self) -> bool {
        self == Variant::CLASSIC
    }

    fn flags(self) -> [bool; 4] {
        [self.jigsaw, self.killer, self.windoku, self.x]
    }
}

impl fmt::Display for Variant {
    /// `classic`, or the parts joined by `+`: `killer+x`. [`FromStr`] reads
    /// it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_classic() {
            return f.write_str("classic");
        }
        let mut first = true;
        for (name, on) in PARTS.iter().zip(self.flags()) {
            if on {
                if !first {
                    f.write_str("+")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// A name [`Variant`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{0}': use classic, x, windoku, jigsaw or killer, or a mix joined by '+' such as killer+x"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads `classic`, a part (`x`, `windoku`, `jigsaw`, `killer`, and the
    /// other names players use: `diagonal`, `hyper`, `irregular`) or parts
    /// joined by `+` or `,` in any order: `x+killer`.
    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        let mut variant = Variant::CLASSIC;
        let unknown = || UnknownVariant(text.to_string());
        for part in text.split(['+', ',']) {
            match part.trim().to_ascii_lowercase().as_str() {
                "classic" | "sudoku" => {}
                "x" | "diagonal" | "diagonals" | "sudoku-x" => variant.x = true,
                "windoku" | "hyper" | "windows" => variant.windoku = true,
                "jigsaw" | "irregular" | "j" => variant.jigsaw = true,
                "killer" | "k" => variant.killer = true,
                _ => return Err(unknown()),
            }
        }
        Ok(variant)
    }
}

#[cfg(feature = "serde")]
impl From<Variant> for String {
    /// A variant in a file is its name, as [`fmt::Display`] writes it.
    fn from(variant: Variant) -> String {
        variant.to_string()
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Variant {
    type Error = UnknownVariant;

    fn try_from(name: String) -> Result<Variant, UnknownVariant> {
        name.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mix_reads_back_from_its_name() {
        for bits in 0u8..16 {
            let variant = Variant {
                jigsaw: bits & 1 != 0,
                killer: bits & 2 != 0,
                windoku: bits & 4 != 0,
                x: bits & 8 != 0,
            };
            assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
        }
        assert_eq!(
            "x+killer".parse::<Variant>().unwrap().to_string(),
            "killer+x"
        );
        assert_eq!("Hyper".parse::<Variant>().unwrap().to_string(), "windoku");
        assert!("samurai".parse::<Variant>().is_err());
        assert!("killer+".parse::<Variant>().is_err());
    }
}

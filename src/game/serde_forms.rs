//! Serde forms for engine types that carry no serde of their own, chosen so a
//! saved game reads well as TOML: a grid is its shape and one puzzle line, a
//! digit set is its bit mask; the puzzle's grid carries its rules in the
//! variant line (README, "Variants").

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{DigitSet, Grid, Shape, is_variant_line, parse_variant, variant_line};

/// `Grid` as `{ shape = "3x3", cells = "53..7...." }`.
pub mod grid {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct GridForm {
        shape: Shape,
        cells: String,
    }

    pub fn serialize<S: Serializer>(grid: &Grid, s: S) -> Result<S::Ok, S::Error> {
        GridForm {
            shape: grid.shape(),
            cells: grid.to_line(false),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let form = GridForm::deserialize(d)?;
        Grid::parse(&form.cells, Some(form.shape)).map_err(serde::de::Error::custom)
    }
}

/// The puzzle's `Grid` with its rules, as `{ shape = "3x3", cells =
/// "jigsaw:53..7....:aaabbb..." }`: a classic puzzle's cells are its line,
/// as in saves from before variants, which load as classic.
pub mod puzzle {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct PuzzleForm {
        shape: Shape,
        cells: String,
    }

    pub fn serialize<S: Serializer>(grid: &Grid, s: S) -> Result<S::Ok, S::Error> {
        PuzzleForm {
            shape: grid.shape(),
            cells: variant_line(grid),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let form = PuzzleForm::deserialize(d)?;
        if !is_variant_line(&form.cells) {
            return Grid::parse(&form.cells, Some(form.shape)).map_err(serde::de::Error::custom);
        }
        let grid = parse_variant(&form.cells)
            .map_err(|e| serde::de::Error::custom(format!("the puzzle's variant line, {e}")))?;
        if grid.shape() != form.shape {
            return Err(serde::de::Error::custom(format!(
                "the puzzle's variant line is a {} board, not {}",
                grid.shape(),
                form.shape
            )));
        }
        Ok(grid)
    }
}

/// `DigitSet` as its `u32` mask.
pub mod digit_set {
    use super::*;

    pub fn serialize<S: Serializer>(set: &DigitSet, s: S) -> Result<S::Ok, S::Error> {
        set.bits().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DigitSet, D::Error> {
        u32::deserialize(d).map(DigitSet)
    }
}

/// `Vec<DigitSet>` as a list of `u32` masks.
pub mod digit_sets {
    use super::*;

    pub fn serialize<S: Serializer>(sets: &[DigitSet], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(sets.iter().map(|set| set.bits()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<DigitSet>, D::Error> {
        Vec::<u32>::deserialize(d).map(|bits| bits.into_iter().map(DigitSet).collect())
    }
}

/// `Option<u64>` (the seed) as a TOML integer, or as a string when it is too
/// large for TOML's signed 64-bit integers.
pub mod seed {
    use super::*;

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum SeedForm {
        Number(i64),
        Text(String),
    }

    pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        seed.map(|v| {
            i64::try_from(v).map_or_else(|_| SeedForm::Text(v.to_string()), SeedForm::Number)
        })
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        match Option::<SeedForm>::deserialize(d)? {
            None => Ok(None),
            Some(SeedForm::Number(v)) => {
                u64::try_from(v).map(Some).map_err(serde::de::Error::custom)
            }
            Some(SeedForm::Text(t)) => t.parse().map(Some).map_err(serde::de::Error::custom),
        }
    }
}

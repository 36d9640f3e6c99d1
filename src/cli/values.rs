//! The value parsers of options with a fixed set of values (`--box`,
//! `--size`, `--difficulty`, `--symmetry`, `--variant`): each lists its values, so that
//! `--help` shows them and the completion scripts offer them, and reads
//! them the way the engine does (either case).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use tudoku_engine::{Difficulty, SUPPORTED_SIZES, Shape, Symmetry, Variant};

/// A parser that offers `names` and turns the one given into a value.
fn listed<T, E>(
    names: impl IntoIterator<Item = String>,
    parse: fn(&str) -> Result<T, E>,
) -> impl TypedValueParser<Value = T>
where
    T: Clone + Send + Sync + 'static,
    E: Into<Box<dyn std::error::Error + Send + Sync>> + 'static,
{
    PossibleValuesParser::new(names.into_iter().map(PossibleValue::new))
        .try_map(move |s: String| parse(&s))
}

/// `--box RxC`: every supported box shape.
pub fn box_shape() -> impl TypedValueParser<Value = Shape> {
    listed(Shape::all().map(|s| s.to_string()), str::parse::<Shape>)
}

/// `--size N`: every supported side, as its default shape.
pub fn size() -> impl TypedValueParser<Value = Shape> {
    listed(SUPPORTED_SIZES.map(|n| n.to_string()), |s| {
        s.parse::<usize>()
            .ok()
            .and_then(Shape::for_size)
            .ok_or_else(|| format!("unsupported size '{s}'"))
    })
}

/// `--difficulty D`: the five levels.
pub fn difficulty() -> impl TypedValueParser<Value = Difficulty> {
    listed(
        Difficulty::ALL.map(|d| d.to_string()),
        str::parse::<Difficulty>,
    )
}

/// `--symmetry S`: the patterns of givens.
pub fn symmetry() -> impl TypedValueParser<Value = Symmetry> {
    listed(Symmetry::ALL.map(|s| s.to_string()), str::parse::<Symmetry>)
}

/// `--variant V`: the variants the game offers, by name (mixes such as
/// `killer+x` in any order are read too).
pub fn variant() -> impl TypedValueParser<Value = Variant> {
    clap::builder::StringValueParser::new().try_map(|s: String| s.parse::<Variant>())
}

//! The one-line text of a variant puzzle, tudoku's and Simon Tatham's
//! Solo's (`solo.rs`), read into a grid carrying its rules and written back.
//!
//! tudoku's line is the variant's name, then fields joined by `:`:
//!
//! ```text
//! x:<grid>                     windoku:<grid>           (and x+windoku)
//! jigsaw:<grid>:<regions>      jigsaw+x:<grid>:<regions>
//! killer:<grid>:<cages>:<sums> killer+x:<grid>:<cages>:<sums>
//! ```
//!
//! `<grid>` is the classic line (n*n symbols, `.` or `0` empty). `<regions>`
//! gives each cell's region as a letter `a`-`y`, row by row. `<cages>` gives
//! each cell a letter or digit (`a`-`z`, `A`-`Z`, `0`-`9`; `.` for a cell in
//! no cage): side-by-side cells with the same one share a cage, so a letter
//! can serve cages that do not touch. `<sums>` lists the cages' sums, comma
//! separated, cages ordered by their first cell in reading order.

use std::fmt::Write as _;

use super::super::geometry::Shape;
use super::super::grid::Grid;
use super::solo;
use super::{Cage, Rules, RulesSpec, Variant, beside};

/// Why a variant line could not be read: where (the column, from 1, in
/// characters) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct VariantTextError {
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl VariantTextError {
    pub(super) fn at(column: usize, message: impl Into<String>) -> VariantTextError {
        VariantTextError {
            column,
            message: message.into(),
        }
    }
}

/// True when `text` looks like a variant line (tudoku's or Solo's), not a
/// classic puzzle: a name and a colon first.
pub fn is_variant_line(text: &str) -> bool {
    let text = text.trim();
    text.split_once(':').is_some_and(|(head, _)| {
        !head.is_empty()
            && (head.parse::<Variant>().is_ok() || solo::is_solo_params(head))
            && !text.starts_with(':')
    })
}

/// Reads a variant line, tudoku's or a Solo game description (`9j:…`,
/// `3x3x:…`, `3x3k:…`), into a grid carrying its rules; a classic line
/// (no name) is read as classic.
pub fn parse_variant(text: &str) -> Result<Grid, VariantTextError> {
    let text = text.trim();
    let Some((head, _)) = text.split_once(':') else {
        return Grid::parse(text, None)
            .map_err(|e| VariantTextError::at(e.column, e.kind.to_string()));
    };
    if head.parse::<Variant>().is_err() && solo::is_solo_params(head) {
        return solo::parse_solo(text);
    }
    let variant: Variant = head
        .parse()
        .map_err(|e: super::UnknownVariant| VariantTextError::at(1, e.to_string()))?;
    let fields = Fields::split(text);
    let (grid_column, grid_text) = fields.get(1, "the grid")?;
    let grid = Grid::parse(grid_text, None)
        .map_err(|e| VariantTextError::at(grid_column + e.column - 1, e.kind.to_string()))?;
    let shape = grid.shape();
    let mut spec = RulesSpec {
        diagonals: variant.x,
        windows: variant.windoku,
        ..RulesSpec::default()
    };
    let mut next = 2;
    if variant.jigsaw {
        let (column, labels) = fields.get(next, "the regions")?;
        spec.regions = Some(region_labels(shape, labels, column)?);
        next += 1;
    }
    if variant.killer {
        let (column, labels) = fields.get(next, "the cages")?;
        let (sums_column, sums) = fields.get(next + 1, "the cage sums")?;
        spec.cages = cages(shape, labels, column, sums, sums_column)?;
        next += 2;
    }
    if let Some((column, _)) = fields.parts.get(next) {
        return Err(VariantTextError::at(
            *column,
            format!("{variant} takes {next} fields; this one is more"),
        ));
    }
    let rules =
        Rules::new(shape, spec).map_err(|e| VariantTextError::at(grid_column, e.to_string()))?;
    grid.with_rules(rules)
        .map_err(|e| VariantTextError::at(1, e.to_string()))
}

/// A line's fields with the column each starts at.
struct Fields<'a> {
    parts: Vec<(usize, &'a str)>,
}

impl<'a> Fields<'a> {
    fn split(text: &'a str) -> Fields<'a> {
        let mut parts = Vec::new();
        let mut column = 1;
        for part in text.split(':') {
            parts.push((column, part));
            column += part.chars().count() + 1;
        }
        Fields { parts }
    }

    fn get(&self, index: usize, what: &str) -> Result<(usize, &'a str), VariantTextError> {
        self.parts.get(index).copied().ok_or_else(|| {
            let end = self.parts.last().map_or(1, |(c, p)| c + p.chars().count());
            VariantTextError::at(end, format!("the line ends before {what}"))
        })
    }
}

/// A region label per cell, `a`-`y`.
fn region_labels(shape: Shape, text: &str, column: usize) -> Result<Vec<u8>, VariantTextError> {
    let labels: Vec<u8> = text
        .chars()
        .enumerate()
        .map(|(i, ch)| match ch {
            'a'..='y' => Ok(ch as u8 - b'a'),
            _ => Err(VariantTextError::at(
                column + i,
                format!("bad region {ch:?}: regions are letters a-y"),
            )),
        })
        .collect::<Result<_, _>>()?;
    if labels.len() != shape.cell_count() {
        return Err(VariantTextError::at(
            column,
            format!(
                "{} region letters for a {} board of {} cells",
                labels.len(),
                shape.board_name(),
                shape.cell_count()
            ),
        ));
    }
    Ok(labels)
}

/// The cages a label per cell and a list of sums make.
fn cages(
    shape: Shape,
    labels: &str,
    column: usize,
    sums: &str,
    sums_column: usize,
) -> Result<Vec<Cage>, VariantTextError> {
    let chars: Vec<char> = labels.chars().collect();
    if chars.len() != shape.cell_count() {
        return Err(VariantTextError::at(
            column,
            format!(
                "{} cage labels for a {} board of {} cells",
                chars.len(),
                shape.board_name(),
                shape.cell_count()
            ),
        ));
    }
    if let Some(i) = chars
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == '.'))
    {
        return Err(VariantTextError::at(
            column + i,
            format!(
                "bad cage label {:?}: cages are a-z, A-Z or 0-9, '.' for none",
                chars[i]
            ),
        ));
    }
    let mut pieces = components(shape, &chars);
    pieces.retain(|piece| chars[piece[0]] != '.');
    let mut sum_list = Vec::new();
    let mut at = sums_column;
    for part in sums.split(',') {
        let value = part
            .trim()
            .parse::<u16>()
            .map_err(|_| VariantTextError::at(at, format!("bad sum {part:?}: sums are numbers")))?;
        sum_list.push((at, value));
        at += part.chars().count() + 1;
    }
    if sum_list.len() != pieces.len() {
        return Err(VariantTextError::at(
            sums_column,
            format!("{} sums for {} cages", sum_list.len(), pieces.len()),
        ));
    }
    Ok(pieces
        .into_iter()
        .zip(sum_list)
        .map(|(cells, (_, sum))| Cage::new(cells, sum))
        .collect())
}

/// The groups of side-by-side cells sharing a label, by first cell in
/// reading order.
pub(super) fn components<T: PartialEq>(shape: Shape, labels: &[T]) -> Vec<Vec<usize>> {
    let n = shape.n();
    let mut seen = vec![false; n * n];
    let mut found = Vec::new();
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![start];
        let mut at = 0;
        while at < piece.len() {
            let c = piece[at];
            for side in beside(n, c) {
                if !seen[side] && labels[side] == labels[c] {
                    seen[side] = true;
                    piece.push(side);
                }
            }
            at += 1;
        }
        piece.sort_unstable();
        found.push(piece);
    }
    found
}

/// The grid as a tudoku variant line (the classic line for classic rules).
pub fn variant_line(grid: &Grid) -> String {
    let rules = grid.rules();
    let mut line = grid.to_line(false);
    if rules.is_classic() {
        return line;
    }
    line = format!("{}:{line}", rules.variant());
    if let Some(regions) = rules.regions() {
        line.push(':');
        line.extend(regions.iter().map(|&r| (b'a' + r) as char));
    }
    if !rules.cages().is_empty() {
        line.push(':');
        line.extend(cage_labels(grid.shape(), rules));
        line.push(':');
        let mut cages: Vec<&Cage> = rules.cages().iter().collect();
        cages.sort_by_key(|cage| cage.anchor());
        for (i, cage) in cages.iter().enumerate() {
            let _ = write!(line, "{}{}", if i > 0 { "," } else { "" }, cage.sum());
        }
    }
    line
}

/// A letter per cell such that cages side by side differ: each cage, in
/// reading order of its first cell, takes the first letter no neighbour
/// has taken.
fn cage_labels(shape: Shape, rules: &Rules) -> Vec<char> {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let n = shape.n();
    let mut label = vec!['.'; n * n];
    let mut cages: Vec<&Cage> = rules.cages().iter().collect();
    cages.sort_by_key(|cage| cage.anchor());
    for cage in cages {
        let mut taken = [false; LETTERS.len()];
        for &c in cage.cells() {
            for side in beside(n, c) {
                if let Some(i) = LETTERS.iter().position(|&l| l as char == label[side]) {
                    taken[i] = true;
                }
            }
        }
        let free = taken.iter().position(|&t| !t).unwrap_or(0);
        for &c in cage.cells() {
            label[c] = LETTERS[free] as char;
        }
    }
    label
}

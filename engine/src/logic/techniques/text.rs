//! Wording shared by the explanations: lists of cells, digits and units in
//! plain English ("r1c1, r1c5 and r2c3"), and the "so ... can be removed" tail.

use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::board::grid::symbol;

/// "a", "a and b", "a, b and c".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Cells as hints write them: `r1c2, r1c5`.
pub fn cells(geo: &Geometry, cells: &[usize]) -> String {
    join_and(&cells.iter().map(|&c| geo.cell_name(c)).collect::<Vec<_>>())
}

/// Units as hints write them: `row 3, box 5`.
pub fn units(geo: &Geometry, units: &[usize]) -> String {
    join_and(&units.iter().map(|&u| geo.unit_name(u)).collect::<Vec<_>>())
}

/// A digit as the board shows it (10 and up are letters).
pub fn digit(d: u8) -> char {
    symbol(d)
}

/// "3", "3 and 8", "3, 5 and 8".
pub fn digits(set: DigitSet) -> String {
    join_and(&set.iter().map(|d| digit(d).to_string()).collect::<Vec<_>>())
}

/// "3 or 8".
pub fn join_or(set: DigitSet) -> String {
    digits(set).replace(" and ", " or ")
}

/// "{3,8}": a cell's candidates, as wing explanations show them.
pub fn candidates(set: DigitSet) -> String {
    let inner: Vec<String> = set.iter().map(|d| digit(d).to_string()).collect();
    format!("{{{}}}", inner.join(","))
}

/// Candidates gathered into clauses "digits from cells": digits that go
/// from the same cells share a clause, and so do cells that lose the same
/// digits, whichever of the two reads in fewer clauses (by digit on a tie).
fn groups(eliminations: &[(usize, u8)]) -> Vec<(DigitSet, Vec<usize>)> {
    let by_digit = by_digit(eliminations);
    let mut by_cell: Vec<(DigitSet, Vec<usize>)> = Vec::new();
    let mut cells_in_order: Vec<usize> = eliminations.iter().map(|&(c, _)| c).collect();
    cells_in_order.sort_unstable();
    cells_in_order.dedup();
    for cell in cells_in_order {
        let set: DigitSet = eliminations
            .iter()
            .filter(|&&(c, _)| c == cell)
            .map(|&(_, d)| d)
            .collect();
        match by_cell.iter_mut().find(|(s, _)| *s == set) {
            Some((_, cells)) => cells.push(cell),
            None => by_cell.push((set, vec![cell])),
        }
    }
    if by_cell.len() < by_digit.len() {
        by_cell
    } else {
        by_digit
    }
}

/// `(digits, cells)` clauses by digit: each digit with the cells it is
/// named for, digits with the same cells in one clause, smallest digit first.
pub fn by_digit(pairs: &[(usize, u8)]) -> Vec<(DigitSet, Vec<usize>)> {
    let all: DigitSet = pairs.iter().map(|&(_, d)| d).collect();
    let mut out: Vec<(DigitSet, Vec<usize>)> = Vec::new();
    for d in all {
        let mut cells: Vec<usize> = pairs
            .iter()
            .filter(|&&(_, e)| e == d)
            .map(|&(c, _)| c)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        match out.iter_mut().find(|(_, cs)| *cs == cells) {
            Some((set, _)) => set.insert(d),
            None => out.push((DigitSet::single(d), cells)),
        }
    }
    out
}

/// "a", "a, and b", "a, b, and c": clauses that hold "and" themselves, so
/// the last one is set off by a comma.
fn join_clauses(clauses: &[String]) -> String {
    match clauses {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

/// "5 and 8 can be removed from r1c2 and r1c3", or with several clauses
/// "1 and 9 can be removed from r1c5, 5 from r1c5 and r1c6, and 7 from r1c6".
pub fn removals(geo: &Geometry, eliminations: &[(usize, u8)]) -> String {
    let clauses: Vec<String> = groups(eliminations)
        .iter()
        .enumerate()
        .map(|(i, (ds, cs))| {
            let verb = if i == 0 { " can be removed" } else { "" };
            format!("{}{verb} from {}", digits(*ds), cells(geo, cs))
        })
        .collect();
    join_clauses(&clauses)
}

/// "r3c4 is not 7 and r5c1 is not 2": wrong entries, as (cell, entry).
pub fn wrong_entries(geo: &Geometry, entries: &[(usize, u8)]) -> String {
    let each: Vec<String> = entries
        .iter()
        .map(|&(c, d)| format!("{} is not {}", geo.cell_name(c), digit(d)))
        .collect();
    join_and(&each)
}

/// "r5c2 and r6c3 can still be 8, and r1c1 can still be 3": digits, as
/// (cell, digit), that cells can still hold.
pub fn can_still_be(geo: &Geometry, pairs: &[(usize, u8)]) -> String {
    let clauses: Vec<String> = by_digit(pairs)
        .iter()
        .map(|(ds, cs)| format!("{} can still be {}", cells(geo, cs), join_or(*ds)))
        .collect();
    join_clauses(&clauses)
}

/// "a hidden pair", "an X-wing": a technique's name after its article.
pub fn with_article(name: &str) -> String {
    // "pointing", "simple coloring": a method, not a thing counted
    if name.ends_with("ing") && !name.ends_with("wing") {
        return in_sentence(name);
    }
    let article = if name.starts_with('X') { "an" } else { "a" };
    format!("{article} {}", in_sentence(name))
}

/// A technique name inside a sentence: "hidden single", but "X-wing" and
/// "XY-wing" keep their capitals.
pub fn in_sentence(name: &str) -> String {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if !(second == '-' || second.is_uppercase()) => {
            first.to_lowercase().chain(name.chars().skip(1)).collect()
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Shape;

    #[test]
    fn lists_read_as_english() {
        let g = Shape::for_size(9).unwrap().geometry();
        assert_eq!(cells(g, &[0]), "r1c1");
        assert_eq!(cells(g, &[0, 80, 10]), "r1c1, r9c9 and r2c2");
        assert_eq!(digits(DigitSet::single(3) | DigitSet::single(8)), "3 and 8");
        assert_eq!(units(g, &[4, 9 + 2, 18 + 8]), "row 5, column 3 and box 9");
        assert_eq!(
            removals(g, &[(6, 3), (8, 3), (10, 8)]),
            "3 can be removed from r1c7 and r1c9, and 8 from r2c2"
        );
        assert_eq!(
            wrong_entries(g, &[(0, 7), (80, 2)]),
            "r1c1 is not 7 and r9c9 is not 2"
        );
        assert_eq!(can_still_be(g, &[(1, 8)]), "r1c2 can still be 8");
        assert_eq!(digit(16), 'G');
    }

    /// "a pointing" and "a simple coloring" are not English; "an X-wing" is.
    #[test]
    fn methods_take_no_article() {
        assert_eq!(with_article("Pointing"), "pointing");
        assert_eq!(with_article("Simple coloring"), "simple coloring");
        assert_eq!(with_article("X-wing"), "an X-wing");
        assert_eq!(with_article("W-wing"), "a W-wing");
        assert_eq!(with_article("Hidden single"), "a hidden single");
    }
}

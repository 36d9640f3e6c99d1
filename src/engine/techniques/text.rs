//! Wording shared by the explanations: lists of cells, digits and units in
//! plain English ("r1c1, r1c5 and r2c3"), and the "so ... can be removed" tail.

use crate::engine::digits::DigitSet;
use crate::engine::geometry::Geometry;
use crate::engine::grid::symbol;

/// "a", "a and b", "a, b and c".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

pub fn cells(geo: &Geometry, cells: &[usize]) -> String {
    join_and(&cells.iter().map(|&c| geo.cell_name(c)).collect::<Vec<_>>())
}

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

/// "3 can be removed from r1c7 and r1c9, and 8 from r2c2", grouped by digit.
pub fn removals(geo: &Geometry, eliminations: &[(usize, u8)]) -> String {
    let mut all = DigitSet::EMPTY;
    for &(_, d) in eliminations {
        all.insert(d);
    }
    let groups: Vec<(u8, Vec<usize>)> = all
        .iter()
        .map(|d| {
            let cs = eliminations
                .iter()
                .filter(|&&(_, e)| e == d)
                .map(|&(c, _)| c)
                .collect();
            (d, cs)
        })
        .collect();
    let mut parts = groups.iter().enumerate().map(|(i, (d, cs))| {
        if i == 0 {
            format!("{} can be removed from {}", digit(*d), cells(geo, cs))
        } else {
            format!("{} from {}", digit(*d), cells(geo, cs))
        }
    });
    let first = parts.next().unwrap_or_default();
    let rest: Vec<String> = parts.collect();
    if rest.is_empty() {
        first
    } else {
        format!("{first}, and {}", rest.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::Shape;

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
        assert_eq!(digit(16), 'G');
    }
}

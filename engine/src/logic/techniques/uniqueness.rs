//! Unique rectangles. Four empty cells on two rows, two columns and exactly
//! two boxes can never end as {a,b} / {b,a}: swapping a and b in them would
//! give a second solution. A puzzle with one solution rules that out:
//! - type 1: three corners hold only {a,b}, so the fourth loses a and b;
//! - type 2: two corners (the floor) hold only {a,b} and the other two (the
//!   roof) only {a,b,x}, so one roof cell is x and cells seeing both lose x;
//! - type 4: the floor holds only {a,b} and a fits only the two roof cells in
//!   a unit they share, so one of them is a and neither can be b.
//!
//! Only sound for puzzles with a unique solution (the rater and hints check).

use super::board::Board;
use super::text;
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

/// The corners of a possible deadly pattern: the floor, two cells of one line
/// holding only `pair`, and the roof, the cells across from them on a
/// parallel line, both still allowing `pair`; in exactly two boxes.
struct Rectangle {
    pair: DigitSet,
    floor: [usize; 2],
    roof: [usize; 2],
}

/// Calls `found` on every rectangle (floors in rows, then in columns) until
/// it returns `Some`.
fn find_rectangle<R>(b: &Board, mut found: impl FnMut(&Rectangle) -> Option<R>) -> Option<R> {
    let geo = b.geometry();
    let n = b.n();
    for base in [0, n] {
        for line in base..base + n {
            let cells = &geo.units[line];
            for i in 0..n {
                let pair = b.candidates(cells[i]);
                if !pair.has_len(2) {
                    continue;
                }
                for j in i + 1..n {
                    if b.candidates(cells[j]) != pair {
                        continue;
                    }
                    for across in (base..base + n).filter(|&l| l != line) {
                        let roof = [geo.units[across][i], geo.units[across][j]];
                        if roof.iter().any(|&c| b.candidates(c) & pair != pair) {
                            continue;
                        }
                        let floor = [cells[i], cells[j]];
                        let mut boxes =
                            [floor[0], floor[1], roof[0], roof[1]].map(|c| geo.box_of(c));
                        boxes.sort_unstable();
                        if boxes.windows(2).filter(|w| w[0] != w[1]).count() != 1 {
                            continue;
                        }
                        if let Some(r) = found(&Rectangle { pair, floor, roof }) {
                            return Some(r);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The step of a rectangle, with its units (the two boxes) and corners.
fn rectangle_step(
    b: &Board,
    technique: Technique,
    rect: &Rectangle,
    eliminations: Vec<(usize, u8)>,
    explanation: impl FnOnce(&[(usize, u8)]) -> String,
) -> Step {
    let geo = b.geometry();
    let n = b.n();
    let mut units: Vec<usize> = rect
        .floor
        .iter()
        .chain(&rect.roof)
        .map(|&c| 2 * n + geo.box_of(c))
        .collect();
    units.sort_unstable();
    units.dedup();
    Step {
        technique,
        units,
        cells: vec![rect.floor[0], rect.floor[1], rect.roof[0], rect.roof[1]],
        placements: vec![],
        explanation: b.explain(|| explanation(&eliminations)),
        eliminations,
    }
}

/// Type 1: three corners hold only {a,b}; the fourth loses a and b.
pub fn find_unique_rectangle(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    find_rectangle(b, |rect| {
        let pair = rect.pair;
        let [r0, r1] = rect.roof;
        let (held, fourth) = match (b.candidates(r0) == pair, b.candidates(r1) == pair) {
            (true, false) => (r0, r1),
            (false, true) => (r1, r0),
            _ => return None,
        };
        let eliminations: Vec<(usize, u8)> = pair.iter().map(|x| (fourth, x)).collect();
        let others = [rect.floor[0], rect.floor[1], held];
        Some(rectangle_step(
            b,
            Technique::UniqueRectangle,
            rect,
            eliminations,
            |eliminations| {
                format!(
                    "Unique rectangle: {} hold only {}; if {} were {} too, swapping them in the \
                     rectangle would give a second solution, so {}",
                    text::cells(geo, &others),
                    text::digits(pair),
                    geo.cell_name(fourth),
                    text::join_or(pair),
                    text::removals(geo, eliminations)
                )
            },
        ))
    })
}

/// Type 2: both roof cells hold only {a,b,x}; one of them is x, so cells
/// seeing both lose x.
pub fn find_unique_rectangle_type_2(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    find_rectangle(b, |rect| {
        let roof = b.candidates(rect.roof[0]);
        if roof != b.candidates(rect.roof[1]) || !roof.has_len(3) {
            return None;
        }
        let x = (roof - rect.pair).first()?;
        let eliminations = b.common_peers_with(&rect.roof, x);
        if eliminations.is_empty() {
            return None;
        }
        Some(rectangle_step(
            b,
            Technique::UniqueRectangleType2,
            rect,
            eliminations,
            |eliminations| {
                format!(
                    "Unique rectangle type 2: {} hold only {} and {} only {}; if neither of \
                     those two were {}, swapping {} in the rectangle would give a second \
                     solution, so one of them is {}, and {}",
                    text::cells(geo, &rect.floor),
                    text::digits(rect.pair),
                    text::cells(geo, &rect.roof),
                    text::digits(roof),
                    text::digit(x),
                    text::digits(rect.pair),
                    text::digit(x),
                    text::removals(geo, eliminations)
                )
            },
        ))
    })
}

/// Type 4: in a unit both roof cells share, a fits only them; one of them
/// is a, so neither can be b.
pub fn find_unique_rectangle_type_4(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    find_rectangle(b, |rect| {
        let [r0, r1] = rect.roof;
        let (u0, u1) = (geo.cell_units[r0], geo.cell_units[r1]);
        rect.pair.iter().find_map(|a| {
            let unit = (0..3)
                .filter(|&k| u0[k] == u1[k])
                .map(|k| u0[k])
                .find(|&u| b.positions(u, a).count_ones() == 2)?;
            let other = (rect.pair - DigitSet::single(a)).first()?;
            let eliminations = vec![(r0, other), (r1, other)];
            Some(rectangle_step(
                b,
                Technique::UniqueRectangleType4,
                rect,
                eliminations,
                |eliminations| {
                    format!(
                        "Unique rectangle type 4: {} hold only {}, and in {}, {} can only go in \
                         {}; one of them is {}, and if the other were {}, swapping {} in the \
                         rectangle would give a second solution, so {}",
                        text::cells(geo, &rect.floor),
                        text::digits(rect.pair),
                        geo.unit_name(unit),
                        text::digit(a),
                        text::cells(geo, &rect.roof).replace(" and ", " or "),
                        text::digit(a),
                        text::digit(other),
                        text::digits(rect.pair),
                        text::removals(geo, eliminations)
                    )
                },
            ))
        })
    })
}

//! Simple coloring: the strong links of one digit (units where it fits exactly
//! two cells) join cells into chains whose cells alternate between two colors,
//! exactly one of which holds the digit. Color wrap: two cells of one color
//! see each other, so that color is false everywhere. Color trap: a cell
//! outside the chain that sees both colors cannot hold the digit.

use super::board::Board;
use super::{bits, has_two_bits, text};
use crate::board::digits::DigitSet;
use crate::logic::step::{Step, Technique};

const NONE: u32 = u32::MAX;

/// Simple coloring on any digit: a wrap or a trap in one chain.
pub fn find_simple_coloring(b: &Board) -> Option<Step> {
    find_simple_coloring_among(b, DigitSet::full(b.n()))
}

/// `find_simple_coloring` on the digits of `digits` only.
pub(crate) fn find_simple_coloring_among(b: &Board, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    let cells = n * n;
    // mark[cell] = 2 * chain index + color, NONE when not in a chain
    let mut mark = vec![NONE; cells];
    let mut chain = Vec::new();
    let mut link_units = Vec::new();
    // per unit, bit k set when the current chain has a cell of color k in it
    let mut unit_colors = vec![0u8; 3 * n];
    for digit in digits {
        if !has_two_links(b, digit) {
            continue;
        }
        mark.fill(NONE);
        let mut index = 0u32;
        // the cells holding the digit, row by row, so in cell order
        let starts = (0..n).flat_map(|row| bits(b.positions(row, digit)).map(move |p| (row, p)));
        for (row, p) in starts {
            let start = b.cell_at(row, p);
            if mark[start] != NONE {
                continue;
            }
            let base = 2 * index;
            grow_chain(
                b,
                digit,
                start,
                base,
                &mut mark,
                &mut chain,
                &mut link_units,
            );
            index += 1;
            if chain.len() < 3 {
                continue;
            }
            let wrapped = paint_units(b, &mark, &chain, &mut unit_colors);
            let step = match wrapped {
                Some(color) => Some((wrapped, of_color(digit, &mark, &chain, color))),
                None => color_trap(b, digit, &mark, base, &unit_colors).map(|e| (None, e)),
            };
            for &x in &chain {
                for u in b.geometry().cell_units[x] {
                    unit_colors[u] = 0;
                }
            }
            if let Some((wrapped, eliminations)) = step {
                return Some(coloring_step(
                    b,
                    digit,
                    &mark,
                    &chain,
                    &link_units,
                    wrapped,
                    eliminations,
                ));
            }
        }
    }
    None
}

/// Whether the digit has two strong links (units where it fits exactly two
/// cells) anywhere: a chain of three cells needs them, so a digit without
/// is skipped before any chain is grown.
fn has_two_links(b: &Board, digit: u8) -> bool {
    let n = b.n();
    b.units_positions(0..3 * n)
        .chunks_exact(n)
        .filter(|unit| has_two_bits(unit[digit as usize - 1]))
        .nth(1)
        .is_some()
}

/// Colors the chain through `start` by breadth-first search over strong
/// links, base mark `base` (colors `base` and `base + 1`).
fn grow_chain(
    b: &Board,
    digit: u8,
    start: usize,
    base: u32,
    mark: &mut [u32],
    chain: &mut Vec<usize>,
    link_units: &mut Vec<usize>,
) {
    chain.clear();
    link_units.clear();
    mark[start] = base;
    chain.push(start);
    let geo = b.geometry();
    let mut next = 0;
    while next < chain.len() {
        let cell = chain[next];
        next += 1;
        for unit in geo.cell_units[cell] {
            let pos = b.positions(unit, digit);
            if !has_two_bits(pos) {
                continue;
            }
            let p = b.cell_at(unit, pos.trailing_zeros());
            let other = if p == cell {
                b.cell_at(unit, 31 - pos.leading_zeros())
            } else {
                p
            };
            if mark[other] == NONE {
                mark[other] = mark[cell] ^ 1;
                chain.push(other);
                link_units.push(unit);
            }
        }
    }
}

/// Records in `unit_colors` which colors of the chain each unit holds, and
/// returns a color found twice in one unit (its cells see each other: a wrap).
fn paint_units(b: &Board, mark: &[u32], chain: &[usize], unit_colors: &mut [u8]) -> Option<u32> {
    let mut wrapped = None;
    for &x in chain {
        let bit = 1 << (mark[x] & 1);
        for u in b.geometry().cell_units[x] {
            if unit_colors[u] & bit != 0 {
                wrapped.get_or_insert(mark[x]);
            }
            unit_colors[u] |= bit;
        }
    }
    wrapped
}

/// Every cell of one color, as eliminations of the digit.
fn of_color(digit: u8, mark: &[u32], chain: &[usize], color: u32) -> Vec<(usize, u8)> {
    chain
        .iter()
        .filter(|&&c| mark[c] == color)
        .map(|&c| (c, digit))
        .collect()
}

/// Cells off the chain (of base mark `base`) whose units hold both colors:
/// they see both.
fn color_trap(
    b: &Board,
    digit: u8,
    mark: &[u32],
    base: u32,
    unit_colors: &[u8],
) -> Option<Vec<(usize, u8)>> {
    let geo = b.geometry();
    // the cells holding the digit, row by row, so in cell order
    let mut eliminations = Vec::new();
    for row in 0..b.n() {
        for p in bits(b.positions(row, digit)) {
            let c = b.cell_at(row, p);
            let [r, col, bx] = geo.cell_units[c];
            if mark[c] & !1 != base && unit_colors[r] | unit_colors[col] | unit_colors[bx] == 3 {
                eliminations.push((c, digit));
            }
        }
    }
    (!eliminations.is_empty()).then_some(eliminations)
}

fn coloring_step(
    b: &Board,
    digit: u8,
    mark: &[u32],
    chain: &[usize],
    link_units: &[usize],
    wrapped: Option<u32>,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let geo = b.geometry();
    let base = mark[chain[0]] & !1;
    let of_color = |color: u32| -> Vec<usize> {
        let mut cs: Vec<usize> = chain
            .iter()
            .copied()
            .filter(|&c| mark[c] == color)
            .collect();
        cs.sort_unstable();
        cs
    };
    let (one, two) = (of_color(base), of_color(base + 1));
    let reason = || match wrapped {
        Some(_) => format!(
            "two cells of {} color see each other, so that color is false and {}",
            if wrapped == Some(base) {
                "the first"
            } else {
                "the second"
            },
            text::removals(geo, &eliminations)
        ),
        None => format!(
            "one color holds {}, so {}, which {} both colors",
            text::digit(digit),
            text::removals(geo, &eliminations),
            if eliminations.len() == 1 {
                "sees"
            } else {
                "see"
            }
        ),
    };
    let mut cells = one.clone();
    cells.extend(&two);
    Step {
        technique: Technique::SimpleColoring,
        units: link_units.to_vec(),
        cells,
        placements: vec![],
        explanation: b.explain(|| {
            format!(
                "Simple coloring: the strong links of {} color {} one way and {} the other; {}",
                text::digit(digit),
                text::cells(geo, &one),
                text::cells(geo, &two),
                reason()
            )
        }),
        eliminations,
    }
}

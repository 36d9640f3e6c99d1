//! Simple coloring: the strong links of one digit (units where it fits exactly
//! two cells) join cells into chains whose cells alternate between two colors,
//! exactly one of which holds the digit. Color wrap: two cells of one color
//! see each other, so that color is false everywhere. Color trap: a cell
//! outside the chain that sees both colors cannot hold the digit.

use super::board::Board;
use super::text;
use crate::engine::step::{Step, Technique};

const NONE: u32 = u32::MAX;

/// Simple coloring on any digit: a wrap or a trap in one chain.
pub fn find_simple_coloring(b: &Board) -> Option<Step> {
    let n = b.n();
    let cells = n * n;
    // mark[cell] = 2 * chain index + color, NONE when not in a chain
    let mut mark = vec![NONE; cells];
    let mut chain = Vec::new();
    let mut link_units = Vec::new();
    for digit in 1..=n as u8 {
        mark.fill(NONE);
        let mut index = 0u32;
        for start in 0..cells {
            if mark[start] != NONE || !b.candidates(start).contains(digit) {
                continue;
            }
            grow_chain(
                b,
                digit,
                start,
                2 * index,
                &mut mark,
                &mut chain,
                &mut link_units,
            );
            index += 1;
            if chain.len() < 3 {
                continue;
            }
            let step = color_wrap(b, digit, &mark, &chain)
                .map(|(color, eliminations)| (Some(color), eliminations))
                .or_else(|| color_trap(b, digit, &mark, &chain).map(|e| (None, e)));
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
            if pos.count_ones() != 2 {
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

/// A color with two cells that see each other: every cell of it loses the digit.
fn color_wrap(
    b: &Board,
    digit: u8,
    mark: &[u32],
    chain: &[usize],
) -> Option<(u32, Vec<(usize, u8)>)> {
    let geo = b.geometry();
    chain.iter().enumerate().find_map(|(i, &x)| {
        chain[i + 1..]
            .iter()
            .find(|&&y| mark[x] == mark[y] && geo.sees(x, y))
            .map(|_| {
                let color = mark[x];
                let eliminations = chain
                    .iter()
                    .filter(|&&c| mark[c] == color)
                    .map(|&c| (c, digit))
                    .collect();
                (color, eliminations)
            })
    })
}

/// Cells off the chain that see both of its colors.
fn color_trap(b: &Board, digit: u8, mark: &[u32], chain: &[usize]) -> Option<Vec<(usize, u8)>> {
    let geo = b.geometry();
    let base = mark[chain[0]] & !1;
    let eliminations: Vec<(usize, u8)> = (0..geo.cell_count())
        .filter(|&c| b.candidates(c).contains(digit) && mark[c] & !1 != base)
        .filter(|&c| {
            let sees = |color: u32| chain.iter().any(|&x| mark[x] == color && geo.sees(c, x));
            sees(base) && sees(base + 1)
        })
        .map(|c| (c, digit))
        .collect();
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
            "one color holds {}, and {}",
            text::digit(digit),
            text::removals(geo, &eliminations)
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

//! Unique rectangle type 1. Four empty cells on two rows, two columns and
//! exactly two boxes, three of them holding only {a,b}: if the fourth were a
//! or b too, swapping a and b in the rectangle would give a second solution.
//! A puzzle with one solution cannot do that, so the fourth cell loses a and b.
//! Only sound for puzzles with a unique solution (the rater and hints check).

use super::board::Board;
use super::text;
use crate::engine::step::{Step, Technique};

pub fn find_unique_rectangle(b: &Board) -> Option<Step> {
    let geo = b.geometry();
    let n = b.n();
    (0..n).find_map(|r1| {
        (0..n).find_map(|c1| {
            let a = geo.cell(r1, c1);
            let pair = b.candidates(a);
            if pair.len() != 2 {
                return None;
            }
            (c1 + 1..n).find_map(|c2| {
                let bcell = geo.cell(r1, c2);
                if b.candidates(bcell) != pair {
                    return None;
                }
                (0..n).filter(|&r2| r2 != r1).find_map(|r2| {
                    let (c, d) = (geo.cell(r2, c1), geo.cell(r2, c2));
                    let (cc, dc) = (b.candidates(c), b.candidates(d));
                    let fourth = if cc == pair && dc.len() > 2 && dc & pair == pair {
                        d
                    } else if dc == pair && cc.len() > 2 && cc & pair == pair {
                        c
                    } else {
                        return None;
                    };
                    let corners = [a, bcell, c, d];
                    let mut boxes: Vec<usize> = corners.iter().map(|&x| geo.box_of(x)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        return None;
                    }
                    let eliminations: Vec<(usize, u8)> = pair.iter().map(|x| (fourth, x)).collect();
                    let others: Vec<usize> = corners.into_iter().filter(|&x| x != fourth).collect();
                    Some(Step {
                        technique: Technique::UniqueRectangle,
                        units: boxes.iter().map(|&bx| 2 * n + bx).collect(),
                        cells: corners.to_vec(),
                        placements: vec![],
                        explanation: b.explain(|| {
                            format!(
                                "Unique rectangle: {} hold only {}; if {} were {} too, swapping \
                             them in the rectangle would give a second solution, so {}",
                                text::cells(geo, &others),
                                text::digits(pair),
                                geo.cell_name(fourth),
                                text::join_or(pair),
                                text::removals(geo, &eliminations)
                            )
                        }),
                        eliminations,
                    })
                })
            })
        })
    })
}

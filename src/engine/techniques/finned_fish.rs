//! Finned fish: an X-wing (2 base lines) or swordfish (3) whose base lines
//! hold the digit in the cover lines plus a few extra cells, the fins, all in
//! one box. Either a fin holds the digit, or none does and the fish holds, so
//! cover-line cells inside the fin box (off the base lines) lose the digit
//! both ways. Sashimi fish (a base line left with one cover cell) are included.

use super::board::Board;
use super::{bits, text};
use crate::engine::step::{Step, Technique};

fn technique(k: usize) -> Technique {
    if k == 2 {
        Technique::FinnedXWing
    } else {
        Technique::FinnedSwordfish
    }
}

/// A finned fish of size `k` (2 or 3) on any digit, rows as base first.
pub fn find_finned_fish(b: &Board, k: usize) -> Option<Step> {
    let n = b.n();
    (1..=n as u8).find_map(|digit| {
        [(0, n), (n, 0)].into_iter().find_map(|(base, cover)| {
            Fish {
                b,
                digit,
                base,
                cover,
                k,
            }
            .search()
        })
    })
}

/// A candidate base line: its unit, the boxes that can hold the fins of a
/// fish on it (`live`), the boxes where it has the digit (`holds`), and
/// whether it holds the digit more than `k` times.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    unit: usize,
    live: u32,
    holds: u32,
    wide: bool,
}

/// One digit and orientation: base lines are units `base..base + n`, cover
/// lines `cover..cover + n`. Position p of a base line lies in cover line p,
/// and position i of a cover line in base line i.
struct Fish<'a> {
    b: &'a Board,
    digit: u8,
    base: usize,
    cover: usize,
    k: usize,
}

impl Fish<'_> {
    fn positions(&self, line: usize) -> u32 {
        self.b.positions(line, self.digit)
    }

    /// Every choice of `k` base lines, with fins in any box.
    fn search(&self) -> Option<Step> {
        let (b, n) = (self.b, self.b.n());
        // a box meets a row in box_cols cells and a column in box_rows: the
        // most fins a base line can hold
        let span = if self.base == 0 {
            b.shape().box_cols()
        } else {
            b.shape().box_rows()
        };
        let layout = b.layout();
        let mut lines = [Line::default(); 32];
        let mut len = 0;
        // boxes holding the digit on one base-direction line, and on two:
        // only those can lose it off the base lines
        let (mut once, mut twice) = (0u32, 0u32);
        for line in self.base..self.base + n {
            let pos = self.positions(line);
            let crossing = layout.boxes_crossing(line);
            let mut holds = 0u32;
            // the boxes that can hold the fins of a fish on this line: one it
            // crosses with at most k positions outside, or any other when
            // all its positions can be covered
            let mut live = if at_most(pos, self.k) { !crossing } else { 0 };
            for fin_box in bits(crossing) {
                let inside = layout.line_mask_in_box(fin_box as usize, line);
                if pos & inside != 0 {
                    holds |= 1 << fin_box;
                }
                if at_most(pos & !inside, self.k) {
                    live |= 1 << fin_box;
                }
            }
            twice |= once & holds;
            once |= holds;
            if (2..=self.k + span).contains(&(pos.count_ones() as usize)) {
                lines[len] = Line {
                    unit: line,
                    live,
                    holds,
                    wide: !at_most(pos, self.k),
                };
                len += 1;
            }
        }
        if twice == 0 {
            return None;
        }
        self.extend(&lines[..len], &mut [0; 3], 0, 0, twice, 0, false)
    }

    /// Adds base lines from `lines[from..]` to `chosen[..depth]`; `live`
    /// holds the boxes every chosen line allows as the fin box, `holds` the
    /// boxes where a chosen line has the digit (where fins can be), `wide`
    /// whether one holds it more than `k` times. A choice is dropped when no
    /// box is left. A finned X-wing on two lines holding the digit twice each
    /// is a skyscraper (found before), so one of its lines must be wide.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        lines: &[Line],
        chosen: &mut [usize; 3],
        depth: usize,
        from: usize,
        live: u32,
        holds: u32,
        wide: bool,
    ) -> Option<Step> {
        let k = self.k;
        if depth == k {
            return self.with_base_lines(&chosen[..k], live & holds);
        }
        let last = depth + 1 == k;
        for (i, line) in lines.iter().enumerate().skip(from) {
            let next = live & line.live;
            if next == 0 || (k == 2 && last && !wide && !line.wide) {
                continue;
            }
            chosen[depth] = line.unit;
            let (holds, wide) = (holds | line.holds, wide || line.wide);
            if let Some(step) = self.extend(lines, chosen, depth + 1, i + 1, next, holds, wide) {
                return Some(step);
            }
        }
        None
    }

    /// A finned fish on `base_lines` with its fins in one of the boxes `live`.
    fn with_base_lines(&self, base_lines: &[usize], live: u32) -> Option<Step> {
        let (k, layout) = (self.k, self.b.layout());
        let union = base_lines.iter().fold(0, |m, &l| m | self.positions(l));
        if at_most(union, k) {
            return None; // no fins: a plain fish
        }
        bits(live).find_map(|fin_box| {
            let fin_box = fin_box as usize;
            let outside = base_lines.iter().fold(0, |m, &l| {
                m | (self.positions(l) & !layout.line_mask_in_box(fin_box, l))
            });
            if !at_most(outside, k) {
                return None;
            }
            self.with_fins_in(base_lines, union, fin_box, outside)
        })
    }

    /// The finned fish on `base_lines` (positions `union`) with its fins in
    /// box `fin_box` and positions `outside` it, if one removes anything.
    fn with_fins_in(
        &self,
        base_lines: &[usize],
        union: u32,
        fin_box: usize,
        outside: u32,
    ) -> Option<Step> {
        let layout = self.b.layout();
        // cover positions the box crosses
        let box_span = base_lines
            .iter()
            .fold(0, |m, &l| m | layout.line_mask_in_box(fin_box, l));
        // the cover lines through the box that would lose the digit there
        let base_mask = self.base_mask(base_lines);
        let removing = bits(box_span & union)
            .filter(|&c| self.targets(c, fin_box, base_mask) != 0)
            .fold(0u32, |m, c| m | 1 << c);
        if removing == 0 {
            return None;
        }
        let need = self.k - outside.count_ones() as usize;
        let avail = union & box_span & !outside;
        subsets_of_size(avail, need).find_map(|cover| {
            let cover = outside | cover;
            let fins = union & !cover;
            let each_line_covered = base_lines.iter().all(|&l| self.positions(l) & cover != 0);
            if fins == 0 || cover & removing == 0 || !each_line_covered {
                return None;
            }
            Some(self.step(base_lines, cover, fin_box))
        })
    }

    /// The base lines as positions of a cover line.
    fn base_mask(&self, base_lines: &[usize]) -> u32 {
        base_lines
            .iter()
            .fold(0u32, |m, &l| m | 1 << (l - self.base))
    }

    /// Positions of cover line `c` inside the fin box and off the base lines
    /// (`base_mask`) that still allow the digit: what a fish covering it removes.
    fn targets(&self, c: u32, fin_box: usize, base_mask: u32) -> u32 {
        let line = self.cover + c as usize;
        self.b.positions(line, self.digit)
            & self.b.layout().line_mask_in_box(fin_box, line)
            & !base_mask
    }

    /// The step of a finned fish: it removes the digit from cover-line cells
    /// inside the fin box and off the base lines.
    fn step(&self, base_lines: &[usize], cover: u32, fin_box: usize) -> Step {
        let (b, digit) = (self.b, self.digit);
        let geo = b.geometry();
        let base_mask = self.base_mask(base_lines);
        let eliminations: Vec<(usize, u8)> = bits(cover)
            .flat_map(|c| {
                let line = self.cover + c as usize;
                bits(self.targets(c, fin_box, base_mask)).map(move |p| (b.cell_at(line, p), digit))
            })
            .collect();
        let cover_units: Vec<usize> = bits(cover).map(|c| self.cover + c as usize).collect();
        let cells: Vec<usize> = base_lines
            .iter()
            .flat_map(|&l| bits(b.positions(l, digit)).map(move |p| b.cell_at(l, p)))
            .collect();
        let fins: Vec<usize> = base_lines
            .iter()
            .flat_map(|&l| bits(b.positions(l, digit) & !cover).map(move |p| b.cell_at(l, p)))
            .collect();
        let box_unit = 2 * b.n() + fin_box;
        let technique = technique(base_lines.len());
        let explanation = b.explain(|| {
            format!(
                "{}: in {}, {} can only go in {} or in the {} {} in {}; whether or not a fin \
                 holds it, {}",
                technique.name(),
                text::units(geo, base_lines),
                text::digit(digit),
                text::units(geo, &cover_units),
                if fins.len() == 1 { "fin" } else { "fins" },
                text::cells(geo, &fins),
                geo.unit_name(box_unit),
                text::removals(geo, &eliminations)
            )
        });
        let mut units = base_lines.to_vec();
        units.extend(cover_units);
        units.push(box_unit);
        Step {
            technique,
            units,
            cells,
            placements: vec![],
            eliminations,
            explanation,
        }
    }
}

/// True when `mask` has at most `k` bits (cheaper than counting them).
fn at_most(mask: u32, k: usize) -> bool {
    let mut rest = mask;
    for _ in 0..k {
        rest &= rest.wrapping_sub(1);
    }
    rest == 0
}

/// The subsets of `mask` with exactly `size` bits.
fn subsets_of_size(mask: u32, size: usize) -> impl Iterator<Item = u32> {
    // walk every subset from `mask` down to 0, keeping those of the right size
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        while let Some(sub) = next {
            next = (sub != 0).then(|| (sub - 1) & mask);
            if sub.count_ones() as usize == size {
                return Some(sub);
            }
        }
        None
    })
}

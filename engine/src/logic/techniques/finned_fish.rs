//! Finned fish: an X-wing (2 base lines) or swordfish (3) whose base lines
//! hold the digit in the cover lines plus a few extra cells, the fins, on one
//! base line and in one box. Either a fin holds the digit, or none does and
//! the fish holds, so cover-line cells inside the fin box (off the base
//! lines) lose the digit both ways. Sashimi fish (the finned line left with
//! one cover cell) are included; fins spread over two base lines of one band
//! are not looked for (rare, and a wider search costs every stalled position).

use super::board::Board;
use super::subsets::at_most_bits;
use super::{bits, text};
use crate::board::digits::{DigitSet, subsets_of_size};
use crate::logic::step::{Step, Technique};

fn technique(k: usize) -> Technique {
    if k == 2 {
        Technique::FinnedXWing
    } else {
        Technique::FinnedSwordfish
    }
}

/// A finned fish of size `k` (2 or 3) on any digit, rows as base first.
pub fn find_finned_fish(b: &Board, k: usize) -> Option<Step> {
    find_finned_fish_among(b, k, DigitSet::full(b.n()))
}

/// `find_finned_fish` on the digits of `digits` only.
pub(crate) fn find_finned_fish_among(b: &Board, k: usize, digits: DigitSet) -> Option<Step> {
    let n = b.n();
    digits.iter().find_map(|digit| {
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

    /// Every choice of `k - 1` plain base lines (all their places in the
    /// cover), then every finned line and box for its fins.
    fn search(&self) -> Option<Step> {
        let (b, n, k) = (self.b, self.b.n(), self.k);
        // a box meets a row in box_cols cells and a column in box_rows: the
        // most fins a base line can hold
        let span = if self.base == 0 {
            b.shape().box_cols()
        } else {
            b.shape().box_rows()
        };
        let (mut plain, mut finned) = ([0usize; 32], [0usize; 32]);
        let (mut plains, mut finneds) = (0, 0);
        for line in self.base..self.base + n {
            let count = self.positions(line).count_ones() as usize;
            if (2..=k).contains(&count) {
                plain[plains] = line;
                plains += 1;
            }
            // two lines holding the digit twice each with a fin are a
            // skyscraper (found before): a finned X-wing's finned line needs more
            let fewest = if k == 2 { 3 } else { 2 };
            if (fewest..=k + span).contains(&count) {
                finned[finneds] = line;
                finneds += 1;
            }
        }
        // k - 1 plain lines and a finned one are needed
        if plains + 1 < k || finneds == 0 {
            return None;
        }
        let mut chosen = [0usize; 3];
        self.choose_plain(&plain[..plains], &finned[..finneds], &mut chosen, 0, 0, 0)
    }

    /// Adds plain lines from `plain[from..]` to `chosen[..depth]` (places
    /// `union`, at most `k`), then tries each finned line.
    fn choose_plain(
        &self,
        plain: &[usize],
        finned: &[usize],
        chosen: &mut [usize; 3],
        depth: usize,
        from: usize,
        union: u32,
    ) -> Option<Step> {
        let k = self.k;
        if depth + 1 == k {
            for &line in finned {
                if !chosen[..depth].contains(&line) {
                    chosen[depth] = line;
                    let found = self.with_finned_line(&chosen[..k], union);
                    if found.is_some() {
                        return found;
                    }
                }
            }
            return None;
        }
        for (i, &line) in plain.iter().enumerate().skip(from) {
            let next = union | self.positions(line);
            if at_most_bits(next, k) {
                chosen[depth] = line;
                let found = self.choose_plain(plain, finned, chosen, depth + 1, i + 1, next);
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The fish on `base_lines`, the last of them finned (fins in a box it
    /// crosses), the others with places `plain` all in the cover.
    fn with_finned_line(&self, base_lines: &[usize], plain: u32) -> Option<Step> {
        let (k, layout) = (self.k, self.b.layout());
        let line = base_lines[k - 1];
        let pos = self.positions(line);
        let union = plain | pos;
        bits(layout.boxes_crossing(line)).find_map(|fin_box| {
            let fin_box = fin_box as usize;
            let inside = layout.line_mask_in_box(fin_box, line);
            let outside = plain | (pos & !inside);
            if pos & inside == 0 || !at_most_bits(outside, k) {
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
        let targets: Vec<usize> = eliminations.iter().map(|&(c, _)| c).collect();
        let box_unit = 2 * b.n() + fin_box;
        let technique = technique(base_lines.len());
        let explanation = b.explain(|| {
            format!(
                "{}: in {}, {d} can only go in {} or in the {fin} {} in {}; {} {} the \
                 {fin}, so whether or not {} is {d}, {} cannot be {d}",
                technique.name(),
                text::units(geo, base_lines),
                text::units(geo, &cover_units),
                text::cells(geo, &fins),
                geo.unit_name(box_unit),
                text::cells(geo, &targets),
                if targets.len() == 1 { "sees" } else { "see" },
                if fins.len() == 1 { "the fin" } else { "a fin" },
                if targets.len() == 1 { "it" } else { "they" },
                fin = if fins.len() == 1 { "fin" } else { "fins" },
                d = text::digit(digit),
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

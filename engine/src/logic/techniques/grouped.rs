//! Grouped alternating inference chains (HoDoKu's grouped AIC). A node is
//! a digit in one cell, or in a group: the cells of a box and a line where
//! the digit still fits, two or more, taken as one ("one of r5c1, r5c2
//! and r5c3 is 4", written r5c123=4). Strong links (if one node is off the
//! other is on) are a unit whose places for the digit split into two nodes
//! and a cell with two candidates; weak links (if one is on the other is
//! off) are the same digit in nodes whose cells all see each other, and two
//! digits of one cell. A chain starts off, alternates strong and weak links
//! and ends on a strong link, so one of its two ends is true: a cell that
//! sees both ends' cells of one digit loses it, and so does a cell that
//! holds both ends' digits.
//!
//! It runs after the X- and XY-chains, which are the chains of one digit
//! or of bivalue cells only, and finds the shortest chain as they do
//! (`chain_search`), breadth first from every start.

use super::board::Board;
use super::chain_search::{Graph, NONE, Search};
use super::text;
use crate::board::digits::DigitSet;
use crate::board::geometry::Geometry;
use crate::logic::se::{self, Er};
use crate::logic::step::{Step, Technique};

/// Most strong links in a chain (15 links in all).
const MAX_STRONG_LINKS: usize = 8;
/// Most cells a group has: a box's side on the largest board.
const MAX_GROUP: usize = 5;

/// A node: a digit in one cell or in a group of cells of a box and a line.
#[derive(Clone, Copy)]
struct Node {
    digit: u8,
    cells: [usize; MAX_GROUP],
    len: usize,
}

impl Node {
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The nodes of a position, their links and what their cells see.
struct Nodes {
    /// Single-cell nodes first (`cell * n + digit - 1`), then groups.
    nodes: Vec<Node>,
    /// `strong[s]`: the nodes on when `s` is off.
    strong: Vec<Vec<u32>>,
    /// The cells every cell of a node sees, per node (`words` each).
    common: Vec<u64>,
    words: usize,
}

impl Nodes {
    fn build(b: &Board) -> Nodes {
        let n = b.n();
        let geo = b.geometry();
        let layout = b.layout();
        let cells = geo.cell_count();
        let words = layout.cell_words();
        let mut nodes: Vec<Node> = (0..cells * n)
            .map(|i| Node {
                digit: (i % n) as u8 + 1,
                cells: [i / n, 0, 0, 0, 0],
                len: 1,
            })
            .collect();
        // group node of (crossing, digit), where two or more cells hold it
        let mut group_of = vec![NONE; layout.intersections.len() * n];
        for (x, crossing) in layout.intersections.iter().enumerate() {
            for d in 1..=n as u8 {
                let pos = b.positions(crossing.box_unit, d) & crossing.box_mask;
                if pos.count_ones() < 2 {
                    continue;
                }
                let mut node = Node {
                    digit: d,
                    cells: [0; MAX_GROUP],
                    len: 0,
                };
                for p in super::bits(pos) {
                    node.cells[node.len] = b.cell_at(crossing.box_unit, p);
                    node.len += 1;
                }
                group_of[x * n + d as usize - 1] = nodes.len() as u32;
                nodes.push(node);
            }
        }
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut link = |a: u32, c: u32| {
            for (from, to) in [(a, c), (c, a)] {
                let list: &mut Vec<u32> = &mut strong[from as usize];
                if !list.contains(&to) {
                    list.push(to);
                }
            }
        };
        let single = |unit: usize, p: u32, d: u8| (b.cell_at(unit, p) * n + d as usize - 1) as u32;
        for cell in (0..cells).filter(|&c| b.candidates(c).len() == 2) {
            let pair = b.candidates(cell);
            let (x, y) = (pair.first().unwrap_or(1), pair.iter().last().unwrap_or(1));
            link(
                (cell * n) as u32 + x as u32 - 1,
                (cell * n) as u32 + y as u32 - 1,
            );
        }
        for unit in 0..3 * n {
            for d in 1..=n as u8 {
                let pos = b.positions(unit, d);
                if pos.count_ones() == 2 {
                    let (p, q) = (pos.trailing_zeros(), 31 - pos.leading_zeros());
                    link(single(unit, p, d), single(unit, q, d));
                    continue;
                }
                if pos.count_ones() < 3 {
                    continue;
                }
                // the places split two ways by the crossings of the unit:
                // by box for a line, by row and by column for a box
                let crossings = layout.intersections.iter().enumerate();
                let lines = |rows: bool| {
                    crossings.clone().filter(move |(_, c)| {
                        if unit < 2 * n {
                            c.line_unit == unit
                        } else {
                            c.box_unit == unit && (c.line_unit < n) == rows
                        }
                    })
                };
                for rows in [true, false] {
                    if unit < 2 * n && !rows {
                        break;
                    }
                    let mut parts = [(0u32, 0usize); 2];
                    let mut count = 0;
                    for (x, c) in lines(rows) {
                        let mask = if unit < 2 * n {
                            c.line_mask
                        } else {
                            c.box_mask
                        };
                        let part = pos & mask;
                        if part != 0 {
                            if count < 2 {
                                parts[count] = (part, x);
                            }
                            count += 1;
                        }
                    }
                    if count != 2 {
                        continue;
                    }
                    let node = |(part, x): (u32, usize)| {
                        if part.count_ones() == 1 {
                            single(unit, part.trailing_zeros(), d)
                        } else {
                            group_of[x * n + d as usize - 1]
                        }
                    };
                    link(node(parts[0]), node(parts[1]));
                }
            }
        }
        let mut common = vec![0u64; nodes.len() * words];
        for (i, node) in nodes.iter().enumerate() {
            let into = &mut common[i * words..][..words];
            into.fill(u64::MAX);
            for &c in node.cells() {
                for (w, p) in into.iter_mut().zip(layout.peer_bits(c)) {
                    *w &= p;
                }
            }
        }
        Nodes {
            nodes,
            strong,
            common,
            words,
        }
    }

    fn common(&self, node: u32) -> &[u64] {
        &self.common[node as usize * self.words..][..self.words]
    }

    /// Whether every cell of `a` sees every cell of `b`.
    fn sees(&self, a: u32, b: u32) -> bool {
        let common = self.common(a);
        self.nodes[b as usize]
            .cells()
            .iter()
            .all(|&c| common[c / 64] & 1 << (c % 64) != 0)
    }
}

/// The first grouped AIC that removes a candidate: the shortest.
pub fn find_grouped_aic(b: &Board) -> Option<Step> {
    find_grouped_aic_rated(b).map(|(step, _)| step)
}

/// `find_grouped_aic` with the step's rating on SE's scale (`rating`).
pub(crate) fn find_grouped_aic_rated(b: &Board) -> Option<(Step, Er)> {
    let n = b.n();
    let nodes = Nodes::build(b);
    let linked: Vec<u32> = (0..nodes.nodes.len() as u32)
        .filter(|&s| !nodes.strong[s as usize].is_empty())
        .collect();
    // by digit, the linked nodes of it
    let mut by_digit = vec![Vec::new(); n + 1];
    for &s in &linked {
        by_digit[nodes.nodes[s as usize].digit as usize].push(s);
    }
    let mut graph = Graph::default();
    graph.build(
        nodes.nodes.len(),
        linked.iter().map(|&s| s as usize),
        |s, out| {
            let node = nodes.nodes[s];
            let mut off = |u: u32| {
                for &t in &nodes.strong[u as usize] {
                    if t as usize != s {
                        out.push((t, u));
                    }
                }
            };
            for &u in &by_digit[node.digit as usize] {
                if u as usize != s && nodes.sees(s as u32, u) {
                    off(u);
                }
            }
            if node.len == 1 {
                let cell = node.cells[0];
                for e in b.candidates(cell) - DigitSet::single(node.digit) {
                    let u = (cell * n + e as usize - 1) as u32;
                    if !nodes.strong[u as usize].is_empty() {
                        off(u);
                    }
                }
            }
        },
    );
    let mut search = Search::default();
    let mut best: Option<(Vec<(u32, u32)>, u32)> = None;
    for &start in &linked {
        let max = best.as_ref().map_or(MAX_STRONG_LINKS, |(p, _)| p.len() - 1);
        let first: Vec<(u32, u32)> = nodes.strong[start as usize]
            .iter()
            .map(|&t| (t, start))
            .collect();
        let hit = |end: u32| end != start && removes_any(b, &nodes, start, end);
        if let Some(path) = search.shortest(&graph, &first, max, hit) {
            best = Some((path, start));
        }
    }
    let (path, start) = best?;
    let er = rating(&path);
    Some((step(b, &nodes, start, &path), er))
}

/// SE's rating of a chain of `path`'s strong links: a forcing chain of as
/// many links (`se::forcing_chain`). SE's chains have no groups; over the
/// sample (engine/tests/se_scale.rs) a group counted as one node matched
/// SE best, where SE finds another chain of about the same length.
fn rating(path: &[(u32, u32)]) -> Er {
    se::forcing_chain(path.len())
}

/// What a chain from `start` (off) to `end` (on) removes: one of the two
/// nodes is true.
fn removals(b: &Board, nodes: &Nodes, start: u32, end: u32) -> Vec<(usize, u8)> {
    let mut out = Vec::new();
    each_removal(b, nodes, start, end, |c, d| {
        out.push((c, d));
        false
    });
    out.sort_unstable();
    out
}

/// Whether a chain from `start` to `end` removes anything, without
/// collecting it: the search asks this of every node it reaches.
fn removes_any(b: &Board, nodes: &Nodes, start: u32, end: u32) -> bool {
    each_removal(b, nodes, start, end, |_, _| true)
}

/// Calls `found` with each candidate a chain from `start` to `end` removes
/// until it returns true; true when it did.
fn each_removal(
    b: &Board,
    nodes: &Nodes,
    start: u32,
    end: u32,
    mut found: impl FnMut(usize, u8) -> bool,
) -> bool {
    let (s, e) = (nodes.nodes[start as usize], nodes.nodes[end as usize]);
    if s.digit == e.digit {
        let (cs, ce) = (nodes.common(start), nodes.common(end));
        return super::board::cells_of(cs.iter().zip(ce).map(|(x, y)| x & y))
            .filter(|&c| b.candidates(c).contains(s.digit))
            .any(|c| found(c, s.digit));
    }
    if s.len > 1 || e.len > 1 {
        return false;
    }
    let (a, z) = (s.cells[0], e.cells[0]);
    if a == z {
        let both = DigitSet::single(s.digit) | DigitSet::single(e.digit);
        return (b.candidates(a) - both).iter().any(|d| found(a, d));
    }
    if !b.geometry().sees(a, z) {
        return false;
    }
    (b.candidates(a).contains(e.digit) && found(a, e.digit))
        || (b.candidates(z).contains(s.digit) && found(z, s.digit))
}

/// Cells as a chain spells one node: `r5c1`, `r5c123` for cells of one
/// row (`r5c10,11,12` past 9x9), `r123c5` for one column, else the cells
/// joined by commas.
pub(crate) fn node_name(geo: &Geometry, cells: &[usize]) -> String {
    let Some(&first) = cells.first() else {
        return String::new();
    };
    if cells.len() == 1 {
        return geo.cell_name(first);
    }
    let (r, c) = (geo.row_of(first), geo.col_of(first));
    let sep = if geo.n > 9 { "," } else { "" };
    let list = |f: &dyn Fn(usize) -> usize| {
        let parts: Vec<String> = cells.iter().map(|&x| (f(x) + 1).to_string()).collect();
        parts.join(sep)
    };
    if cells.iter().all(|&x| geo.row_of(x) == r) {
        format!("r{}c{}", r + 1, list(&|x| geo.col_of(x)))
    } else if cells.iter().all(|&x| geo.col_of(x) == c) {
        format!("r{}c{}", list(&|x| geo.row_of(x)), c + 1)
    } else {
        let names: Vec<String> = cells.iter().map(|&x| geo.cell_name(x)).collect();
        names.join(",")
    }
}

fn step(b: &Board, nodes: &Nodes, start: u32, path: &[(u32, u32)]) -> Step {
    let geo = b.geometry();
    let end = path.last().map_or(start, |&(s, _)| s);
    let eliminations = removals(b, nodes, start, end);
    let node = |s: u32| &nodes.nodes[s as usize];
    let mut cells: Vec<usize> = Vec::new();
    for &(on, off) in path {
        for s in [off, on] {
            for &c in node(s).cells() {
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
    }
    let units: Vec<usize> = cells
        .windows(2)
        .map(|w| super::wings::shared_unit(geo, w[0], w[1]))
        .collect();
    let explanation = b.explain(|| {
        let spell = |s: u32, on: bool| {
            let x = node(s);
            let sign = if on { "=" } else { "≠" };
            format!(
                "{}{sign}{}",
                node_name(geo, x.cells()),
                text::digit(x.digit)
            )
        };
        let links: Vec<String> = path
            .iter()
            .flat_map(|&(on, off)| [spell(off, false), spell(on, true)])
            .collect();
        let (s, e) = (node(start), node(end));
        format!(
            "{}: {}; so {}={} or {}={}, and {}",
            Technique::GroupedAic.name(),
            links.join(" → "),
            node_name(geo, s.cells()),
            text::digit(s.digit),
            node_name(geo, e.cells()),
            text::digit(e.digit),
            text::removals(geo, &eliminations)
        )
    });
    Step {
        technique: Technique::GroupedAic,
        units,
        cells,
        placements: vec![],
        eliminations,
        explanation,
    }
}

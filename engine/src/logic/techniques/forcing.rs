//! Forcing chains from a cell or a region: every candidate of a cell, or
//! every place of a digit in a row, column or box, is assumed in turn and
//! followed (`assumption.rs`); a fact every branch reaches holds, since one
//! of the branches is the truth. "r5c1 is 4 or 7; r5c1=4 → r5c6=7 →
//! r3c6=2; r5c1=7 → r3c6=2 (hidden in row 3); so r3c6 is 2 either way".
//!
//! Named and rated as Sudoku Explainer names and rates them: a cell or
//! region forcing chain (8.0) when every branch is a chain of one-of-two
//! links, a dynamic one (8.5) when a link needs several before it, each
//! plus what its size adds. Branches follow singles only: with technique
//! steps inside, over hardest_1106's solve paths, no branches shared a fact
//! where the contradictions with technique steps had found none.
//!
//! Each candidate is followed once, whichever sources it belongs to, and
//! what it reaches is kept as sorted lists of facts, so every source is an
//! intersection of lists. The cheapest shared facts by a cheap measure (how
//! far into each branch they come) are then spelled out in full and the one
//! SE would rate lowest is taken.

use super::Board;
use super::assumption::{BEFORE, Link, Outcome, Trial, spelled_link};
use super::text;
use crate::board::grid::Grid;
use crate::logic::se::{self, Er};
use crate::logic::step::{Step, Technique};

/// Most branches a source may have: cells with up to this many candidates,
/// digits with up to this many places in a unit. Three, as SE takes a
/// cell's every candidate: a static chain of two branches joined at its
/// source is an alternating inference chain, which the grouped AICs find
/// first, so only the third branch makes the static forcing chains from a
/// cell or a region steps of their own. More branches read badly.
const MAX_BRANCHES: u32 = 3;

/// Shared facts spelled out in full to pick the best: the cheap measure
/// orders them well, not exactly.
const SPELLED: usize = 6;

/// Layers a branch follows: forcing chains worth taking are a few links a
/// branch, and following every branch to its end would cost ten times as
/// much (a right candidate's branch fills the board).
const LAYERS: usize = 8;

/// Where the branches start: a cell's candidates, or a digit's places in a
/// unit.
#[derive(Clone, Copy, Debug)]
enum Source {
    Cell(usize),
    Region(usize, u8),
}

/// What one branch reaches: the facts it sets on (cell holds digit) and off
/// (cell loses digit), each as (cell * n + digit - 1, the link that made
/// it), sorted by fact. `None` when the branch broke or did not finish.
type Reach = Option<(Vec<(u32, u16)>, Vec<(u32, u16)>)>;

/// A fact every branch of a source reaches, with the cheap measure.
#[derive(Clone, Copy, Debug)]
struct Shared {
    cost: usize,
    source: Source,
    fact: u32,
    on: bool,
}

/// One branch spelled out: the links to the fact, in order.
struct Branch {
    links: Vec<Link>,
    indices: Vec<u16>,
}

/// The forcing chain from a cell or region the lowest on SE's scale,
/// within the board scans left. The solution only saves work: a shared
/// fact is true, so the branches' false facts are never kept, and a right
/// candidate's branch is followed only when the others share a fact.
pub(super) fn find_forcing(
    b: &Board,
    solution: &Grid,
    scans_left: &mut usize,
) -> Option<(Step, Er)> {
    let n = b.n();
    let geo = b.geometry();
    let quiet = b.clone().without_explanations();
    let mut trial = Trial::new(&quiet);
    let mut sources: Vec<(u32, Source)> = Vec::new();
    for cell in (0..geo.cell_count()).filter(|&c| b.value(c) == 0) {
        let k = b.candidates(cell).len();
        if (2..=MAX_BRANCHES).contains(&k) {
            sources.push((k, Source::Cell(cell)));
        }
    }
    for unit in 0..3 * n {
        for digit in 1..=n as u8 {
            let k = b.positions(unit, digit).count_ones();
            if (2..=MAX_BRANCHES).contains(&k) {
                sources.push((k, Source::Region(unit, digit)));
            }
        }
    }
    // two branches before three: shorter to read, and cheaper
    sources.sort_by_key(|&(k, _)| k);
    let mut reaches: Vec<Option<Reach>> = vec![None; n * n * n];
    let mut shared: Vec<Shared> = Vec::new();
    for &(_, source) in &sources {
        if *scans_left == 0 {
            break;
        }
        // the right branch last: its facts are all true, and a shared fact
        // is true, so the wrong branches share one first or none is shared
        let mut branches = branches(b, source);
        branches.sort_by_key(|&(cell, digit)| solution.get(cell) == digit);
        let slot = |(cell, digit): (usize, u8)| cell * n + digit as usize - 1;
        let mut all_stall = true;
        for (i, &(cell, digit)) in branches.iter().enumerate() {
            let s = slot((cell, digit));
            if reaches[s].is_none() {
                reaches[s] = Some(reach(&mut trial, solution, cell, digit, scans_left));
            }
            let Some(Some(_)) = &reaches[s] else {
                all_stall = false;
                break;
            };
            if i + 2 == branches.len() && !wrong_share(&reaches, &branches[..=i], slot) {
                all_stall = false;
                break;
            }
        }
        if !all_stall {
            continue;
        }
        for on in [true, false] {
            let lists = branches.iter().filter_map(|&branch| {
                let (on_list, off_list) = reaches[slot(branch)].as_ref()?.as_ref()?;
                Some(if on { on_list } else { off_list })
            });
            common(lists, |fact, cost| {
                shared.push(Shared {
                    cost: cost + usize::from(!on) * branches.len(),
                    source,
                    fact,
                    on,
                });
            });
        }
    }
    shared.sort_by_key(|s| (s.cost, !s.on));
    shared
        .iter()
        .take(SPELLED)
        .filter_map(|s| spelled(b, &mut trial, s))
        .min_by_key(|(_, er, size)| (*er, *size))
        .map(|(step, er, _)| (step, er))
}

/// Whether the branches' reaches (all followed to a stall) share a fact.
fn wrong_share(
    reaches: &[Option<Reach>],
    branches: &[(usize, u8)],
    slot: impl Fn((usize, u8)) -> usize + Copy,
) -> bool {
    let lists = |on: bool| {
        branches.iter().filter_map(move |&branch| {
            let (on_list, off_list) = reaches[slot(branch)].as_ref()?.as_ref()?;
            Some(if on { on_list } else { off_list })
        })
    };
    let mut any = false;
    for on in [true, false] {
        common(lists(on), |_, _| any = true);
    }
    any
}

/// The assumptions a source branches into.
fn branches(b: &Board, source: Source) -> Vec<(usize, u8)> {
    match source {
        Source::Cell(cell) => b.candidates(cell).iter().map(|d| (cell, d)).collect(),
        Source::Region(unit, digit) => b.geometry().units[unit]
            .iter()
            .filter(|&&c| b.value(c) == 0 && b.candidates(c).contains(digit))
            .map(|&c| (c, digit))
            .collect(),
    }
}

/// Follows one assumption to where it stalls and lists what it reached
/// that is true: no other fact can be shared with the right branch.
fn reach(
    trial: &mut Trial,
    solution: &Grid,
    cell: usize,
    digit: u8,
    scans_left: &mut usize,
) -> Reach {
    trial.reset();
    // what a branch reached before its layers or the work ran out holds too
    if trial.follow(cell, digit, LAYERS, None, scans_left) == Outcome::Broken {
        return None;
    }
    let n = trial.board.n();
    let mut on: Vec<(u32, u16)> = trial
        .placed
        .iter()
        .filter(|&&(c, d, _)| solution.get(c) == d)
        .map(|&(c, d, i)| ((c * n + d as usize - 1) as u32, i))
        .collect();
    on.sort_unstable();
    let mut off: Vec<(u32, u16)> = trial
        .marked
        .iter()
        .filter(|&&s| solution.get(s / n) as usize != s % n + 1)
        .map(|&s| (s as u32, trial.removed_by[s]))
        .filter(|&(_, i)| i != BEFORE)
        .collect();
    off.sort_unstable();
    off.dedup_by_key(|&mut (fact, _)| fact);
    Some((on, off))
}

/// Calls `found(fact, cost)` for each fact on every list, the cost being
/// the sum over the lists of how far in (the link, plus one) it came.
fn common<'a>(lists: impl Iterator<Item = &'a Vec<(u32, u16)>>, mut found: impl FnMut(u32, usize)) {
    let lists: Vec<&Vec<(u32, u16)>> = lists.collect();
    let Some((first, rest)) = lists.split_first() else {
        return;
    };
    let mut at = vec![0usize; rest.len()];
    'facts: for &(fact, index) in first.iter() {
        let mut cost = index as usize + 1;
        for (list, i) in rest.iter().zip(at.iter_mut()) {
            while *i < list.len() && list[*i].0 < fact {
                *i += 1;
            }
            match list.get(*i) {
                Some(&(f, index)) if f == fact => cost += index as usize + 1,
                _ => continue 'facts,
            }
        }
        found(fact, cost);
    }
}

/// Follows each branch of a shared fact again and spells the chain to it:
/// the step, its rating and its size on SE's scale.
fn spelled(b: &Board, trial: &mut Trial, shared: &Shared) -> Option<(Step, Er, usize)> {
    let n = b.n();
    let geo = b.geometry();
    let (cell, digit) = (
        shared.fact as usize / n,
        (shared.fact as usize % n) as u8 + 1,
    );
    let mut spelled: Vec<Branch> = Vec::new();
    for (start, d) in branches(b, shared.source) {
        trial.reset();
        // the same trial as before, so the same end, with unbounded work
        let mut unbounded = usize::MAX;
        if trial.follow(start, d, LAYERS, None, &mut unbounded) == Outcome::Broken {
            return None;
        }
        let index = if shared.on {
            trial.placed.iter().find(|p| p.0 == cell && p.1 == digit)?.2
        } else {
            trial.removed_by[shared.fact as usize]
        };
        let indices = trial.closure(&[index]);
        let links = indices
            .iter()
            .map(|&i| trial.chain[i as usize].clone())
            .collect();
        spelled.push(Branch { links, indices });
    }
    let linear = spelled.iter().all(|br| {
        br.links
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, l)| l.offs == 1 && l.needs == [br.indices[i - 1]])
    });
    let cell_source = matches!(shared.source, Source::Cell(_));
    let technique = match (linear, cell_source) {
        (true, true) => Technique::CellForcingChain,
        (true, false) => Technique::RegionForcingChain,
        (false, true) => Technique::DynamicCellForcingChain,
        (false, false) => Technique::DynamicRegionForcingChain,
    };
    // SE counts every fact of every branch: the placements, what they
    // needed gone, and the fact removed at the end
    let size: usize = spelled
        .iter()
        .map(|br| {
            let links: usize = br.links.iter().map(|l| 1 + l.offs as usize).sum();
            links + usize::from(!shared.on)
        })
        .sum();
    let er = se::chain(technique.er(), size);
    let (placements, eliminations) = if shared.on {
        (vec![(cell, digit)], vec![])
    } else {
        (vec![], vec![(cell, digit)])
    };
    let mut cells: Vec<usize> = spelled
        .iter()
        .flat_map(|br| br.links.iter().map(|l| l.cell))
        .collect();
    cells.push(cell);
    let mut seen = Vec::new();
    cells.retain(|&c| {
        let new = !seen.contains(&c);
        seen.push(c);
        new
    });
    let units = match shared.source {
        Source::Cell(c) => vec![geo.cell_units[c][2]],
        Source::Region(unit, _) => vec![unit],
    };
    let explanation = b.explain(|| {
        let starts: Vec<String> = branches(b, shared.source)
            .iter()
            .map(|&(c, d)| match shared.source {
                Source::Cell(_) => text::digit(d).to_string(),
                Source::Region(..) => geo.cell_name(c),
            })
            .collect();
        let either = text::join_and(&starts).replace(" and ", " or ");
        let premise = match shared.source {
            Source::Cell(c) => format!("{} is {either}", geo.cell_name(c)),
            Source::Region(unit, d) => {
                format!(
                    "{} of {} is in {either}",
                    text::digit(d),
                    geo.unit_name(unit)
                )
            }
        };
        let fact = if shared.on {
            format!("{} is {}", geo.cell_name(cell), text::digit(digit))
        } else {
            format!("{} is not {}", geo.cell_name(cell), text::digit(digit))
        };
        let chains: Vec<String> = spelled
            .iter()
            .map(|br| {
                let mut links: Vec<String> =
                    br.links.iter().map(|l| spelled_link(geo, l)).collect();
                if !shared.on {
                    links.push(format!("{}≠{}", geo.cell_name(cell), text::digit(digit)));
                }
                links.join(" → ")
            })
            .collect();
        let every = if spelled.len() == 2 {
            "either way"
        } else {
            "in every case"
        };
        format!(
            "{} (SE {er}): {premise}; {}; so {fact} {every}",
            technique.name(),
            chains.join("; ")
        )
    });
    let step = Step {
        technique,
        units,
        cells,
        placements,
        eliminations,
        explanation,
    };
    Some((step, er, size))
}

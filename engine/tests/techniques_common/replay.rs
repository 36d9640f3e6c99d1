//! Replays a spelled chain on a plain board, link by link, from its text
//! alone: each link must follow from the board the links before it left,
//! and the chain must end in what it says (a break, or the fact every
//! branch of a forcing chain reaches), which must be the step's change.

use tudoku_engine::techniques::{Board, find_inner_contradiction, find_sound_step_up_to};
use tudoku_engine::{Difficulty, Geometry, Step};

/// Candidates as (cell index, digit).
type Facts = Vec<(usize, u8)>;

/// A step's placements and eliminations.
fn changes(geo: &Geometry, step: &Step) -> (Facts, Facts) {
    let index = |(c, d): (tudoku_engine::Cell, u8)| (c.index(geo.shape).unwrap(), d);
    (
        step.placed(geo.shape).map(index).collect(),
        step.removed(geo.shape).map(index).collect(),
    )
}

/// The names a chain's text uses.
struct Names<'a> {
    geo: &'a Geometry,
    text: &'a str,
}

impl Names<'_> {
    fn cell(&self, name: &str) -> usize {
        (0..self.geo.cell_count())
            .find(|&c| self.geo.cell_name(c) == name)
            .unwrap_or_else(|| panic!("no cell {name}: {}", self.text))
    }

    fn unit(&self, name: &str) -> usize {
        (0..3 * self.geo.n)
            .find(|&u| self.geo.unit_name(u) == name)
            .unwrap_or_else(|| panic!("no unit {name}: {}", self.text))
    }

    fn digit(&self, d: &str) -> u8 {
        let c = d.trim().chars().next().unwrap();
        tudoku_engine::value_of(c).unwrap_or_else(|| panic!("no digit {d}: {}", self.text))
    }

    /// "r2c9=3" or "r2c9≠3" as (cell, digit).
    fn fact(&self, fact: &str, sign: char) -> (usize, u8) {
        let (cell, d) = fact
            .split_once(sign)
            .unwrap_or_else(|| panic!("{fact} is no fact: {}", self.text));
        (self.cell(cell), self.digit(d))
    }
}

/// Takes one link on `b`: a single ("r2c9=3", the cell's last candidate;
/// "r4c9=5 (hidden in row 4)", the digit's last place in the unit), a
/// technique step the singles stalled on ("a skyscraper in row 6 …": the
/// easiest up to Hard there, since it needs every link before it), or a
/// chain found inside the trial ("r3c4≠5 (by a contradiction chain)": the
/// first short contradiction there, `find_inner_contradiction`).
fn take_link(names: &Names, b: &mut Board, link: &str) {
    let text = names.text;
    if let Some((found, by)) = link.split_once(" (by ") {
        let step = find_inner_contradiction(b).expect("an inner contradiction");
        let name = step.technique.name().to_lowercase();
        assert!(by.contains(&name), "{link} is not {name}: {text}");
        let (placements, eliminations) = changes(names.geo, &step);
        let expected = match found.contains('≠') {
            true => eliminations.first(),
            false => placements.first(),
        };
        let fact = names.fact(found, if found.contains('≠') { '≠' } else { '=' });
        assert_eq!(expected, Some(&fact), "{link}: {text}");
        b.apply(&step);
        return;
    }
    let Some((cell, rest)) = link.split_once('=') else {
        let step = find_sound_step_up_to(b, Difficulty::Hard).expect("a technique step");
        let name = step.technique.name().to_lowercase();
        assert!(link.contains(&name), "{link} is not {name}: {text}");
        b.apply(&step);
        return;
    };
    let (cell, d) = (names.cell(cell), names.digit(rest));
    assert!(b.candidates(cell).contains(d), "{link}: {text}");
    match rest.split_once(" (hidden in ") {
        Some((_, unit)) => {
            let unit = names.unit(unit.trim_end_matches(')'));
            let places = names.geo.units[unit]
                .iter()
                .filter(|&&c| b.value(c) == 0 && b.candidates(c).contains(d))
                .count();
            assert_eq!(places, 1, "{link} is no hidden single: {text}");
        }
        None => assert_eq!(b.candidates(cell).len(), 1, "{link}: {text}"),
    }
    b.place(cell, d);
}

/// Replays `step`'s chain from `start`, the board it was found on.
pub fn replay(geo: &Geometry, start: &Board, step: &Step) {
    if step.technique.is_forcing() {
        replay_forcing(geo, start, step);
    } else {
        replay_contradiction(geo, start, step);
    }
}

/// "Contradiction chain (SE 8.7): r2c5=7 → r2c9=3 → r4c9=5 (hidden in row
/// 4) → r4c5 has no candidate left, so r2c5 is not 7": the assumption, each
/// link, then the named break must hold, and the step undoes the assumption.
fn replay_contradiction(geo: &Geometry, start: &Board, step: &Step) {
    let text = &step.explanation;
    let names = Names { geo, text };
    let body = text.split_once("): ").expect("a named chain").1;
    let body = body.rsplit_once(", so ").expect("a conclusion").0;
    let links: Vec<&str> = body.split(" → ").collect();
    let mut b = start.clone();
    let (first, rest) = links.split_first().unwrap();
    let (cell, digit) = names.fact(first, '=');
    b.place(cell, digit);
    let (broken, links) = rest.split_last().unwrap();
    for link in links {
        take_link(&names, &mut b, link);
    }
    if let Some(c) = broken.strip_suffix(" has no candidate left") {
        let c = names.cell(c);
        assert!(b.value(c) == 0 && b.candidates(c).is_empty(), "{text}");
    } else {
        let (d, unit) = broken
            .split_once(" has no place left in ")
            .expect("a break");
        let (d, unit) = (names.digit(d), names.unit(unit));
        assert!(
            geo.units[unit]
                .iter()
                .all(|&c| !b.candidates(c).contains(d) && b.value(c) != d),
            "{text}"
        );
    }
    // the assumption is false: it goes, or the cell's other digit goes in
    let (placements, eliminations) = changes(geo, step);
    let others = start.candidates(cell).len() - 1;
    if others == 1 {
        assert_eq!(placements.len(), 1, "{text}");
        assert_eq!(placements[0].0, cell, "{text}");
        assert_ne!(placements[0].1, digit, "{text}");
    } else {
        assert_eq!(eliminations, vec![(cell, digit)], "{text}");
    }
}

/// "Cell forcing chain (SE 8.2): r5c1 is 4 or 7; r5c1=4 → r5c6=7 → r3c6=2;
/// r5c1=7 → r3c6=2 (hidden in row 3); so r3c6 is 2 either way", or from a
/// region, "4 of row 3 is in r3c2 or r3c7; …": the choices must be every
/// candidate of the cell or every place of the digit in the unit, one
/// branch each, each branch must replay from its choice to the fact, and
/// the step must make exactly that fact.
fn replay_forcing(geo: &Geometry, start: &Board, step: &Step) {
    let text = &step.explanation;
    let names = Names { geo, text };
    let body = text.split_once("): ").expect("a named chain").1;
    let (body, fact) = body.rsplit_once("; so ").expect("a conclusion");
    let mut parts = body.split("; ");
    let premise = parts.next().unwrap();
    let branches: Vec<&str> = parts.collect();
    // the choices, as the assumptions that start the branches
    let mut choices: Vec<(usize, u8)> = match premise.split_once(" of ") {
        Some((d, rest)) => {
            let (unit, places) = rest.split_once(" is in ").expect("a region's places");
            let (d, unit) = (names.digit(d), names.unit(unit));
            let listed: Vec<usize> = places
                .split([',', ' '])
                .filter(|w| w.starts_with('r'))
                .map(|w| names.cell(w))
                .collect();
            let mut all: Vec<usize> = geo.units[unit]
                .iter()
                .copied()
                .filter(|&c| start.value(c) == 0 && start.candidates(c).contains(d))
                .collect();
            all.sort_unstable();
            let mut sorted = listed.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, all, "not every place: {text}");
            listed.into_iter().map(|c| (c, d)).collect()
        }
        None => {
            let (cell, digits) = premise.split_once(" is ").expect("a cell's candidates");
            let cell = names.cell(cell);
            let listed: Vec<u8> = digits
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "or")
                .map(|w| names.digit(w))
                .collect();
            let all: Vec<u8> = start.candidates(cell).iter().collect();
            assert_eq!(listed, all, "not every candidate: {text}");
            listed.into_iter().map(|d| (cell, d)).collect()
        }
    };
    let (what, on) = {
        let fact = fact
            .trim_end_matches(" either way")
            .trim_end_matches(" in every case");
        match fact.split_once(" is not ") {
            Some((c, d)) => ((names.cell(c), names.digit(d)), false),
            None => {
                let (c, d) = fact.split_once(" is ").expect("a fact");
                ((names.cell(c), names.digit(d)), true)
            }
        }
    };
    assert_eq!(branches.len(), choices.len(), "one branch a choice: {text}");
    for branch in branches {
        let links: Vec<&str> = branch.split(" → ").collect();
        let (first, rest) = links.split_first().unwrap();
        let choice = names.fact(first, '=');
        let k = choices.iter().position(|&c| c == choice);
        choices.remove(k.unwrap_or_else(|| panic!("{first} is no choice: {text}")));
        let mut b = start.clone();
        b.place(choice.0, choice.1);
        let rest = if on {
            rest
        } else {
            let (last, rest) = rest.split_last().expect("the fact removed");
            assert_eq!(names.fact(last, '≠'), what, "{branch}: {text}");
            rest
        };
        for link in rest {
            take_link(&names, &mut b, link);
        }
        let (cell, d) = what;
        if on {
            assert_eq!(b.value(cell), d, "{branch}: {text}");
        } else {
            assert!(
                b.value(cell) != d && !b.candidates(cell).contains(d),
                "{branch}: {text}"
            );
        }
    }
    let (placements, eliminations) = changes(geo, step);
    if on {
        assert_eq!(placements, vec![what], "{text}");
        assert!(eliminations.is_empty(), "{text}");
    } else {
        assert_eq!(eliminations, vec![what], "{text}");
        assert!(placements.is_empty(), "{text}");
    }
}

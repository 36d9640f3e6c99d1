//! A hint's text taken apart into its chains, so that a screen can show a
//! chain a link per line and a forcing chain a branch at a time.
//!
//! The explanations spell chains in one grammar (`techniques`'s
//! contradiction, forcing, grouped and ALS steps): a clause of the
//! explanation ends at `"; "`, and a chain is links joined by `" → "`. A
//! chain's clause may begin with prose ending in `": "` (the technique's
//! name, or an ALS wing's sets) and a contradiction's last link may end
//! with `", so …"`, the conclusion. No link holds any of these: a link is a
//! cell and a digit ("r5c1=4", "r12c8≠9"), with what made it
//! ("(hidden in row 3)", "(by a contradiction chain)"), a technique step
//! ("pointing in box 5 and column 4"), or what broke ("7 has no place left
//! in row 1"). Text without a chain stays one piece of prose.

use crate::board::geometry::Geometry;

/// The link between two links of a chain.
pub const LINK: &str = " → ";
/// The end of a clause: a forcing chain's premise, each branch and the
/// conclusion are clauses.
const CLAUSE: &str = "; ";
/// Where prose ends and a chain starts within a clause.
const HEAD: &str = ": ";
/// Where a contradiction's last link ends and its conclusion starts.
const CONCLUSION: &str = ", so ";

/// A piece of a hint's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintPart {
    /// Words: the technique's name, a premise, a conclusion.
    Prose(String),
    /// A chain, a link each, in order: a forcing chain has one per branch.
    Chain(Vec<String>),
}

/// A hint's text as its prose and chains, in order; text without a chain
/// is one piece of prose.
pub fn spell_out(text: &str) -> Vec<HintPart> {
    let mut parts = Vec::new();
    let mut prose = String::new();
    let flush = |prose: &mut String, parts: &mut Vec<HintPart>| {
        if !prose.is_empty() {
            parts.push(HintPart::Prose(std::mem::take(prose)));
        }
    };
    for clause in text.split(CLAUSE) {
        if !clause.contains(LINK) {
            // a clause of prose joins the prose before it
            if !prose.is_empty() {
                prose.push_str(CLAUSE);
            }
            prose.push_str(clause);
            continue;
        }
        let mut links: Vec<String> = clause.split(LINK).map(str::to_string).collect();
        if let Some(at) = links[0].rfind(HEAD) {
            let head = links[0][..at + 1].to_string();
            links[0] = links[0][at + HEAD.len()..].to_string();
            if !prose.is_empty() {
                prose.push_str(CLAUSE);
            }
            prose.push_str(&head);
        }
        flush(&mut prose, &mut parts);
        let last = links.len() - 1;
        let tail = links[last]
            .find(CONCLUSION)
            .map(|at| {
                let tail = links[last][at + 2..].to_string();
                links[last].truncate(at);
                tail
            })
            .unwrap_or_default();
        parts.push(HintPart::Chain(links));
        prose = tail;
    }
    flush(&mut prose, &mut parts);
    parts
}

/// True when the text holds a chain (what a screen lays out a link per line).
pub fn has_chain(text: &str) -> bool {
    text.contains(LINK)
}

/// What starts a chain's first link on a line of its own, and each link
/// after it: the links stand under the first.
pub const FIRST_LINK: &str = "if ";
/// See [`FIRST_LINK`].
pub const NEXT_LINK: &str = " → ";

/// A hint's text a link per line: prose as a line of its own (no lead),
/// each chain's first link after [`FIRST_LINK`] and every link after it
/// after [`NEXT_LINK`], as `(lead, text)`. What the game's panel and
/// `tudoku hint --links` show.
pub fn link_lines(text: &str) -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    for part in spell_out(text) {
        match part {
            HintPart::Prose(prose) => lines.push(("", prose)),
            HintPart::Chain(links) => {
                for (i, link) in links.into_iter().enumerate() {
                    lines.push((if i == 0 { FIRST_LINK } else { NEXT_LINK }, link));
                }
            }
        }
    }
    lines
}

/// The cells a link names where it starts, as indices on the board of
/// `geo`: "r5c1=4" names r5c1, a grouped node "r12c8≠9" r1c8 and r2c8
/// ("r5c10,11" past 9x9), cells joined by commas each of them; a technique
/// step, a digit's break or prose names none.
pub fn link_cells(link: &str, geo: &Geometry) -> Vec<usize> {
    let text = link.as_bytes();
    let mut cells = Vec::new();
    let mut at = 0;
    while text.get(at) == Some(&b'r') {
        let Some((rows, next)) = numbers(text, at + 1, geo.n) else {
            break;
        };
        if text.get(next) != Some(&b'c') {
            break;
        }
        let Some((cols, next)) = numbers(text, next + 1, geo.n) else {
            break;
        };
        for &row in &rows {
            for &col in &cols {
                cells.push(geo.cell(row - 1, col - 1));
            }
        }
        at = next;
        if text.get(at) == Some(&b',') && text.get(at + 1) == Some(&b'r') {
            at += 1;
        } else {
            break;
        }
    }
    cells
}

/// The rows or columns of a cell name from `at`: a digit each on boards up
/// to 9x9, numbers joined by commas past that; with where they end. `None`
/// when there is none or one is off the board.
fn numbers(text: &[u8], mut at: usize, n: usize) -> Option<(Vec<usize>, usize)> {
    let mut found = Vec::new();
    loop {
        let start = at;
        while text.get(at).is_some_and(u8::is_ascii_digit) && (n > 9 || at == start) {
            at += 1;
        }
        let number: usize = std::str::from_utf8(&text[start..at]).ok()?.parse().ok()?;
        if !(1..=n).contains(&number) {
            return None;
        }
        found.push(number);
        let more = if n > 9 {
            text.get(at) == Some(&b',') && text.get(at + 1).is_some_and(u8::is_ascii_digit)
        } else {
            text.get(at).is_some_and(u8::is_ascii_digit)
        };
        if !more {
            return Some((found, at));
        }
        if n > 9 {
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::Grid;
    use crate::logic::hint::solve_path;
    use crate::logic::step::{Step, Technique};

    fn chain(links: &[&str]) -> HintPart {
        HintPart::Chain(links.iter().map(|l| l.to_string()).collect())
    }

    fn prose(text: &str) -> HintPart {
        HintPart::Prose(text.to_string())
    }

    #[test]
    fn a_contradiction_is_its_name_a_chain_and_its_conclusion() {
        let text = "Nishio chain (SE 7.8): r4c8=2 → r3c3=2 (hidden in column 3) → \
                    2 has no place left in column 5, so r4c8 is not 2";
        assert_eq!(
            spell_out(text),
            [
                prose("Nishio chain (SE 7.8):"),
                chain(&[
                    "r4c8=2",
                    "r3c3=2 (hidden in column 3)",
                    "2 has no place left in column 5"
                ]),
                prose("so r4c8 is not 2"),
            ]
        );
    }

    #[test]
    fn a_forcing_chain_is_a_chain_per_branch() {
        let text = "Dynamic cell forcing chain (SE 8.8): r8c2 is 2 or 4; r8c2=2 → r8c9=1 → \
                    r1c3≠3; r8c2=4 → r1c3=4 (hidden in column 3) → r1c3≠3; so r1c3 is not 3 \
                    either way";
        assert_eq!(
            spell_out(text),
            [
                prose("Dynamic cell forcing chain (SE 8.8): r8c2 is 2 or 4"),
                chain(&["r8c2=2", "r8c9=1", "r1c3≠3"]),
                chain(&["r8c2=4", "r1c3=4 (hidden in column 3)", "r1c3≠3"]),
                prose("so r1c3 is not 3 either way"),
            ]
        );
    }

    #[test]
    fn links_name_their_cells() {
        let nine = crate::board::geometry::Shape::for_size(9)
            .unwrap()
            .geometry();
        let cell = |r: usize, c: usize| nine.cell(r - 1, c - 1);
        assert_eq!(link_cells("r5c1=4", nine), [cell(5, 1)]);
        assert_eq!(link_cells("r12c8≠9", nine), [cell(1, 8), cell(2, 8)]);
        assert_eq!(link_cells("r3c45=2", nine), [cell(3, 4), cell(3, 5)]);
        assert_eq!(link_cells("r1c2,r3c4=5", nine), [cell(1, 2), cell(3, 4)]);
        assert_eq!(link_cells("r4c5 has no candidate left", nine), [cell(4, 5)]);
        assert_eq!(link_cells("7 has no place left in row 1", nine), []);
        assert_eq!(link_cells("pointing in box 5 and column 4", nine), []);
        assert_eq!(link_cells("r0c1=4", nine), []);
        let sixteen = crate::board::geometry::Shape::for_size(16)
            .unwrap()
            .geometry();
        assert_eq!(
            link_cells("r5c10,11=G", sixteen),
            [sixteen.cell(4, 9), sixteen.cell(4, 10)]
        );
        assert_eq!(link_cells("r12c16=3", sixteen), [sixteen.cell(11, 15)]);
        assert_eq!(link_cells("r17c1=3", sixteen), []);
    }

    #[test]
    fn a_chain_reads_a_link_per_line() {
        let text = "Grouped AIC: r6c9≠4 → r6c3=4 → r3c3≠4; so r6c9=4 or r3c3=4";
        assert_eq!(
            link_lines(text),
            [
                ("", "Grouped AIC:".to_string()),
                ("if ", "r6c9≠4".to_string()),
                (" → ", "r6c3=4".to_string()),
                (" → ", "r3c3≠4".to_string()),
                ("", "so r6c9=4 or r3c3=4".to_string()),
            ]
        );
    }

    #[test]
    fn prose_without_a_chain_stays_whole() {
        let text = "XY-chain: if r1c9 {2,4} is not 4 it is 2, so r2c9 {2,6} is 6; so r1c9 or \
                    r5c6 is 4";
        assert_eq!(spell_out(text), [prose(text)]);
        assert!(!has_chain(text));
        assert_eq!(spell_out(""), []);
    }

    /// Chain steps of the solve paths of the first puzzles of hardest_1106.
    fn chain_steps(puzzles: usize) -> Vec<(Step, crate::board::geometry::Shape)> {
        include_str!("../../tests/data/hardest_1106.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(puzzles)
            .flat_map(|line| {
                let grid = Grid::parse(line, None).unwrap();
                let shape = grid.shape();
                solve_path(&grid)
                    .unwrap()
                    .into_iter()
                    .filter(|s| has_chain(&s.explanation))
                    .map(move |s| (s, shape))
            })
            .collect()
    }

    /// Nothing of the text is lost or doubled: the pieces, in order, are the
    /// text less its separators.
    #[test]
    fn every_piece_of_real_hints_is_kept_in_order() {
        let strip = |s: &str| -> String {
            s.replace(LINK, "")
                .replace(CLAUSE, "")
                .replace(", so", "so")
                .replace(' ', "")
        };
        let steps = chain_steps(4);
        assert!(steps.len() > 20, "{} chain steps", steps.len());
        for (step, _) in &steps {
            let parts = spell_out(&step.explanation);
            let joined: String = parts
                .iter()
                .map(|p| match p {
                    HintPart::Prose(t) => t.clone(),
                    HintPart::Chain(links) => links.concat(),
                })
                .collect();
            assert_eq!(strip(&joined), strip(&step.explanation));
            for part in &parts {
                if let HintPart::Chain(links) = part {
                    assert!(links.len() >= 2, "{}", step.explanation);
                    for link in links {
                        assert!(!link.is_empty() && !link.contains(": "), "{link}");
                    }
                }
            }
        }
    }

    /// Against the engine's own chain: a contradiction chain on singles
    /// lists its links' cells in order (`Step::cells`, made from the chain
    /// itself, not its text), then the cell left without a candidate; the
    /// links split out of the text name the same cells, each link once, in
    /// the same order.
    #[test]
    fn the_links_are_the_engines_chain_in_order() {
        let mut checked = 0;
        for (step, shape) in chain_steps(6) {
            let on_singles = matches!(
                step.technique,
                Technique::ContradictionChain | Technique::NishioChain
            );
            if !on_singles {
                continue;
            }
            let geo = shape.geometry();
            let parts = spell_out(&step.explanation);
            let [
                HintPart::Prose(_),
                HintPart::Chain(links),
                HintPart::Prose(_),
            ] = parts.as_slice()
            else {
                panic!("{}", step.explanation);
            };
            let mut named: Vec<usize> = links.iter().flat_map(|l| link_cells(l, geo)).collect();
            named.dedup();
            let cells: Vec<usize> = step.cells(shape).map(|c| c.index(shape).unwrap()).collect();
            // the break names a cell only when a cell has no candidate left
            assert_eq!(named, cells, "{}", step.explanation);
            assert_eq!(
                links.len() - 1,
                step.explanation.matches(LINK).count(),
                "every link once"
            );
            checked += 1;
        }
        assert!(checked > 20, "{checked} chains checked");
    }
}

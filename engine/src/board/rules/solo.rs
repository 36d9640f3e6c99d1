//! Game descriptions of Simon Tatham's Solo (`solo --generate 1 3x3k`),
//! the Sudoku of the sgt-puzzles collection in every Linux distribution:
//! `<params>:<grid>[,<blocks>][,<cages>,<sums>]`.
//!
//! - `<params>`: `RxC` boxes R rows tall and C wide (`3x3`), or `Nj` for
//!   jigsaw on N x N; then `x` for the diagonals, `k` for killer (and
//!   symmetry and difficulty letters, which say how it was made and are
//!   skipped).
//! - A grid: cells in reading order, a number for a digit, `a`-`z` for a
//!   run of 1 to 26 empty cells, `_` between two numbers side by side.
//! - A block structure (jigsaw regions, killer cages): the lines between
//!   cells, first the n(n-1) between side-by-side cells of a row, row by
//!   row, then the n(n-1) between cells of a column, column by column, and
//!   one more at the end; written as runs, each the count of lines that do
//!   not separate blocks before one that does (`_` for none, `a`-`y` for
//!   1-25) or `z` for 25 with none after.
//! - The killer sums: a grid holding each cage's sum in its first cell.

use super::super::geometry::Shape;
use super::super::grid::Grid;
use super::line::{VariantTextError, components};
use super::{Cage, Rules, RulesSpec};

/// What Solo's parameters say.
struct Params {
    shape: Shape,
    jigsaw: bool,
    x: bool,
    killer: bool,
}

/// True when `head` reads as Solo's parameters (`3x3k`, `9j`).
pub(super) fn is_solo_params(head: &str) -> bool {
    params(head).is_ok()
}

fn params(head: &str) -> Result<Params, String> {
    let bytes = head.as_bytes();
    let mut at = 0;
    let number = |at: &mut usize| {
        let start = *at;
        while *at < bytes.len() && bytes[*at].is_ascii_digit() {
            *at += 1;
        }
        head[start..*at].parse::<usize>().ok()
    };
    let c = number(&mut at).ok_or("Solo parameters start with a number")?;
    let mut r = 1;
    if bytes.get(at) == Some(&b'x') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
        at += 1;
        r = number(&mut at).ok_or("a box side after 'x'")?;
    }
    let (mut jigsaw, mut x, mut killer) = (false, false, false);
    while at < bytes.len() {
        match bytes[at] {
            b'j' => jigsaw = true,
            b'x' => x = true,
            b'k' => killer = true,
            // difficulty: one letter after
            b'd' => at += 1,
            // symmetry and its digits
            b'a' | b'm' | b'r' | b'0'..=b'9' => {}
            other => return Err(format!("unknown Solo parameter {:?}", other as char)),
        }
        at += 1;
    }
    let shape = if jigsaw {
        let n = c * r;
        Shape::for_size(n).ok_or_else(|| format!("tudoku plays no {n}x{n} board"))?
    } else {
        Shape::new(c, r).map_err(|e| e.to_string())?
    };
    Ok(Params {
        shape,
        jigsaw,
        x,
        killer,
    })
}

/// Reads a Solo game description into a grid carrying its rules.
pub(super) fn parse_solo(text: &str) -> Result<Grid, VariantTextError> {
    let (head, desc) = text.split_once(':').expect("the caller found the colon");
    let p = params(head).map_err(|e| VariantTextError::at(1, e))?;
    let shape = p.shape;
    let n = shape.n();
    let mut fields = Vec::new();
    let mut column = head.chars().count() + 2;
    for part in desc.split(',') {
        fields.push((column, part));
        column += part.chars().count() + 1;
    }
    let wanted = 1 + usize::from(p.jigsaw) + 2 * usize::from(p.killer);
    if fields.len() != wanted {
        let at = fields.last().map_or(column, |f| f.0);
        return Err(VariantTextError::at(
            at,
            format!(
                "this Solo description has {} parts separated by ',', {head} takes {wanted}",
                fields.len()
            ),
        ));
    }
    let (grid_column, grid_text) = fields[0];
    let values = decode_grid(grid_text, n * n, grid_column)?;
    if let Some(i) = values.iter().position(|&v| v as usize > n) {
        return Err(VariantTextError::at(
            grid_column,
            format!("cell {} holds {}, above {n}", i + 1, values[i]),
        ));
    }
    let values: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    let mut spec = RulesSpec {
        diagonals: p.x,
        ..RulesSpec::default()
    };
    let mut next = 1;
    if p.jigsaw {
        let (column, text) = fields[next];
        let blocks = decode_blocks(text, n, column)?;
        let mut labels = vec![0u8; n * n];
        for (k, block) in blocks.iter().enumerate() {
            for &c in block {
                labels[c] = k.min(255) as u8;
            }
        }
        spec.regions = Some(labels);
        next += 1;
    }
    if p.killer {
        let (column, text) = fields[next];
        let blocks = decode_blocks(text, n, column)?;
        let (sums_column, sums_text) = fields[next + 1];
        let sums = decode_grid(sums_text, n * n, sums_column)?;
        for block in blocks {
            let mut given = block.iter().filter(|&&c| sums[c] != 0);
            let (Some(&first), None) = (given.next(), given.next()) else {
                return Err(VariantTextError::at(
                    sums_column,
                    format!("the cage at cell {} has not exactly one sum", block[0] + 1),
                ));
            };
            let sum = u16::try_from(sums[first])
                .map_err(|_| VariantTextError::at(sums_column, "a sum is too large"))?;
            spec.cages.push(Cage::new(block, sum));
        }
    }
    let rules =
        Rules::new(shape, spec).map_err(|e| VariantTextError::at(grid_column, e.to_string()))?;
    let grid = Grid::from_values(shape, values).expect("n*n values of at most n");
    grid.with_rules(rules)
        .map_err(|e| VariantTextError::at(1, e.to_string()))
}

/// The numbers of a Solo grid, 0 for an empty cell.
fn decode_grid(text: &str, cells: usize, column: usize) -> Result<Vec<u32>, VariantTextError> {
    let mut values = Vec::with_capacity(cells);
    let mut chars = text.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        match ch {
            'a'..='z' => values.extend(std::iter::repeat_n(0, (ch as u8 - b'a' + 1) as usize)),
            '_' => {}
            '0'..='9' => {
                let mut value = ch.to_digit(10).expect("a digit");
                while let Some(&(_, d)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    value = value
                        .saturating_mul(10)
                        .saturating_add(d.to_digit(10).expect("a digit"));
                    chars.next();
                }
                values.push(value);
            }
            _ => {
                return Err(VariantTextError::at(
                    column + text[..i].chars().count(),
                    format!(
                        "bad character {ch:?} in a Solo grid: numbers, '_' and a-z are allowed"
                    ),
                ));
            }
        }
        if values.len() > cells {
            return Err(VariantTextError::at(
                column + text[..i].chars().count(),
                format!("more than the {cells} cells of the board"),
            ));
        }
    }
    if values.len() != cells {
        return Err(VariantTextError::at(
            column,
            format!("{} cells, but the board has {cells}", values.len()),
        ));
    }
    Ok(values)
}

/// The blocks (cells joined by no line between them) of a Solo block
/// structure on an n x n board, by first cell in reading order.
fn decode_blocks(text: &str, n: usize, column: usize) -> Result<Vec<Vec<usize>>, VariantTextError> {
    let lines = 2 * n * (n - 1);
    let mut walls = vec![false; lines + 1];
    let mut at = 0;
    for (i, ch) in text.chars().enumerate() {
        let run = match ch {
            '_' => 0,
            'a'..='y' => (ch as u8 - b'a' + 1) as usize,
            'z' => 25,
            _ => {
                return Err(VariantTextError::at(
                    column + i,
                    format!(
                        "bad character {ch:?} in a Solo block structure: '_' and a-z are allowed"
                    ),
                ));
            }
        };
        at += run;
        if ch != 'z' {
            if at > lines {
                return Err(VariantTextError::at(
                    column + i,
                    "the block structure runs past the board",
                ));
            }
            walls[at] = true;
            at += 1;
        }
    }
    if at != lines + 1 {
        return Err(VariantTextError::at(
            column,
            format!("the block structure covers {at} of the {} lines", lines + 1),
        ));
    }
    // which block each cell is in: join cells with no wall between them
    let mut label: Vec<usize> = (0..n * n).collect();
    fn root(label: &mut [usize], mut c: usize) -> usize {
        while label[c] != c {
            label[c] = label[label[c]];
            c = label[c];
        }
        c
    }
    for (line, &wall) in walls[..lines].iter().enumerate() {
        if !wall {
            let (a, b) = between(line, n);
            let (ra, rb) = (root(&mut label, a), root(&mut label, b));
            label[ra.max(rb)] = ra.min(rb);
        }
    }
    let roots: Vec<usize> = (0..n * n).map(|c| root(&mut label, c)).collect();
    Ok(components(
        Shape::for_size(n).expect("a supported size"),
        &roots,
    ))
}

/// The two cells line number `line` of a Solo block structure lies between.
fn between(line: usize, n: usize) -> (usize, usize) {
    let across = n * (n - 1);
    if line < across {
        let (y, x) = (line / (n - 1), line % (n - 1));
        (y * n + x, y * n + x + 1)
    } else {
        let (x, y) = ((line - across) / (n - 1), (line - across) % (n - 1));
        (y * n + x, (y + 1) * n + x)
    }
}

/// The grid as a Solo game description, which Solo's `solo <id>` opens,
/// or `None` for rules Solo does not have (windoku).
pub fn solo_description(grid: &Grid) -> Option<String> {
    let rules = grid.rules();
    let variant = rules.variant();
    if variant.windoku {
        return None;
    }
    let shape = grid.shape();
    let n = shape.n();
    let mut text = if variant.jigsaw {
        format!("{n}j")
    } else {
        format!("{}x{}", shape.box_rows(), shape.box_cols())
    };
    if variant.x {
        text.push('x');
    }
    if variant.killer {
        text.push('k');
    }
    text.push(':');
    let values: Vec<u32> = grid.values().iter().map(|&v| u32::from(v)).collect();
    text.push_str(&encode_grid(&values));
    if let Some(regions) = rules.regions() {
        text.push(',');
        text.push_str(&encode_blocks(regions, n));
    }
    if variant.killer {
        let mut cage_of = vec![usize::MAX; n * n];
        let mut sums = vec![0u32; n * n];
        for (k, cage) in rules.cages().iter().enumerate() {
            for &c in cage.cells() {
                cage_of[c] = k;
            }
            sums[cage.anchor()] = u32::from(cage.sum());
        }
        // a cell in no cage is a block of its own
        for (c, k) in cage_of.iter_mut().enumerate() {
            if *k == usize::MAX {
                *k = rules.cages().len() + c;
            }
        }
        text.push(',');
        text.push_str(&encode_blocks(&cage_of, n));
        text.push(',');
        text.push_str(&encode_grid(&sums));
    }
    Some(text)
}

/// A Solo grid: numbers, runs of empty cells as letters, `_` between
/// numbers side by side.
fn encode_grid(values: &[u32]) -> String {
    let mut text = String::new();
    let mut run = 0;
    for &v in values {
        if v == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            push_run(&mut text, run);
            run = 0;
        } else if !text.is_empty() {
            text.push('_');
        }
        text.push_str(&v.to_string());
    }
    push_run(&mut text, run);
    text
}

fn push_run(text: &mut String, mut run: usize) {
    while run > 0 {
        let step = run.min(26);
        text.push((b'a' + step as u8 - 1) as char);
        run -= step;
    }
}

/// A Solo block structure of the blocks `label` gives each cell.
fn encode_blocks<T: PartialEq + Copy>(label: &[T], n: usize) -> String {
    let lines = 2 * n * (n - 1);
    let mut text = String::new();
    let mut run = 0;
    for line in 0..=lines {
        let wall = line == lines || {
            let (a, b) = between(line, n);
            label[a] != label[b]
        };
        if !wall {
            run += 1;
            continue;
        }
        while run > 25 {
            text.push('z');
            run -= 25;
        }
        text.push(if run == 0 {
            '_'
        } else {
            (b'a' + run as u8 - 1) as char
        });
        run = 0;
    }
    text
}

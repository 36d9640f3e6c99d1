//! Variants on screen at 80x24: a jigsaw's regions by heavy lines, a killer's
//! cages by dashed outlines with their sums, X's diagonals and windoku's
//! windows tinted, and marked in a corner where there is no colour. Each
//! test reads what it expects from the rules (the engine's regions, cages
//! and houses), not from the drawing code.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::support::{app_on, draw};
use crate::game::Game;
use crate::ui::{App, BoardLayout, Config, Screen, Theme};
use tudoku_engine::{House, Shape, generate_variant};

/// The app playing a 9x9 `variant` puzzle made from `seed`, with `config`.
fn playing(variant: &str, seed: u64, config: Config) -> App {
    let made = generate_variant(Shape::for_size(9).unwrap(), variant.parse().unwrap(), seed)
        .expect("9x9 variants are made");
    let now = Instant::now();
    let game = Game::new(made.puzzle, made.solution, None, Some(seed), now).unwrap();
    app_on(game, config, now)
}

/// The frame at 80x24, where the board lies on it and its layout.
fn frame(app: &mut App) -> (Buffer, Rect, BoardLayout) {
    let buf = draw(app, 80, 24);
    let Screen::Fits { board, layout, .. } = app.screen_in(Rect::new(0, 0, 80, 24)) else {
        panic!("9x9 fits 80x24");
    };
    (buf, board, layout)
}

/// The glyph on the line between `cell` and the cell right of it (`across`
/// false) or below it (`across` true), in the middle of their shared side.
fn between(buf: &Buffer, board: Rect, layout: &BoardLayout, cell: usize, across: bool) -> String {
    let r = layout.cell_rect(cell);
    let (x, y) = if across {
        (r.x + r.width / 2, r.y + r.height)
    } else {
        (r.x + r.width, r.y + r.height / 2)
    };
    buf[(board.x + x, board.y + y)].symbol().to_string()
}

/// Every pair of cells side by side, with whether the second lies below.
fn neighbours(n: usize) -> impl Iterator<Item = (usize, usize, bool)> {
    (0..n * n).flat_map(move |c| {
        let right = (c % n + 1 < n).then_some((c, c + 1, false));
        let below = (c / n + 1 < n).then_some((c, c + n, true));
        right.into_iter().chain(below)
    })
}

/// A 9x9 cell's name, r1c1 to r9c9.
fn name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

#[test]
fn a_jigsaw_shows_its_regions_by_heavy_lines() {
    let mut app = playing("jigsaw", 3, Config::default());
    let regions = app.game.rules().regions().unwrap().to_vec();
    let (buf, board, layout) = frame(&mut app);
    let mut heavy = 0;
    for (a, b, across) in neighbours(9) {
        let glyph = between(&buf, board, &layout, a, across);
        let expected = match (regions[a] == regions[b], across) {
            (false, false) => "┃",
            (false, true) => "━",
            (true, false) => "│",
            (true, true) => "─",
        };
        assert_eq!(glyph, expected, "between {} and its neighbour", name(a));
        heavy += usize::from(regions[a] != regions[b]);
    }
    // and the regions are not the boxes: some heavy line crosses a box
    let boxes = app.game.geometry();
    assert!(
        neighbours(9)
            .any(|(a, b, _)| regions[a] != regions[b] && boxes.box_of(a) == boxes.box_of(b))
    );
    assert!(heavy > 0);
    // the panel names the selected cell's region, not a box
    let shown = super::support::text(&buf);
    let region = regions[app.game.selected()] + 1;
    assert!(shown.contains(&format!("region {region}")), "{shown}");
}

#[test]
fn a_killer_shows_its_cages_dashed_and_each_sum_in_its_first_cell() {
    let mut app = playing("killer", 5, Config::default());
    let rules = app.game.rules().clone();
    let g = app.game.geometry();
    let (buf, board, layout) = frame(&mut app);
    let mut spanning = 0;
    for (a, b, across) in neighbours(9) {
        let glyph = between(&buf, board, &layout, a, across);
        let same_box = g.box_of(a) == g.box_of(b);
        let same_cage = rules.cage_index(a) == rules.cage_index(b);
        let expected = match (same_box, same_cage, across) {
            (true, true, _) => " ",
            (true, false, false) => "┆",
            (true, false, true) => "┄",
            (false, false, false) => "┃",
            (false, false, true) => "━",
            (false, true, false) => "┇",
            (false, true, true) => "┅",
        };
        assert_eq!(glyph, expected, "between {} and its neighbour", name(a));
        spanning += usize::from(!same_box && same_cage);
    }
    assert!(spanning > 0, "seed 5 has a cage across two boxes");
    // every cage's sum stands on the line above its first cell, left aligned
    for cage in rules.cages() {
        let r = layout.cell_rect(cage.anchor());
        let sum = cage.sum().to_string();
        let shown: String = (0..sum.len() as u16)
            .map(|i| {
                buf[(board.x + r.x + i, board.y + r.y - 1)]
                    .symbol()
                    .to_string()
            })
            .collect();
        assert_eq!(shown, sum, "the sum of the cage at {}", cage.anchor());
    }
    // and killer has no givens: every cell starts empty
    assert!((0..81).all(|c| app.game.value(c) == 0));
}

/// The cells of the houses a variant adds, from the engine's houses.
fn extra_cells(app: &App) -> Vec<usize> {
    let (shape, rules) = (app.game.shape(), app.game.rules());
    let mut cells: Vec<usize> = rules
        .houses(shape)
        .filter(|(house, _)| {
            matches!(
                house,
                House::Diagonal | House::AntiDiagonal | House::Window(_)
            )
        })
        .flat_map(|(_, cells)| cells.iter().copied())
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The cells drawn with the `extra_house` background (the selected one,
/// which the cursor covers, left out).
fn tinted(app: &mut App) -> Vec<usize> {
    let bg = app
        .config
        .theme
        .extra_house
        .bg
        .expect("the theme tints them");
    let (buf, board, layout) = frame(app);
    (0..81)
        .filter(|&c| c != app.game.selected())
        .filter(|&c| {
            let r = layout.cell_rect(c);
            buf[(board.x + r.x, board.y + r.y)].bg == bg
        })
        .collect()
}

#[test]
fn x_and_windoku_tint_the_cells_of_their_extra_houses() {
    // with the selected cell's peers lit, their colour covers the tint
    let mut config = Config::default();
    config.settings.highlight_peers = false;
    for (variant, count) in [("x", 17), ("windoku", 36)] {
        let mut app = playing(variant, 1, config.clone());
        let extra = extra_cells(&app);
        assert_eq!(extra.len(), count, "{variant}");
        let selected = app.game.selected();
        let expected: Vec<usize> = extra.into_iter().filter(|&c| c != selected).collect();
        assert_eq!(tinted(&mut app), expected, "{variant}");
    }
    // classic tints nothing
    let mut app = super::support::app_on(
        super::support::game_on(
            super::support::first_line(super::support::PUZZLES_9),
            tudoku_engine::Difficulty::Easy,
            None,
            Instant::now(),
        ),
        config,
        Instant::now(),
    );
    assert!(extra_cells(&app).is_empty());
    assert!(tinted(&mut app).is_empty());
}

/// The corner marks a frame shows: the cells with `mark` in a corner.
fn marked(app: &mut App, mark: &str) -> Vec<usize> {
    let (buf, board, layout) = frame(app);
    (0..81)
        .filter(|&c| {
            let r = layout.cell_rect(c);
            let corners = [
                (r.x, r.y),
                (r.right() - 1, r.y),
                (r.x, r.bottom() - 1),
                (r.right() - 1, r.bottom() - 1),
            ];
            corners
                .iter()
                .any(|&(x, y)| buf[(board.x + x, board.y + y)].symbol() == mark)
        })
        .collect()
}

#[test]
fn without_colour_the_diagonals_and_windows_are_marked_in_a_corner() {
    let mono = Config {
        theme: Theme::builtin("mono").unwrap(),
        ..Config::default()
    };
    let mut app = playing("x", 1, mono.clone());
    let main: Vec<usize> = (0..9).map(|i| i * 10).filter(|&c| c != 40).collect();
    let anti: Vec<usize> = (1..=9).map(|i| i * 8).filter(|&c| c != 40).collect();
    assert_eq!(marked(&mut app, "╲"), main);
    assert_eq!(marked(&mut app, "╱"), anti);
    assert_eq!(marked(&mut app, "╳"), [40], "the centre lies on both");
    let mut app = playing("windoku", 1, mono);
    let windows: Vec<usize> = extra_cells(&app);
    assert_eq!(marked(&mut app, "▪"), windows);
    // ASCII borders mark them in ASCII
    let mut config = Config::default();
    config.settings.ascii_borders = true;
    let mut app = playing("x", 1, config);
    assert_eq!(marked(&mut app, "\\"), main);
    assert_eq!(marked(&mut app, "/"), anti);
}

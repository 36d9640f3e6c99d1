//! A long chain hint in the side panel: a link per line, a page at a time
//! with the scroll keys, every link reachable, the board's highlight
//! following the page; snapshots of a real chain (hardest_1106, puzzle 69:
//! a nested forcing chain of 1,766 characters) at 80x24 and 200x60.

use std::collections::BTreeSet;
use std::time::Instant;

use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::support::{
    PUZZLE_25, PUZZLES_6, PUZZLES_9, PUZZLES_16, app_on, draw, first_line, game_on, press, rows,
};
use crate::engine::{Difficulty, HintPart, link_cells, spell_out};
use crate::game::Hint;
use crate::ui::{App, Config, HintWindow, Screen, hint_rows};

/// hardest_1106's 69th puzzle: its first hint is a nested forcing chain of
/// 31 links, 1,766 characters.
const LONG_CHAIN: &str =
    "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7";

/// The app on the puzzle with its first hint applied and shown in full.
fn long_hint_app() -> (App, Instant) {
    let now = Instant::now();
    let game = game_on(LONG_CHAIN, Difficulty::Extreme, None, now);
    let mut config = Config::default();
    config.settings.highlight_peers = false;
    config.settings.highlight_same_digit = false;
    let mut app = app_on(game, config, now);
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('t'), now);
    }
    (app, now)
}

/// The engine's explanation of the hint shown.
fn explanation(app: &App) -> String {
    match &app.game.hint().unwrap().hint {
        Hint::Step { step, .. } => step.explanation.clone(),
        other => panic!("not a step: {other:?}"),
    }
}

/// The panel's rows of a frame, trimmed.
fn panel_rows(app: &App, buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    let Screen::Fits { panel, .. } = app.screen_in(area) else {
        panic!("too small");
    };
    rows(buf)[usize::from(panel.y)..usize::from(panel.bottom())]
        .iter()
        .map(|r| {
            r.chars()
                .skip(usize::from(panel.x))
                .take(usize::from(panel.width))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The hint's rows on screen (from "Hint:" on), the status line left out.
fn hint_rows_on_screen(app: &App, buf: &Buffer) -> (Vec<String>, Option<String>) {
    let panel = panel_rows(app, buf);
    // after the fields (the last is the cell's) and a blank row
    let cell = panel.iter().position(|r| r.starts_with("Cell")).unwrap();
    let start = cell + panel[cell..].iter().position(String::is_empty).unwrap() + 1;
    let mut hint: Vec<String> = panel[start..]
        .iter()
        .take_while(|r| !r.is_empty())
        .cloned()
        .collect();
    // "9-16/41  [↑ ]↓"
    let status = hint
        .last()
        .filter(|r| {
            let at = r.split(' ').next().unwrap();
            at.contains('/') && at.chars().all(|c| c.is_ascii_digit() || "-/".contains(c))
        })
        .cloned();
    if status.is_some() {
        hint.pop();
    }
    (hint, status)
}

/// The hint's page at 80x24.
fn page(app: &mut App) -> (Vec<String>, Option<String>) {
    let buf = draw(app, 80, 24);
    hint_rows_on_screen(app, &buf)
}

/// Every page of the hint, scrolling down with `]` until the status line
/// says the last row shows.
fn pages(app: &mut App, width: u16, height: u16) -> Vec<(Vec<String>, Option<String>)> {
    let now = Instant::now();
    let mut pages = Vec::new();
    loop {
        let buf = draw(app, width, height);
        let page = hint_rows_on_screen(app, &buf);
        let last = page.1.as_ref().is_none_or(|s| !s.contains('↓'));
        pages.push(page);
        if last || pages.len() > 100 {
            return pages;
        }
        press(app, KeyCode::Char(']'), now);
    }
}

/// The rows of every page, each row once (pages overlap by a row).
fn all_rows(pages: &[(Vec<String>, Option<String>)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (rows, status) in pages {
        let first: usize = status
            .as_ref()
            .and_then(|s| s.split('-').next()?.parse().ok())
            .unwrap_or(1);
        for (i, row) in rows.iter().enumerate() {
            if first + i > out.len() {
                out.push(row.clone());
            }
        }
    }
    out
}

/// The links of a hint's rows on screen: a link's first row, then those
/// indented under it.
fn links_on(rows: &[String]) -> Vec<String> {
    let mut links: Vec<String> = Vec::new();
    for row in rows {
        if let Some(link) = row.strip_prefix("if ").or(row.strip_prefix(" → ")) {
            links.push(link.to_string());
        } else if let Some(more) = row.strip_prefix("   ")
            && let Some(last) = links.last_mut()
        {
            last.push(' ');
            last.push_str(more.trim_start());
        }
    }
    links
}

/// The links of the engine's chains in a hint's `text`, in order.
fn chain_links(text: &str) -> Vec<String> {
    spell_out(text)
        .into_iter()
        .filter_map(|p| match p {
            HintPart::Chain(links) => Some(links),
            HintPart::Prose(_) => None,
        })
        .flatten()
        .collect()
}

#[test]
fn a_long_chain_shows_a_link_per_line_a_page_at_a_time_at_80x24() {
    let (mut app, now) = long_hint_app();
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("long_chain_80x24_top", rows(&buf).join("\n"));
    press(&mut app, KeyCode::Char(']'), now);
    press(&mut app, KeyCode::Char(']'), now);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("long_chain_80x24_scrolled", rows(&buf).join("\n"));
}

#[test]
fn a_long_chain_at_200x60_shows_more_of_it_and_scrolls_too() {
    let (mut app, now) = long_hint_app();
    let buf = draw(&mut app, 200, 60);
    insta::assert_snapshot!("long_chain_200x60_top", panel_rows(&app, &buf).join("\n"));
    press(&mut app, KeyCode::Char(']'), now);
    let buf = draw(&mut app, 200, 60);
    insta::assert_snapshot!(
        "long_chain_200x60_scrolled",
        panel_rows(&app, &buf).join("\n")
    );
}

/// Read page by page, the panel holds every link of the engine's chain
/// once, in order, each starting a line of its own: "if" the first of a
/// chain, "→" each after it.
#[test]
fn every_link_is_reachable_once_and_in_order() {
    for (width, height) in [(80, 24), (100, 30), (200, 60)] {
        let (mut app, _) = long_hint_app();
        let text = explanation(&app);
        let pages = pages(&mut app, width, height);
        assert!(
            pages.len() > 1 || height == 60,
            "{width}x{height}: one page"
        );
        let rows = all_rows(&pages);
        let links = links_on(&rows);
        let chains = chain_links(&text);
        assert!(chains.len() > 20, "{}", chains.len());
        assert_eq!(links, chains, "{width}x{height}");
        // and the chain is the text's: its links joined as the engine
        // joins them are in it
        assert!(text.contains(&chains.join(" → ")));
        // the last page ends at the hint's last row: "34-41/41"
        if let Some(status) = &pages.last().unwrap().1 {
            let numbers: Vec<&str> = status
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .collect();
            assert_eq!(numbers[1], numbers[2], "{status}");
            assert_eq!(numbers[2].parse::<usize>().unwrap(), rows.len());
        }
    }
}

/// The cells the board marks with the hint's colour (the selected cell,
/// drawn over it, left out).
fn hinted(app: &App, buf: &Buffer, width: u16, height: u16) -> BTreeSet<usize> {
    let Screen::Fits { board, layout, .. } = app.screen_in(Rect::new(0, 0, width, height)) else {
        panic!("too small");
    };
    let bg = app.config.theme.hint.bg;
    (0..app.game.geometry().cell_count())
        .filter(|&c| c != app.game.selected() && layout.shows(c))
        .filter(|&c| {
            let r = layout.cell_rect(c);
            buf[(board.x + r.x, board.y + r.y)].bg == bg.unwrap()
        })
        .collect()
}

/// Scrolled, the board marks the cells the rows on screen name (of those
/// the hint points at) and the cell the step changes: it follows the page.
#[test]
fn the_highlight_follows_the_page() {
    let (mut app, now) = long_hint_app();
    let geo = app.game.geometry();
    let all: BTreeSet<usize> = app.game.hint_cells().into_iter().collect();
    let changed: BTreeSet<usize> = app.game.hint_changes().into_iter().collect();
    assert!(!changed.is_empty());
    let mut seen = Vec::new();
    for _ in 0..3 {
        let buf = draw(&mut app, 80, 24);
        let (rows, status) = hint_rows_on_screen(&app, &buf);
        assert!(status.is_some(), "the hint is cut at 80x24");
        let named: BTreeSet<usize> = rows
            .iter()
            .filter_map(|r| r.strip_prefix("if ").or(r.strip_prefix(" → ")))
            .flat_map(|link| link_cells(link, geo))
            .collect();
        let expected: BTreeSet<usize> = all
            .iter()
            .copied()
            .filter(|c| named.contains(c) || changed.contains(c))
            .filter(|&c| c != app.game.selected())
            .collect();
        assert_eq!(hinted(&app, &buf, 80, 24), expected);
        seen.push(expected);
        press(&mut app, KeyCode::Char(']'), now);
    }
    assert_ne!(seen[0], seen[1], "the highlight moves with the page");
    // at 200x60 more of the chain is marked at once
    let buf = draw(&mut app, 200, 60);
    assert!(hinted(&app, &buf, 200, 60).len() >= seen[0].len());
}

/// `[` goes back a page, and never above the top; a new hint starts at
/// its top.
#[test]
fn scrolling_up_goes_back_and_stops_at_the_top() {
    let (mut app, now) = long_hint_app();
    let top = page(&mut app);
    press(&mut app, KeyCode::Char(']'), now);
    let second = page(&mut app);
    assert_ne!(top, second);
    // the next page starts where a link does, within the page before
    let first = &second.0[0];
    assert!(
        first.starts_with(" → ") || first.starts_with("if "),
        "{first}"
    );
    assert!(top.0.contains(first), "{first}");
    press(&mut app, KeyCode::Char('['), now);
    press(&mut app, KeyCode::Char('['), now);
    assert_eq!(page(&mut app), top);
    assert!(top.1.as_ref().unwrap().starts_with("1-"));
    // Alt-Down scrolls as ] does
    app.handle_event(
        crossterm::event::Event::Key(crossterm::event::KeyEvent::new(
            KeyCode::Down,
            crossterm::event::KeyModifiers::ALT,
        )),
        now,
    );
    assert_eq!(page(&mut app), second);
    // and the mouse wheel as [ and ] do
    let wheel = |kind| {
        crossterm::event::Event::Mouse(crossterm::event::MouseEvent {
            kind,
            column: 60,
            row: 15,
            modifiers: crossterm::event::KeyModifiers::NONE,
        })
    };
    app.handle_event(wheel(crossterm::event::MouseEventKind::ScrollUp), now);
    assert_eq!(page(&mut app), top);
    app.handle_event(wheel(crossterm::event::MouseEventKind::ScrollDown), now);
    assert_eq!(page(&mut app), second);
}

/// A short hint looks as it always did: a paragraph after "Hint:", with
/// no page line.
#[test]
fn a_short_hint_is_a_paragraph() {
    let now = Instant::now();
    let game = game_on(first_line(PUZZLES_9), Difficulty::Medium, Some(7), now);
    let mut app = app_on(game, Config::default(), now);
    press(&mut app, KeyCode::Char('t'), now);
    let text = app.game.hint_text().unwrap();
    let (rows, status) = page(&mut app);
    assert_eq!(status, None);
    assert_eq!(rows.join(" "), format!("Hint: {text}"));
}

/// At 80x24 every board leaves the hint room for a page of rows and the
/// line saying where it is, beside the board or below it.
#[test]
fn every_board_leaves_the_hint_room_at_80x24() {
    let now = Instant::now();
    for line in [
        "1.3..4.22.4..3.1",
        first_line(PUZZLES_6),
        first_line(PUZZLES_9),
        first_line(PUZZLES_16),
        first_line(PUZZLE_25),
    ] {
        let game = game_on(line, Difficulty::Medium, Some(7), now);
        let n = game.shape().n();
        let mut app = app_on(game, Config::default(), now);
        for (width, height) in [(80, 24), (120, 40)] {
            let buf = draw(&mut app, width, height);
            let panel = panel_rows(&app, &buf);
            let free = panel.iter().rev().take_while(|r| r.is_empty()).count();
            assert!(free >= 4, "{n}x{n} at {width}x{height}: {free} rows free");
        }
    }
}

/// A forcing chain from a cell: the premise, then each branch from its
/// "if", its links under it, a link too long for the panel going on under
/// its text; each row that starts a link carries the cells it names.
#[test]
fn a_forcing_chain_shows_a_branch_at_a_time() {
    let text = "Dynamic cell forcing chain (SE 8.8): r8c2 is 2 or 4; r8c2=2 → r8c9=1 → \
                r2c1=3 (hidden in row 2) → r1c3≠3; r8c2=4 → r1c3=4 (hidden in column 3) → \
                r1c3≠3; so r1c3 is not 3 either way";
    let geo = crate::engine::Shape::for_size(9).unwrap().geometry();
    let rows = hint_rows(text, 25, geo, &Config::default().theme);
    let shown: Vec<String> = rows.iter().map(|r| r.line.to_string()).collect();
    assert_eq!(
        shown,
        [
            "Hint: Dynamic cell",
            "forcing chain (SE 8.8):",
            "r8c2 is 2 or 4",
            "if r8c2=2",
            " → r8c9=1",
            " → r2c1=3 (hidden in row",
            "   2)",
            " → r1c3≠3",
            "if r8c2=4",
            " → r1c3=4 (hidden in",
            "   column 3)",
            " → r1c3≠3",
            "so r1c3 is not 3 either",
            "way",
        ]
    );
    let cell = |r: usize, c: usize| vec![geo.cell(r - 1, c - 1)];
    let cells: Vec<Vec<usize>> = rows.iter().map(|r| r.cells.clone()).collect();
    assert_eq!(cells[3], cell(8, 2));
    assert_eq!(cells[5], cell(2, 1));
    assert_eq!(cells[6], Vec::<usize>::new(), "named where the link starts");
    assert_eq!(cells[9], cell(1, 3));
    assert!(cells[..3].iter().chain(&cells[12..]).all(Vec::is_empty));
}

/// The page line: where the page is and the keys on from it.
#[test]
fn the_page_line_says_where_and_which_keys() {
    let top = HintWindow::new(41, 9, 0);
    assert_eq!((top.shown, top.last_top), (8, 33));
    assert_eq!(top.status("[", "]"), "1-8/41  ] more ↓");
    let middle = HintWindow::new(41, 9, 7);
    assert_eq!(middle.status("[", "]"), "8-15/41  [↑ ]↓");
    // past the end it stops at the last page
    let last = HintWindow::new(41, 9, 100);
    assert_eq!(last.top, 33);
    assert_eq!(last.status("[", "]"), "34-41/41  [↑");
    // a page on starts where a link starts, and never stands still
    let starts: Vec<bool> = (0..41).map(|row| row % 3 == 0).collect();
    assert_eq!(top.next_top(true, &starts), 6);
    assert_eq!(middle.next_top(true, &starts), 12);
    assert_eq!(middle.next_top(false, &starts), 0);
    let none = vec![false; 41];
    assert_eq!(top.next_top(true, &none), 7);
    assert_eq!(last.next_top(true, &starts), 33);
    let whole = HintWindow::new(9, 9, 5);
    assert!(!whole.is_part());
    assert_eq!(whole.top, 0);
}

/// The rows inside the popup titled `title`, trimmed, or none.
fn popup_rows(buf: &Buffer, title: &str) -> Option<Vec<String>> {
    let rows: Vec<Vec<char>> = rows(buf).iter().map(|r| r.chars().collect()).collect();
    let top = rows
        .iter()
        .position(|r| r.iter().collect::<String>().contains(title))?;
    let left = rows[top].iter().position(|&c| c == '┏')?;
    let right = rows[top].iter().rposition(|&c| c == '┓')?;
    Some(
        rows[top + 1..]
            .iter()
            .take_while(|r| r[left] != '┗')
            .map(|r| {
                r[left + 2..right]
                    .iter()
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect(),
    )
}

/// The messages overlay (`!`) shows the hint a link per line too, a page
/// at a time that the hint's keys move through every link, and however long
/// the hint and however many notices, it fits the screen and says how to
/// close it; notices left out are counted, the newest shown.
#[test]
fn the_messages_overlay_pages_the_hint_and_always_fits() {
    let (mut app, now) = long_hint_app();
    let chains = chain_links(&explanation(&app));
    press(&mut app, KeyCode::Char('!'), now);
    // the hint's rows, each once (pages overlap by a row)
    let mut all: Vec<String> = Vec::new();
    let mut pages = 0;
    loop {
        let inside = popup_rows(&draw(&mut app, 80, 24), " Messages ").expect("the overlay");
        assert!(inside.len() <= 22, "{inside:#?}");
        assert!(inside.last().unwrap().ends_with("closes"), "{inside:#?}");
        // "1-10/113  ] more ↓" under the page
        let at = inside
            .iter()
            .position(|r| r.split(' ').next().unwrap().contains('/'))
            .expect("only part of the hint shows");
        let status = &inside[at];
        let first: usize = status.split('-').next().unwrap().parse().unwrap();
        for (i, row) in inside[..at].iter().enumerate() {
            if first + i > all.len() {
                all.push(row.clone());
            }
        }
        pages += 1;
        if !status.contains('↓') || pages > 100 {
            break;
        }
        press(&mut app, KeyCode::Char(']'), now);
    }
    let links = links_on(&all);
    assert!(pages > 1);
    assert_eq!(links, chains);
    assert_eq!(app.mode, crate::ui::Mode::Messages, "paging keeps it open");

    // thirty notices: the newest shows, the others are counted
    app.old_notices = (1..=30).map(|i| format!("notice number {i}")).collect();
    let inside = popup_rows(&draw(&mut app, 80, 24), " Messages ").unwrap();
    assert!(inside.last().unwrap().ends_with("closes"), "{inside:#?}");
    assert!(
        inside.iter().any(|r| r == "notice number 30"),
        "{inside:#?}"
    );
    let shown = (1..=30)
        .filter(|i| inside.iter().any(|r| *r == format!("notice number {i}")))
        .count();
    let counted = format!("({} older messages left out)", 30 - shown);
    assert!(inside.contains(&counted), "{counted}: {inside:#?}");
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(app.mode, crate::ui::Mode::Playing);
}

//! Drawing: a pure function of the App. The screen is the board, a side panel
//! and a one-line key bar, with overlays for help, dialogs and the win; a
//! terminal too small for the smallest board layout gets a message instead.

use std::time::Duration;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget, Wrap};

use super::app::{App, Mode};
use super::board::BoardView;
use super::dialog::{Field, NewGameForm};
use super::hint_panel::{HintWindow, hint_rows};
use super::keys::{Command, value_keys};
use super::layout::{BoardLayout, NotesView, Screen, screen, slots_needs};
use super::overview::Overview;
use super::pad::pad_area;
use super::race::race_lines;
use super::shared::shared_lines;
use super::stats_table::stats_lines;
use super::time::format_time;
use crate::engine::Shape;
use crate::engine::{share_code, symbol};
use crate::game::{Action, Game};

impl App {
    /// Draws the whole screen from the App's state.
    pub fn draw(&self, frame: &mut Frame) {
        self.render(frame.area(), frame.buffer_mut());
    }

    /// Draws into a buffer area (what `draw` does for a frame).
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let Screen::Fits {
            board,
            layout,
            panel,
            bar,
        } = self.screen_in(area)
        else {
            self.render_too_small(area, buf);
            return;
        };
        // Under help and dialogs the clock is held, and the board hidden
        // so that it cannot be studied for free.
        let hidden =
            self.game.is_held() && !matches!(self.mode, Mode::Won { .. } | Mode::LookingOver);
        let side = self.panel_text(panel, layout);
        if self.game.is_paused() || hidden {
            self.render_paused(board, buf);
        } else if self.overview {
            let map = Overview {
                game: &self.game,
                shown: layout.shown(),
                theme: &self.config.theme,
                ascii: self.config.settings.ascii_borders,
            };
            (&map).render(board, buf);
        } else {
            let view = BoardView {
                game: &self.game,
                layout,
                theme: &self.config.theme,
                settings: &self.config.settings,
                picked: self.picked,
                hint_cells: self.hint_cells_shown(&side),
                partner_cursors: self.partner_cursors(),
            };
            (&view).render(board, buf);
        }
        // no trimming: the note rows keep their slots
        Paragraph::new(side.lines)
            .wrap(Wrap { trim: false })
            .render(panel, buf);
        self.render_key_bar(bar, buf);
        match &self.mode {
            Mode::Playing => {}
            Mode::Help => self.render_help(area, buf),
            Mode::NewGame(form) => self.render_new_game(form, area, buf),
            Mode::ConfirmRestart => self.render_confirm(area, buf),
            Mode::ConfirmNewGame => self.render_confirm_new_game(area, buf),
            Mode::Saves(dialog) => {
                let lines = dialog.lines(&self.config.theme, &self.config.keys, area.width);
                popup(" Saves ", lines, area, self.config.theme.popup, buf);
            }
            Mode::Stats => self.render_stats(area, buf),
            Mode::Share => self.render_share(area, buf),
            Mode::GameOver => {
                let keys = &self.config.keys;
                let lines = vec![
                    Line::from(format!(
                        "{} mistakes: the game is over.",
                        self.game.mistakes()
                    )),
                    Line::from(""),
                    Line::from(format!(
                        "{}: new game   {}: look at the board   {}: quit",
                        keys.names(Command::Confirm),
                        keys.names(Command::Cancel),
                        keys.describe(Command::Quit, self.n())
                    )),
                ];
                popup(" Game over ", lines, area, self.config.theme.popup, buf);
            }
            Mode::LookingOver => {}
            Mode::Messages => self.render_messages(area, buf),
            Mode::InUse => self.render_in_use(area, buf),
            Mode::Won { new_best } => self.render_won(*new_best, area, buf),
            Mode::Generating {
                shape,
                variant,
                difficulty,
                technique,
                ..
            } => {
                let n = shape.n();
                let making = match technique {
                    Some(t) => format!("Making a {n}x{n} puzzle for {}…", t.name()),
                    None if !variant.is_classic() => format!("Making a {n}x{n} {variant} puzzle…"),
                    None => format!("Making a {n}x{n} {difficulty} puzzle…"),
                };
                let lines = vec![
                    Line::from(making),
                    Line::from(format!(
                        "{} cancels",
                        self.config.keys.names(Command::Cancel)
                    )),
                ];
                popup(" New game ", lines, area, self.config.theme.popup, buf);
            }
        }
    }

    fn n(&self) -> usize {
        self.game.shape().n()
    }

    fn render_too_small(&self, area: Rect, buf: &mut Buffer) {
        let Screen::TooSmall { need } = screen(area, self.game.shape(), 0, self.game.is_outlined())
        else {
            return;
        };
        let n = self.n();
        let lines = vec![
            Line::from("Terminal too small"),
            Line::from(format!("A {n}x{n} board needs {}x{}", need.0, need.1)),
            Line::from(format!("This terminal is {}x{}", area.width, area.height)),
            Line::from(format!(
                "Enlarge it, or press {} to quit",
                self.config.keys.describe(Command::Quit, n)
            )),
        ];
        let top = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
        let rect = Rect::new(area.x, top, area.width, area.height.min(lines.len() as u16));
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .style(self.config.theme.message)
            .render(rect, buf);
    }

    fn render_paused(&self, board: Rect, buf: &mut Buffer) {
        // under help and dialogs the board is simply not drawn: no stray
        // border shows around the overlay
        if !self.game.is_paused() {
            return;
        }
        let theme = &self.config.theme;
        Block::bordered()
            .border_type(BorderType::Thick)
            .border_style(theme.box_line)
            .render(board, buf);
        let text = vec![
            Line::from(Span::styled("Paused", theme.title)),
            Line::from(format!(
                "{} resumes",
                self.config.keys.describe(Command::Pause, self.n())
            )),
        ];
        let y = board.y + board.height / 2 - 1;
        let inner = Rect::new(board.x + 1, y, board.width - 2, 2);
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(inner, buf);
    }

    /// The cells the board highlights for the hint: those its rows on
    /// screen name, and what it changes, while only part of a chain shows
    /// (so the board follows the scrolled chain); else all of them.
    fn hint_cells_shown(&self, side: &PanelText) -> Vec<usize> {
        let all = self.game.hint_cells();
        let Some(named) = &side.hint_cells else {
            return all;
        };
        let changed = self.game.hint_changes();
        all.into_iter()
            .filter(|c| named.contains(c) || changed.contains(c))
            .collect()
    }

    /// The side panel's lines in `area` beside a board drawn with
    /// `layout`, and where its hint is scrolled.
    pub(super) fn panel_text(&self, area: Rect, layout: BoardLayout) -> PanelText {
        let (game, theme) = (&self.game, &self.config.theme);
        let n = self.n();
        let shape = game.shape();
        let field = |label: &str, value: String| {
            Line::from(vec![
                Span::styled(format!("{label:<9}"), theme.label),
                Span::styled(value, theme.value),
            ])
        };
        let mut clock = format_time(game.elapsed(self.now));
        if game.is_paused() {
            clock.push_str(" paused");
        }
        let marks = self.config.settings.corner_centre_marks;
        let mut mode = match (game.notes_mode(), marks, self.centre_mode) {
            (false, ..) => "values",
            (true, false, _) => "NOTES",
            (true, true, false) => "CORNER",
            (true, true, true) => "CENTRE",
        }
        .to_string();
        if let Some(d) = self.picked {
            mode.push_str(&format!(", {} first", symbol(d)));
        }
        if self.colour_note_next {
            mode = "colour which note?".to_string();
        }
        let mut lines = vec![Line::from(Span::styled("tudoku", theme.title))];
        let (_, pad) = pad_area(area, n);
        lines.extend(pad.lines(&game.remaining_counts(), self.picked, theme));
        let fields_at = lines.len();
        // a jigsaw has regions for boxes; a variant's name stands for its level
        let board = match game.rules().regions() {
            Some(_) => format!("{n}x{n}, regions"),
            None => format!("{n}x{n}, box {shape}"),
        };
        let level = if game.variant().is_classic() {
            "Level"
        } else {
            "Rules"
        };
        lines.extend([
            field("Board", board),
            field(level, game.label()),
            field(
                "Seed",
                game.seed()
                    .map_or_else(|| "-".to_string(), |s| s.to_string()),
            ),
            field("Hints", game.hints_used().to_string()),
            field("Filled", format!("{}/{}", game.filled_count(), n * n)),
            field("Mode", mode),
        ]);
        // With mistake checking off, nothing may tell an entry is wrong.
        let limit = self.config.settings.mistake_limit;
        if limit > 0 {
            let count = format!("{}/{limit}", game.mistakes());
            lines.insert(fields_at + 3, field("Mistakes", count));
        } else if self.config.settings.check_mistakes {
            lines.insert(
                fields_at + 3,
                field("Mistakes", game.mistakes().to_string()),
            );
        }
        if self.config.settings.show_timer {
            // after the board, level and seed lines
            lines.insert(fields_at + 3, field("Time", clock));
        }
        let selected = game.selected();
        let g = game.geometry();
        // its box, or on a jigsaw its region (r for row would be ambiguous)
        let house = match game.rules().regions() {
            Some(regions) => format!("region {}", regions[selected] + 1),
            None => format!("b{}", g.box_of(selected) + 1),
        };
        lines.push(field("Cell", format!("{} {house}", g.cell_name(selected))));
        let selection = game.selection().len();
        if selection > 1 {
            lines.push(field("Selected", format!("{selection} cells")));
        }
        if layout.is_viewport() {
            let (rows, cols) = layout.shown();
            let overview = self.config.keys.describe(Command::Overview, n);
            lines.push(field(
                "View",
                format!(
                    "r{}-{} c{}-{} {overview}",
                    rows.start + 1,
                    rows.end,
                    cols.start + 1,
                    cols.end
                ),
            ));
        }
        if layout.notes == NotesView::Compact && game.value(selected) == 0 {
            lines.extend(self.notes_in_full(selected));
        }
        let width = usize::from(area.width.max(1));
        if let Some(rivals) = &self.rivals {
            lines.extend(race_lines(rivals.as_ref(), theme, width));
        }
        if let Some(partners) = &self.partners {
            lines.extend(shared_lines(partners.as_ref(), game, theme));
        }
        let height = |lines: &[Line]| -> usize {
            lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum()
        };
        let mut after = Vec::new();
        if self.read_only.is_some() {
            after.push(field("Saving", "read-only view".to_string()));
        } else if self.autosave_trouble().is_some() {
            after.push(field("Autosave", "off".to_string()));
        }
        if let Some(message) = &self.message {
            after.push(Line::from(""));
            after.push(Line::from(Span::styled(message.clone(), theme.message)));
        }
        let keys = &self.config.keys;
        let summary = vec![
            Line::from(""),
            Line::from(Span::styled(
                format!(
                    "{} messages about your files and settings: {} shows them",
                    self.notices.len(),
                    keys.names(Command::Messages)
                ),
                theme.message,
            )),
        ];
        let mut window = None;
        let mut hint_cells = None;
        let mut hint_starts = Vec::new();
        if let Some(hint) = game.hint_text() {
            let rows = hint_rows(&hint, width, game.geometry(), theme);
            let summary_height = if self.notices.is_empty() {
                0
            } else {
                height(&summary)
            };
            let room = usize::from(area.height)
                .saturating_sub(height(&lines) + 1 + height(&after) + summary_height)
                .max(MIN_HINT_ROWS);
            let shown = HintWindow::new(rows.len(), room, self.hint_top());
            lines.push(Line::from(""));
            let page = &rows[shown.top..shown.top + shown.shown];
            lines.extend(page.iter().map(|row| row.line.clone()));
            if shown.is_part() {
                let status = self.hint_page_status(&shown);
                lines.push(Line::from(Span::styled(status, theme.label)));
                hint_cells = Some(page.iter().flat_map(|row| row.cells.clone()).collect());
            }
            window = Some(shown);
            hint_starts = rows.iter().map(|row| row.starts).collect();
        }
        lines.extend(after);
        // every notice in full where they fit, else a line saying how
        // many there are and which key shows them
        let room = usize::from(area.height).saturating_sub(height(&lines));
        let needed: usize = self
            .notices
            .iter()
            .map(|n| 1 + wrap_words(n, width).len())
            .sum();
        if needed <= room {
            for notice in &self.notices {
                lines.push(Line::from(""));
                lines.push(Line::from(Span::styled(notice.clone(), theme.message)));
            }
        } else {
            lines.extend(summary);
        }
        PanelText {
            lines,
            window,
            hint_cells,
            hint_starts,
        }
    }

    /// The selected cell's notes in fixed slots (the shape of a box), for
    /// layouts whose cells have no room for them.
    fn notes_in_full(&self, cell: usize) -> Vec<Line<'static>> {
        let (game, theme) = (&self.game, &self.config.theme);
        let notes = game.notes(cell);
        if notes.is_empty() {
            return Vec::new();
        }
        let shape = game.shape();
        let (rows, cols) = (shape.box_rows(), shape.box_cols());
        let mut lines = vec![Line::from(Span::styled("Notes", theme.label))];
        for r in 0..rows {
            let row: Vec<String> = (0..cols)
                .map(|c| {
                    let d = (r * cols + c + 1) as u8;
                    if notes.contains(d) {
                        symbol(d).to_string()
                    } else {
                        " ".to_string()
                    }
                })
                .collect();
            lines.push(Line::from(Span::styled(
                format!("  {}", row.join(" ")),
                theme.value,
            )));
        }
        lines
    }

    fn render_key_bar(&self, area: Rect, buf: &mut Buffer) {
        let (keys, theme, n) = (&self.config.keys, &self.config.theme, self.n());
        let mut items = vec![(value_keys(n), "place".to_string())];
        for command in [
            Command::Play(Action::ToggleNotesMode),
            Command::Play(Action::Hint),
            Command::Play(Action::Undo),
            Command::Help,
            Command::Quit,
            Command::Play(Action::Redo),
            Command::Play(Action::Erase),
            Command::Play(Action::Check),
            Command::Pause,
            Command::NewGame,
        ] {
            if let Some(key) = keys.usable_keys(command, n).next() {
                items.push((key.to_string(), command.label().to_string()));
            }
        }
        let mut spans = Vec::new();
        let mut width = 0;
        for (key, label) in items {
            let item_width = key.chars().count() + label.chars().count() + 3;
            if width + item_width > area.width as usize {
                continue;
            }
            width += item_width;
            spans.push(Span::styled(key, theme.key));
            spans.push(Span::raw(format!(" {label}  ")));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let (keys, theme, n) = (&self.config.keys, &self.config.theme, self.n());
        let modifier = keys.note_modifier.name();
        let mut entries = vec![
            (value_keys(n), "place (notes mode: note)".to_string()),
            (
                format!("{modifier}+{}", value_keys(n)),
                "note (notes mode: place)".to_string(),
            ),
            ("mouse".to_string(), "select cell; pick on pad".to_string()),
            (
                "S-arrows/drag".to_string(),
                "select several cells".to_string(),
            ),
        ];
        entries.extend(Command::all().map(|c| {
            let described = keys.describe(c, n);
            let shown = if described.is_empty() {
                "-".to_string()
            } else {
                described
            };
            (shown, c.description().to_string())
        }));
        let sizes: Vec<String> = slots_needs(self.game.shape())
            .iter()
            .map(|(w, h)| format!("{w}x{h}"))
            .collect();
        let notes_line = format!(
            "Notes show in cells from {} up; smaller, in the panel.",
            sizes.join(", ")
        );
        // the note takes the rows it wraps to, unless they would push the
        // keys into one more column than the screen holds without it
        let height = usize::from(area.height.saturating_sub(2));
        let columns_in = |rows: usize| entries.len().div_ceil(rows.max(1));
        let note_rows = wrap_words(&notes_line, usize::from(area.width.saturating_sub(4))).len();
        let keep_note = columns_in(height.saturating_sub(note_rows)) <= columns_in(height);
        let max_rows = height
            .saturating_sub(if keep_note { note_rows } else { 0 })
            .max(1);
        let columns: Vec<&[(String, String)]> = entries
            .chunks(entries.len().div_ceil(entries.len().div_ceil(max_rows)))
            .collect();
        let widths: Vec<(usize, usize)> = columns
            .iter()
            .map(|column| {
                let key = column
                    .iter()
                    .map(|(k, _)| k.chars().count())
                    .max()
                    .unwrap_or(0);
                let text = column
                    .iter()
                    .map(|(_, d)| d.chars().count())
                    .max()
                    .unwrap_or(0);
                (key, text)
            })
            .collect();
        let rows = columns.first().map_or(0, |c| c.len());
        let content: usize =
            widths.iter().map(|(k, t)| k + 1 + t).sum::<usize>() + 3 * (columns.len() - 1);
        let width = (content as u16 + 4).max(40);
        let note_rows = if keep_note {
            wrap_words(
                &notes_line,
                usize::from(width.min(area.width).saturating_sub(4)),
            )
            .len()
        } else {
            0
        };
        let rect = centered(area, width, (rows + 2 + note_rows) as u16);
        Clear.render(rect, buf);
        let footer = self.closes(Command::Help);
        let block = Block::bordered()
            .border_type(BorderType::Thick)
            .title(Line::from(" Keys ").centered())
            .title_bottom(Line::from(footer).centered())
            .style(theme.popup);
        let inner = block.inner(rect);
        block.render(rect, buf);
        let lines: Vec<Line> = (0..rows)
            .map(|row| {
                let mut spans = Vec::new();
                for (i, (column, &(kw, tw))) in columns.iter().zip(&widths).enumerate() {
                    if let Some((key, text)) = column.get(row) {
                        if i > 0 {
                            spans.push(Span::raw("   "));
                        }
                        spans.push(Span::styled(format!("{key:<kw$} "), theme.key));
                        spans.push(Span::raw(format!("{text:<tw$}")));
                    }
                }
                Line::from(spans)
            })
            .collect();
        let inner = inner.inner(ratatui::layout::Margin::new(1, 0));
        let [table, notes] = ratatui::layout::Layout::vertical([
            ratatui::layout::Constraint::Length(rows as u16),
            ratatui::layout::Constraint::Fill(1),
        ])
        .areas(inner);
        Paragraph::new(lines).render(table, buf);
        Paragraph::new(notes_line)
            .wrap(Wrap { trim: true })
            .render(notes, buf);
    }

    fn render_won(&self, new_best: bool, area: Rect, buf: &mut Buffer) {
        let (game, theme, n) = (&self.game, &self.config.theme, self.n());
        let time = game.elapsed(self.now);
        let best = self.best_secs().map_or(time, Duration::from_secs);
        let mut lines = vec![
            Line::from(Span::styled("Solved!", theme.title)),
            Line::from(""),
            Line::from(format!("Time      {}", format_time(time))),
            Line::from(format!("Hints     {}", game.hints_used())),
            Line::from(format!(
                "Best {n}x{n} {}: {}",
                game.label(),
                format_time(best)
            )),
        ];
        if self.config.settings.check_mistakes {
            lines.insert(3, Line::from(format!("Mistakes  {}", game.mistakes())));
        }
        if new_best {
            lines.push(Line::from(Span::styled("New best time!", theme.message)));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(format!(
            "{}: new game  {}: quit  {}: board",
            self.config.keys.names(Command::Confirm),
            self.config.keys.describe(Command::Quit, n),
            self.config.keys.names(Command::Cancel)
        )));
        popup(" You win ", lines, area, theme.popup, buf);
    }

    fn render_new_game(&self, form: &NewGameForm, area: Rect, buf: &mut Buffer) {
        let theme = &self.config.theme;
        let n = form.shape.n();
        let seed = if form.seed.is_empty() {
            "random".to_string()
        } else {
            form.seed.clone()
        };
        let row = |field: Field, label: &str, value: String| {
            let chosen = form.field == field;
            let marker = if chosen { "> " } else { "  " };
            let style = if chosen {
                theme.selected
            } else {
                Style::default()
            };
            Line::from(vec![
                Span::raw(format!("{marker}{label:<9}")),
                Span::styled(format!("< {value} >"), style),
            ])
        };
        let mut lines = vec![
            row(
                Field::Shape,
                "Board",
                format!("{n}x{n}, boxes {}", form.shape),
            ),
            row(Field::Variant, "Rules", form.variant.to_string()),
            row(
                Field::Difficulty,
                "Level",
                if form.variant.is_classic() {
                    form.difficulty.to_string()
                } else {
                    "-".to_string()
                },
            ),
            row(Field::Seed, "Seed", seed),
            row(
                Field::Technique,
                "Practise",
                form.technique
                    .map_or("any technique", |t| t.name())
                    .to_string(),
            ),
            Line::from(""),
            Line::from("Up/Down: field   Left/Right: change"),
            Line::from(format!(
                "digits: seed   {}: start   {}: cancel",
                self.config.keys.names(Command::Confirm),
                self.config.keys.names(Command::Cancel)
            )),
        ];
        if let Some(note) = form.out_of_reach() {
            // the reason a technique has no puzzle runs long
            for (k, line) in wrap_words(&note, NOTE_WIDTH).into_iter().enumerate() {
                lines.insert(4 + k, Line::from(Span::styled(line, theme.message)));
            }
        }
        if let Some(note) = &form.note {
            lines.insert(0, Line::from(Span::styled(note.clone(), theme.message)));
            lines.insert(1, Line::from(""));
        }
        popup(" New game ", lines, area, theme.popup, buf);
    }

    /// The command lines that open this puzzle on another machine, over the
    /// whole screen without borders, so that they copy cleanly: each on one
    /// line, never wrapped (a line the screen is too narrow for is named
    /// instead of shown broken).
    fn render_share(&self, area: Rect, buf: &mut Buffer) {
        let theme = &self.config.theme;
        let width = usize::from(area.width);
        let mut lines = vec![
            Line::from(Span::styled("Share this puzzle", theme.title)),
            Line::from(""),
        ];
        let shown = |text: String, other: &str| {
            if text.chars().count() <= width {
                Line::from(text)
            } else {
                Line::from(Span::styled(other.to_string(), theme.label))
            }
        };
        let share = share_commands(&self.game);
        lines.push(Line::from(Span::styled("Its code:", theme.label)));
        lines.push(shown(
            share.code.clone(),
            "(too narrow: tudoku saves --export autosave --code)",
        ));
        if let Some(seeded) = share.seeded {
            lines.push(Line::from(""));
            lines.push(Line::from(Span::styled(
                "The same board, level and puzzle from its seed:",
                theme.label,
            )));
            lines.push(shown(seeded, "(too narrow for the command)"));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "The puzzle's line, for other programs:",
            theme.label,
        )));
        lines.push(shown(
            share.line,
            "tudoku saves --export autosave   (too long for this width)",
        ));
        lines.push(Line::from(""));
        lines.push(Line::from(self.closes(Command::Share)));
        Clear.render(area, buf);
        Paragraph::new(lines).style(theme.popup).render(area, buf);
    }

    /// An overlay's last line: the keys that close it (cancel, or the key
    /// that opened it).
    /// Where a hint's page is and the keys that move it: "1-8/41  ] more ↓".
    pub(super) fn hint_page_status(&self, shown: &HintWindow) -> String {
        let first = |command| {
            let keys = &self.config.keys;
            keys.usable_keys(command, self.n())
                .next()
                .map_or_else(|| "-".to_string(), |k| k.to_string())
        };
        shown.status(&first(Command::HintUp), &first(Command::HintDown))
    }

    pub(super) fn closes(&self, opener: Command) -> String {
        format!(
            "{} or {} closes",
            self.config.keys.names(Command::Cancel),
            self.config.keys.describe(opener, self.n())
        )
    }

    fn render_stats(&self, area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line> = stats_lines(&self.stats)
            .into_iter()
            .map(Line::from)
            .collect();
        lines.push(Line::from(""));
        lines.push(Line::from(self.closes(Command::Stats)));
        popup(" Stats ", lines, area, self.config.theme.popup, buf);
    }

    /// Another tudoku plays the autosaved game: what the player may do.
    fn render_in_use(&self, area: Rect, buf: &mut Buffer) {
        let (keys, n) = (&self.config.keys, self.n());
        let holder = self.read_only.as_deref().unwrap_or_default();
        let holder = holder.split(':').next().unwrap_or_default();
        let width = usize::from(area.width.saturating_sub(6)).clamp(20, 60);
        let mut lines: Vec<Line> = wrap_words(holder, width)
            .into_iter()
            .map(Line::from)
            .collect();
        lines.extend([
            Line::from(""),
            Line::from(format!(
                "{}: look at its game here, read-only",
                keys.names(Command::Confirm)
            )),
            Line::from(format!(
                "{}: a new game, saved in a slot of its own",
                keys.describe(Command::NewGame, n)
            )),
            Line::from(format!("{}: quit", keys.describe(Command::Quit, n))),
        ]);
        popup(" Game in use ", lines, area, self.config.theme.popup, buf);
    }

    /// The session's notices and the hint shown (src/ui/messages.rs).
    fn render_messages(&self, area: Rect, buf: &mut Buffer) {
        let lines = self.messages_text(area).lines;
        popup(" Messages ", lines, area, self.config.theme.popup, buf);
    }

    fn render_confirm_new_game(&self, area: Rect, buf: &mut Buffer) {
        let kept = if self.keeps_games() {
            "It is kept in a save slot (s lists them)."
        } else {
            "Without a config directory it is lost."
        };
        let lines = vec![
            Line::from("This game is not finished."),
            Line::from(kept),
            Line::from(""),
            Line::from(format!(
                "{}: new game   other key: back",
                self.config.keys.names(Command::Confirm)
            )),
        ];
        popup(" New game ", lines, area, self.config.theme.popup, buf);
    }

    fn render_confirm(&self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::from("Restart this puzzle?"),
            Line::from("Entries and notes are cleared;"),
            Line::from("undo brings them back."),
            Line::from(""),
            Line::from(format!(
                "{}: restart   other key: cancel",
                self.config.keys.names(Command::Confirm)
            )),
        ];
        popup(" Restart ", lines, area, self.config.theme.popup, buf);
    }
}

/// The widest line of a note in the new-game dialog: a technique's reason
/// for having no practice puzzle is a sentence or two.
const NOTE_WIDTH: usize = 64;

/// The fewest rows the panel gives a hint, however little room the rest
/// leaves: a page of two and where it is.
const MIN_HINT_ROWS: usize = 3;

/// The side panel: its lines, the hint's window and, while only part of the
/// hint shows, the cells its rows on screen name.
pub(super) struct PanelText {
    pub lines: Vec<Line<'static>>,
    pub window: Option<HintWindow>,
    pub hint_cells: Option<Vec<usize>>,
    /// Which of the hint's rows start a link or a line of prose.
    pub hint_starts: Vec<bool>,
}

/// The ways to open a game's puzzle elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareCommands {
    /// `tudoku play` with the puzzle's share code: short, one line.
    pub code: String,
    /// With its seed, for a generated game: the same board, level and puzzle.
    pub seeded: Option<String>,
    /// `tudoku play` with the puzzle's full line (what other programs read).
    pub line: String,
}

/// The command lines that open a game's puzzle.
pub fn share_commands(game: &Game) -> ShareCommands {
    let shape = game.shape();
    let board = if Shape::for_size(shape.n()) == Some(shape) {
        format!("--size {}", shape.n())
    } else {
        format!("--box {shape}")
    };
    // a variant's puzzle has no level to make it again by
    let seeded = game
        .seed()
        .zip(game.difficulty())
        .map(|(seed, level)| format!("tudoku play {board} --difficulty {level} --seed {seed}"));
    let boxes = if board.starts_with("--box") {
        format!("{board} ")
    } else {
        String::new()
    };
    ShareCommands {
        code: format!("tudoku play {}", share_code(game.givens())),
        seeded,
        line: format!("tudoku play {boxes}{}", game.givens()),
    }
}

/// A bordered box of text centred in `area`.
fn popup(title: &str, lines: Vec<Line>, area: Rect, style: Style, buf: &mut Buffer) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let rect = centered(area, width, lines.len() as u16 + 2);
    Clear.render(rect, buf);
    let block = Block::bordered()
        .border_type(BorderType::Thick)
        .title(Line::from(title).centered())
        .style(style);
    let inner = block.inner(rect);
    block.render(rect, buf);
    Paragraph::new(lines).render(inner.inner(ratatui::layout::Margin::new(1, 0)), buf);
}

/// `text` broken at spaces into lines of at most `width` characters (a
/// longer word gets a line of its own, cut by the terminal).
pub(super) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// A `width` x `height` rectangle in the middle of `area` (clipped to it).
fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let (w, h) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

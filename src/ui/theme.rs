//! Colours and text attributes by meaning (a given, a conflict, the selected
//! cell), not by widget. Built-in themes live in assets/themes as TOML and are
//! compiled in; config.toml picks one and may override single roles.

use ratatui::style::{Modifier, Style};
use serde::{Deserialize, Serialize};

/// The built-in themes by name, as TOML.
pub const BUILTIN_THEMES: [(&str, &str); 4] = [
    ("dark", include_str!("../../assets/themes/dark.toml")),
    ("light", include_str!("../../assets/themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../assets/themes/high-contrast.toml"),
    ),
    ("mono", include_str!("../../assets/themes/mono.toml")),
];

/// One style per role on screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theme {
    /// Show `!` beside conflicting and wrong digits, for themes where colour
    /// alone cannot say it.
    pub markers: bool,
    /// Lines between boxes.
    pub box_line: Style,
    /// Lines between cells inside a box.
    pub cell_line: Style,
    pub given: Style,
    pub entry: Style,
    pub note: Style,
    pub selected: Style,
    /// The selected cell's row, column and box.
    pub peer: Style,
    /// Cells holding the selected cell's digit.
    pub same_digit: Style,
    /// Notes equal to the selected cell's digit.
    pub note_match: Style,
    pub conflict: Style,
    /// Entries a check found wrong.
    pub wrong: Style,
    /// Cells the current hint points at.
    pub hint: Style,
    /// Cells of the houses a variant adds: the diagonals of Sudoku X, the
    /// windows of windoku. Themes with `markers` also mark them in a free
    /// corner (see the board widget), so they show without colour too.
    #[serde(default)]
    pub extra_house: Style,
    pub title: Style,
    pub label: Style,
    pub value: Style,
    pub key: Style,
    /// Digits already placed n times.
    pub done: Style,
    pub message: Style,
    pub popup: Style,
    /// Cell colours 1..=6 (the colour key); without colour (`markers`)
    /// they show as the letters a-f.
    #[serde(default)]
    pub colours: Vec<Style>,
    /// Note colours 1..=3.
    #[serde(default)]
    pub note_colours: Vec<Style>,
}

/// A theme that could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    #[error("unknown theme '{0}': use dark, light, high-contrast or mono")]
    Unknown(String),
    #[error("bad [theme] table: {0}")]
    Bad(String),
}

impl Theme {
    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Result<Theme, ThemeError> {
        Theme::with_overrides(name, &toml::Table::new())
    }

    /// A built-in theme with some roles replaced (the `[theme]` table of
    /// config.toml).
    pub fn with_overrides(name: &str, overrides: &toml::Table) -> Result<Theme, ThemeError> {
        let text = BUILTIN_THEMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| *text)
            .ok_or_else(|| ThemeError::Unknown(name.to_string()))?;
        let mut table: toml::Table =
            toml::from_str(text).map_err(|e| ThemeError::Bad(e.to_string()))?;
        table.extend(overrides.clone());
        table
            .try_into()
            .map_err(|e: toml::de::Error| ThemeError::Bad(e.to_string()))
    }

    /// Cell colour `c` (1-based); a theme that lists fewer has none more.
    pub fn colour(&self, c: u8) -> Style {
        self.colours
            .get(usize::from(c).wrapping_sub(1))
            .copied()
            .unwrap_or_default()
    }

    /// Note colour `c` (1-based).
    pub fn note_colour(&self, c: u8) -> Style {
        self.note_colours
            .get(usize::from(c).wrapping_sub(1))
            .copied()
            .unwrap_or_default()
    }

    /// The style to fill a cell's blank area with: its colours and reverse
    /// video, but no underline or other text marks spread over the spaces.
    pub fn fill(style: Style) -> Style {
        Style {
            add_modifier: style.add_modifier & Modifier::REVERSED,
            sub_modifier: Modifier::empty(),
            ..style
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::builtin("dark").expect("the built-in dark theme parses")
    }
}

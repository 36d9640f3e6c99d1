//! Settings, key bindings and theme from config.toml's text. Reading and
//! writing the file belongs to storage; this only turns text into values, with
//! every part optional so a partial file lays over the defaults.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use super::keys::KeyBindings;
use super::theme::Theme;
use crate::engine::SUPPORTED_SIZES;
use crate::engine::{Difficulty, Shape};
use crate::storage::config::load_config;

/// Preferences that change how the game looks and behaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// A built-in theme: dark, light, high-contrast or mono.
    pub theme: String,
    /// Select cells with the mouse.
    pub mouse: bool,
    /// Shade the selected cell's row, column and box.
    pub highlight_peers: bool,
    /// Highlight every cell (and note) with the selected cell's digit.
    pub highlight_same_digit: bool,
    /// Mark digits that repeat in a row, column or box.
    pub show_conflicts: bool,
    /// Draw the grid with ASCII instead of box-drawing characters (every
    /// line kept: heavy and light ones in different characters).
    pub ascii_borders: bool,
    /// The board side of a new game: 4, 6, 8, 9, 12, 16 or 25.
    #[serde(deserialize_with = "board_size")]
    pub size: usize,
    /// The level of a new game.
    pub difficulty: Difficulty,
    /// Mark every entry that differs from the solution as soon as it is placed.
    pub check_mistakes: bool,
    /// Wrong entries allowed before the game is over (0: no limit). A limit
    /// shows the Mistakes count even with `check_mistakes` off.
    pub mistake_limit: u32,
    /// Placing a digit removes it from the notes of the cell's row, column and box.
    pub auto_remove_notes: bool,
    /// Notes kept up to date: placing a digit removes it from its peers'
    /// notes (as `auto_remove_notes`), and erasing it, or placing another
    /// digit over it, puts back the notes it took.
    pub live_notes: bool,
    /// Snyder notation: notes are corner marks, and notes mode has a second
    /// step for centre marks.
    pub corner_centre_marks: bool,
    /// Show the clock in the side panel.
    pub show_timer: bool,
}

/// A supported board side, or a deserialisation error naming the choices.
fn board_size<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    let n = usize::deserialize(d)?;
    if SUPPORTED_SIZES.contains(&n) {
        Ok(n)
    } else {
        let (last, others) = SUPPORTED_SIZES.split_last().expect("sizes are listed");
        let others: Vec<String> = others.iter().map(usize::to_string).collect();
        Err(serde::de::Error::custom(format!(
            "expected {} or {last}",
            others.join(", ")
        )))
    }
}

impl Settings {
    /// The shape of a new game's board.
    pub fn shape(&self) -> Shape {
        Shape::for_size(self.size).unwrap_or_else(|| Shape::new(3, 3).expect("3x3 is supported"))
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            theme: "dark".to_string(),
            mouse: true,
            highlight_peers: true,
            highlight_same_digit: true,
            show_conflicts: true,
            ascii_borders: false,
            size: 9,
            difficulty: Difficulty::Easy,
            check_mistakes: false,
            mistake_limit: 0,
            auto_remove_notes: true,
            live_notes: false,
            corner_centre_marks: false,
            show_timer: true,
        }
    }
}

/// Everything config.toml decides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub settings: Settings,
    pub keys: KeyBindings,
    pub theme: Theme,
}

/// The file's layout, `[settings]`, `[keys]` and `[theme]` overrides of single
/// roles, read leniently: `theme` overrides are checked one by one against
/// the chosen theme, everything else key by key against the defaults.
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct LenientFile {
    settings: Settings,
    keys: KeyBindings,
    theme: toml::Table,
}

impl Config {
    /// The config from a config.toml file, never failing: a missing file is
    /// the defaults; an unknown key or a bad value costs only itself, with one
    /// warning naming it and the file; a file that is not TOML is moved aside.
    pub fn load(path: &Path) -> (Config, Vec<String>) {
        let loaded = load_config::<LenientFile>(path);
        let mut warnings = loaded.warnings;
        let LenientFile {
            mut settings,
            keys,
            theme: overrides,
        } = loaded.config;
        let file = path.display();
        if let Err(e) = Theme::builtin(&settings.theme) {
            warnings.push(format!(
                "{file}: settings.theme = {:?}: {e}; using dark",
                settings.theme
            ));
            settings.theme = Settings::default().theme;
        }
        let base = Theme::builtin(&settings.theme).unwrap_or_default();
        let mut kept = toml::Table::new();
        for (role, value) in overrides {
            if !has_role(&base, &role) {
                warnings.push(format!("{file}: theme.{role}: unknown key, ignored"));
                continue;
            }
            let one = toml::Table::from_iter([(role.clone(), value)]);
            match Theme::with_overrides(&settings.theme, &one) {
                Ok(_) => kept.extend(one),
                Err(e) => warnings.push(format!(
                    "{file}: theme.{role}: {}; using the theme's",
                    e.to_string().lines().next().unwrap_or_default().trim()
                )),
            }
        }
        let theme = Theme::with_overrides(&settings.theme, &kept).unwrap_or_default();
        let config = Config {
            settings,
            keys,
            theme,
        };
        (config, warnings)
    }

    /// The same config drawn without colour (NO_COLOR, monochrome terminals).
    pub fn without_color(self) -> Config {
        Config {
            theme: Theme::builtin("mono").expect("the built-in mono theme parses"),
            ..self
        }
    }
}

/// True when `role` is a field of a theme.
fn has_role(theme: &Theme, role: &str) -> bool {
    toml::Table::try_from(theme).is_ok_and(|t| t.contains_key(role))
}

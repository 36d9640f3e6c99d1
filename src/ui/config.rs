//! Settings, key bindings and theme from config.toml's text. Reading and
//! writing the file belongs to storage; this only turns text into values, with
//! every part optional so a partial file lays over the defaults.

use serde::{Deserialize, Serialize};

use super::keys::KeyBindings;
use super::theme::{Theme, ThemeError};

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
    /// Draw the grid with ASCII instead of box-drawing characters.
    pub ascii_borders: bool,
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

/// The file's layout: `[settings]`, `[keys]`, and `[theme]` overrides of single roles.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct ConfigFile {
    settings: Settings,
    keys: KeyBindings,
    theme: toml::Table,
}

/// Why config text could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("config.toml: {0}")]
    Toml(String),
    #[error("config.toml: {0}")]
    Theme(#[from] ThemeError),
}

impl Config {
    /// The config from config.toml's text, or the defaults for `None`.
    pub fn from_toml(text: Option<&str>) -> Result<Config, ConfigError> {
        let file: ConfigFile = match text {
            Some(text) => toml::from_str(text).map_err(|e| ConfigError::Toml(e.to_string()))?,
            None => ConfigFile::default(),
        };
        let theme = Theme::with_overrides(&file.settings.theme, &file.theme)?;
        Ok(Config {
            settings: file.settings,
            keys: file.keys,
            theme,
        })
    }

    /// The same config drawn without colour (NO_COLOR, monochrome terminals).
    pub fn without_color(self) -> Config {
        Config {
            theme: Theme::builtin("mono").expect("the built-in mono theme parses"),
            ..self
        }
    }
}

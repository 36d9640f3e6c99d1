//! Loading config.toml leniently: the user's file is laid over the defaults
//! key by key, so one unknown key or one value of the wrong type costs only
//! that key (with a warning naming it and the file), never the whole file.
//! A file that is not TOML at all is moved aside like any damaged file.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::files::{CONFIG_LIMIT, Links, ReadError, read_limited};
use super::quarantine::{Aside, move_aside};

/// Settings read from a config file, and what the user should be told.
#[derive(Debug)]
pub struct LoadedConfig<T> {
    pub config: T,
    /// One line per problem, each naming the file and the key.
    pub warnings: Vec<String>,
}

/// Reads `path` (a missing file gives the defaults silently).
pub fn load_config<T>(path: &Path) -> LoadedConfig<T>
where
    T: Serialize + DeserializeOwned + Default,
{
    let shown = path.display();
    // the player's own file: it may be a link into their dotfiles
    let text = match read_limited(path, CONFIG_LIMIT, Links::Follow) {
        Ok(bytes) => bytes,
        Err(ReadError::NotFound) => return defaults(vec![]),
        Err(e) => return defaults(vec![format!("cannot read {shown}: {e}; using defaults")]),
    };
    let parsed = std::str::from_utf8(&text)
        .map_err(|_| "not text".to_string())
        .and_then(|t| {
            t.parse::<toml::Table>()
                .map_err(|e| first_line(&e.to_string()))
        });
    match parsed {
        Ok(table) => merge_over_defaults(table, &shown.to_string()),
        Err(reason) => {
            let warning = match move_aside(path, Aside::Damaged) {
                Ok(to) => format!(
                    "{shown} is not valid TOML ({reason}); kept it as {} and used defaults",
                    to.display()
                ),
                Err(e) => format!("{shown} is not valid TOML ({reason}); using defaults ({e})"),
            };
            defaults(vec![warning])
        }
    }
}

fn defaults<T: Default>(warnings: Vec<String>) -> LoadedConfig<T> {
    LoadedConfig {
        config: T::default(),
        warnings,
    }
}

/// Lays `user` over the serialised defaults, dropping (with a warning) every
/// key the defaults do not have and every value that does not deserialise.
/// Each value is tried on the whole document, so the check is exactly serde's.
pub fn merge_over_defaults<T>(user: toml::Table, file: &str) -> LoadedConfig<T>
where
    T: Serialize + DeserializeOwned + Default,
{
    let mut warnings = Vec::new();
    let mut merged = match toml::Table::try_from(T::default()) {
        Ok(table) => table,
        Err(e) => return defaults(vec![format!("{file}: cannot lay defaults out: {e}")]),
    };
    let mut leaves = Vec::new();
    collect_leaves(&merged, user, &mut Vec::new(), &mut leaves, &mut |key| {
        warnings.push(format!("{file}: {key}: unknown key, ignored"));
    });
    for (path, value) in leaves {
        let mut candidate = merged.clone();
        let old = replace_at(&mut candidate, &path, value.clone());
        match toml::Value::Table(candidate.clone()).try_into::<T>() {
            Ok(_) => merged = candidate,
            Err(e) => {
                let expected = if type_name(&value) == type_name(&old) {
                    allowed_values(&e.to_string())
                } else {
                    format!("expected {}", type_name(&old))
                };
                warnings.push(format!(
                    "{file}: {} = {}: {expected}; using the default, {old}",
                    path.join("."),
                    shown_value(&value),
                ));
            }
        }
    }
    let config = toml::Value::Table(merged).try_into().unwrap_or_default();
    LoadedConfig { config, warnings }
}

/// The user's values at the paths the defaults know, descending where both
/// sides are tables (except into a table the defaults leave empty, which is
/// taken whole); `unknown` hears the dotted path of every other key.
fn collect_leaves(
    defaults: &toml::Table,
    user: toml::Table,
    path: &mut Vec<String>,
    leaves: &mut Vec<(Vec<String>, toml::Value)>,
    unknown: &mut impl FnMut(String),
) {
    for (key, value) in user {
        path.push(key.clone());
        match (defaults.get(&key), value) {
            (None, _) => unknown(path.join(".")),
            // An empty table in the defaults is an open map (theme
            // overrides, say): its caller checks the keys.
            (Some(toml::Value::Table(inner)), toml::Value::Table(user_inner))
                if !inner.is_empty() =>
            {
                collect_leaves(inner, user_inner, path, leaves, unknown);
            }
            (Some(_), value) => leaves.push((path.clone(), value)),
        }
        path.pop();
    }
}

/// Puts `value` at `path` (which exists) and returns what was there.
fn replace_at(table: &mut toml::Table, path: &[String], value: toml::Value) -> toml::Value {
    let (last, parents) = path.split_last().expect("paths are never empty");
    let mut here = table;
    for key in parents {
        here = match here.get_mut(key) {
            Some(toml::Value::Table(inner)) => inner,
            _ => unreachable!("collect_leaves only descends through tables"),
        };
    }
    here.insert(last.clone(), value)
        .expect("collect_leaves only yields known keys")
}

/// What serde said a value should have been, in plain words: "expected one
/// of easy, medium, hard" rather than "unknown variant `x`, expected one of
/// `easy`, `medium`, `hard`".
fn allowed_values(serde_error: &str) -> String {
    let mut lines = serde_error.lines().map(str::trim);
    let message = lines
        .clone()
        .find(|line| line.contains("expected"))
        .or_else(|| lines.find(|line| !line.is_empty()))
        .unwrap_or_default();
    let expected = match message.find("expected") {
        Some(at) => &message[at..],
        None => message,
    };
    expected.replace('`', "")
}

/// A user's value as it would be written in the file, cut short when long.
fn shown_value(value: &toml::Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

fn type_name(value: &toml::Value) -> &'static str {
    match value {
        toml::Value::String(_) => "a string",
        toml::Value::Integer(_) => "an integer",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list",
        toml::Value::Table(_) => "a table",
    }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(default)]
    struct Settings {
        theme: String,
        show_timer: bool,
        size: u8,
        keys: Keys,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(default)]
    struct Keys {
        undo: String,
        redo: String,
    }

    impl Default for Settings {
        fn default() -> Settings {
            Settings {
                theme: "dark".into(),
                show_timer: true,
                size: 9,
                keys: Keys::default(),
            }
        }
    }

    impl Default for Keys {
        fn default() -> Keys {
            Keys {
                undo: "u".into(),
                redo: "ctrl-r".into(),
            }
        }
    }

    fn load_text(text: &str) -> (LoadedConfig<Settings>, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, text).unwrap();
        (load_config(&path), dir)
    }

    #[test]
    fn good_values_apply_and_missing_ones_default() {
        let (loaded, _dir) = load_text("theme = \"light\"\n[keys]\nundo = \"z\"\n");
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        assert_eq!(loaded.config.theme, "light");
        assert_eq!(loaded.config.keys.undo, "z");
        assert_eq!(loaded.config.keys.redo, "ctrl-r");
        assert!(loaded.config.show_timer);
    }

    #[test]
    fn unknown_keys_and_wrong_types_warn_once_each_and_keep_the_rest() {
        let text = "theme = \"light\"\ncolour = \"red\"\nshow_timer = \"yes\"\nsize = 300\n[keys]\nundo = 5\nfly = \"f\"\n";
        let (loaded, _dir) = load_text(text);
        let w = loaded.warnings.join("\n");
        assert_eq!(loaded.warnings.len(), 5, "{w}");
        assert!(
            w.contains("colour: unknown key") && w.contains("keys.fly: unknown key"),
            "{w}"
        );
        assert!(
            w.contains("show_timer = \"yes\": expected true or false; using the default, true"),
            "{w}"
        );
        assert!(w.contains("size = 300: "), "{w}");
        assert!(
            w.contains("keys.undo = 5: expected a string; using the default, \"u\""),
            "{w}"
        );
        assert!(w.contains("config.toml"), "{w}");
        assert_eq!(loaded.config.theme, "light");
        assert_eq!(loaded.config.keys, Keys::default());
        assert_eq!(loaded.config.size, 9);
    }

    #[test]
    fn a_file_that_is_not_toml_is_moved_aside() {
        for junk in [&b"\x00\x00\x00"[..], b"theme = ", b"[[[", b"\xff\xfe"] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("config.toml");
            std::fs::write(&path, junk).unwrap();
            let loaded: LoadedConfig<Settings> = load_config(&path);
            assert_eq!(loaded.config, Settings::default());
            assert_eq!(loaded.warnings.len(), 1);
            assert!(loaded.warnings[0].contains("not valid TOML"));
            assert!(!path.exists());
            let kept: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
            assert_eq!(kept.len(), 1);
        }
    }

    #[test]
    fn missing_and_empty_files_are_the_defaults_without_warnings() {
        let dir = tempfile::tempdir().unwrap();
        let loaded: LoadedConfig<Settings> = load_config(&dir.path().join("none.toml"));
        assert!(loaded.warnings.is_empty());
        let (loaded, _dir) = load_text("");
        assert!(loaded.warnings.is_empty());
        assert_eq!(loaded.config, Settings::default());
    }
}

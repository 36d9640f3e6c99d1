//! Versioned TOML documents (saves, stats): every file carries a
//! `format_version`; older versions are migrated on load, newer ones are left
//! untouched with a clear message, and anything that does not parse or
//! validate, or cannot be read at all (permissions, I/O, a FIFO or device,
//! a planted symbolic link, more than the kind's size limit), is moved aside
//! (see `quarantine`) under a name that says which, so the game can go on and
//! nothing is ever written over a file that was not read. Where even the move
//! fails (a read-only directory), the file stays and is reported `Unreadable`:
//! its writers then leave it alone.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::atomic::write_atomic;
use super::files::{Links, ReadError, read_limited};
use super::quarantine::{Aside, move_aside};

/// A kind of file tudoku writes with a format version.
pub trait Versioned: Serialize + DeserializeOwned {
    /// The version this build writes.
    const FORMAT_VERSION: u32;
    /// What the file is, for messages ("saved game", "stats").
    const WHAT: &'static str;
    /// The largest file of this kind that is read (see `files`).
    const MAX_BYTES: u64;

    /// Upgrades the fields of an older file in place; an `Err` means the old
    /// version cannot be read. The default knows no older versions.
    fn migrate(_doc: &mut toml::Table, from: u32) -> Result<(), String> {
        Err(format!("unknown format_version {from}"))
    }

    /// Checks what serde cannot (an impossible board, say).
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
}

/// What loading a document found.
#[derive(Debug)]
pub enum Loaded<T> {
    /// No file: start fresh.
    Missing,
    Ok(T),
    /// Written by a newer tudoku; left untouched, not used.
    Newer {
        path: PathBuf,
        version: i64,
    },
    /// Damaged or unreadable (`why` says which); moved aside to `moved_to`,
    /// not used.
    MovedAside {
        path: PathBuf,
        moved_to: PathBuf,
        why: Aside,
        reason: String,
    },
    /// Could not be read, nor moved aside (a read-only directory, say); left
    /// where it is, and not to be written over.
    Unreadable {
        path: PathBuf,
        error: String,
    },
}

impl<T> Loaded<T> {
    /// The document, if one was loaded.
    pub fn ok(self) -> Option<T> {
        match self {
            Loaded::Ok(doc) => Some(doc),
            _ => None,
        }
    }

    /// The one line to tell the user, when loading did not simply work.
    pub fn message(&self, what: &str) -> Option<String> {
        match self {
            Loaded::Missing | Loaded::Ok(_) => None,
            Loaded::Newer { path, version } => Some(format!(
                "{} was made by a newer tudoku (format_version {version}); it is left untouched",
                path.display()
            )),
            Loaded::MovedAside {
                path,
                moved_to,
                why,
                reason,
            } => Some(format!(
                "{what} {} {} ({reason}); kept it beside it as {}",
                path.display(),
                match why {
                    Aside::Damaged => "was damaged",
                    Aside::Unreadable => "could not be read",
                },
                moved_to.file_name().unwrap_or_default().to_string_lossy()
            )),
            Loaded::Unreadable { path, error } => Some(format!(
                "cannot read {what} {}: {error}; it is left as it is",
                path.display()
            )),
        }
    }
}

/// Why the contents of a file could not be used.
enum Rejection {
    Newer(i64),
    Aside(Aside, String),
}

/// Loads and, if needed, migrates a document; never panics on any bytes,
/// never hangs on a FIFO, never reads more than `T::MAX_BYTES`.
pub fn load<T: Versioned>(path: &Path) -> Loaded<T> {
    let parsed = match read_limited(path, T::MAX_BYTES, Links::Refuse) {
        Ok(bytes) => parse::<T>(&bytes),
        Err(ReadError::NotFound) => return Loaded::Missing,
        Err(e) => Err(Rejection::Aside(Aside::Unreadable, e.to_string())),
    };
    match parsed {
        Ok(doc) => Loaded::Ok(doc),
        Err(Rejection::Newer(version)) => Loaded::Newer {
            path: path.to_path_buf(),
            version,
        },
        Err(Rejection::Aside(why, reason)) => match move_aside(path, why) {
            Ok(moved_to) => Loaded::MovedAside {
                path: path.to_path_buf(),
                moved_to,
                why,
                reason,
            },
            Err(e) => Loaded::Unreadable {
                path: path.to_path_buf(),
                error: format!("{reason}, and it could not be moved aside ({e})"),
            },
        },
    }
}

/// Reads a document another process owns: nothing is moved aside or
/// written, and anything but a good document (or an older version's,
/// migrated) is `None`.
pub fn peek<T: Versioned>(path: &Path) -> Option<T> {
    let bytes = read_limited(path, T::MAX_BYTES, Links::Refuse).ok()?;
    parse::<T>(&bytes).ok()
}

fn parse<T: Versioned>(bytes: &[u8]) -> Result<T, Rejection> {
    let damaged = |why: &dyn fmt::Display| Rejection::Aside(Aside::Damaged, why.to_string());
    let text = std::str::from_utf8(bytes).map_err(|_| damaged(&"not text"))?;
    if text.trim().is_empty() {
        return Err(damaged(&"empty file"));
    }
    let mut table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| damaged(&first_line(&e.to_string())))?;
    let version = match table.remove("format_version") {
        Some(toml::Value::Integer(v)) => v,
        Some(_) => return Err(damaged(&"format_version is not a number")),
        None => return Err(damaged(&"no format_version")),
    };
    let current = i64::from(T::FORMAT_VERSION);
    if version > current {
        return Err(Rejection::Newer(version));
    }
    if version < current {
        let from = u32::try_from(version).map_err(|_| damaged(&"negative format_version"))?;
        T::migrate(&mut table, from).map_err(|e| damaged(&e))?;
    }
    let doc: T = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| damaged(&first_line(&e.to_string())))?;
    doc.validate().map_err(|e| damaged(&e))?;
    Ok(doc)
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or("").trim().to_string()
}

/// Serialises a document with its format version first.
pub fn to_toml<T: Versioned>(doc: &T) -> Result<String, String> {
    to_toml_as::<T>(doc)
}

/// Serialises `doc` as a document of kind `T` (the same fields, borrowed
/// rather than owned, so that a large game need not be copied to be saved).
pub fn to_toml_as<T: Versioned>(doc: &impl Serialize) -> Result<String, String> {
    #[derive(Serialize)]
    struct WithVersion<'a, D> {
        format_version: u32,
        #[serde(flatten)]
        doc: &'a D,
    }
    toml::to_string(&WithVersion {
        format_version: T::FORMAT_VERSION,
        doc,
    })
    .map_err(|e| e.to_string())
}

/// Writes a document atomically.
pub fn store<T: Versioned>(path: &Path, doc: &T) -> io::Result<()> {
    let text = to_toml(doc).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Doc {
        name: String,
        cells: Vec<u8>,
    }

    impl Versioned for Doc {
        const FORMAT_VERSION: u32 = 2;
        const WHAT: &'static str = "test document";
        const MAX_BYTES: u64 = 4096;
        fn migrate(doc: &mut toml::Table, from: u32) -> Result<(), String> {
            match from {
                // version 1 called the field `title`
                1 => {
                    let title = doc.remove("title").ok_or("version 1 without title")?;
                    doc.insert("name".into(), title);
                    Ok(())
                }
                _ => Err(format!("unknown format_version {from}")),
            }
        }
        fn validate(&self) -> Result<(), String> {
            if self.cells.iter().all(|&c| c <= 9) {
                Ok(())
            } else {
                Err("a cell holds more than 9".into())
            }
        }
    }

    fn sample() -> Doc {
        Doc {
            name: "x".into(),
            cells: vec![1, 0, 9],
        }
    }

    #[test]
    fn round_trips_and_migrates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.toml");
        store(&path, &sample()).unwrap();
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .starts_with("format_version = 2")
        );
        assert_eq!(load::<Doc>(&path).ok(), Some(sample()));
        std::fs::write(
            &path,
            "format_version = 1\ntitle = \"x\"\ncells = [1, 0, 9]\n",
        )
        .unwrap();
        assert_eq!(load::<Doc>(&path).ok(), Some(sample()));
    }

    #[test]
    fn newer_files_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.toml");
        let text = "format_version = 3\nname = \"x\"\ncells = []\n";
        std::fs::write(&path, text).unwrap();
        let loaded = load::<Doc>(&path);
        assert!(matches!(loaded, Loaded::Newer { version: 3, .. }));
        assert!(loaded.message("save").unwrap().contains("newer tudoku"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn damaged_files_are_moved_aside_intact() {
        let good = to_toml(&sample()).unwrap();
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("truncated", good.as_bytes()[..good.len() / 2].to_vec()),
            ("zeroed", vec![0; good.len()]),
            ("random", (0..200u32).map(|i| (i * 97 + 13) as u8).collect()),
            ("empty", vec![]),
            ("not toml", b"this is not toml at all".to_vec()),
            ("no version", b"name = \"x\"\ncells = []\n".to_vec()),
            (
                "invalid",
                b"format_version = 2\nname = \"x\"\ncells = [12]\n".to_vec(),
            ),
            (
                "wrong type",
                b"format_version = 2\nname = 5\ncells = []\n".to_vec(),
            ),
            (
                "old unknown",
                b"format_version = 0\nname = \"x\"\ncells = []\n".to_vec(),
            ),
        ];
        for (label, bytes) in cases {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("d.toml");
            std::fs::write(&path, &bytes).unwrap();
            match load::<Doc>(&path) {
                Loaded::MovedAside { moved_to, .. } => {
                    assert!(!path.exists(), "{label}");
                    assert_eq!(std::fs::read(&moved_to).unwrap(), bytes, "{label}");
                }
                other => panic!("{label}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_missing_file_is_missing() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            load::<Doc>(&dir.path().join("none.toml")),
            Loaded::Missing
        ));
    }
}

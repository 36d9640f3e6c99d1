//! What the server keeps of a player beside their games: the name they
//! picked (`ssh HOST name ann`). It sits in their directory as
//! `player.toml`, written and read as saves are (atomically, versioned,
//! a damaged file moved aside), so a server killed at any moment keeps
//! the old name or the new one.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::command::chosen_name;
use crate::storage::{ConfigDir, Loaded, Versioned, load, store};

/// A player's profile.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The name the others see in a room.
    pub name: String,
}

impl Versioned for Profile {
    const FORMAT_VERSION: u32 = 1;
    const WHAT: &'static str = "player profile";
    const MAX_BYTES: u64 = 4096;

    fn validate(&self) -> Result<(), String> {
        chosen_name(&self.name).map(|_| ())
    }
}

/// Where the profile of the player whose directory is `dir` is kept.
fn file(dir: &ConfigDir) -> PathBuf {
    dir.root().join("player.toml")
}

/// The name the player picked, if they picked one and it can be read.
pub fn name(dir: &ConfigDir) -> Option<String> {
    match load::<Profile>(&file(dir)) {
        Loaded::Ok(profile) => Some(profile.name),
        _ => None,
    }
}

/// Keeps `name` as the player's; `Err` is the line to show.
pub fn set_name(dir: &ConfigDir, name: String) -> Result<(), String> {
    let path = file(dir);
    store(&path, &Profile { name })
        .map_err(|e| format!("cannot keep your name in {}: {e}", path.display()))
}

/// Keeps `name` for the player whose directory is `dir` (`None`: one who
/// signed in without a key, for whom nothing is kept); `Ok` is the line
/// that tells them.
pub fn keep_name(dir: Option<&ConfigDir>, name: &str) -> Result<String, String> {
    let Some(dir) = dir else {
        return Err("a name is kept for a key: sign in with one to pick a name".into());
    };
    dir.check()
        .map_err(|why| format!("cannot keep your name: {why}"))?;
    set_name(dir, name.to_string())?;
    Ok(format!("you are {name} here from now on"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_kept_and_a_damaged_file_forgets_it_without_failing() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::at(tmp.path().join("player"));
        assert_eq!(name(&dir), None);
        set_name(&dir, "ann".into()).unwrap();
        assert_eq!(name(&dir), Some("ann".into()));
        set_name(&dir, "bo-2".into()).unwrap();
        assert_eq!(name(&dir), Some("bo-2".into()));
        // a name no player could pick, written by hand: not used
        std::fs::write(file(&dir), "format_version = 1\nname = \"\\u001b[2J\"\n").unwrap();
        assert_eq!(name(&dir), None);
        std::fs::write(file(&dir), "not toml [").unwrap();
        assert_eq!(name(&dir), None);
    }

    #[test]
    fn a_name_that_cannot_be_written_says_where() {
        // a file where the player's directory should be: refused even to root
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("player");
        std::fs::write(&root, "not a directory").unwrap();
        let why = set_name(&ConfigDir::at(&root), "ann".into()).unwrap_err();
        assert!(why.contains("player.toml"), "{why}");
        assert_eq!(name(&ConfigDir::at(&root)), None);
    }
}

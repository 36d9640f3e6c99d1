//! Moving a damaged or unreadable file out of the way without losing it: it
//! is renamed to `<name>.corrupt-<UTC timestamp>` (or `.unreadable-`) beside
//! itself, never deleted or overwritten, so the user can look at it or send
//! it with a bug report, and nothing is ever written over it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::timestamp::file_stamp;

/// Why a file is moved aside; the word goes into its new name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aside {
    /// Read, but not a valid file of its kind.
    Damaged,
    /// Not readable at all: permissions, I/O, not a regular file, too large.
    Unreadable,
}

impl Aside {
    fn word(self) -> &'static str {
        match self {
            Aside::Damaged => "corrupt",
            Aside::Unreadable => "unreadable",
        }
    }
}

/// Renames `path` aside and returns where it went. If a file of that name
/// already exists (two in one second), a counter is added rather than
/// overwrite. A symbolic link is moved as a link: what it points to is
/// not touched.
pub fn move_aside(path: &Path, why: Aside) -> io::Result<PathBuf> {
    let stamp = file_stamp(SystemTime::now());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    for attempt in 0u32.. {
        let suffix = if attempt == 0 {
            String::new()
        } else {
            format!("-{attempt}")
        };
        let target = path.with_file_name(format!("{name}.{}-{stamp}{suffix}", why.word()));
        // hard_link + remove fails instead of replacing an existing target,
        // unlike rename; fall back to rename where links are unsupported.
        match fs::hard_link(path, &target) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if !target.exists() => {
                fs::rename(path, &target)?;
                return Ok(target);
            }
            Err(e) => return Err(e),
        }
    }
    unreachable!("the attempt counter is unbounded")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_aside_and_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("autosave.toml");
        fs::write(&path, "one").unwrap();
        let first = move_aside(&path, Aside::Damaged).unwrap();
        fs::write(&path, "two").unwrap();
        let second = move_aside(&path, Aside::Damaged).unwrap();
        assert!(!path.exists());
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(&first).unwrap(), "one");
        assert_eq!(fs::read_to_string(&second).unwrap(), "two");
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("autosave.toml.corrupt-"), "{name}");
        fs::write(&path, "three").unwrap();
        let third = move_aside(&path, Aside::Unreadable).unwrap();
        let name = third.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("autosave.toml.unreadable-"), "{name}");
    }
}

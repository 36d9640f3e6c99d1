//! Atomic file replacement: a reader (or a crash) sees the old file or the new
//! one, never a mix. Write a temporary file in the same directory, flush and
//! fsync it, rename it over the target, then fsync the directory so the
//! rename itself survives a power cut.
//!
//! Nothing planted in the directory can redirect a write: the temporary file
//! has an unpredictable name and is created with O_EXCL (which never follows
//! a symbolic link), and the rename replaces whatever sits at the target's
//! name, a planted link included, without touching what the link points to.
//! New files are private to the player (0600, in a 0700 directory whatever
//! the umask); a file the player gave another mode keeps it, unless others
//! may write it.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use super::platform;

/// Replaces `path` with `contents`, creating parent directories as needed,
/// and makes the new file durable before it takes the old one's place.
pub fn write_atomic(path: &Path, contents: &[u8]) -> io::Result<()> {
    replace(path, contents, true)
}

/// Replaces `path` with `contents` as atomically as `write_atomic` for any
/// crash of the process (the data is in the kernel's cache before the
/// rename), but without waiting for the disk: for a file rewritten after
/// every move, whose `sync` can follow off the game's thread. A power cut
/// before that sync may lose the new version.
pub fn write_atomic_unsynced(path: &Path, contents: &[u8]) -> io::Result<()> {
    replace(path, contents, false)
}

/// Makes `path` and its directory entry durable (after `write_atomic_unsynced`).
pub fn sync(path: &Path) -> io::Result<()> {
    File::open(path)?.sync_all()?;
    platform::sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Creates `dir` and any missing parents, each private to the player (0700
/// on Unix). Directories that exist already are left as they are.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    platform::create_private_dir(dir)
}

/// The prefix and suffix of the temporary files written for `name`, so that
/// the only writer of a file can clear what a killed writer left.
pub fn temporary_affixes(name: &str) -> (String, &'static str) {
    (format!(".{name}."), ".tmp")
}

fn replace(path: &Path, contents: &[u8], durable: bool) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    create_private_dir(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let (prefix, suffix) = temporary_affixes(&name.to_string_lossy());
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(suffix)
        .tempfile_in(dir)?;
    platform::keep_mode(path, tmp.as_file())?;
    tmp.write_all(contents)?;
    tmp.flush()?;
    if durable {
        tmp.as_file().sync_all()?;
    }
    // on failure the temporary file is removed as `tmp` drops
    tmp.persist(path).map_err(|e| e.error)?;
    if durable {
        platform::sync_dir(dir)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("a.toml");
        write_atomic(&path, b"first version, rather long").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec!["a.toml"]);
    }

    #[cfg(unix)]
    #[test]
    fn new_files_and_directories_are_private_and_a_chosen_mode_is_kept() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("saves").join("a.toml");
        write_atomic(&path, b"one").unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic_unsynced(&path, b"two").unwrap();
        assert_eq!(mode(&path), 0o640);
        assert_eq!(fs::read(&path).unwrap(), b"two");
        // a file others may write (planted, say) is replaced by a private one
        for loose in [0o666, 0o620, 0o602] {
            fs::set_permissions(&path, fs::Permissions::from_mode(loose)).unwrap();
            write_atomic(&path, b"three").unwrap();
            assert_eq!(mode(&path), 0o600, "{loose:o}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_the_target_is_replaced_and_its_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, b"precious").unwrap();
        let path = dir.path().join("a.toml");
        std::os::unix::fs::symlink(&victim, &path).unwrap();
        write_atomic(&path, b"save").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"precious");
        assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file());
        assert_eq!(fs::read(&path).unwrap(), b"save");
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_directory_gives_an_error_and_keeps_the_old_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        write_atomic(&path, b"old").unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o500)).unwrap();
        let denied = File::create(dir.path().join("probe")).is_err();
        let result = write_atomic(&path, b"new");
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
        if denied {
            // (root ignores permissions; only check where they bite)
            assert!(result.is_err());
        }
        assert_eq!(
            fs::read(&path).unwrap(),
            if denied { b"old" } else { b"new" }
        );
    }
}

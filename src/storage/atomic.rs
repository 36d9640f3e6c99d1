//! Atomic file replacement: a reader (or a crash) sees the old file or the new
//! one, never a mix. Write a temporary file in the same directory, flush and
//! fsync it, rename it over the target, then fsync the directory so the
//! rename itself survives a power cut.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

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
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

fn replace(path: &Path, contents: &[u8], durable: bool) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let tmp = dir.join(format!(
        ".{}.tmp-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        file.write_all(contents)?;
        file.flush()?;
        if durable {
            file.sync_all()?;
        }
        drop(file);
        fs::rename(&tmp, path)?;
        if durable { sync_dir(dir) } else { Ok(()) }
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Windows cannot open a directory as a file; its rename is already durable
    // enough with the file itself synced.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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

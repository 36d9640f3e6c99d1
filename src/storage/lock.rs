//! Advisory locks so that two running tudokus never write the same file: the
//! holder keeps `<file>.lock` locked (with its pid inside) for as long as it
//! plays; a second instance learns which process holds it. As git does with
//! its lock files, the holder removes the lock file when it lets go.
//!
//! The lock file is never a way to write elsewhere: it is opened without
//! following a symbolic link and without truncation, created 0600, and only
//! written (its pid) once it is known to be a plain file of its own, locked,
//! and still the one at the lock's name.

use std::fs::{File, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::atomic::create_private_dir;
use super::files::check_regular;
use super::platform::{self, OpenError};

/// A held lock; released and its file removed when dropped (released too,
/// though the file stays, when the process dies, even by SIGKILL).
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{} is in use by another tudoku{}", .path.display(), .pid.map(|p| format!(" (process {p})")).unwrap_or_default())]
    Held { path: PathBuf, pid: Option<u32> },
    #[error("cannot lock {}: {error}", .path.display())]
    Io { path: PathBuf, error: io::Error },
}

impl LockError {
    /// True when the lock could not be made because nothing may be written
    /// there (a read-only directory or disk): the file is still there to read.
    pub fn is_read_only(&self) -> bool {
        matches!(self, LockError::Io { error, .. } if matches!(
            error.kind(),
            io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
        ))
    }
}

/// How often a lock file removed by its last holder between our open and our
/// lock is opened again before giving up.
const REMOVED_RETRIES: usize = 8;

impl FileLock {
    /// Locks `target` (through `<target>.lock`) without waiting.
    pub fn try_acquire(target: &Path) -> Result<FileLock, LockError> {
        let path = lock_path(target);
        let io_error = |error| LockError::Io {
            path: path.clone(),
            error,
        };
        if let Some(dir) = path.parent() {
            create_private_dir(dir).map_err(io_error)?;
        }
        for _ in 0..REMOVED_RETRIES {
            let mut file = open_lock_file(&path).map_err(io_error)?;
            match platform::try_lock(&file) {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let _ = Read::by_ref(&mut file).take(32).read_to_string(&mut text);
                    return Err(LockError::Held {
                        path: target.to_path_buf(),
                        pid: text.trim().parse().ok(),
                    });
                }
                Err(TryLockError::Error(e)) => return Err(io_error(e)),
            }
            if !still_at(&file, &path) {
                // its holder removed it as we opened it: take the new one
                continue;
            }
            file.set_len(0).map_err(io_error)?;
            file.rewind().map_err(io_error)?;
            write!(file, "{}", std::process::id()).map_err(io_error)?;
            return Ok(FileLock { file, path });
        }
        Err(io_error(io::Error::other(
            "it keeps being removed by another process",
        )))
    }

    #[cfg(test)]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // removed while still locked, so no one can lock the old file after
        // the name has gone; a read-only directory keeps it, harmlessly
        if still_at(&self.file, &self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Opens (or creates, 0600) the lock file: never through a symbolic link, never
/// truncated, and only if it is a regular file with no other name.
fn open_lock_file(path: &Path) -> io::Result<File> {
    let file = platform::open_lock(path).map_err(|e| match e {
        OpenError::Io(e) => e,
        link => io::Error::other(link.to_string()),
    })?;
    check_regular(&file.metadata()?).map_err(|e| io::Error::other(e.to_string()))?;
    if platform::identity(&file)?.links > 1 {
        return Err(io::Error::other(
            "it has other names (hard links), so tudoku does not write it",
        ));
    }
    Ok(file)
}

/// True when `path` still names the open `file`.
fn still_at(file: &File, path: &Path) -> bool {
    match (platform::identity(file), platform::identity_at(path)) {
        (Ok(open), Ok(named)) => open.id == named.id,
        _ => false,
    }
}

fn lock_path(target: &Path) -> PathBuf {
    let mut name = target.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    target.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_with_the_first_pid_until_release() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("autosave.toml");
        let first = FileLock::try_acquire(&target).unwrap();
        match FileLock::try_acquire(&target) {
            Err(LockError::Held { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("expected Held, got {other:?}"),
        }
        assert!(first.path().ends_with("autosave.toml.lock"));
        let lock_file = first.path().to_path_buf();
        drop(first);
        assert!(!lock_file.exists(), "the lock file is removed on release");
        assert!(FileLock::try_acquire(&target).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_the_lock_is_not_followed_and_its_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"precious").unwrap();
        let target = dir.path().join("autosave.toml");
        std::os::unix::fs::symlink(&victim, lock_path(&target)).unwrap();
        let err = FileLock::try_acquire(&target).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(!err.is_read_only());
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        // and a hard link to it is not written either
        std::fs::remove_file(lock_path(&target)).unwrap();
        std::fs::hard_link(&victim, lock_path(&target)).unwrap();
        assert!(FileLock::try_acquire(&target).is_err());
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_lock_file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let lock = FileLock::try_acquire(&dir.path().join("stats.toml")).unwrap();
        let mode = std::fs::metadata(lock.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

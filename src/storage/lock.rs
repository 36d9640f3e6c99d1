//! Advisory locks so that two running tudokus never write the same file: the
//! holder keeps `<file>.lock` locked (with its pid inside) for as long as it
//! plays; a second instance learns which process holds it.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A held lock; released when dropped (or when the process dies, even by SIGKILL).
#[derive(Debug)]
pub struct FileLock {
    _file: File,
    path: PathBuf,
}

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{} is in use by another tudoku{}", .path.display(), .pid.map(|p| format!(" (process {p})")).unwrap_or_default())]
    Held { path: PathBuf, pid: Option<u32> },
    #[error("cannot lock {}: {error}", .path.display())]
    Io { path: PathBuf, error: io::Error },
}

impl FileLock {
    /// Locks `target` (through `<target>.lock`) without waiting.
    pub fn try_acquire(target: &Path) -> Result<FileLock, LockError> {
        let path = lock_path(target);
        let io_error = |error| LockError::Io {
            path: path.clone(),
            error,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_error)?;
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_error)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                return Err(LockError::Held {
                    path: target.to_path_buf(),
                    pid: text.trim().parse().ok(),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io_error(e)),
        }
        file.set_len(0).map_err(io_error)?;
        file.rewind().map_err(io_error)?;
        write!(file, "{}", std::process::id()).map_err(io_error)?;
        Ok(FileLock { _file: file, path })
    }

    pub fn path(&self) -> &Path {
        &self.path
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
        drop(first);
        assert!(FileLock::try_acquire(&target).is_ok());
    }
}

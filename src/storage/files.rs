//! Reading the player's files so that nothing planted in the config
//! directory can hang the game, exhaust memory or redirect it: only regular
//! files are read, up to a size limit, and (except where the player may
//! reasonably link a file of their own, like config.toml) never through a
//! symbolic link. A FIFO is opened without blocking, so it is refused at once
//! instead of waiting for a writer that never comes.

use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

use super::platform::{self, OpenError};

/// A saved game is a few kB, and under 1 MB even after 10,000 moves.
pub const SAVE_LIMIT: u64 = 4 << 20;

/// The most a save holds besides its undo history: a 25x25 game's grids,
/// notes, marks and fields, every one at its largest, with room to spare
/// (tests/saves_limits.rs measures it).
pub const LARGEST_STATE: u64 = 64 << 10;

// The writer stays inside the reader: the largest state with the longest
// history the game keeps is a save the reader takes.
const _: () = assert!(crate::game::MAX_HISTORY_BYTES as u64 + LARGEST_STATE < SAVE_LIMIT);
/// Stats hold a few lines per board and level, and the puzzles solved.
pub const STATS_LIMIT: u64 = 4 << 20;
/// config.toml is a page of settings.
pub const CONFIG_LIMIT: u64 = 1 << 20;

/// Whether a symbolic link at the path may be followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Files tudoku writes: a link there was not made by tudoku.
    Refuse,
    /// Files only the player writes (config.toml, a puzzle file), which
    /// may live in a dotfiles repository.
    Follow,
}

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    NotFound,
    /// A symbolic link where tudoku keeps a file of its own.
    Symlink,
    /// A directory, FIFO, device or socket.
    NotRegular(&'static str),
    TooLarge {
        size: u64,
        limit: u64,
    },
    Io(io::Error),
}

impl ReadError {
    /// True when the file is simply not there (start fresh).
    #[cfg(test)]
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotFound => write!(f, "no such file"),
            ReadError::Symlink => write!(f, "it is a symbolic link, which tudoku does not follow"),
            ReadError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            ReadError::TooLarge { size, limit } => write!(
                f,
                "it is {}, more than the {} such a file may be",
                human_size(*size),
                human_size(*limit)
            ),
            ReadError::Io(e) => match e.kind() {
                io::ErrorKind::PermissionDenied => write!(f, "permission denied"),
                _ => write!(f, "{e}"),
            },
        }
    }
}

/// Reads a whole regular file of at most `limit` bytes.
pub fn read_limited(path: &Path, limit: u64, links: Links) -> Result<Vec<u8>, ReadError> {
    let file = open_for_reading(path, links)?;
    let metadata = file.metadata().map_err(ReadError::Io)?;
    check_regular(&metadata)?;
    if metadata.len() > limit {
        return Err(ReadError::TooLarge {
            size: metadata.len(),
            limit,
        });
    }
    read_up_to(file, limit, metadata.len())
}

/// Reads `reader` to its end, failing past `limit` bytes (the file may grow
/// while it is read: never more than the limit is taken).
fn read_up_to(reader: impl Read, limit: u64, expected: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::with_capacity(expected.min(limit) as usize);
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// The kind of a file that is not a regular one, in words.
pub fn check_regular(metadata: &Metadata) -> Result<(), ReadError> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return Ok(());
    }
    Err(ReadError::NotRegular(if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        platform::special_kind(&kind)
    }))
}

fn open_for_reading(path: &Path, links: Links) -> Result<File, ReadError> {
    platform::open_read(path, links == Links::Refuse).map_err(|e| match e {
        OpenError::Link => ReadError::Symlink,
        OpenError::Io(e) if e.kind() == io::ErrorKind::NotFound => ReadError::NotFound,
        OpenError::Io(e) => ReadError::Io(e),
    })
}

/// A size in the unit that reads best: 512 bytes, 3 kB, 180 MB.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["kB", "MB", "GB", "TB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.0} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_regular_file_and_refuses_a_larger_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![b'x'; 100]).unwrap();
        assert_eq!(read_limited(&path, 100, Links::Refuse).unwrap().len(), 100);
        match read_limited(&path, 99, Links::Refuse) {
            Err(ReadError::TooLarge {
                size: 100,
                limit: 99,
            }) => {}
            other => panic!("{other:?}"),
        }
        assert!(
            read_limited(&dir.path().join("none"), 9, Links::Refuse)
                .unwrap_err()
                .is_not_found()
        );
    }

    /// A disk that fails mid-read is an error, not a short file.
    #[test]
    fn a_reader_that_fails_is_an_error_and_one_that_grows_is_cut() {
        // the system's own code for a device's I/O error: EIO on Unix,
        // ERROR_IO_DEVICE on Windows (where 5 means access denied)
        const IO_ERROR: i32 = if cfg!(windows) { 1117 } else { 5 };
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::from_raw_os_error(IO_ERROR));
                }
                self.0 -= 1;
                buf[0] = b'x';
                Ok(1)
            }
        }
        let err = read_up_to(Failing(10), 100, 50).unwrap_err();
        assert!(
            matches!(&err, ReadError::Io(e) if e.raw_os_error() == Some(IO_ERROR)),
            "{err:?}"
        );
        assert!(err.to_string().contains("error"), "{err}");
        let endless = io::repeat(b'x');
        assert!(matches!(
            read_up_to(endless, 1000, 10),
            Err(ReadError::TooLarge {
                size: 1001,
                limit: 1000
            })
        ));
    }

    #[test]
    fn a_directory_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_limited(dir.path(), 1 << 20, Links::Follow).unwrap_err();
        assert!(
            matches!(err, ReadError::NotRegular("a directory")),
            "{err:?}"
        );
        assert!(err.to_string().contains("a directory"));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_refused_or_followed_and_devices_and_fifos_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            read_limited(&link, 1 << 20, Links::Refuse),
            Err(ReadError::Symlink)
        ));
        assert!(matches!(
            read_limited(&link, 1 << 20, Links::Follow),
            Err(ReadError::NotRegular("a device"))
        ));
        let fifo = dir.path().join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // opened without blocking (no writer ever comes), then refused
        assert!(matches!(
            read_limited(&fifo, 1 << 20, Links::Refuse),
            Err(ReadError::NotRegular("a FIFO"))
        ));
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_size(512), "512 bytes");
        assert_eq!(human_size(3 * 1024), "3 kB");
        assert_eq!(human_size(180 * 1024 * 1024), "180 MB");
        assert_eq!(human_size(4 << 20), "4 MB");
    }
}

//! The operating system's side of the file-safety contract (DESIGN.md,
//! "Files on disk"). Each promise is one function here with a Unix and a
//! Windows side, so the rest of `storage` is the same code everywhere:
//!
//! - **Nothing planted at a name is followed.** Where tudoku keeps a file of
//!   its own, a symbolic link (Unix) or any reparse point (Windows: symbolic
//!   links, junctions, mount points) is refused as [`OpenError::Link`], and
//!   the refusal is made on the opened object itself, never by a look
//!   before the open that a swap could outrun.
//! - **Opening never waits.** A FIFO or device is opened without blocking
//!   (Unix), so it is refused at once as not a regular file.
//! - **A file is known by its identity.** [`Identity`] tells whether a name
//!   still names an open file (a lock file removed by its holder) and
//!   whether the file has other names (a hard link planted to a victim).
//! - **New files are the player's.** On Unix, files are created 0600 and
//!   directories 0700 whatever the umask, and a mode the player chose is
//!   kept. On Windows, a directory tudoku creates gets an access list of
//!   its own, not inherited, that grants full control to the player and to
//!   SYSTEM only, and the files made in it inherit that list. Directories
//!   that exist already keep the lists the player or their administrator
//!   set (the default config directory lies in %APPDATA%, which grants the
//!   player, SYSTEM and the administrators).
//! - **A directory in use is the player's.** [`exposure`] says who else
//!   could change what is in a directory that exists already: an owner
//!   other than the player, or others who may write in it (group or others
//!   on Unix; on Windows any account but the player, SYSTEM and the
//!   administrators that the access list lets add, delete or re-permit
//!   files).
//! - **A lock really excludes** another process, and leaves the pid written
//!   in the lock file readable to the one refused.

use std::fmt;
use std::io;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as os;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as os;

pub use os::{
    create_private_dir, exposure, identity, identity_at, keep_mode, open_lock, open_read,
    special_kind, sync_dir, try_lock,
};

/// Who besides the player could change what is in a directory, each with
/// the words for who it is and for what to do about it.
#[derive(Debug, PartialEq, Eq)]
pub enum Exposure {
    /// It belongs to another user.
    Owner { who: String, fix: String },
    /// Others may write in it (a mode on Unix, accounts on Windows).
    Writers { who: String, fix: String },
}

/// Why a file was not opened.
#[derive(Debug)]
pub enum OpenError {
    /// A symbolic link or reparse point where none was to be followed.
    Link,
    Io(io::Error),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Link => write!(f, "it is a symbolic link, which tudoku does not follow"),
            OpenError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// Which file an open file or a name is, and how many names it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The device (volume) and the file's number on it.
    pub id: (u64, u64),
    /// The number of names (hard links) the file has.
    pub links: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::{self, File, TryLockError};

    #[test]
    fn a_file_is_the_one_at_its_name_until_the_name_goes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a");
        let file = File::create(&path).unwrap();
        let open = identity(&file).unwrap();
        assert_eq!(open, identity_at(&path).unwrap());
        assert_eq!(open.links, 1);
        fs::hard_link(&path, dir.path().join("b")).unwrap();
        assert_eq!(identity(&file).unwrap().links, 2);
        // (renamed, not removed: Windows keeps a removed file's name while
        // it is open)
        fs::rename(&path, dir.path().join("c")).unwrap();
        File::create(&path).unwrap();
        assert_ne!(identity(&file).unwrap().id, identity_at(&path).unwrap().id);
    }

    #[test]
    fn a_lock_excludes_a_second_handle_and_leaves_the_file_readable() {
        use std::io::{Read, Write};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.lock");
        let mut first = open_lock(&path).unwrap();
        try_lock(&first).unwrap();
        write!(first, "1234").unwrap();
        let mut second = open_lock(&path).unwrap();
        assert!(matches!(try_lock(&second), Err(TryLockError::WouldBlock)));
        let mut text = String::new();
        second.read_to_string(&mut text).unwrap();
        assert_eq!(text, "1234");
        drop(first);
        try_lock(&second).unwrap();
    }

    #[test]
    fn a_directory_opens_for_reading_and_says_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        for refuse_links in [true, false] {
            let file = open_read(dir.path(), refuse_links).unwrap();
            assert!(file.metadata().unwrap().is_dir());
        }
    }

    #[test]
    fn a_new_directory_is_made_with_its_parents() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("a").join("b");
        create_private_dir(&deep).unwrap();
        create_private_dir(&deep).unwrap();
        assert!(deep.is_dir());
        sync_dir(&deep).unwrap();
    }
}

//! The Unix side of the file-safety contract: O_NOFOLLOW and O_NONBLOCK at
//! open, modes 0600 and 0700, device and inode numbers, flock.

use std::fs::{self, DirBuilder, File, FileType, OpenOptions, TryLockError};
use std::io;
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use super::{Exposure, Identity, OpenError};

/// Opens `path` for reading, without blocking on a FIFO and, when
/// `refuse_links`, without following a symbolic link.
pub fn open_read(path: &Path, refuse_links: bool) -> Result<File, OpenError> {
    let mut flags = libc::O_NONBLOCK;
    if refuse_links {
        flags |= libc::O_NOFOLLOW;
    }
    let mut options = OpenOptions::new();
    options.read(true).custom_flags(flags);
    open(&options, path, refuse_links)
}

/// Opens (or creates, 0600) a lock file for reading and writing: never
/// through a symbolic link, never truncated, never blocking.
pub fn open_lock(path: &Path) -> Result<File, OpenError> {
    let mut options = OpenOptions::new();
    options
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    open(&options, path, true)
}

fn open(options: &OpenOptions, path: &Path, refuse_links: bool) -> Result<File, OpenError> {
    options.open(path).map_err(|e| match e.raw_os_error() {
        // O_NOFOLLOW's refusal
        Some(libc::ELOOP) if refuse_links => OpenError::Link,
        _ => OpenError::Io(e),
    })
}

/// Takes the lock without waiting (flock: the whole file, released when the
/// file closes, even by SIGKILL).
pub fn try_lock(file: &File) -> Result<(), TryLockError> {
    file.try_lock()
}

/// The open file's device, inode and link count.
pub fn identity(file: &File) -> io::Result<Identity> {
    Ok(of(&file.metadata()?))
}

/// The same for whatever is at `path`, a link itself rather than its target.
pub fn identity_at(path: &Path) -> io::Result<Identity> {
    Ok(of(&fs::symlink_metadata(path)?))
}

fn of(metadata: &fs::Metadata) -> Identity {
    Identity {
        id: (metadata.dev(), metadata.ino()),
        links: metadata.nlink(),
    }
}

/// What a file that is neither regular, a directory nor a link is.
pub fn special_kind(kind: &FileType) -> &'static str {
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// Creates `dir` and any missing parents, each 0700 whatever the umask.
/// Directories that exist already are left as they are.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// Gives `new` the permissions of the regular file at `path` when it is
/// the player's and no one else may write it (the player may have chosen
/// them, 0640 say); a new file, or one replacing a file planted by someone
/// else or left writable by others, keeps the 0600 its temporary file was
/// created with.
pub fn keep_mode(path: &Path, new: &File) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(old)
            if old.file_type().is_file()
                && foreign_owner(&old).is_none()
                && open_to_others(&old).is_none() =>
        {
            let mode = old.permissions().mode() & 0o7777;
            new.set_permissions(fs::Permissions::from_mode(mode))
        }
        _ => Ok(()),
    }
}

/// Who besides the player could change what is in the directory `dir`
/// whose metadata is `meta`: another owner, or group or others who may
/// write in it.
pub fn exposure(dir: &Path, meta: &fs::Metadata) -> io::Result<Option<Exposure>> {
    if let Some(uid) = foreign_owner(meta) {
        return Ok(Some(Exposure::Owner {
            who: format!("uid {uid}"),
            fix: "use a directory of your own (--config-dir)".to_string(),
        }));
    }
    Ok(open_to_others(meta).map(|mode| Exposure::Writers {
        who: format!("mode {mode:04o}"),
        fix: format!("`chmod go-w {}` makes it yours alone", dir.display()),
    }))
}

/// The owner's uid, when it is not the user running tudoku.
fn foreign_owner(meta: &fs::Metadata) -> Option<u32> {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    (meta.uid() != me).then_some(meta.uid())
}

/// The mode, when group or others may write (a sticky bit does not help:
/// others may still add files).
fn open_to_others(meta: &fs::Metadata) -> Option<u32> {
    let mode = meta.permissions().mode() & 0o7777;
    (mode & 0o022 != 0).then_some(mode)
}

/// Makes the directory's entries (a rename into it) durable.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

//! The Windows side of the file-safety contract: files opened with
//! FILE_FLAG_OPEN_REPARSE_POINT and refused when what opened is a reparse
//! point, identities from GetFileInformationByHandle, a LockFileEx lock on
//! a byte far past the pid, and directories made with an access list for
//! the player alone; owners and access lists are `access`'s.

mod access;

use std::fs::{File, FileType, OpenOptions, TryLockError};
use std::io;
use std::os::windows::ffi::OsStrExt;
use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
use std::os::windows::io::AsRawHandle;
use std::path::Path;

use windows_sys::Win32::Foundation::{ERROR_ALREADY_EXISTS, ERROR_LOCK_VIOLATION};
use windows_sys::Win32::Security::SECURITY_ATTRIBUTES;
use windows_sys::Win32::Storage::FileSystem::{
    BY_HANDLE_FILE_INFORMATION, CreateDirectoryW, FILE_ATTRIBUTE_REPARSE_POINT,
    FILE_FLAG_BACKUP_SEMANTICS, FILE_FLAG_OPEN_REPARSE_POINT, FILE_SHARE_DELETE, FILE_SHARE_READ,
    FILE_SHARE_WRITE, GetFileInformationByHandle, LOCKFILE_EXCLUSIVE_LOCK,
    LOCKFILE_FAIL_IMMEDIATELY, LockFileEx,
};
use windows_sys::Win32::System::IO::OVERLAPPED;

use super::{Identity, OpenError};
use access::Descriptor;

pub use access::exposure;

/// Opens `path` for reading and, when `refuse_links`, refuses it if what
/// opened is a reparse point (a symbolic link, junction or mount point,
/// opened as itself rather than followed). A directory opens too
/// (FILE_FLAG_BACKUP_SEMANTICS), so that it is refused as a directory
/// rather than as "access denied".
pub fn open_read(path: &Path, refuse_links: bool) -> Result<File, OpenError> {
    let mut flags = FILE_FLAG_BACKUP_SEMANTICS;
    if refuse_links {
        flags |= FILE_FLAG_OPEN_REPARSE_POINT;
    }
    let mut options = OpenOptions::new();
    options.read(true).custom_flags(flags);
    open(&options, path, refuse_links)
}

/// Opens (or creates) a lock file for reading and writing: never through a
/// reparse point and never truncated.
pub fn open_lock(path: &Path) -> Result<File, OpenError> {
    let mut options = OpenOptions::new();
    options
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT);
    open(&options, path, true)
}

fn open(options: &OpenOptions, path: &Path, refuse_links: bool) -> Result<File, OpenError> {
    let file = options.open(path).map_err(OpenError::Io)?;
    if refuse_links {
        let attributes = file.metadata().map_err(OpenError::Io)?.file_attributes();
        if attributes & FILE_ATTRIBUTE_REPARSE_POINT != 0 {
            return Err(OpenError::Link);
        }
    }
    Ok(file)
}

/// Where the lock is taken: one byte far past any pid written at the start.
/// Windows locks are mandatory, so std's `try_lock` (the whole file) would
/// make the pid unreadable to the instance it refuses.
const LOCK_OFFSET: u64 = 1 << 62;

/// Takes the lock without waiting (released when the file closes, even when
/// the process is killed).
pub fn try_lock(file: &File) -> Result<(), TryLockError> {
    let mut at = OVERLAPPED::default();
    at.Anonymous.Anonymous.Offset = LOCK_OFFSET as u32;
    at.Anonymous.Anonymous.OffsetHigh = (LOCK_OFFSET >> 32) as u32;
    let flags = LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY;
    // SAFETY: a handle `file` keeps open, and an OVERLAPPED that lives for
    // the whole call (the handle is synchronous, so it returns at once).
    let locked = unsafe { LockFileEx(file.as_raw_handle(), flags, 0, 1, 0, &mut at) };
    if locked != 0 {
        return Ok(());
    }
    let error = io::Error::last_os_error();
    if error.raw_os_error() == Some(ERROR_LOCK_VIOLATION as i32) {
        Err(TryLockError::WouldBlock)
    } else {
        Err(TryLockError::Error(error))
    }
}

/// The open file's volume, file index and link count.
pub fn identity(file: &File) -> io::Result<Identity> {
    let mut info = BY_HANDLE_FILE_INFORMATION::default();
    // SAFETY: a handle `file` keeps open, and a structure for the call to fill.
    if unsafe { GetFileInformationByHandle(file.as_raw_handle(), &mut info) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(Identity {
        id: (
            u64::from(info.dwVolumeSerialNumber),
            u64::from(info.nFileIndexHigh) << 32 | u64::from(info.nFileIndexLow),
        ),
        links: u64::from(info.nNumberOfLinks),
    })
}

/// The same for whatever is at `path`, a reparse point itself rather than
/// its target, opened with no access at all (so no lock or share mode of
/// another handle is in the way).
pub fn identity_at(path: &Path) -> io::Result<Identity> {
    let file = OpenOptions::new()
        .access_mode(0)
        .share_mode(FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT | FILE_FLAG_BACKUP_SEMANTICS)
        .open(path)?;
    identity(&file)
}

/// What a file that is neither regular, a directory nor a link is.
pub fn special_kind(_kind: &FileType) -> &'static str {
    "not a file"
}

/// Creates `dir` and any missing parents, each private to the player: an
/// access list of its own (not inherited from above) that grants the
/// player and SYSTEM full control, inherited in turn by the files and
/// directories made in it. Directories that exist already are left as
/// they are.
pub fn create_private_dir(dir: &Path) -> io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        create_private_dir(parent)?;
    }
    let private = Descriptor::for_current_user()?;
    let attributes = SECURITY_ATTRIBUTES {
        nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
        lpSecurityDescriptor: private.raw,
        bInheritHandle: 0,
    };
    let wide: Vec<u16> = dir.as_os_str().encode_wide().chain([0]).collect();
    // SAFETY: a NUL-terminated path and a security descriptor that
    // `private` keeps alive for the call.
    if unsafe { CreateDirectoryW(wide.as_ptr(), &attributes) } != 0 {
        return Ok(());
    }
    let error = io::Error::last_os_error();
    // made meanwhile by someone else: left as it is
    if error.raw_os_error() == Some(ERROR_ALREADY_EXISTS as i32) && dir.is_dir() {
        return Ok(());
    }
    Err(error)
}

/// Nothing to keep: the new file inherits the directory's access list, as
/// the old one did (a file's own list is kept only as far as the
/// directory's is the same).
pub fn keep_mode(_path: &Path, _new: &File) -> io::Result<()> {
    Ok(())
}

/// Nothing to do: NTFS journals the rename itself, and Windows cannot
/// flush a directory handle.
pub fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

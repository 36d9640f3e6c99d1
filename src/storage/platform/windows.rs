//! The Windows side of the file-safety contract: files opened with
//! FILE_FLAG_OPEN_REPARSE_POINT and refused when what opened is a reparse
//! point, identities from GetFileInformationByHandle, a LockFileEx lock on
//! a byte far past the pid, and directories made with an access list for
//! the player alone.

use std::fs::{File, FileType, OpenOptions, TryLockError};
use std::io;
use std::os::windows::ffi::OsStrExt;
use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::path::Path;

use windows_sys::Win32::Foundation::{ERROR_ALREADY_EXISTS, ERROR_LOCK_VIOLATION, LocalFree};
use windows_sys::Win32::Security::Authorization::{
    ConvertSidToStringSidW, ConvertStringSecurityDescriptorToSecurityDescriptorW, SDDL_REVISION_1,
};
use windows_sys::Win32::Security::{
    GetTokenInformation, SECURITY_ATTRIBUTES, TOKEN_QUERY, TOKEN_USER, TokenUser,
};
use windows_sys::Win32::Storage::FileSystem::{
    BY_HANDLE_FILE_INFORMATION, CreateDirectoryW, FILE_ATTRIBUTE_REPARSE_POINT,
    FILE_FLAG_BACKUP_SEMANTICS, FILE_FLAG_OPEN_REPARSE_POINT, FILE_SHARE_DELETE, FILE_SHARE_READ,
    FILE_SHARE_WRITE, GetFileInformationByHandle, LOCKFILE_EXCLUSIVE_LOCK,
    LOCKFILE_FAIL_IMMEDIATELY, LockFileEx,
};
use windows_sys::Win32::System::IO::OVERLAPPED;
use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};
use windows_sys::core::PWSTR;

use super::{Identity, OpenError};

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
    let private = PrivateDescriptor::for_current_user()?;
    let attributes = SECURITY_ATTRIBUTES {
        nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
        lpSecurityDescriptor: private.0,
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

/// A security descriptor whose access list is protected from inheritance
/// and allows full control, inherited by what is made inside, to the user
/// running tudoku and to SYSTEM. Freed when dropped.
struct PrivateDescriptor(*mut core::ffi::c_void);

impl PrivateDescriptor {
    fn for_current_user() -> io::Result<PrivateDescriptor> {
        let user = current_user_sid()?;
        let sddl: Vec<u16> = format!("D:P(A;OICI;FA;;;{user})(A;OICI;FA;;;SY)")
            .encode_utf16()
            .chain([0])
            .collect();
        let mut descriptor = std::ptr::null_mut();
        // SAFETY: a NUL-terminated descriptor string, and a pointer for the
        // call to fill with memory that `Drop` frees.
        let made = unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                sddl.as_ptr(),
                SDDL_REVISION_1,
                &mut descriptor,
                std::ptr::null_mut(),
            )
        };
        if made == 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(PrivateDescriptor(descriptor))
    }
}

impl Drop for PrivateDescriptor {
    fn drop(&mut self) {
        // SAFETY: memory the conversion above allocated, freed once.
        unsafe { LocalFree(self.0) };
    }
}

/// The SID of the user this process runs as, in its string form (S-1-5-...).
fn current_user_sid() -> io::Result<String> {
    let mut token = std::ptr::null_mut();
    // SAFETY: a pseudo-handle to this process, and a handle for the call to
    // fill, owned (and closed) below.
    if unsafe { OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &mut token) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the token handle just opened, owned here alone.
    let token = unsafe { OwnedHandle::from_raw_handle(token) };
    // TOKEN_USER and the SID it points into, in a buffer aligned for it
    let mut buffer = [0u64; 16];
    let mut size = 0;
    // SAFETY: an open token and a buffer of the size given.
    let read = unsafe {
        GetTokenInformation(
            token.as_raw_handle(),
            TokenUser,
            buffer.as_mut_ptr().cast(),
            std::mem::size_of_val(&buffer) as u32,
            &mut size,
        )
    };
    if read == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: GetTokenInformation wrote a TOKEN_USER at the buffer's start.
    let sid = unsafe { (*buffer.as_ptr().cast::<TOKEN_USER>()).User.Sid };
    let mut text: PWSTR = std::ptr::null_mut();
    // SAFETY: a valid SID inside `buffer`, and a pointer for the call to fill
    // with memory freed below.
    if unsafe { ConvertSidToStringSidW(sid, &mut text) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a string the conversion allocated with LocalAlloc.
    Ok(unsafe { take_local_string(text) })
}

/// The text of a NUL-terminated wide string allocated with LocalAlloc,
/// which is freed.
///
/// # Safety
/// `text` must be such a string, not used again after the call.
unsafe fn take_local_string(text: PWSTR) -> String {
    // SAFETY: the caller's promise: readable up to its NUL, freed once.
    unsafe {
        let length = (0..).take_while(|&i| *text.add(i) != 0).count();
        let string = String::from_utf16_lossy(std::slice::from_raw_parts(text, length));
        LocalFree(text.cast());
        string
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use windows_sys::Win32::Security::Authorization::{
        ConvertSecurityDescriptorToStringSecurityDescriptorW, GetNamedSecurityInfoW, SE_FILE_OBJECT,
    };
    use windows_sys::Win32::Security::DACL_SECURITY_INFORMATION;

    /// The access list of `path` in SDDL, as Windows reads it back.
    fn access_list(path: &Path) -> String {
        let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
        let mut descriptor = std::ptr::null_mut();
        let null = std::ptr::null_mut();
        // SAFETY: a NUL-terminated path; only the descriptor is asked for,
        // freed below.
        let error = unsafe {
            GetNamedSecurityInfoW(
                wide.as_ptr(),
                SE_FILE_OBJECT,
                DACL_SECURITY_INFORMATION,
                null,
                null,
                null.cast(),
                null.cast(),
                &mut descriptor,
            )
        };
        assert_eq!(error, 0, "GetNamedSecurityInfoW");
        let mut text = std::ptr::null_mut();
        // SAFETY: the descriptor just read, and a pointer for the call to fill.
        let made = unsafe {
            ConvertSecurityDescriptorToStringSecurityDescriptorW(
                descriptor,
                SDDL_REVISION_1,
                DACL_SECURITY_INFORMATION,
                &mut text,
                null.cast(),
            )
        };
        // SAFETY: memory GetNamedSecurityInfoW allocated, freed once.
        unsafe { LocalFree(descriptor) };
        assert_ne!(
            made, 0,
            "ConvertSecurityDescriptorToStringSecurityDescriptorW"
        );
        // SAFETY: a string the conversion allocated with LocalAlloc.
        unsafe { take_local_string(text) }
    }

    #[test]
    fn a_new_directory_and_its_files_are_the_players_alone() {
        let user = current_user_sid().unwrap();
        assert!(user.starts_with("S-1-"), "{user}");
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("tudoku").join("saves");
        create_private_dir(&deep).unwrap();
        let file = deep.join("a.toml");
        std::fs::write(&file, b"mine").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"mine");
        // only the player and SYSTEM, where a directory made the usual way
        // lets others in (under wine, Everyone may read; wine does not keep
        // the list's protected flag, so that is not checked)
        let list = access_list(&deep);
        assert!(list.contains(&format!("(A;OICI;FA;;;{user})")), "{list}");
        assert!(list.contains("(A;OICI;FA;;;SY)"), "{list}");
        assert_eq!(list.matches("(A;").count(), 2, "{list}");
    }
}

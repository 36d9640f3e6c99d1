//! Directories are checked, not followed, the way ssh treats `~/.ssh`:
//! before tudoku reads or writes anything in its config directory, the
//! directory must be the player's and writable by no one else, and its
//! `saves/` must be a real directory (not a symbolic link) that is the
//! player's too. Otherwise the command refuses with one line saying which
//! and why, and nothing inside is read, renamed or written (a planted link
//! could otherwise turn "move a damaged save aside" into renaming another
//! user's files).
//!
//! The config directory itself may be a symbolic link (into a dotfiles
//! repository, say): what it points to is checked. A directory that does
//! not exist yet passes: tudoku creates it 0700 (on Windows, with an access
//! list for the player and SYSTEM alone). On Windows a symbolic link is
//! what std's `is_symlink` says is one: a symbolic link, a junction or a
//! mount point (the reparse points that stand for another name).
//!
//! Who owns the directory and who may write in it is the platform's to
//! say (`platform::exposure`): the owner's uid and the mode on Unix, the
//! owner's SID and the access list on Windows.

use std::fs::{self, Metadata};
use std::io;
use std::path::Path;

use super::platform::{self, Exposure};

/// Checks the config directory `root` and its `saves` directory; `Err` is
/// the line to show.
pub fn check_config_dir(root: &Path, saves: &Path) -> Result<(), String> {
    match fs::metadata(root) {
        Ok(meta) => check_private(root, &meta)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot use {}: {e}", root.display())),
    }
    match fs::symlink_metadata(saves) {
        Ok(meta) if meta.file_type().is_symlink() => Err(format!(
            "refusing to use {}: it is a symbolic link, which tudoku does not follow \
             (remove it, and tudoku makes the directory)",
            saves.display()
        )),
        Ok(meta) if !meta.is_dir() => Err(format!(
            "refusing to use {}: it is not a directory",
            saves.display()
        )),
        Ok(meta) => check_private(saves, &meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot use {}: {e}", saves.display())),
    }
}

/// The directory must be the player's and writable by no one else.
fn check_private(dir: &Path, meta: &Metadata) -> Result<(), String> {
    match platform::exposure(dir, meta) {
        Ok(None) => Ok(()),
        Ok(Some(Exposure::Owner { who, fix })) => Err(format!(
            "refusing to use {}: it belongs to another user ({who}), \
             so its files could be changed under you; {fix}",
            dir.display()
        )),
        Ok(Some(Exposure::Writers { who, fix })) => Err(format!(
            "refusing to use {}: others may write in it ({who}); {fix}",
            dir.display()
        )),
        Err(e) => Err(format!("cannot use {}: {e}", dir.display())),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_private_directory_passes_and_a_missing_one_too() {
        let tmp = tempfile::tempdir().unwrap();
        let saves = tmp.path().join("saves");
        assert_eq!(check_config_dir(tmp.path(), &saves), Ok(()));
        fs::create_dir(&saves).unwrap();
        fs::set_permissions(&saves, fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(check_config_dir(tmp.path(), &saves), Ok(()));
        assert_eq!(
            check_config_dir(&tmp.path().join("none"), &tmp.path().join("none/saves")),
            Ok(())
        );
    }

    #[test]
    fn writable_by_others_or_a_linked_saves_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let saves = tmp.path().join("saves");
        fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o777)).unwrap();
        let err = check_config_dir(tmp.path(), &saves).unwrap_err();
        assert!(
            err.contains("others may write") && err.contains("0777"),
            "{err}"
        );
        fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o700)).unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &saves).unwrap();
        let err = check_config_dir(tmp.path(), &saves).unwrap_err();
        assert!(err.contains("symbolic link"), "{err}");
    }

    /// Run as root (as CI does), the directory can be given to another user.
    #[test]
    fn a_directory_of_another_user_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let path = std::ffi::CString::new(tmp.path().to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        if unsafe { libc::chown(path.as_ptr(), 65534, 65534) } != 0 {
            return; // not root: the user cannot give a directory away
        }
        let err = check_config_dir(tmp.path(), &tmp.path().join("saves")).unwrap_err();
        assert!(
            err.contains("another user (uid 65534)") && err.ends_with("(--config-dir)"),
            "{err}"
        );
    }
}

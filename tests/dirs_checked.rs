//! Directories are checked, not followed: a `saves/` that is a symbolic
//! link, or a config directory others may write in or that belongs to
//! another user, is refused by every command with one line, and nothing in
//! it is read, renamed or written. The Windows side (owner SIDs and
//! access lists) is at the end.

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

fn tudoku(config: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(args)
        .arg("--config-dir")
        .arg(config)
        .env_remove("TUDOKU_CONFIG_DIR")
        .output()
        .unwrap()
}

/// The files of a directory, with their contents.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[cfg(unix)]
#[test]
fn a_linked_saves_directory_is_refused_and_nothing_behind_it_renamed() {
    let config = tempfile::tempdir().unwrap();
    let victim = tempfile::tempdir().unwrap();
    fs::write(
        victim.path().join("Cargo.toml"),
        "[package]\nname = \"x\"\n",
    )
    .unwrap();
    fs::write(victim.path().join("pyproject.toml"), "not a save").unwrap();
    let before = contents(victim.path());
    std::os::unix::fs::symlink(victim.path(), config.path().join("saves")).unwrap();
    for args in [
        &["saves"][..],
        &["saves", "--export", "Cargo"],
        &["stats"],
        &["play", "--load", "Cargo"],
        &["play"],
        &[],
    ] {
        let out = tudoku(config.path(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("symbolic link") && err.contains("saves"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(contents(victim.path()), before, "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_config_directory_others_may_write_is_refused() {
    let config = tempfile::tempdir().unwrap();
    fs::set_permissions(config.path(), fs::Permissions::from_mode(0o777)).unwrap();
    for args in [&["saves"][..], &["stats"], &["play"]] {
        let out = tudoku(config.path(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("others may write") && err.contains("0777"),
            "{err}"
        );
    }
    assert!(contents(config.path()).is_empty(), "nothing written");
    // made private, it is used
    fs::set_permissions(config.path(), fs::Permissions::from_mode(0o700)).unwrap();
    assert!(tudoku(config.path(), &["saves"]).status.success());
}

/// As root (as CI runs), a directory given to another user stands for one
/// planted by them; as a normal user there is no way to make one.
#[cfg(unix)]
#[test]
fn a_config_directory_of_another_user_is_refused() {
    let config = tempfile::tempdir().unwrap();
    let path = std::ffi::CString::new(config.path().to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    if unsafe { libc::chown(path.as_ptr(), 65534, 65534) } != 0 {
        eprintln!("skipped: only root can give a directory away");
        return;
    }
    let out = tudoku(config.path(), &["stats"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("another user"), "{err}");
}

/// Windows: a config directory whose access list lets Everyone write in it
/// is refused by every command with one line, and nothing in it is read,
/// renamed or written; with Everyone left only reading, as in a profile,
/// it is used. (Under wine, which keeps an access list only as far as a
/// Unix mode can hold it, an entry for Everyone is what survives;
/// storage::platform::windows::access tests the other accounts on lists
/// made from text.)
#[cfg(windows)]
mod windows {
    use super::*;
    use std::os::windows::ffi::OsStrExt;

    use windows_sys::Win32::Foundation::LocalFree;
    use windows_sys::Win32::Security::Authorization::{
        ConvertStringSecurityDescriptorToSecurityDescriptorW, SDDL_REVISION_1,
    };
    use windows_sys::Win32::Security::{
        DACL_SECURITY_INFORMATION, PROTECTED_DACL_SECURITY_INFORMATION, SetFileSecurityW,
    };

    /// Gives `path` the access list written in SDDL (`D:...`), protected from
    /// inheritance, as `icacls` would.
    fn set_access_list(path: &Path, sddl: &str) {
        let text: Vec<u16> = sddl.encode_utf16().chain([0]).collect();
        let mut descriptor = std::ptr::null_mut();
        // SAFETY: a NUL-terminated string, and a pointer for the call to fill
        // with memory freed below.
        let made = unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                text.as_ptr(),
                SDDL_REVISION_1,
                &mut descriptor,
                std::ptr::null_mut(),
            )
        };
        assert_ne!(made, 0, "{sddl}: {}", std::io::Error::last_os_error());
        let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
        let parts = DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION;
        // SAFETY: a NUL-terminated path and the descriptor just made.
        let set = unsafe { SetFileSecurityW(wide.as_ptr(), parts, descriptor) };
        let error = std::io::Error::last_os_error();
        // SAFETY: memory the conversion allocated, freed once.
        unsafe { LocalFree(descriptor) };
        assert_ne!(set, 0, "{sddl}: {error}");
    }

    #[test]
    fn a_config_directory_everyone_may_write_in_is_refused() {
        let config = tempfile::tempdir().unwrap();
        fs::create_dir(config.path().join("saves")).unwrap();
        // a damaged save, which a command that used the directory would move
        // aside
        fs::write(config.path().join("saves/x.toml"), "not a save").unwrap();
        set_access_list(config.path(), "D:P(A;OICI;FA;;;WD)");
        for args in [
            &["saves"][..],
            &["stats"],
            &["play", "--load", "x"],
            &["play"],
        ] {
            let out = tudoku(config.path(), args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.contains("others may write in it (Everyone)") && err.contains("icacls"),
                "{args:?}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
        assert_eq!(
            contents(&config.path().join("saves")),
            [("x.toml".to_string(), b"not a save".to_vec())],
            "nothing moved aside"
        );
        // Everyone may read only, as in a profile: it is used (and the damaged
        // save is found)
        set_access_list(
            config.path(),
            "D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;CO)(A;OICI;FA;;;BA)(A;OICI;FR;;;WD)(A;OICI;FA;;;OW)",
        );
        let out = tudoku(config.path(), &["saves"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("refusing") && err.contains("x.toml"), "{err}");
    }
}

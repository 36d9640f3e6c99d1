//! Windows: a config directory whose access list lets Everyone write in it
//! is refused by every command with one line, and nothing in it is read,
//! renamed or written; with the list taken back to the usual one it is
//! used. (The Unix side is tests/dirs_checked.rs. Under wine, which keeps
//! an access list only as far as a Unix mode can hold it, an entry for
//! Everyone is what survives; storage::platform::windows tests the other
//! accounts on lists made from text.)
#![cfg(windows)]

use std::fs;
use std::os::windows::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output};

use windows_sys::Win32::Foundation::LocalFree;
use windows_sys::Win32::Security::Authorization::{
    ConvertStringSecurityDescriptorToSecurityDescriptorW, SDDL_REVISION_1,
};
use windows_sys::Win32::Security::{
    DACL_SECURITY_INFORMATION, PROTECTED_DACL_SECURITY_INFORMATION, SetFileSecurityW,
};

fn tudoku(config: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args(args)
        .arg("--config-dir")
        .arg(config)
        .env_remove("TUDOKU_CONFIG_DIR")
        .output()
        .unwrap()
}

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
    let names: Vec<_> = fs::read_dir(config.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["x.toml"], "nothing moved aside");
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

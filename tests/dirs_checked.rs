//! Directories are checked, not followed: a `saves/` that is a symbolic
//! link, or a config directory others may write in or that belongs to
//! another user, is refused by every command with one line, and nothing in
//! it is read, renamed or written.
#![cfg(unix)]

use std::fs;
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

//! `tudoku completions SHELL` and `tudoku man` as a user runs them: each
//! prints its text and exits 0; a shell clap does not know exits 2. (Which
//! subcommands and flags they hold is checked in src/cli/docs.rs, against
//! the clap definitions.)

mod cli_common;

use std::process::Command;

use cli_common::{run, stderr, stdout};

#[test]
fn every_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell], "");
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        assert!(stdout(&o).contains("tudoku"), "{shell}");
    }
    let o = run(&["completions", "tcsh"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("tcsh"), "{}", stderr(&o));
}

#[test]
fn the_bash_script_is_valid_bash() {
    let o = run(&["completions", "bash"], "");
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("tudoku.bash");
    std::fs::write(&script, &o.stdout).unwrap();
    let Ok(check) = Command::new("bash").arg("-n").arg(&script).output() else {
        return; // no bash to ask
    };
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

#[test]
fn man_prints_a_roff_page() {
    let o = run(&["man"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.contains(".TH tudoku 1"), "{page}");
    assert!(page.contains(".SH SYNOPSIS"));
}

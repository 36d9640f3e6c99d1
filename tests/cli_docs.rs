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

/// Every environment variable tudoku's sources read by name, found by
/// scanning them (`var_os("X")`, `var("X")`, and `_ENV: &str = "X"`
/// constants), not from the page.
fn variables_read() -> Vec<String> {
    fn scan(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                scan(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for marker in ["var_os(\"", "env::var(\"", "_ENV: &str = \""] {
                    for (i, _) in text.match_indices(marker) {
                        let rest = &text[i + marker.len()..];
                        let name: String = rest.chars().take_while(|&c| c != '"').collect();
                        if !found.contains(&name) {
                            found.push(name);
                        }
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    scan(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    found
}

#[test]
fn the_man_page_has_the_sections_users_look_for() {
    let o = run(&["man"], "");
    let page = stdout(&o);
    for section in [
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SEE ALSO",
    ] {
        assert!(
            page.contains(&format!(".SH \"{section}\""))
                || page.contains(&format!(".SH {section}")),
            "no {section}"
        );
    }
    let vars = variables_read();
    assert!(vars.contains(&"TUDOKU_CONFIG_DIR".to_string()), "{vars:?}");
    assert!(vars.contains(&"NO_COLOR".to_string()), "{vars:?}");
    let environment = page.split("ENVIRONMENT").nth(1).unwrap();
    for var in vars.iter().map(String::as_str).chain(["XDG_CONFIG_HOME"]) {
        assert!(environment.contains(var), "ENVIRONMENT lacks {var}");
    }
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for var in &vars {
        assert!(readme.contains(var.as_str()), "README lacks {var}");
    }
}

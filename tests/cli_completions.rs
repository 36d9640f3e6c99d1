//! The completion scripts through each shell's real completion machinery:
//! bash calls the script's `_tudoku` the way `complete -F` does, fish
//! runs `complete -C`, and zsh completes a typed line in an interactive
//! shell on a pseudo-terminal (tests/shells/complete.zsh, with `compadd`
//! wrapped to print what it is given). A shell that is not installed skips
//! its test with a note; .ci/run installs bash, zsh and fish (Linux).
//! The expected values come from the engine's own lists. A hidden option
//! (`saves --names`, which the scripts run for `play --load`) is never
//! offered.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

use tudoku_engine::{Difficulty, SUPPORTED_SIZES, Shape, Symmetry};

/// A place to complete in: the scripts, a config directory with two save
/// slots, and a working directory holding a directory and a file.
struct Scene {
    _tmp: tempfile::TempDir,
    root: PathBuf,
}

impl Scene {
    fn new() -> Scene {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().to_path_buf();
        std::fs::create_dir_all(root.join("cfg/saves")).unwrap();
        for slot in ["alpha", "beta"] {
            std::fs::write(root.join(format!("cfg/saves/{slot}.toml")), "").unwrap();
        }
        std::fs::create_dir_all(root.join("work/somedir")).unwrap();
        std::fs::write(root.join("work/somefile.txt"), "").unwrap();
        std::fs::create_dir_all(root.join("zsh")).unwrap();
        for (shell, file) in [
            ("bash", "tudoku.bash"),
            ("fish", "tudoku.fish"),
            ("zsh", "zsh/_tudoku"),
        ] {
            let o = Command::new(env!("CARGO_BIN_EXE_tudoku"))
                .args(["completions", shell])
                .output()
                .unwrap();
            assert!(o.status.success());
            std::fs::write(root.join(file), o.stdout).unwrap();
        }
        Scene { _tmp: tmp, root }
    }

    /// `shell args` run in the working directory, with tudoku on the PATH
    /// and the config directory in TUDOKU_CONFIG_DIR; `None` when the shell
    /// is not installed.
    fn shell(&self, shell: &str, args: &[&str]) -> Option<Vec<String>> {
        let bin = Path::new(env!("CARGO_BIN_EXE_tudoku")).parent().unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let o = Command::new(shell)
            .args(args)
            .current_dir(self.root.join("work"))
            .env("PATH", path)
            .env("TUDOKU_CONFIG_DIR", self.root.join("cfg"))
            .env("HOME", &self.root)
            .output();
        let o = match o {
            Ok(o) => o,
            Err(_) => {
                eprintln!("{shell} is not installed: its completion test is skipped");
                return None;
            }
        };
        let out = String::from_utf8_lossy(&o.stdout);
        Some(
            out.lines()
                .map(|l| l.split('\t').next().unwrap().to_string())
                .collect(),
        )
    }

    /// What the shell offers for the word `cur` typed after `words`.
    fn bash(&self, words: &[&str], cur: &str) -> Option<Vec<String>> {
        let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        let script = format!(
            "source {}; COMP_WORDS=({} '{cur}'); COMP_CWORD={}; _tudoku tudoku '{cur}' '{}' \
             2>/dev/null; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
            self.root.join("tudoku.bash").display(),
            quoted.join(" "),
            words.len(),
            words.last().unwrap()
        );
        self.shell("bash", &["--norc", "--noprofile", "-c", &script])
    }

    fn fish(&self, words: &[&str], cur: &str) -> Option<Vec<String>> {
        let script = format!(
            "source {}; complete -C'{} {cur}'",
            self.root.join("tudoku.fish").display(),
            words.join(" ")
        );
        self.shell("fish", &["--no-config", "-c", &script])
    }

    fn zsh(&self, words: &[&str], cur: &str) -> Option<Vec<String>> {
        let driver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/shells/complete.zsh");
        let line = format!("{} {cur}", words.join(" "));
        let dir = self.root.join("zsh");
        self.shell("zsh", &["-f", driver, dir.to_str().unwrap(), &line])
    }
}

/// Each option with a fixed set, and its values from the engine.
fn fixed_sets() -> Vec<(Vec<&'static str>, Vec<String>)> {
    let names = |it: &mut dyn Iterator<Item = String>| it.collect::<Vec<_>>();
    vec![
        (
            vec!["tudoku", "generate", "--difficulty"],
            names(&mut Difficulty::ALL.iter().map(|d| d.to_string())),
        ),
        (
            vec!["tudoku", "generate", "--size"],
            names(&mut SUPPORTED_SIZES.iter().map(|n| n.to_string())),
        ),
        (
            vec!["tudoku", "play", "--box"],
            names(&mut Shape::all().map(|s| s.to_string())),
        ),
        (
            vec!["tudoku", "generate", "--symmetry"],
            names(&mut Symmetry::ALL.iter().map(|s| s.to_string())),
        ),
        (
            vec!["tudoku", "solve", "--format"],
            vec!["text".into(), "json".into()],
        ),
        (
            vec!["tudoku", "completions"],
            ["bash", "elvish", "fish", "powershell", "zsh"]
                .map(String::from)
                .to_vec(),
        ),
        (
            vec!["tudoku", "play", "--load"],
            vec!["alpha".into(), "beta".into()],
        ),
    ]
}

/// Checks every fixed set, --config-dir and the options of `saves` with
/// one shell's completer (the words typed, and the one being typed).
fn check(shell: &str, complete: impl Fn(&[&str], &str) -> Option<Vec<String>>) {
    for (words, expected) in fixed_sets() {
        let Some(got) = complete(&words, "") else {
            return;
        };
        for value in &expected {
            assert!(
                got.contains(value),
                "{shell} {words:?}: no {value} in {got:?}"
            );
        }
        if words.last() != Some(&"completions") {
            // nothing but the values (bash also lists flags after a command)
            assert!(
                got.iter().all(|g| expected.contains(g)),
                "{shell} {words:?}: {got:?}"
            );
        }
        assert!(
            !got.iter().any(|g| g.contains("somefile")),
            "{shell}: files for {words:?}"
        );
    }
    // the options, but not the hidden one the scripts run themselves
    let Some(got) = complete(&["tudoku", "saves"], "--") else {
        return;
    };
    for option in ["--export", "--code", "--config-dir"] {
        assert!(got.iter().any(|g| g == option), "{shell}: {got:?}");
    }
    assert!(!got.iter().any(|g| g == "--names"), "{shell}: {got:?}");
    let Some(got) = complete(&["tudoku", "stats", "--config-dir"], "") else {
        return;
    };
    if shell != "zsh" {
        // zsh's `_files -/` hands _path_files' file candidates to compadd
        // too (it filters them after), so the wrapper sees them
        assert!(
            !got.iter().any(|g| g.contains("somefile")),
            "{shell}: {got:?}"
        );
    }
    if shell != "bash" {
        // bash leaves directories to `compopt -o plusdirs`, which acts only
        // inside a real completion
        assert!(
            got.iter().any(|g| g.starts_with("somedir")),
            "{shell}: {got:?}"
        );
    }
}

#[test]
fn bash_completes_values() {
    let scene = Scene::new();
    check("bash", |words, cur| scene.bash(words, cur));
}

#[test]
fn fish_completes_values() {
    let scene = Scene::new();
    check("fish", |words, cur| scene.fish(words, cur));
}

#[test]
fn zsh_completes_values() {
    let scene = Scene::new();
    check("zsh", |words, cur| scene.zsh(words, cur));
    let script = std::fs::read_to_string(scene.root.join("zsh/_tudoku")).unwrap();
    assert!(script.contains("--config-dir=[") && script.contains(":DIR:_files -/'"));
}

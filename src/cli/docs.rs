//! `tudoku completions SHELL` and `tudoku man`: shell completions and the
//! manual page, both generated from the clap definitions in `main.rs`, so a
//! new subcommand or flag appears in them without any change here.

use std::io;
use std::process::ExitCode;

use clap::Command;
use clap_complete::Shell;
use clap_mangen::Man;

use super::output::Output;

#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Prints the completion script for `shell`.
pub fn completions(cmd: Command, shell: Shell) -> ExitCode {
    let mut script = Vec::new();
    write_completions(cmd, shell, &mut script);
    print(&script)
}

/// Prints the manual page, as roff.
pub fn man(cmd: Command) -> ExitCode {
    let mut page = Vec::new();
    match write_man(cmd, &mut page) {
        Ok(()) => print(&page),
        // Only the writer can fail, and a Vec does not; still no unwrap.
        Err(e) => {
            super::output::say!("tudoku: cannot render the manual page: {e}");
            ExitCode::from(2)
        }
    }
}

/// The completion script for `shell`: clap's, with `play --load`
/// completing the slot names where the shell allows it.
pub fn write_completions(mut cmd: Command, shell: Shell, out: &mut dyn io::Write) {
    let name = cmd.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, &name, &mut script);
    let script = without_hidden(shell, &String::from_utf8_lossy(&script), &cmd);
    let mut script = with_slot_names(shell, &script, &name);
    if shell == Shell::Fish {
        script.push_str(&fish_positional_values(&cmd, &name));
    }
    let _ = out.write_all(script.as_bytes());
}

/// Fish lines that offer the values of each subcommand's positional
/// argument with a fixed set (the shell of `completions`), which clap's
/// fish script leaves to file names.
fn fish_positional_values(cmd: &Command, name: &str) -> String {
    let mut lines = String::new();
    for sub in cmd.get_subcommands() {
        for arg in sub.get_positionals() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            if !values.is_empty() {
                lines.push_str(&format!(
                    "complete -c {name} -n \"__fish_{name}_using_subcommand {}\" -f -a \"{}\"\n",
                    sub.get_name(),
                    values.join(" ")
                ));
            }
        }
    }
    lines
}

/// `script` without the options clap hides (`saves --names`, which the
/// scripts run themselves), which clap_complete 4.6 offers in every shell
/// with the visible ones: the one line (or, in bash, the one word of the
/// `opts` list) that each shell's script gives an option goes. A hidden
/// long name that some visible option also has is left, and so are short
/// names (no hidden option has one).
fn without_hidden(shell: Shell, script: &str, cmd: &Command) -> String {
    let (mut hidden, mut visible) = (Vec::new(), Vec::new());
    collect_longs(cmd, &mut hidden, &mut visible);
    hidden.retain(|long| !visible.contains(long));
    if hidden.is_empty() {
        return script.to_string();
    }
    script
        .lines()
        .filter(|line| !hidden.iter().any(|long| offers(shell, line, long)))
        .map(|line| {
            let mut line = line.to_string();
            // bash lists the options as words: opts="-h --export --names ..."
            if shell == Shell::Bash && line.trim_start().starts_with("opts=\"") {
                for long in &hidden {
                    line = line
                        .replace(&format!(" --{long} "), " ")
                        .replace(&format!(" --{long}\""), "\"");
                }
            }
            line + "\n"
        })
        .collect()
}

/// Whether `line` is the line that offers the option `--long` in a zsh,
/// fish, elvish or PowerShell script.
fn offers(shell: Shell, line: &str, long: &str) -> bool {
    let flag = format!("--{long}");
    match shell {
        // '(--conflicts)*--long[help]' or '--long=[help]:VALUE:action'
        Shell::Zsh => {
            let spec = line.trim_start_matches('\'');
            let spec = match spec.strip_prefix('(') {
                Some(rest) => rest.split_once(')').map_or(rest, |(_, after)| after),
                None => spec,
            };
            spec.trim_start_matches('*')
                .strip_prefix(&flag)
                .is_some_and(|rest| rest.starts_with('[') || rest.starts_with("=["))
        }
        // complete -c NAME -n "..." -l long -d 'help'
        Shell::Fish => {
            let words: Vec<&str> = line.split(' ').collect();
            words.first() == Some(&"complete") && words.windows(2).any(|w| w == ["-l", long])
        }
        Shell::Elvish => line.trim_start().starts_with(&format!("cand {flag} ")),
        Shell::PowerShell => line.contains(&format!("[CompletionResult]::new('{flag}', ")),
        _ => false,
    }
}

/// The long names of the options of `cmd` and of every subcommand below
/// it, hidden and visible.
fn collect_longs(cmd: &Command, hidden: &mut Vec<String>, visible: &mut Vec<String>) {
    for arg in cmd.get_arguments() {
        if let Some(long) = arg.get_long() {
            let list = if arg.is_hide_set() {
                &mut *hidden
            } else {
                &mut *visible
            };
            list.push(long.to_string());
        }
    }
    for sub in cmd.get_subcommands() {
        collect_longs(sub, hidden, visible);
    }
}

/// `script` with the value of `--load` (the only option of that name)
/// completed from `NAME saves --names`, which lists the slots without
/// opening them. clap's scripts are static; this changes the one action
/// each shell's script gives that option, and leaves the script as it is
/// where the shell's form is not found (elvish, powershell).
fn with_slot_names(shell: Shell, script: &str, name: &str) -> String {
    let names = format!("{name} saves --names 2>/dev/null");
    match shell {
        Shell::Bash => script.replacen(
            "--load)\n                    COMPREPLY=($(compgen -f \"${cur}\"))",
            &format!("--load)\n                    COMPREPLY=($(compgen -W \"$({names})\" -- \"${{cur}}\"))"),
            1,
        ),
        Shell::Zsh => script
            .lines()
            .map(|line| match line.strip_suffix(":NAME:_default' \\") {
                Some(spec) if line.starts_with("'--load=[") => {
                    format!("{spec}:NAME:{{compadd -- ${{(f)\"$({names})\"}}}}' \\\n")
                }
                _ => format!("{line}\n"),
            })
            .collect(),
        Shell::Fish => script
            .lines()
            .map(|line| {
                if line.contains(" -l load ") && line.ends_with(" -r") {
                    format!("{line} -f -a \"({names})\"\n")
                } else {
                    format!("{line}\n")
                }
            })
            .collect(),
        _ => script.to_string(),
    }
}

/// One manual page for the whole command: the usual sections for the
/// top-level command, then a COMMANDS section naming every subcommand and,
/// for each (nested ones too), a section of its options. One page rather
/// than clap_mangen's page per subcommand (`tudoku-solve(1)`), so that
/// `man tudoku` holds every flag.
pub fn write_man(cmd: Command, out: &mut dyn io::Write) -> io::Result<()> {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let page = Man::new(cmd.clone());
    page.render_title(out)?;
    page.render_name_section(out)?;
    page.render_synopsis_section(out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    let subcommands = visible_subcommands(&cmd);
    if !subcommands.is_empty() {
        commands_section(&subcommands, out)?;
        for sub in subcommands {
            let heading = format!("{} options", sub.get_bin_name().unwrap_or(sub.get_name()));
            let sub = sub
                .clone()
                .mut_args(|arg| arg.help_heading(heading.clone()));
            Man::new(sub).render_options_section(out)?;
        }
    }
    for (title, entries) in SECTIONS {
        section(title, entries, out)?;
    }
    page.render_version_section(out)
}

/// The sections clap does not write, as in ripgrep's and fd's pages: a
/// title and (term, description) entries.
type Section = (&'static str, &'static [(&'static str, &'static str)]);

const SECTIONS: [Section; 5] = [
    (
        "EXIT STATUS",
        &[
            (
                "0",
                "Every puzzle was read and answered (also when the reader of the output stops \
                 early, as head does); for play, the game ended; for canon --same, the same \
                 puzzle in disguise.",
            ),
            (
                "1",
                "Some puzzle failed: a line that is not a puzzle, no solution, not rated, no \
                 hint, a level generate could not reach, or an input with no puzzle. For play, \
                 the puzzle given is not one or --load names no readable slot; for saves and \
                 stats, a file that cannot be read or is from a newer tudoku; for canon --same, \
                 two different puzzles; for grids, no count for that board.",
            ),
            (
                "2",
                "The command could not do its job: bad usage (an unknown flag, --count 0, \
                 --minimal on 25x25), an input that cannot be opened or read (missing, a \
                 directory, a device), output that cannot be written; for play, standard input \
                 or output is not a terminal.",
            ),
        ],
    ),
    (
        "ENVIRONMENT",
        &[
            (
                "TUDOKU_CONFIG_DIR",
                "The directory for config.toml, saves and stats, when --config-dir is not \
                 given.",
            ),
            (
                "XDG_CONFIG_HOME",
                "On Linux, where the default directory lies: $XDG_CONFIG_HOME/tudoku, else \
                 ~/.config/tudoku.",
            ),
            (
                "HOME",
                "The home directory, for the default config directory.",
            ),
            (
                "NO_COLOR",
                "When set and not empty, the game draws without colour (no-color.org); \
                 boxes, givens and the cursor stay clear by weight and symbols.",
            ),
            (
                "COLORTERM, TERM",
                "Read by the terminal library to judge how many colours the terminal has.",
            ),
        ],
    ),
    (
        "FILES",
        &[
            (
                "~/.config/tudoku/",
                "The config directory on Linux (~/Library/Application Support/tudoku on \
                 macOS, %APPDATA%\\tudoku\\config on Windows); see ENVIRONMENT and \
                 --config-dir.",
            ),
            (
                "config.toml",
                "Settings: colours, keys, the board size and level of a new game, mistake checks \
                 (config.example.toml in the source documents every key).",
            ),
            (
                "saves/autosave.toml",
                "The current game, written after every move and on the way out.",
            ),
            ("saves/NAME.toml", "A game saved to slot NAME."),
            (
                "stats.toml",
                "Games started and won, best and average times, streaks and hints per board \
                 and level.",
            ),
            (
                "NAME.corrupt-TIME, NAME.unreadable-TIME",
                "A damaged or unreadable file, moved aside and never deleted.",
            ),
        ],
    ),
    (
        "EXAMPLES",
        &[
            (
                "tudoku generate -n 100 -d hard --seed 1 > hard.txt",
                "A hundred hard 9x9 puzzles, the same ones on every run.",
            ),
            (
                "tudoku solve puzzles.txt",
                "One solution per puzzle line; invalid or no solution keeps the lines aligned.",
            ),
            (
                "tudoku generate --solution --rate | tudoku solve",
                "tudoku reads its own columns (and Sudoku Explainer, HoDoKu and .sdk lists).",
            ),
            (
                "tudoku rate hard.txt | sort | uniq -c",
                "How many puzzles of each level and technique.",
            ),
            (
                "tudoku solve --format json puzzles.txt | jq -c 'select(.ok | not)'",
                "The puzzles that failed, with line and error, as JSON Lines.",
            ),
            (
                "tudoku canon --dedupe puzzles.txt",
                "Each puzzle once, whatever symmetry disguises it.",
            ),
            (
                "tudoku saves --export autosave | tudoku hint",
                "The next step of the saved game's puzzle.",
            ),
            (
                "echo 'PUZZLE ENTRIES' | tudoku hint",
                "The next step from a player's position: a wrong entry first.",
            ),
            (
                "tudoku completions bash > ~/.local/share/bash-completion/completions/tudoku",
                "Tab completion, values and slot names included.",
            ),
        ],
    ),
    (
        "SEE ALSO",
        &[
            (
                "README.md",
                "In the source: the full guide, with the puzzle formats, the JSON fields and \
                 the game's keys.",
            ),
            ("jq(1)", "For the JSON Lines of --format json."),
        ],
    ),
];

/// One section: each term in bold, its description below it.
fn section(title: &str, entries: &[(&str, &str)], out: &mut dyn io::Write) -> io::Result<()> {
    let mut roff = roff::Roff::new();
    roff.control("SH", [title]);
    for (term, description) in entries {
        roff.control("TP", [])
            .text([roff::bold(*term)])
            .text([roff::roman(*description)]);
    }
    roff.to_writer(out)
}

/// Every subcommand that is not hidden, nested ones after their parent.
fn visible_subcommands(cmd: &Command) -> Vec<&Command> {
    cmd.get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .flat_map(|sub| std::iter::once(sub).chain(visible_subcommands(sub)))
        .collect()
}

/// COMMANDS: each subcommand's full name and what it does.
fn commands_section(subcommands: &[&Command], out: &mut dyn io::Write) -> io::Result<()> {
    let mut roff = roff::Roff::new();
    roff.control("SH", ["COMMANDS"]);
    for sub in subcommands {
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
        roff.control("TP", [])
            .text([roff::bold(name)])
            .text([roff::roman(about)]);
    }
    roff.to_writer(out)
}

fn print(bytes: &[u8]) -> ExitCode {
    let mut out = Output::new();
    match out.bytes(bytes).and_then(|()| out.finish()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit_code(),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::Cli;

    /// Every subcommand at any depth, by its full name ("tudoku solve"), with
    /// the long flags it takes (globals included), walked from the clap tree
    /// itself rather than from either generator's output.
    fn tree() -> Vec<(String, Vec<String>)> {
        fn walk(cmd: &Command, found: &mut Vec<(String, Vec<String>)>) {
            let longs = cmd
                .get_arguments()
                .filter(|arg| !arg.is_hide_set())
                .filter_map(|arg| arg.get_long().map(str::to_string))
                .collect();
            let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
            found.push((name.to_string(), longs));
            cmd.get_subcommands()
                .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
                .for_each(|sub| walk(sub, found));
        }
        let mut cmd = Cli::command();
        cmd.build();
        let mut found = Vec::new();
        walk(&cmd, &mut found);
        found
    }

    #[test]
    fn the_tree_walk_sees_nested_flags() {
        let tree = tree();
        let solve = tree
            .iter()
            .find(|(name, _)| name == "tudoku solve")
            .unwrap();
        assert!(solve.1.contains(&"limit".to_string()));
        assert!(
            solve.1.contains(&"config-dir".to_string()),
            "globals propagate"
        );
    }

    #[test]
    fn bash_completion_offers_every_subcommand_and_long_flag() {
        let mut script = Vec::new();
        write_completions(Cli::command(), Shell::Bash, &mut script);
        let script = String::from_utf8(script).unwrap();
        let words: Vec<&str> = script
            .split(|c: char| c.is_whitespace() || "\"'()|".contains(c))
            .collect();
        for (name, longs) in tree() {
            let last = name.rsplit(' ').next().unwrap();
            assert!(words.contains(&last), "bash completion lacks {name}");
            for long in longs {
                let flag = format!("--{long}");
                assert!(words.contains(&flag.as_str()), "{name}: bash lacks {flag}");
            }
        }
    }

    /// In every shell's script the hidden `saves --names` appears only
    /// where the script runs it, never as an option offered; the visible
    /// options of `saves` are still there. (tests/cli_completions.rs asks
    /// bash, zsh and fish themselves.)
    #[test]
    fn no_script_offers_the_hidden_option() {
        use clap::ValueEnum;
        for shell in Shell::value_variants() {
            let mut script = Vec::new();
            write_completions(Cli::command(), *shell, &mut script);
            let script = String::from_utf8(script).unwrap();
            for line in script.lines() {
                if line.contains("--names") || line.contains("-l names") {
                    assert!(
                        line.contains("saves --names 2>/dev/null"),
                        "{shell}: {line}"
                    );
                }
            }
            assert!(script.contains("--export"), "{shell}");
        }
    }

    #[test]
    fn the_man_page_names_every_subcommand_and_long_flag() {
        let mut page = Vec::new();
        write_man(Cli::command(), &mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        // roff writes a minus sign as `\-`.
        let roff = |text: &str| text.replace('-', "\\-");
        for (name, longs) in tree() {
            assert!(page.contains(&roff(&name)), "man page lacks {name}");
            let section = format!(".SH \"{} OPTIONS\"", name.to_uppercase());
            assert!(name == "tudoku" || page.contains(&section), "no {section}");
            for long in longs {
                let flag = roff(&format!("--{long}"));
                assert!(page.contains(&flag), "{name}: man page lacks {flag}");
            }
        }
    }
}

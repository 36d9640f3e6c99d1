//! `solve`'s quick parsers (main.rs, `plain_solve` and `quick_solve`)
//! against the whole command-line parser: every command line they take
//! reads the same, and every one they refuse is left to the whole parser.

use std::ffi::OsString;

use clap::Parser;

use crate::{Cli, plain_solve, quick_solve};

fn argv(line: &str) -> Vec<OsString> {
    line.split_whitespace().map(OsString::from).collect()
}

/// The quick parse of `line`, checked against the whole parser's.
fn quick(line: &str) -> Option<String> {
    let quick = quick_solve(argv(line)).map(|cli| format!("{cli:?}"));
    if let Some(quick) = &quick {
        let whole = Cli::try_parse_from(argv(line))
            .unwrap_or_else(|e| panic!("{line}: the quick parser took it, the whole one said {e}"));
        assert_eq!(quick, &format!("{whole:?}"), "{line}");
    }
    quick
}

/// The plain parse of `line`, checked against the whole parser's.
fn plain(line: &str) -> Option<String> {
    let plain = plain_solve(&argv(line)).map(|cli| format!("{cli:?}"));
    if let Some(plain) = &plain {
        let whole = Cli::try_parse_from(argv(line))
            .unwrap_or_else(|e| panic!("{line}: the plain parser took it, the whole one said {e}"));
        assert_eq!(plain, &format!("{whole:?}"), "{line}");
    }
    plain
}

#[test]
fn plain_solve_lines_read_as_the_whole_parser_reads_them() {
    for line in [
        "tudoku solve puzzles.txt",
        "tudoku solve -",
        "tudoku solve --jobs 1 puzzles.txt",
        "tudoku solve -j 12 puzzles.txt",
        "tudoku solve --jobs=1024 puzzles.txt",
    ] {
        assert!(plain(line).is_some(), "{line}: not taken");
    }
    let cli = plain_solve(&argv("tudoku solve -j 7 p.txt")).expect("taken");
    let crate::Command::Solve(args) = cli.command.expect("a command") else {
        panic!("not solve");
    };
    assert_eq!(args.batch.jobs.count(), 7);
    assert_eq!(args.batch.file, Some("p.txt".into()));
    // anything more, or else, is for the other parsers
    for line in [
        "tudoku",
        "tudoku solve",
        "tudoku rate puzzles.txt",
        "tudoku solve --count puzzles.txt",
        "tudoku solve -c puzzles.txt",
        "tudoku solve --zeros puzzles.txt",
        "tudoku solve puzzles.txt --jobs 2",
        "tudoku solve --jobs 0 puzzles.txt",
        "tudoku solve --jobs 1025 puzzles.txt",
        "tudoku solve --jobs x puzzles.txt",
        "tudoku solve -j3 puzzles.txt",
        "tudoku solve --jobs 1 --quiet",
        "tudoku solve --help",
        "tudoku solve -- puzzles.txt",
        "tudoku solve one.txt two.txt",
        "tudoku --quiet solve puzzles.txt",
        "tudoku solve --format json puzzles.txt",
    ] {
        assert_eq!(plain(line), None, "{line}");
    }
}

#[test]
fn solve_command_lines_read_as_the_whole_parser_reads_them() {
    for line in [
        "tudoku solve",
        "tudoku solve -",
        "tudoku solve puzzles.txt",
        "tudoku solve --jobs 1 puzzles.txt",
        "tudoku solve -j 3 --zeros --verbose puzzles.txt",
        "tudoku solve --count --limit 5 puzzles.txt",
        "tudoku solve -c -b 3x2 puzzles.txt",
        "tudoku solve --quiet --no-progress puzzles.txt",
        "tudoku solve --format json -q puzzles.txt",
        "tudoku solve --config-dir /tmp/x puzzles.txt",
        "tudoku solve puzzles.txt --format=json --jobs=2",
        "tudoku solve -- --jobs",
    ] {
        assert!(quick(line).is_some(), "{line}: not taken");
    }
    // and what it read is what was given
    let cli =
        quick_solve(argv("tudoku solve -j 3 --format json --config-dir d p.txt")).expect("taken");
    let crate::Command::Solve(args) = cli.command.expect("a command") else {
        panic!("not solve");
    };
    assert_eq!(args.batch.jobs.count(), 3);
    assert_eq!(args.batch.file, Some("p.txt".into()));
    assert!(cli.globals.report.json());
    assert_eq!(cli.globals.config_dir, Some("d".into()));
}

#[test]
fn other_command_lines_go_to_the_whole_parser() {
    for line in [
        "tudoku",
        "tudoku rate puzzles.txt",
        "tudoku --quiet solve puzzles.txt",
        "tudoku solve --help",
        "tudoku solve -h",
        "tudoku solve --version",
        "tudoku solve --no-such-option",
        "tudoku solve --jobs 0 puzzles.txt",
        "tudoku solve --limit 5 puzzles.txt",
        "tudoku solve --box 7x7 puzzles.txt",
        "tudoku solve one.txt two.txt",
    ] {
        assert_eq!(quick(line), None, "{line}");
    }
}

//! Batch commands on several threads (`--jobs`): the same output, in the
//! same order, as on one; `generate --seed` the same for any number of
//! threads; several-solution warnings summed up unless `--verbose`.

mod cli_common;

use std::process::{Command, Output};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tudoku_engine::{GenerateOptions, Grid, Shape, count, generate_with, some_solution};

use cli_common::{run, stderr, stdout};

/// A mixed batch: hard and easy puzzles of three sizes, puzzles with
/// several solutions, a line that is not a puzzle, givens that clash, and a
/// pretty-printed grid.
fn mixed_input() -> String {
    let read = |name: &str, take: usize| -> Vec<String> {
        std::fs::read_to_string(format!("engine/tests/data/{name}"))
            .unwrap()
            .lines()
            .take(take)
            .map(String::from)
            .collect()
    };
    let mut lines = Vec::new();
    for i in 0..12 {
        lines.push(read("top1465.txt", 12)[i].clone());
        if i % 3 == 0 {
            lines.push(read("serg_sample.txt", 12)[i].clone());
        }
        if i % 4 == 1 {
            lines.push(read("6x6.txt", 12)[i].clone());
            lines.push(read("16x16_basic_sample.txt", 12)[i].clone());
        }
    }
    lines.insert(5, "what?".into());
    lines.insert(9, format!("55{}", ".".repeat(79)));
    lines.push("# a comment".into());
    lines.push(
        "4 . . . . . 8 . 5\n. 3 . . . . . . .\n. . . 7 . . . . .\n. 2 . . . . . 6 .\n\
         . . . . 8 . 4 . .\n. . . . 1 . . . .\n. . . 6 . 3 . 7 .\n5 . . 2 . . . . .\n\
         1 . 4 . . . . . ."
            .into(),
    );
    lines.join("\n") + "\n"
}

#[test]
fn solve_rate_and_hint_give_the_same_output_on_one_thread_and_on_four() {
    let input = mixed_input();
    let runs: [&[&str]; 5] = [
        &["solve"],
        &["solve", "--count", "--limit", "50"],
        &["solve", "--verbose"],
        &["rate"],
        &["hint", "--all"],
    ];
    for args in runs {
        let one = run(&[args, &["--jobs", "1"]].concat(), &input);
        let four = run(&[args, &["--jobs", "4"]].concat(), &input);
        assert_eq!(
            one.status.code(),
            Some(1),
            "{args:?}: the batch has bad lines"
        );
        assert_eq!(four.status.code(), one.status.code(), "{args:?}");
        assert_eq!(stdout(&four), stdout(&one), "{args:?}");
        assert_eq!(stderr(&four), stderr(&one), "{args:?}");
        assert!(
            stderr(&one).contains("<stdin>:6:1: bad symbol 'w'"),
            "{args:?}"
        );
    }
}

#[test]
fn multi_threaded_solutions_check_out_line_by_line() {
    let input = mixed_input();
    let o = run(&["solve", "--jobs", "3"], &input);
    let puzzles: Vec<&str> = input
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains(' '))
        .collect();
    let answers: Vec<String> = stdout(&o).lines().map(String::from).collect();
    // the pretty grid spans 9 lines and gives one answer
    assert_eq!(answers.len(), puzzles.len() + 1);
    for (puzzle, answer) in puzzles.iter().zip(&answers) {
        let Ok(givens) = Grid::parse(puzzle, None) else {
            assert_eq!(answer, "invalid");
            continue;
        };
        match some_solution(&givens) {
            None => assert_eq!(answer, "no solution"),
            Some(_) => {
                let solution = Grid::parse(answer, None).unwrap();
                assert!(tudoku_engine::is_solved(&solution), "{answer}");
                let kept = givens.values().iter().zip(solution.values());
                assert!(kept.into_iter().all(|(g, s)| *g == 0 || g == s));
            }
        }
    }
}

fn run_generate(jobs: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tudoku"))
        .args([
            "generate", "--seed", "5", "--count", "12", "--rate", "--jobs", jobs,
        ])
        .output()
        .unwrap()
}

#[test]
fn generate_with_a_seed_is_the_same_for_any_number_of_threads() {
    let one = run_generate("1");
    assert!(one.status.success());
    for jobs in ["2", "4"] {
        assert_eq!(run_generate(jobs).stdout, one.stdout, "--jobs {jobs}");
    }
    let text = String::from_utf8(one.stdout).unwrap();
    let puzzles: Vec<Grid> = text
        .lines()
        .map(|l| Grid::parse(l.split(' ').next().unwrap(), None).unwrap())
        .collect();
    assert_eq!(puzzles.len(), 12);
    assert!(puzzles.iter().all(|p| count(p, 2).is_unique()));
    // different puzzles, not one repeated
    assert!((1..12).all(|i| puzzles[i] != puzzles[0]));
    // the first is what the engine makes from the seed itself
    let options = GenerateOptions::new(Shape::for_size(9).unwrap());
    let first = generate_with(&options, &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
    assert_eq!(puzzles[0], first.puzzle);
}

#[test]
fn several_solution_warnings_are_summed_up_unless_verbose() {
    let sample = std::fs::read_to_string("engine/tests/data/serg_sample.txt").unwrap();
    let top = std::fs::read_to_string("engine/tests/data/top1465.txt").unwrap();
    let mut lines: Vec<&str> = Vec::new();
    for (a, b) in sample.lines().take(30).zip(top.lines()) {
        lines.extend([a, b]);
    }
    let several: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !count(&Grid::parse(l, None).unwrap(), 2).is_unique())
        .map(|(i, _)| i + 1)
        .collect();
    assert!(
        several.len() >= 10,
        "the sample has puzzles with several solutions"
    );
    let input = lines.join("\n");
    let o = run(&["solve"], &input);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().count(), lines.len());
    assert_eq!(
        stderr(&o),
        format!(
            "<stdin>: more than one solution, printed one: {} puzzles (--verbose names each line)\n",
            several.len()
        )
    );
    let o = run(&["solve", "--verbose"], &input);
    let named: Vec<String> = several
        .iter()
        .map(|line| format!("<stdin>:{line}: more than one solution, printed one\n"))
        .collect();
    assert_eq!(stderr(&o), named.concat());
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "x"] {
        let o = run(&["solve", "--jobs", bad], "");
        assert_eq!(o.status.code(), Some(2), "--jobs {bad}");
        assert!(stderr(&o).contains("number of threads"), "{}", stderr(&o));
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_multi_threaded_batch() {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    let mut command = Command::new(env!("CARGO_BIN_EXE_tudoku"));
    command
        .args(["generate", "--count", "1000000", "--jobs", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // A runner started in the background (`cmd &` in a script, nohup)
    // passes SIGINT on ignored, and a child keeps that; a terminal's Ctrl-C
    // reaches a process that has it at its default, so give the child that.
    // SAFETY: signal() is async-signal-safe, as pre_exec requires.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if asked.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("still running 30 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
}

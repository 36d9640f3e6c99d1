//! `--format json`: every line is one JSON object (checked by serde_json,
//! a parser apart from tudoku's writer) with the fields README lists, and
//! the values agree with the engine's own answers.

use std::process::Command;

use serde_json::Value;

use crate::cli_common::{run, stderr, stdout};
use tudoku_engine::{Difficulty, Grid, Shape, is_solution, rate};

const EASTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn objects(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn json_of(args: &[&str], input: &str) -> Vec<Value> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let o = run(&all, input);
    objects(&stdout(&o))
}

#[test]
fn solve_writes_one_object_per_puzzle_in_order() {
    let input = format!("{EASTER}\nnot a puzzle\n11..............\n");
    let got = json_of(&["solve"], &input);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0]["line"], 1);
    assert_eq!(got[0]["ok"], true);
    assert_eq!(got[0]["puzzle"], EASTER);
    assert_eq!(got[0]["solutions"], "one");
    let solution = Grid::parse(got[0]["solution"].as_str().unwrap(), None).unwrap();
    assert!(is_solution(&Grid::parse(EASTER, None).unwrap(), &solution));
    assert_eq!(got[1]["line"], 2);
    assert_eq!(got[1]["ok"], false);
    assert!(
        got[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("column 3: bad symbol 't'")
    );
    assert_eq!(got[2]["ok"], false);
    assert_eq!(got[2]["solutions"], "none");
    assert_eq!(got[2]["error"], "r1c1 and r1c2 both hold 1");
}

#[test]
fn solve_count_gives_the_number() {
    let got = json_of(&["solve", "--count"], "................\n");
    assert_eq!(got[0]["count"], 288);
    assert_eq!(got[0]["exact"], true);
}

#[test]
fn generate_and_rate_agree_with_the_engine() {
    let got = json_of(&["generate", "-n", "2", "--seed", "5", "-d", "hard"], "");
    assert_eq!(got.len(), 2);
    for object in &got {
        let puzzle = Grid::parse(object["puzzle"].as_str().unwrap(), None).unwrap();
        let rating = rate(&puzzle).unwrap();
        assert_eq!(object["level"], "hard");
        assert_eq!(object["level"], rating.difficulty.name());
        assert_eq!(object["score"], rating.score);
        assert_eq!(object["hardest"], rating.hardest.name());
        assert_eq!(object["er"], rating.er.to_string());
        assert_eq!(object["box"], "3x3");
        let solution = Grid::parse(object["solution"].as_str().unwrap(), None).unwrap();
        assert!(is_solution(&puzzle, &solution));
        // rate reads the generated object's puzzle back with the same answer
        let rated = json_of(&["rate"], object["puzzle"].as_str().unwrap());
        for key in ["level", "er", "score", "hardest", "steps"] {
            assert_eq!(rated[0][key], object[key], "{key}");
        }
    }
}

#[test]
fn hint_and_canon_write_objects() {
    let got = json_of(&["hint"], "..34341221434321\n");
    assert_eq!(got[0]["kind"], "step");
    assert_eq!(got[0]["technique"], "Full house");
    assert_eq!(got[0]["cells"][0], "r1c1 is 1");
    let got = json_of(&["hint", "--all"], "..34341221434321\n");
    assert_eq!(got[0]["steps"].as_array().unwrap().len(), 2);
    let got = json_of(&["canon"], &format!("{EASTER}\n"));
    assert_eq!(got[0]["puzzle"], EASTER);
    assert_eq!(got[0]["canonical"].as_str().unwrap().len(), 81);
}

#[test]
fn stats_and_saves_write_objects() {
    let tmp = tempfile::tempdir().unwrap();
    let shape = Shape::new(3, 2).unwrap();
    crate::store_finishes(tmp.path(), shape, Difficulty::Hard, &[100]);
    let tudoku = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tudoku"))
            .args(args)
            .arg("--config-dir")
            .arg(tmp.path())
            .args(["--format", "json"])
            .env_remove("TUDOKU_CONFIG_DIR")
            .output()
            .unwrap()
    };
    let o = tudoku(&["stats"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = objects(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["box"], "3x2");
    assert_eq!(got[0]["level"], "hard");
    assert_eq!(got[0]["won"], 1);
    assert_eq!(got[0]["best_secs"], 100);
    assert_eq!(got[0]["recent_secs"][0], 100);
    let o = tudoku(&["saves"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, b"", "no slots, no objects");
}

#[test]
fn quiet_writes_nothing_and_keeps_the_status() {
    let o = run(&["solve", "-q"], format!("{EASTER}\n"));
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
    let o = run(&["solve", "--quiet"], "11..............\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(stderr(&o).contains("r1c1 and r1c2 both hold 1"));
}

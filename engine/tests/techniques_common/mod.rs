//! Helpers shared by the technique, rating and hint tests.

use tudoku_engine::{Grid, parse_puzzles};

/// Every puzzle of a file in tests/data.
pub fn load(name: &str) -> Vec<Grid> {
    let path = format!("tests/data/{name}");
    let text = std::fs::read_to_string(path).unwrap();
    parse_puzzles(&text, None)
        .map(|p| p.unwrap().grid)
        .collect()
}

//! A race in the panel: the rivals a game is given are drawn in place
//! order, and the game tells them how its player stands after each change.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use super::support::{PUZZLES_9, app_on, draw, game_on, press, text};
use crate::engine::{Difficulty, Grid};
use crate::ui::{Config, Rival, Rivals, Standing};

/// Rivals that remember what they were told.
struct Stub {
    puzzle: Grid,
    others: Vec<Rival>,
    told: Arc<Mutex<Vec<Standing>>>,
}

impl Rivals for Stub {
    fn code(&self) -> &str {
        "ABCD"
    }
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }
    fn report(&self, standing: Standing) {
        self.told.lock().unwrap().push(standing);
    }
    fn standings(&self) -> Vec<Rival> {
        let mut all = self.others.clone();
        if let Some(&mine) = self.told.lock().unwrap().last() {
            all.push(Rival {
                name: "me".into(),
                standing: mine,
                place: None,
                me: true,
            });
        }
        all
    }
}

fn standing(filled: usize, finished: Option<u64>, racing: bool) -> Standing {
    Standing {
        filled,
        cells: 81,
        mistakes: 1,
        hints: 2,
        finished: finished.map(Duration::from_secs),
        racing,
    }
}

#[test]
fn the_panel_lists_the_race_and_the_game_reports_each_change() {
    let now = Instant::now();
    let game = game_on(PUZZLES_9, Difficulty::Hard, Some(1), now);
    let givens = game.filled_count();
    let puzzle = game.givens().clone();
    let told = Arc::new(Mutex::new(Vec::new()));
    let others = vec![
        Rival {
            name: "cy".into(),
            standing: standing(50, None, false),
            place: None,
            me: false,
        },
        Rival {
            name: "bob".into(),
            standing: standing(81, Some(201), true),
            place: Some(1),
            me: false,
        },
    ];
    let mut app = app_on(game, Config::default(), now);
    app.rivals = Some(Box::new(Stub {
        puzzle,
        others,
        told: Arc::clone(&told),
    }));
    app.report_standing();
    assert_eq!(told.lock().unwrap().last().unwrap().filled, givens);

    // to the first empty cell and a digit: one more cell told
    press(&mut app, KeyCode::Tab, now);
    press(&mut app, KeyCode::Char('5'), now);
    let last = *told.lock().unwrap().last().unwrap();
    assert_eq!(last.filled, givens + 1);
    assert!(last.racing && last.finished.is_none());
    // nothing changed, nothing told again
    let count = told.lock().unwrap().len();
    app.tick(now);
    assert_eq!(told.lock().unwrap().len(), count);

    let screen = text(&draw(&mut app, 80, 24));
    let row_of = |needle: &str| {
        screen
            .lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle:?} in\n{screen}"))
    };
    assert!(screen.contains("Race     ABCD (3)"), "{screen}");
    // the finisher first with place and time, then by cells filled; one
    // who left says so
    let bob = row_of(" bob      1st 3:21");
    let me = row_of(&format!(">me       {}/81 x0 ?0", givens + 1));
    let cy = row_of(" cy       left x1 ?2");
    assert!(bob < me && me < cy, "{screen}");
    // mistakes and hints only where the panel has room: not beside a
    // finisher's place and time at 80 columns, but at 100
    let narrow = screen.lines().nth(bob).unwrap();
    assert!(!narrow.contains("x1"), "{narrow}");
    let wide = text(&draw(&mut app, 100, 30));
    assert!(wide.contains(" bob      1st 3:21 x1 ?2"), "{wide}");
}

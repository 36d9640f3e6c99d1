//! A shared board: two games on one puzzle kept as one board through
//! their partners, each player's entries landing on the other's board.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use crossterm::event::KeyCode;

use super::support::{PUZZLES_9, app_on, draw, game_on, press, text};
use crate::engine::{Difficulty, Grid};
use crate::game::{Action, CellState};
use crate::ui::{App, Config, Partner, Partners};

/// The shared board and where each player's cursor is.
struct Table {
    cells: Vec<CellState>,
    cursors: Vec<usize>,
}

/// One player's place at the table.
struct Place {
    puzzle: Grid,
    table: Arc<Mutex<Table>>,
    index: usize,
}

impl Partners for Place {
    fn code(&self) -> &str {
        "WXYZ"
    }
    fn puzzle(&self) -> &Grid {
        &self.puzzle
    }
    fn put(&self, cells: &[(usize, CellState)], cursor: usize) {
        let mut table = self.table.lock().unwrap();
        for &(cell, state) in cells {
            table.cells[cell] = state;
        }
        table.cursors[self.index] = cursor;
    }
    fn board(&self) -> Vec<CellState> {
        self.table.lock().unwrap().cells.clone()
    }
    fn players(&self) -> Vec<Partner> {
        let table = self.table.lock().unwrap();
        ["ann", "bob"]
            .iter()
            .zip(&table.cursors)
            .enumerate()
            .map(|(i, (name, &cursor))| Partner {
                name: name.to_string(),
                cursor,
                me: i == self.index,
            })
            .collect()
    }
}

fn two_at_a_table(now: Instant) -> (App, App, Arc<Mutex<Table>>) {
    let game = game_on(PUZZLES_9, Difficulty::Hard, Some(1), now);
    let table = Arc::new(Mutex::new(Table {
        cells: game.cell_states(),
        cursors: vec![0, 0],
    }));
    let apps: Vec<App> = (0..2)
        .map(|index| {
            let mut app = app_on(game.clone(), Config::default(), now);
            app.partners = Some(Box::new(Place {
                puzzle: game.givens().clone(),
                table: Arc::clone(&table),
                index,
            }));
            app.sync_shared();
            app
        })
        .collect();
    let mut apps = apps.into_iter();
    (apps.next().unwrap(), apps.next().unwrap(), table)
}

#[test]
fn each_players_entries_land_on_the_others_board() {
    let now = Instant::now();
    let (mut ann, mut bob, table) = two_at_a_table(now);
    // ann places a 5 in the first empty cell
    press(&mut ann, KeyCode::Tab, now);
    press(&mut ann, KeyCode::Char('5'), now);
    let cell = ann.game.selected();
    assert_eq!(ann.game.value(cell), 5);
    // bob's game takes it when woken (a tick), his cursor where it was
    bob.tick(now);
    assert_eq!(bob.game.value(cell), 5);
    assert_eq!(bob.game.selected(), 0);
    // a partner's move is not the player's to undo
    assert!(!bob.game.can_undo());
    // bob goes there and erases it: gone from ann's board too
    bob.game.apply(Action::Select(cell), now).unwrap();
    press(&mut bob, KeyCode::Delete, now);
    ann.tick(now);
    assert_eq!(ann.game.value(cell), 0);
    // both boards are the table's
    let shared = table.lock().unwrap().cells.clone();
    assert_eq!(ann.game.cell_states(), shared);
    assert_eq!(bob.game.cell_states(), shared);
    // ann's panel lists both, with the cells their cursors are on
    let screen = text(&draw(&mut ann, 100, 30));
    let bob_at = ann.game.geometry().cell_name(cell);
    assert!(screen.contains("Shared   WXYZ (2)"), "{screen}");
    assert!(screen.contains(&format!(" bob      {bob_at}")), "{screen}");
}

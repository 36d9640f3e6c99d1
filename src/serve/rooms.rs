//! Games together: rooms of players on the same puzzle, found by a short
//! code. In a race each plays a board of their own; at a shared board
//! (`share`) the room keeps one board that everyone's entries land on.
//! `ssh HOST -t race` (or `share`) opens a room with a new puzzle and says
//! its code; `ssh HOST -t join CODE` joins it, `watch CODE` looks on. Each
//! player's game holds a [`Seat`] in the room (its `ui::Rivals` in a race,
//! its `ui::Partners` at a shared board): it reports its standing or puts
//! its cells there, and every other game in the room is woken to draw the
//! news. A room ends with its last player.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use rand::RngExt;

use super::command::Asked;
use crate::engine::{Difficulty, Grid};
use crate::game::{CellState, Game};
use crate::ui::{Partner, Partners, Rival, Rivals, Standing, Waker};

/// Letters a code is made of: no I or O, which read as 1 and 0.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH: usize = 4;

/// Every room of the server.
#[derive(Default)]
pub struct Rooms {
    rooms: Mutex<HashMap<String, Arc<Room>>>,
}

/// One race: its puzzle, and who plays it.
pub struct Room {
    code: String,
    /// The puzzle as each player gets it, their clock started when they join.
    givens: Grid,
    solution: Grid,
    difficulty: Option<Difficulty>,
    seed: Option<u64>,
    /// When it opened, for the lobby's order.
    opened: Instant,
    players: Mutex<Players>,
    /// A shared board's cells, which every player's entries land on;
    /// `None` for a race, where each plays a board of their own.
    board: Option<Mutex<Vec<CellState>>>,
}

#[derive(Default)]
struct Players {
    /// In the order they joined; `None` once gone.
    seats: Vec<Option<Player>>,
    /// Those who watch, woken as the players are; `None` once gone.
    watchers: Vec<Option<Waker>>,
    /// Finishers so far, for the next one's place.
    finished: usize,
}

struct Player {
    name: String,
    standing: Option<Standing>,
    place: Option<usize>,
    /// Their cursor's cell, on a shared board.
    cursor: usize,
    /// Wakes this player's game to draw the others' news.
    wake: Waker,
}

/// A place in a room, given to a game: a player's seat, or a spectator's,
/// who sees everyone and plays nothing. Leaving the game leaves the room.
pub struct Seat {
    room: Arc<Room>,
    rooms: Arc<Rooms>,
    place: Place,
}

/// Whose place a seat is, by their index in the room's lists.
#[derive(Clone, Copy)]
enum Place {
    Player(usize),
    Watcher(usize),
}

impl Seat {
    /// The player's index, for a player's seat.
    fn player(&self) -> Option<usize> {
        match self.place {
            Place::Player(index) => Some(index),
            Place::Watcher(_) => None,
        }
    }
}

impl Rooms {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a room on the puzzle of `game`, a race or with one `shared`
    /// board, unless there are `most` rooms already.
    pub fn open(&self, game: &Game, shared: bool, most: usize) -> Result<Arc<Room>, String> {
        let mut rooms = self.lock();
        if rooms.len() >= most {
            return Err(Rooms::full(most));
        }
        let code = loop {
            let mut rng = rand::rng();
            let code: String = (0..CODE_LENGTH)
                .map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())]))
                .collect();
            if !rooms.contains_key(&code) {
                break code;
            }
        };
        let room = Arc::new(Room {
            code: code.clone(),
            givens: game.givens().clone(),
            solution: game.solution().clone(),
            difficulty: game.difficulty(),
            seed: game.seed(),
            opened: Instant::now(),
            players: Mutex::default(),
            board: shared.then(|| Mutex::new(game.cell_states())),
        });
        rooms.insert(code, Arc::clone(&room));
        Ok(room)
    }

    /// Why a room cannot be opened when `most` are under way.
    fn full(most: usize) -> String {
        format!(
            "{most} games together are under way, the most this server holds: join one, or try later"
        )
    }

    /// Whether another room may open beside the `most` there may be; asked
    /// before a puzzle is made for it, which [`Rooms::open`] checks again.
    pub fn has_room(&self, most: usize) -> Result<(), String> {
        if self.lock().len() >= most {
            Err(Rooms::full(most))
        } else {
            Ok(())
        }
    }

    /// The room racing on `puzzle`, if one is under way.
    pub fn with_puzzle(&self, puzzle: &Grid) -> Option<Arc<Room>> {
        self.lock()
            .values()
            .find(|room| &room.givens == puzzle)
            .cloned()
    }

    /// The room `code` names (any case), if it is under way.
    pub fn find(&self, code: &str) -> Option<Arc<Room>> {
        self.lock().get(&code.to_ascii_uppercase()).cloned()
    }

    /// [`Rooms::find`], or the line that tells the player there is none.
    pub fn under_way(&self, code: &str) -> Result<Arc<Room>, String> {
        self.find(code)
            .ok_or_else(|| format!("no room '{code}' under way (its last player may have left)"))
    }

    /// Opens a room on a new puzzle as `puzzle` asks, a race or a `shared`
    /// board, unless there are `most` rooms already (asked before the
    /// puzzle is made, and again after). Takes as long as the puzzle does.
    pub fn open_new(&self, puzzle: Asked, shared: bool, most: usize) -> Result<Arc<Room>, String> {
        self.has_room(most)?;
        let game = puzzle.game(crate::ui::random_seed(), Instant::now())?;
        self.open(&game, shared, most)
    }

    /// What the lobby lists of each room under way, the newest last.
    pub fn summaries(&self) -> Vec<Summary> {
        let rooms: Vec<Arc<Room>> = self.lock().values().cloned().collect();
        let mut listed: Vec<Summary> = rooms.iter().map(|room| room.summary()).collect();
        listed.sort_by_key(|summary| summary.opened);
        listed
    }

    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.lock().len()
    }
}

/// A room as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub code: String,
    pub shared: bool,
    /// Its board, variant and level: `9x9 easy`, `6x6 jigsaw`.
    pub puzzle: String,
    /// Who plays, in the order they came.
    pub players: Vec<String>,
    opened: Instant,
}

impl Room {
    fn summary(&self) -> Summary {
        let shape = self.givens.shape();
        let variant = self.givens.rules().variant();
        let kind = match self.difficulty {
            _ if !variant.is_classic() => variant.to_string(),
            Some(level) => level.to_string(),
            None => String::new(),
        };
        let players = self.players();
        Summary {
            code: self.code.clone(),
            shared: self.is_shared(),
            puzzle: format!("{}x{} {kind}", shape.n(), shape.n())
                .trim_end()
                .to_string(),
            players: players
                .seats
                .iter()
                .flatten()
                .map(|p| p.name.clone())
                .collect(),
            opened: self.opened,
        }
    }

    /// True for a shared board, false for a race.
    pub fn is_shared(&self) -> bool {
        self.board.is_some()
    }

    fn board(&self) -> Option<MutexGuard<'_, Vec<CellState>>> {
        self.board
            .as_ref()
            .map(|board| board.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Everyone at a shared board as `me` (a seat's index) sees them.
    fn partners(&self, me: Option<usize>) -> Vec<Partner> {
        self.each_player(me, |player, me| {
            Some(Partner {
                name: player.name.clone(),
                cursor: player.cursor,
                me,
            })
        })
    }

    /// What `make` makes of each player in the room, told whether it is
    /// `me` (a seat's index), in the order they came.
    fn each_player<T>(
        &self,
        me: Option<usize>,
        make: impl Fn(&Player, bool) -> Option<T>,
    ) -> Vec<T> {
        let players = self.players();
        players
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, player)| make(player.as_ref()?, Some(i) == me))
            .collect()
    }

    #[cfg(test)]
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The room's puzzle, as its givens.
    pub fn puzzle(&self) -> &Grid {
        &self.givens
    }

    /// The room's puzzle as a new game for a player joining now.
    pub fn game(&self) -> Game {
        Game::new(
            self.givens.clone(),
            self.solution.clone(),
            self.difficulty,
            self.seed,
            Instant::now(),
        )
        .expect("a room's puzzle is a generated one")
    }

    /// Seats `name` in the room; `wake` reaches their game.
    pub fn join(room: &Arc<Room>, rooms: &Arc<Rooms>, name: String, wake: Waker) -> Seat {
        let mut players = room.players();
        players.seats.push(Some(Player {
            name,
            standing: None,
            place: None,
            cursor: 0,
            wake,
        }));
        let index = players.seats.len() - 1;
        drop(players);
        room.wake_all_but(Some(index));
        Seat {
            room: Arc::clone(room),
            rooms: Arc::clone(rooms),
            place: Place::Player(index),
        }
    }

    /// A spectator's seat in the room; `wake` reaches their screen.
    pub fn watch(room: &Arc<Room>, rooms: &Arc<Rooms>, wake: Waker) -> Seat {
        let mut players = room.players();
        players.watchers.push(Some(wake));
        Seat {
            room: Arc::clone(room),
            rooms: Arc::clone(rooms),
            place: Place::Watcher(players.watchers.len() - 1),
        }
    }

    /// Everyone's standing as `me` (a seat's index) sees it.
    fn standings(&self, me: Option<usize>) -> Vec<Rival> {
        self.each_player(me, |player, me| {
            Some(Rival {
                name: player.name.clone(),
                standing: player.standing?,
                place: player.place,
                me,
            })
        })
    }

    fn players(&self) -> MutexGuard<'_, Players> {
        self.players.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wakes every game in the room but the player `index`'s, each told
    /// how many play here (a crowded room's news is drawn less often).
    fn wake_all_but(&self, index: Option<usize>) {
        let players = self.players();
        let crowd = players.seats.iter().flatten().count();
        let others = players
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != index);
        let woken = others.filter_map(|(_, player)| player.as_ref().map(|p| &p.wake));
        for waker in woken.chain(players.watchers.iter().flatten()) {
            // a game far behind on its input will draw the news anyway
            waker.set_crowd(crowd);
            waker.wake();
        }
    }
}

impl Rivals for Seat {
    fn code(&self) -> &str {
        &self.room.code
    }

    fn puzzle(&self) -> &Grid {
        self.room.puzzle()
    }

    /// A spectator's board is not in the race.
    fn report(&self, standing: Standing) {
        let Some(index) = self.player() else {
            return;
        };
        {
            let mut players = self.room.players();
            let finished = players.finished;
            if let Some(Some(player)) = players.seats.get_mut(index) {
                player.standing = Some(standing);
                if standing.finished.is_some() && standing.racing && player.place.is_none() {
                    player.place = Some(finished + 1);
                    players.finished += 1;
                }
            }
        }
        self.room.wake_all_but(Some(index));
    }

    fn standings(&self) -> Vec<Rival> {
        self.room.standings(self.player())
    }
}

impl Partners for Seat {
    fn code(&self) -> &str {
        &self.room.code
    }

    fn puzzle(&self) -> &Grid {
        self.room.puzzle()
    }

    /// A spectator's board is not the shared one.
    fn put(&self, cells: &[(usize, CellState)], cursor: usize) {
        let Some(index) = self.player() else {
            return;
        };
        if let Some(mut board) = self.room.board() {
            for &(cell, state) in cells {
                if let Some(slot) = board.get_mut(cell) {
                    *slot = state;
                }
            }
        }
        if let Some(Some(player)) = self.room.players().seats.get_mut(index) {
            player.cursor = cursor;
        }
        self.room.wake_all_but(Some(index));
    }

    fn board(&self) -> Vec<CellState> {
        self.room
            .board()
            .map(|board| board.clone())
            .unwrap_or_default()
    }

    fn players(&self) -> Vec<Partner> {
        self.room.partners(self.player())
    }
}

impl Drop for Seat {
    /// The player leaves; the last to leave ends the room. A spectator
    /// just goes.
    fn drop(&mut self) {
        let index = match self.place {
            Place::Player(index) => index,
            Place::Watcher(index) => {
                if let Some(watcher) = self.room.players().watchers.get_mut(index) {
                    *watcher = None;
                }
                return;
            }
        };
        let empty = {
            let mut players = self.room.players();
            if let Some(seat) = players.seats.get_mut(index) {
                *seat = None;
            }
            players.seats.iter().all(Option::is_none)
        };
        if empty {
            self.rooms.lock().remove(&self.room.code);
        } else {
            self.room.wake_all_but(Some(index));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::FromPlayer;
    use std::sync::mpsc::sync_channel;

    fn easy() -> Game {
        let nine = crate::engine::Shape::for_size(9).unwrap();
        Game::generate(nine, Difficulty::Easy, 1, Instant::now())
    }

    #[test]
    fn each_player_gets_the_rooms_puzzle_under_its_rules_on_a_fresh_clock() {
        let rooms = Rooms::default();
        let six = crate::engine::Shape::for_size(6).unwrap();
        let jigsaw = "jigsaw".parse().unwrap();
        let made = Game::generate_variant(six, jigsaw, 3, Instant::now()).unwrap();
        let room = rooms.open(&made, false, 10).unwrap();
        let joined = room.game();
        assert_eq!(joined.givens(), made.givens());
        assert_eq!(joined.solution(), made.solution());
        assert_eq!(joined.variant(), jigsaw);
        assert_eq!(joined.rules(), made.rules());
        assert_eq!(joined.filled_count(), made.givens().filled_count());
        assert_eq!(
            rooms.with_puzzle(made.givens()).unwrap().code(),
            room.code()
        );
    }

    fn standing(filled: usize, finished: bool) -> Standing {
        Standing {
            filled,
            cells: 81,
            mistakes: 0,
            hints: 0,
            finished: finished.then(|| std::time::Duration::from_secs(60)),
            racing: true,
        }
    }

    #[test]
    fn players_see_each_other_finish_in_order_and_the_last_ends_the_room() {
        let rooms = Arc::new(Rooms::default());
        let room = rooms.open(&easy(), false, 10).unwrap();
        assert_eq!(room.code().len(), CODE_LENGTH);
        assert!(rooms.find(&room.code().to_lowercase()).is_some());
        let (wake_a, woken_a) = sync_channel(4);
        let wake_a = Waker::new(wake_a);
        let (wake_b, woken_b) = sync_channel(4);
        let wake_b = Waker::new(wake_b);
        let a = Room::join(&room, &rooms, "ann".into(), wake_a);
        let b = Room::join(&room, &rooms, "bob".into(), wake_b);
        // ann was woken by bob's arrival
        assert!(matches!(woken_a.try_recv(), Ok(FromPlayer::Wake)));
        a.report(standing(40, false));
        b.report(standing(81, true));
        assert!(matches!(woken_b.try_recv(), Ok(FromPlayer::Wake)));
        a.report(standing(81, true));
        let seen = a.standings();
        let place = |name: &str| seen.iter().find(|r| r.name == name).unwrap().place;
        assert_eq!((place("bob"), place("ann")), (Some(1), Some(2)));
        assert!(seen.iter().find(|r| r.name == "ann").unwrap().me);
        // a spectator sees both, is woken with them, and is no one
        let (wake_w, woken_w) = sync_channel(4);
        let wake_w = Waker::new(wake_w);
        let watcher = Room::watch(&room, &rooms, wake_w);
        b.report(standing(81, true));
        assert!(matches!(woken_w.try_recv(), Ok(FromPlayer::Wake)));
        watcher.report(standing(81, true));
        let watched = watcher.standings();
        assert_eq!(watched.len(), 2);
        assert!(watched.iter().all(|r| !r.me));
        // both games hold the same puzzle
        assert_eq!(room.game().givens(), room.game().givens());
        drop(a);
        assert_eq!(rooms.count(), 1);
        drop(b);
        assert_eq!(rooms.count(), 0, "the last player ends the room");
    }

    #[test]
    fn a_shared_board_takes_each_players_cells_and_cursor() {
        let rooms = Arc::new(Rooms::default());
        let room = rooms.open(&easy(), true, 10).unwrap();
        assert!(room.is_shared());
        let (wake_a, _woken_a) = sync_channel(4);
        let wake_a = Waker::new(wake_a);
        let (wake_b, woken_b) = sync_channel(4);
        let wake_b = Waker::new(wake_b);
        let a = Room::join(&room, &rooms, "ann".into(), wake_a);
        let b = Room::join(&room, &rooms, "bob".into(), wake_b);
        let empty = (0..81).find(|&c| room.puzzle().get(c) == 0).unwrap();
        let five = CellState {
            value: 5,
            ..CellState::default()
        };
        while woken_b.try_recv().is_ok() {}
        Partners::put(&a, &[(empty, five)], empty);
        assert!(matches!(woken_b.try_recv(), Ok(FromPlayer::Wake)));
        assert_eq!(Partners::board(&b)[empty], five);
        let seen = Partners::players(&b);
        let ann = seen.iter().find(|p| p.name == "ann").unwrap();
        assert_eq!((ann.cursor, ann.me), (empty, false));
        // a race has no board to put cells on
        let race = rooms.open(&easy(), false, 10).unwrap();
        let (wake_c, _woken_c) = sync_channel(4);
        let wake_c = Waker::new(wake_c);
        let c = Room::join(&race, &rooms, "cy".into(), wake_c);
        Partners::put(&c, &[(empty, five)], empty);
        assert!(Partners::board(&c).is_empty());
    }

    #[test]
    fn rooms_beyond_the_limit_are_refused() {
        let rooms = Rooms::default();
        let _first = rooms.open(&easy(), false, 1).unwrap();
        let why = rooms.open(&easy(), false, 1).err().unwrap();
        assert!(why.contains("1 games together"), "{why}");
    }
}

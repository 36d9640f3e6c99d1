//! Races: rooms of players on the same puzzle, each on a board of their
//! own, found by a short code. `ssh HOST -t race` opens a room with a new
//! puzzle and says its code; `ssh HOST -t join CODE` joins it. Each player's
//! game holds a [`Seat`] in the room (as its `ui::Rivals`): it reports its
//! standing there, and every other player's game is woken to draw it. A
//! room ends with its last player.

use std::collections::HashMap;
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use rand::RngExt;

use crate::engine::{Difficulty, Grid, Shape};
use crate::game::Game;
use crate::ui::{FromPlayer, Rival, Rivals, Standing};

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
    difficulty: Difficulty,
    seed: u64,
    players: Mutex<Players>,
}

#[derive(Default)]
struct Players {
    /// In the order they joined; `None` once gone.
    seats: Vec<Option<Player>>,
    /// Those who watch, woken as the players are; `None` once gone.
    watchers: Vec<Option<SyncSender<FromPlayer>>>,
    /// Finishers so far, for the next one's place.
    finished: usize,
}

struct Player {
    name: String,
    standing: Option<Standing>,
    place: Option<usize>,
    /// Wakes this player's game to draw the others' news.
    wake: SyncSender<FromPlayer>,
}

/// A spectator of a room: sees everyone's standing, plays nothing.
pub struct Watcher {
    room: Arc<Room>,
    index: usize,
}

/// A player's place in a room, given to their game; leaving the game
/// leaves the room.
pub struct Seat {
    room: Arc<Room>,
    rooms: Arc<Rooms>,
    index: usize,
}

impl Rooms {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a room on a new 9x9 puzzle of `difficulty`, unless there are
    /// `most` rooms already.
    pub fn open(&self, difficulty: Difficulty, most: usize) -> Result<Arc<Room>, String> {
        let seed = crate::ui::random_seed();
        let shape = Shape::for_size(9).expect("9x9 is a board");
        let game = Game::generate_fresh(shape, difficulty, seed, &[], Instant::now());
        let mut rooms = self.lock();
        if rooms.len() >= most {
            return Err(format!(
                "{most} races are under way, the most this server holds: join one, or try later"
            ));
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
            difficulty: game.difficulty().unwrap_or(difficulty),
            seed,
            players: Mutex::default(),
        });
        rooms.insert(code, Arc::clone(&room));
        Ok(room)
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

    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.lock().len()
    }
}

impl Room {
    #[cfg(test)]
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The race's puzzle, as its givens.
    pub fn puzzle(&self) -> &Grid {
        &self.givens
    }

    /// The race's puzzle as a new game for a player joining now.
    pub fn game(&self) -> Game {
        Game::new(
            self.givens.clone(),
            self.solution.clone(),
            Some(self.difficulty),
            Some(self.seed),
            Instant::now(),
        )
        .expect("a room's puzzle is a generated one")
    }

    /// Seats `name` in the room; `wake` reaches their game.
    pub fn join(
        room: &Arc<Room>,
        rooms: &Arc<Rooms>,
        name: String,
        wake: SyncSender<FromPlayer>,
    ) -> Seat {
        let mut players = room.players();
        players.seats.push(Some(Player {
            name,
            standing: None,
            place: None,
            wake,
        }));
        let index = players.seats.len() - 1;
        drop(players);
        room.wake_all_but(index);
        Seat {
            room: Arc::clone(room),
            rooms: Arc::clone(rooms),
            index,
        }
    }

    /// A spectator for the room; `wake` reaches their screen.
    pub fn watch(room: &Arc<Room>, wake: SyncSender<FromPlayer>) -> Watcher {
        let mut players = room.players();
        players.watchers.push(Some(wake));
        Watcher {
            room: Arc::clone(room),
            index: players.watchers.len() - 1,
        }
    }

    /// Everyone's standing as `me` (a seat's index) sees it.
    fn standings(&self, me: Option<usize>) -> Vec<Rival> {
        let players = self.players();
        players
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, player)| {
                let player = player.as_ref()?;
                Some(Rival {
                    name: player.name.clone(),
                    standing: player.standing?,
                    place: player.place,
                    me: Some(i) == me,
                })
            })
            .collect()
    }

    fn players(&self) -> MutexGuard<'_, Players> {
        self.players.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wake_all_but(&self, index: usize) {
        let players = self.players();
        for (i, player) in players.seats.iter().enumerate() {
            if let Some(player) = player
                && i != index
            {
                // a game far behind on its input will draw the news anyway
                let _ = player.wake.try_send(FromPlayer::Wake);
            }
        }
        for watcher in players.watchers.iter().flatten() {
            let _ = watcher.try_send(FromPlayer::Wake);
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

    fn report(&self, standing: Standing) {
        {
            let mut players = self.room.players();
            let finished = players.finished;
            if let Some(Some(player)) = players.seats.get_mut(self.index) {
                player.standing = Some(standing);
                if standing.finished.is_some() && standing.racing && player.place.is_none() {
                    player.place = Some(finished + 1);
                    players.finished += 1;
                }
            }
        }
        self.room.wake_all_but(self.index);
    }

    fn standings(&self) -> Vec<Rival> {
        self.room.standings(Some(self.index))
    }
}

impl Rivals for Watcher {
    fn code(&self) -> &str {
        &self.room.code
    }

    fn puzzle(&self) -> &Grid {
        self.room.puzzle()
    }

    /// A spectator's board is not in the race.
    fn report(&self, _standing: Standing) {}

    fn standings(&self) -> Vec<Rival> {
        self.room.standings(None)
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        if let Some(watcher) = self.room.players().watchers.get_mut(self.index) {
            *watcher = None;
        }
    }
}

impl Drop for Seat {
    /// The player leaves; the last to leave ends the room.
    fn drop(&mut self) {
        let empty = {
            let mut players = self.room.players();
            if let Some(seat) = players.seats.get_mut(self.index) {
                *seat = None;
            }
            players.seats.iter().all(Option::is_none)
        };
        if empty {
            self.rooms.lock().remove(&self.room.code);
        } else {
            self.room.wake_all_but(self.index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

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
        let room = rooms.open(Difficulty::Easy, 10).unwrap();
        assert_eq!(room.code().len(), CODE_LENGTH);
        assert!(rooms.find(&room.code().to_lowercase()).is_some());
        let (wake_a, woken_a) = sync_channel(4);
        let (wake_b, woken_b) = sync_channel(4);
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
        let watcher = Room::watch(&room, wake_w);
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
    fn rooms_beyond_the_limit_are_refused() {
        let rooms = Rooms::default();
        let _first = rooms.open(Difficulty::Easy, 1).unwrap();
        let why = rooms.open(Difficulty::Easy, 1).err().unwrap();
        assert!(why.contains("1 races"), "{why}");
    }
}

//! What one server lets in: players in all, connections from one address.
//! A connection is counted from the moment it is accepted until it ends,
//! and one over a limit is told why when it asks for its game (the only
//! place an SSH client shows text), then closed.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The limits `tudoku serve` keeps (its flags).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections at once, in all.
    pub players: usize,
    /// Connections at once from one address.
    pub per_address: usize,
    /// A session with no input for this long is closed.
    pub idle: Duration,
    /// Authentication attempts per connection.
    pub auth_attempts: usize,
}

/// The connections under way, shared by all of them.
#[derive(Default)]
pub struct Census {
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
    /// The players (by their directory's name) with a game under way.
    playing: HashSet<String>,
}

/// A player's one game under way, until it drops.
pub struct Playing {
    census: Arc<Census>,
    player: String,
}

/// A connection counted in the census until it drops.
pub struct Counted {
    census: Arc<Census>,
    address: Option<IpAddr>,
}

impl Census {
    /// Counts a connection from `address`, or says why it is one too many.
    pub fn admit(
        census: &Arc<Census>,
        address: Option<IpAddr>,
        limits: &Limits,
    ) -> Result<Counted, String> {
        let mut counts = census.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.total >= limits.players {
            return Err(format!(
                "the server is full ({} players, its limit): try again later",
                limits.players
            ));
        }
        if let Some(ip) = address {
            let from_here = counts.by_address.entry(ip).or_default();
            if *from_here >= limits.per_address {
                return Err(format!(
                    "{} connections from {ip} already, the limit for one address",
                    limits.per_address
                ));
            }
            *from_here += 1;
        }
        counts.total += 1;
        Ok(Counted {
            census: Arc::clone(census),
            address,
        })
    }

    /// Marks `player`'s game as under way, unless another session of
    /// theirs has one: two games on one autosave would take turns at it.
    pub fn play(census: &Arc<Census>, player: &str) -> Result<Playing, String> {
        let mut counts = census.counts.lock().unwrap_or_else(|e| e.into_inner());
        if !counts.playing.insert(player.to_string()) {
            return Err(
                "your key is playing here already, in another session: quit that one first"
                    .to_string(),
            );
        }
        Ok(Playing {
            census: Arc::clone(census),
            player: player.to_string(),
        })
    }

    /// Connections under way.
    pub fn total(&self) -> usize {
        self.counts.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut counts = self.census.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.total -= 1;
        if let Some(ip) = self.address
            && let Some(n) = counts.by_address.get_mut(&ip)
        {
            *n -= 1;
            if *n == 0 {
                counts.by_address.remove(&ip);
            }
        }
    }
}

impl Drop for Playing {
    fn drop(&mut self) {
        let mut counts = self.census.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.playing.remove(&self.player);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_counted_until_they_drop() {
        let limits = Limits {
            players: 3,
            per_address: 2,
            idle: Duration::from_secs(60),
            auth_attempts: 3,
        };
        let census = Arc::new(Census::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = Census::admit(&census, Some(a), &limits).unwrap();
        let _second = Census::admit(&census, Some(a), &limits).unwrap();
        let why = Census::admit(&census, Some(a), &limits).err().unwrap();
        assert!(why.contains("10.0.0.1") && why.contains('2'), "{why}");
        let _third = Census::admit(&census, Some(b), &limits).unwrap();
        let why = Census::admit(&census, Some(b), &limits).err().unwrap();
        assert!(why.contains("full"), "{why}");
        assert_eq!(census.total(), 3);
        drop(first);
        assert_eq!(census.total(), 2);
        // the place given back is there for the address that left
        assert!(Census::admit(&census, Some(a), &limits).is_ok());
    }

    #[test]
    fn a_player_has_one_game_at_a_time() {
        let census = Arc::new(Census::default());
        let game = Census::play(&census, "ab12").unwrap();
        assert!(
            Census::play(&census, "ab12")
                .err()
                .unwrap()
                .contains("another session")
        );
        assert!(Census::play(&census, "cd34").is_ok());
        drop(game);
        assert!(Census::play(&census, "ab12").is_ok());
    }
}

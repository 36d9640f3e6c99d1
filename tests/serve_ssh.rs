//! `tudoku serve` end to end: the real binary serving, players connecting
//! with an SSH client (russh's, over loopback) as `ssh` would, the screen
//! they get read back through a terminal emulator (vt100).

use std::path::Path;
use std::sync::Arc;

use russh::client;

#[path = "ssh_client/mod.rs"]
mod ssh_client;
use ssh_client::{Server, TrustAll, connect, filled, new_key, open, room_code};

/// The binary under test.
fn tudoku() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tudoku"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_over_ssh_and_gets_their_board_back() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    assert!(
        server.banner.contains("host key SHA256:"),
        "{}",
        server.banner
    );
    let key = new_key(1);

    let session = connect(server.port, &key).await;
    let (keys, screen) = open(&session, 80, 24, None).await;
    // a plain ssh opens the lobby; Enter there is the player's own game
    screen
        .wait_for("the lobby", |t| t.contains("Your own game: a new one"))
        .await;
    keys.data_bytes(&b"\r"[..]).await.unwrap();
    let first = screen
        .wait_for("the board", |t| {
            t.contains("Cell     r1c1") && filled(t).is_some()
        })
        .await;
    let givens = filled(&first).unwrap();
    // to the next empty cell, a 5 there
    keys.data_bytes(&b"\t5"[..]).await.unwrap();
    screen
        .wait_for("the digit", |t| filled(t) == Some(givens + 1))
        .await;
    keys.data_bytes(&b"q"[..]).await.unwrap();
    assert_eq!(screen.closed().await, Some(0));
    // the player's terminal is given back as it was
    {
        let shown = screen.screen.lock().unwrap();
        assert!(!shown.screen().alternate_screen() && !shown.screen().hide_cursor());
    }

    // the same key, a new connection: the same board, the digit still there
    let session = connect(server.port, &key).await;
    let (_keys, screen) = open(&session, 80, 24, Some("play")).await;
    screen
        .wait_for("the board again", |t| filled(t) == Some(givens + 1))
        .await;
    // dropped without a word: the server keeps going
    drop(session);

    // another key: a directory of its own
    let other = connect(server.port, &new_key(2)).await;
    let (_keys, screen) = open(&other, 80, 24, Some("play")).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    let players = config.path().join("server").join("players");
    let dirs = std::fs::read_dir(&players).unwrap().count();
    assert_eq!(dirs, 2, "one directory a key");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_and_keyless_sign_in_are_refused_and_a_huge_pty_is_bounded() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let session = connect(server.port, &new_key(3)).await;
    let (_keys, out) = open(&session, 80, 24, Some("cat /etc/passwd")).await;
    assert_eq!(out.closed().await, Some(1));
    let said = out.received();
    assert!(said.contains("no command 'cat /etc/passwd' here"), "{said}");

    // a pty no terminal has: the game is drawn at the bounded size
    let (_keys, screen) = open(
        &connect(server.port, &new_key(4)).await,
        100_000,
        100_000,
        Some("play"),
    )
    .await;
    screen
        .wait_for("a frame", |_| screen.received().contains("Filled"))
        .await;

    // without a key, no way in
    let config = Arc::new(client::Config::default());
    let mut keyless = client::connect(config, ("127.0.0.1", server.port), TrustAll)
        .await
        .unwrap();
    let auth = keyless.authenticate_none("nobody").await.unwrap();
    assert!(!auth.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_too_many_from_an_address_is_told_why() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &["--max-per-address", "1"]);
    let first = connect(server.port, &new_key(5)).await;
    let (_keys, screen) = open(&first, 80, 24, Some("play")).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    let second = connect(server.port, &new_key(6)).await;
    let (_keys, refused) = open(&second, 80, 24, None).await;
    assert_eq!(refused.closed().await, Some(1));
    let said = refused.received();
    assert!(
        said.contains("1 connections from 127.0.0.1 already"),
        "{said}"
    );
}

#[test]
fn the_host_key_is_made_once_and_kept() {
    let config = tempfile::tempdir().unwrap();
    let first = Server::start(tudoku(), config.path(), &[]).banner.clone();
    assert!(first.contains("(made now)"), "{first}");
    let again = Server::start(tudoku(), config.path(), &[]).banner.clone();
    assert!(!again.contains("(made now)"), "{again}");
    let key = |banner: &str| {
        let after = banner.split("host key ").nth(1).unwrap();
        after.split([' ', ';']).next().unwrap().to_string()
    };
    assert_eq!(key(&first), key(&again));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_bytes_on_a_channel_harm_neither_it_nor_the_others() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let bystander = connect(server.port, &new_key(7)).await;
    let (by_keys, by_screen) = open(&bystander, 80, 24, Some("play")).await;
    by_screen.wait_for("a game", |t| filled(t).is_some()).await;

    let fuzzed = connect(server.port, &new_key(8)).await;
    let (keys, screen) = open(&fuzzed, 80, 24, Some("play")).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    // escape-heavy noise in packets of every size, without the bytes that
    // would end the game (q, ^C) or open a dialog that eats keys
    let drawn_before = screen.received().len();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..150 {
        let len = 1 + (next() % 700) as usize;
        let packet: Vec<u8> = (0..len)
            .map(|_| match next() % 6 {
                0 => 0x1b,
                1 => b'[',
                _ => (next() >> 24) as u8,
            })
            .filter(|b| !b"qQ\x03\x04\x1a".contains(b))
            .collect();
        keys.data_bytes(packet).await.unwrap();
        if round % 50 == 0 {
            keys.window_change((next() % 1000) as u32, (next() % 1000) as u32, 0, 0)
                .await
                .unwrap();
        }
    }
    keys.window_change(80, 24, 0, 0).await.unwrap();
    // the noise reached the game (it drew in answer), the session is
    // still open, and the other player and a newcomer play on
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!screen.is_closed(), "the fuzzed session was dropped");
    assert!(
        screen.received().len() > drawn_before,
        "the game answered nothing"
    );
    by_keys_move(&by_keys, &by_screen).await;
    let newcomer = connect(server.port, &new_key(9)).await;
    let (_keys, fresh) = open(&newcomer, 80, 24, Some("play")).await;
    fresh
        .wait_for("a newcomer's game", |t| filled(t).is_some())
        .await;
}

/// Moves the bystander's cursor right and waits to see it.
async fn by_keys_move(keys: &russh::ChannelWriteHalf<client::Msg>, screen: &ssh_client::Terminal) {
    keys.data_bytes(&b"\x1b[C"[..]).await.unwrap();
    screen
        .wait_for("the bystander's move", |t| t.contains("Cell     r1c2"))
        .await;
}

/// The count before `/81` on the line naming `player` in the race.
fn player_filled(screen: &str, player: &str) -> Option<usize> {
    let line = screen
        .lines()
        .find(|l| l.contains(&format!(" {player} ")) || l.contains(&format!(">{player} ")))?;
    let after = line.split(player).nth(1)?.trim_start();
    after.split('/').next()?.trim().parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_shows_each_player_the_others_progress_live() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let ann = connect_as(server.port, "ann", 10).await;
    let (_ann_keys, ann_screen) = open(&ann, 100, 30, Some("race easy")).await;
    let opened = ann_screen
        .wait_for("the race", |t| {
            room_code(t).is_some() && player_filled(t, "ann").is_some()
        })
        .await;
    let code = room_code(&opened).unwrap();
    let givens = player_filled(&opened, "ann").unwrap();
    assert!(opened.contains(&format!("{code} (1)")), "{opened}");

    // bob joins with the code (in lower case) and gets the same puzzle
    let bob = connect_as(server.port, "bob", 11).await;
    let (bob_keys, bob_screen) = open(
        &bob,
        100,
        30,
        Some(&format!("join {}", code.to_lowercase())),
    )
    .await;
    bob_screen
        .wait_for("bob in the race", |t| {
            t.contains(" (2)") && player_filled(t, "bob") == Some(givens)
        })
        .await;
    ann_screen
        .wait_for("ann sees bob", |t| t.contains(" (2)"))
        .await;
    // dee looks on: she sees both, plays nothing, counts as no one
    let dee = connect_as(server.port, "dee", 13).await;
    let (dee_keys, dee_screen) = open(&dee, 100, 30, Some(&format!("watch {code}"))).await;
    dee_screen
        .wait_for("dee watching", |t| {
            t.contains(" (2)")
                && player_filled(t, "ann").is_some()
                && player_filled(t, "bob").is_some()
        })
        .await;
    dee_keys.data_bytes(&b"\t5"[..]).await.unwrap();
    dee_screen
        .wait_for("dee's refusal", |t| t.contains("watching race"))
        .await;
    // bob places a digit: ann's screen shows it without ann pressing a key
    bob_keys.data_bytes(&b"\t5"[..]).await.unwrap();
    ann_screen
        .wait_for("bob's progress on ann's screen", |t| {
            player_filled(t, "bob") == Some(givens + 1) && player_filled(t, "ann") == Some(givens)
        })
        .await;
    dee_screen
        .wait_for("bob's progress on dee's screen", |t| {
            player_filled(t, "bob") == Some(givens + 1) && t.contains(" (2)")
        })
        .await;
    drop((dee_keys, dee_screen, dee));
    // bob's connection drops; he comes back with a plain ssh and is in
    // the race again, with his board as he left it
    drop((bob_keys, bob_screen, bob));
    ann_screen
        .wait_for("bob dropped", |t| t.contains(" (1)"))
        .await;
    let bob = connect_as(server.port, "bob", 11).await;
    let (bob_keys, bob_screen) = open(&bob, 100, 30, None).await;
    bob_screen
        .wait_for("bob back in the race", |t| {
            room_code(t).as_deref() == Some(code.as_str())
                && player_filled(t, "bob") == Some(givens + 1)
        })
        .await;
    ann_screen
        .wait_for("ann sees bob back", |t| {
            player_filled(t, "bob") == Some(givens + 1)
        })
        .await;
    // bob leaves: ann sees one player again
    bob_keys.data_bytes(&b"q"[..]).await.unwrap();
    assert_eq!(bob_screen.closed().await, Some(0));
    ann_screen
        .wait_for("bob gone", |t| {
            t.contains(" (1)") && player_filled(t, "bob").is_none()
        })
        .await;

    // a code no race has, and a level that is none
    let carl = connect_as(server.port, "carl", 12).await;
    let (_keys, out) = open(&carl, 80, 24, Some("join ZZZZ")).await;
    assert_eq!(out.closed().await, Some(1));
    assert!(
        out.received().contains("no room 'ZZZZ' under way"),
        "{}",
        out.received()
    );
    let (_keys, out) = open(&carl, 80, 24, Some("race impossible")).await;
    assert_eq!(out.closed().await, Some(1));
    assert!(
        out.received()
            .contains("no level, board or variant 'impossible'"),
        "{}",
        out.received()
    );
}

/// A player signed in as `user` with key number `key`.
async fn connect_as(port: u16, user: &str, key: u32) -> client::Handle<TrustAll> {
    ssh_client::connect_user(port, user, &new_key(key)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_has_one_game_at_a_time() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let key = new_key(20);
    let first = connect(server.port, &key).await;
    let (_keys, screen) = open(&first, 80, 24, Some("play")).await;
    screen.wait_for("a game", |t| filled(t).is_some()).await;
    let second = connect(server.port, &key).await;
    let (_keys, refused) = open(&second, 80, 24, None).await;
    assert_eq!(refused.closed().await, Some(1));
    let said = refused.received();
    assert!(
        said.contains("playing here already, in another session"),
        "{said}"
    );
    // and nothing of the server's files is shown
    assert!(
        !said.contains(&config.path().display().to_string()),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_shared_board_each_players_entries_land_for_both() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let ann = connect_as(server.port, "ann", 30).await;
    let (ann_keys, ann_screen) = open(&ann, 100, 30, Some("share")).await;
    let opened = ann_screen
        .wait_for("the shared board", |t| {
            t.contains("Shared   ") && filled(t).is_some()
        })
        .await;
    let code = room_code(&opened).unwrap();
    let givens = filled(&opened).unwrap();

    let bob = connect_as(server.port, "bob", 31).await;
    let (bob_keys, bob_screen) = open(&bob, 100, 30, Some(&format!("join {code}"))).await;
    bob_screen
        .wait_for("bob at the board", |t| {
            t.contains(&format!("{code} (2)")) && filled(t) == Some(givens)
        })
        .await;
    // bob's digit lands on ann's board, and ann's on bob's
    bob_keys.data_bytes(&b"\t5"[..]).await.unwrap();
    ann_screen
        .wait_for("bob's digit on ann's board", |t| {
            filled(t) == Some(givens + 1)
        })
        .await;
    ann_keys.data_bytes(&b"\t7"[..]).await.unwrap();
    bob_screen
        .wait_for("ann's digit on bob's board", |t| {
            filled(t) == Some(givens + 2)
        })
        .await;
    ann_screen
        .wait_for("both digits on ann's board", |t| {
            filled(t) == Some(givens + 2)
        })
        .await;
    // each panel lists both players with their cursors' cells
    let seen = ann_screen.text();
    assert!(
        seen.contains(">ann      r") && seen.contains(" bob      r"),
        "{seen}"
    );
}

/// The lines of the board, as far as `width` columns.
fn board_rows(screen: &str, width: usize) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.trim_start().starts_with(['┏', '┃', '┠', '┣', '┗']))
        .map(|l| l.chars().take(width).collect())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picked_name_and_a_variant_board_go_into_a_race() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    // a name is picked once and kept for the key
    let ann = connect_as(server.port, "ann", 40).await;
    let (_keys, out) = open(&ann, 80, 24, Some("name Anna-K")).await;
    assert_eq!(out.closed().await, Some(0), "{}", out.received());
    assert!(
        out.received().contains("you are Anna-K"),
        "{}",
        out.received()
    );
    let (_keys, out) = open(&ann, 80, 24, Some("name a/b")).await;
    assert_eq!(out.closed().await, Some(1));
    assert!(
        out.received().contains("no name 'a/b'"),
        "{}",
        out.received()
    );
    drop(ann);

    let ann = connect_as(server.port, "ann", 40).await;
    let (_ann_keys, ann_screen) = open(&ann, 100, 30, Some("race 6x6 jigsaw")).await;
    let opened = ann_screen
        .wait_for("the jigsaw race", |t| {
            t.contains("Rules    jigsaw")
                && room_code(t).is_some()
                && player_filled(t, "Anna-K").is_some()
                && t.contains("┗")
        })
        .await;
    assert!(opened.contains("6x6"), "{opened}");
    let code = room_code(&opened).unwrap();
    let givens = player_filled(&opened, "Anna-K").unwrap();
    assert!(givens < 36, "{opened}");

    let bob = connect_as(server.port, "bob", 41).await;
    let (_bob_keys, bob_screen) = open(&bob, 100, 30, Some(&format!("join {code}"))).await;
    let joined = bob_screen
        .wait_for("bob in the jigsaw race", |t| {
            t.contains("Rules    jigsaw")
                && player_filled(t, "Anna-K") == Some(givens)
                && player_filled(t, "bob") == Some(givens)
                && t.contains("┗")
        })
        .await;
    // the same puzzle, regions and givens, on bob's board as on ann's
    assert_eq!(board_rows(&joined, 40), board_rows(&opened, 40));
    assert!(board_rows(&joined, 40).len() >= 7, "{joined}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_the_rooms_and_takes_commands() {
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(tudoku(), config.path(), &[]);
    let ann = connect_as(server.port, "ann", 50).await;
    let (_ann_keys, ann_screen) = open(&ann, 100, 30, Some("race medium")).await;
    let opened = ann_screen
        .wait_for("ann's race", |t| room_code(t).is_some() && t.contains("┗"))
        .await;
    let code = room_code(&opened).unwrap();

    let bob = connect_as(server.port, "bob", 51).await;
    let (bob_keys, bob_screen) = open(&bob, 80, 24, None).await;
    let lobby = bob_screen
        .wait_for("the lobby with ann's race", |t| t.contains(&code))
        .await;
    let listed = lobby.lines().find(|l| l.contains(&code)).unwrap();
    assert!(
        listed.contains("race") && listed.contains("9x9 medium") && listed.contains("ann"),
        "{lobby}"
    );
    assert!(lobby.contains("you are bob"), "{lobby}");
    // a command that is none is answered in the lobby, which stays
    bob_keys.data_bytes(&b"race 7\r"[..]).await.unwrap();
    bob_screen
        .wait_for("the refusal", |t| t.contains("no 7x7 board"))
        .await;
    // a name picked in the lobby is kept and shown
    bob_keys.data_bytes(&b"name Bobby\r"[..]).await.unwrap();
    bob_screen
        .wait_for("the new name", |t| {
            t.contains("you are Bobby here from now on") && t.contains("you are Bobby")
        })
        .await;
    // down to ann's race, Enter: bob is in it, under his new name
    bob_keys.data_bytes(&b"\x1b[B\r"[..]).await.unwrap();
    bob_screen
        .wait_for("bob in ann's race", |t| {
            room_code(t).as_deref() == Some(code.as_str()) && t.contains(" (2)")
        })
        .await;
    ann_screen
        .wait_for("ann sees Bobby", |t| player_filled(t, "Bobby").is_some())
        .await;

    // q in the lobby leaves, exit status 0
    let cy = connect_as(server.port, "cy", 52).await;
    let (cy_keys, cy_screen) = open(&cy, 80, 24, None).await;
    cy_screen
        .wait_for("cy's lobby", |t| t.contains("you are cy"))
        .await;
    cy_keys.data_bytes(&b"q"[..]).await.unwrap();
    assert_eq!(cy_screen.closed().await, Some(0));
}

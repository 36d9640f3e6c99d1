//! Variants in the game: the new-game dialog offers them on the boards they
//! are made on, a variant game starts from it, and play obeys the variant's
//! houses (a digit placed takes its notes from diagonal peers too).

use std::time::Instant;

use super::support::app_on;
use crate::game::{Action, Game};
use crate::ui::{Config, DialogOutcome, KeyBindings, Mode, NewGameForm};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tudoku_engine::{
    Difficulty, Shape, Variant, generate_variant, is_solution, largest_variant_side,
};

fn press(form: &mut NewGameForm, code: KeyCode) -> DialogOutcome {
    form.on_key(
        &KeyEvent::new(code, KeyModifiers::NONE),
        &KeyBindings::default(),
    )
}

fn variant(name: &str) -> Variant {
    name.parse().unwrap()
}

#[test]
fn the_dialog_offers_every_variant_and_starts_the_one_picked() {
    let nine = Shape::for_size(9).unwrap();
    let mut form = NewGameForm::new(nine, Variant::CLASSIC, Difficulty::Hard);
    press(&mut form, KeyCode::Down);
    let mut seen = vec![form.variant];
    for _ in 1..Variant::OFFERED.len() {
        press(&mut form, KeyCode::Right);
        seen.push(form.variant);
    }
    assert_eq!(seen, Variant::OFFERED.to_vec());
    press(&mut form, KeyCode::Right);
    assert_eq!(form.variant, Variant::CLASSIC, "the list wraps around");
    // back one: killer+x, then start it
    press(&mut form, KeyCode::Left);
    assert!(form.out_of_reach().unwrap().contains("without a level"));
    match press(&mut form, KeyCode::Enter) {
        DialogOutcome::Start {
            shape,
            variant: picked,
            technique: None,
            ..
        } => {
            assert_eq!(picked, variant("killer+x"));
            assert_eq!(shape, nine);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_variant_s_boards_are_the_ones_it_is_made_on() {
    for name in ["x", "windoku", "jigsaw", "killer", "jigsaw+x"] {
        let v = variant(name);
        let mut form = NewGameForm::new(Shape::for_size(9).unwrap(), v, Difficulty::Easy);
        let mut shapes = Vec::new();
        for _ in 0..Shape::all().count() {
            press(&mut form, KeyCode::Right);
            shapes.push(form.shape);
        }
        for shape in &shapes {
            assert!(shape.n() <= largest_variant_side(v), "{name} on {shape}");
            assert!(!v.windoku || shape.is_square(), "{name} on {shape}");
            // and the generator makes it there (the larger boards take
            // seconds in a debug build; the engine's tests make them)
            if shape.n() > 8 {
                continue;
            }
            let made = generate_variant(*shape, v, 1).unwrap();
            assert!(is_solution(&made.puzzle, &made.solution));
        }
        assert!(shapes.iter().any(|s| s.n() == 4), "{name} offers 4x4");
    }
    // picking a variant on a board it is not made on moves to 9x9
    let mut form = NewGameForm::new(
        Shape::for_size(16).unwrap(),
        Variant::CLASSIC,
        Difficulty::Easy,
    );
    press(&mut form, KeyCode::Down);
    press(&mut form, KeyCode::Right);
    assert_eq!((form.variant, form.shape.n()), (variant("x"), 9));
}

#[test]
fn practising_a_technique_is_classic() {
    let mut form = NewGameForm::new(
        Shape::for_size(9).unwrap(),
        variant("jigsaw"),
        Difficulty::Easy,
    );
    for _ in 0..4 {
        press(&mut form, KeyCode::Down);
    }
    press(&mut form, KeyCode::Right);
    assert!(form.technique.is_some());
    assert_eq!(form.variant, Variant::CLASSIC);
}

#[test]
fn a_variant_game_starts_from_the_dialog_and_counts_in_its_stats() {
    let now = Instant::now();
    let made = generate_variant(Shape::for_size(9).unwrap(), variant("x"), 2).unwrap();
    let game = Game::new(made.puzzle, made.solution, None, None, now).unwrap();
    let mut app = app_on(game, Config::default(), now);
    app.mode = Mode::NewGame(NewGameForm::new(
        Shape::for_size(6).unwrap(),
        variant("jigsaw"),
        Difficulty::Easy,
    ));
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)),
        now,
    );
    while matches!(app.mode, Mode::Generating { .. }) {
        std::thread::sleep(std::time::Duration::from_millis(5));
        app.tick(now);
    }
    assert_eq!(app.mode, Mode::Playing);
    assert_eq!(app.game.variant(), variant("jigsaw"));
    assert_eq!(app.game.shape().n(), 6);
    assert_eq!(app.game.difficulty(), None);
    let message = app.message.clone().unwrap_or_default();
    assert!(message.starts_with("New jigsaw game, seed"), "{message}");
    let category = app
        .stats
        .get(app.game.shape(), variant("jigsaw"), None)
        .expect("the jigsaw game counts in a category of its own");
    assert_eq!(category.started, 1);
    assert_eq!(category.label(), "jigsaw");
}

#[test]
fn placing_a_digit_takes_it_from_the_notes_of_its_diagonal() {
    let nine = Shape::for_size(9).unwrap();
    // a seed whose puzzle leaves r1c1 and r9c9 empty
    let (seed, made) = (0..)
        .map(|seed| (seed, generate_variant(nine, variant("x"), seed).unwrap()))
        .find(|(_, made)| made.puzzle.get(0) == 0 && made.puzzle.get(80) == 0)
        .unwrap();
    let now = Instant::now();
    let mut game = Game::new(made.puzzle, made.solution.clone(), None, Some(seed), now).unwrap();
    game.apply(Action::AutoNotes, now).unwrap();
    let digit = made.solution.get(0);
    // r9c9 shares no row, column or box with r1c1: only the diagonal
    assert!(game.notes(80).contains(digit) || made.solution.get(80) == digit);
    assert!(!game.peers(0).is_empty() && game.peers(0).contains(&80));
    game.apply(Action::Select(0), now).unwrap();
    game.apply(Action::Place(digit), now).unwrap();
    assert!(!game.notes(80).contains(digit));
    // and the notes filled in leave out every digit a diagonal cell holds
    for cell in (0..9).map(|i| i * 10) {
        let v = game.value(cell);
        if v != 0 {
            assert!((0..9).map(|i| i * 10).all(|c| !game.notes(c).contains(v)));
        }
    }
}

#[test]
fn a_hint_on_a_variant_says_hints_are_for_classic_so_far() {
    let made = generate_variant(Shape::for_size(6).unwrap(), variant("x"), 4).unwrap();
    let now = Instant::now();
    let mut game = Game::new(made.puzzle, made.solution, None, None, now).unwrap();
    let refused = game.apply(Action::Hint, now).unwrap_err();
    assert!(
        refused.to_string().contains("classic Sudoku so far"),
        "{refused}"
    );
    assert_eq!(game.hints_used(), 0);
}

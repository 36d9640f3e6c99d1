//! The game's tests that reach inside it: its state, drawing, input and
//! files, driven through the same modules the binary runs (tests that only
//! run the binary are in tests/). One module a subject, as they were when
//! they were tests of their own.

mod scratch;
mod support;

mod cli_parse;
mod fuzz_readers;
mod game_fixes;
mod lifecycle_model;
mod saves_files;
mod saves_limits;
mod saves_roundtrip;
mod tui_draw;
mod tui_events;
mod tui_fixes;
mod tui_game;
mod tui_hint_panel;
mod tui_keys;
mod tui_layout;
mod tui_marks;
mod tui_pad;
mod tui_polish;
mod tui_practise;
mod tui_race;
mod tui_shared;
mod tui_stream_seat;
mod tui_variants;
mod tui_variants_draw;
mod tui_viewport;

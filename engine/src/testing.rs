//! Crate-private items the engine's own tests reach, for them alone: no part of the API,
//! hidden from the documentation, and free to change.
//!
//! Why it exists: the engine's tests are not unit tests (test modules beside the code) but a
//! module of the one integration-test binary (`tests/it/engine_units/`), because a unit-test
//! harness compiles the whole engine a second time (with `--test`), which in the release
//! test build CI runs cost as much as the engine itself (`engine/Cargo.toml` sets
//! `test = false`). What those tests check of the insides (a Betza compound's parts, the
//! slider lookups, the PGN reader's caps, a rider unrolled into leaps, a hand's mask, the
//! same perft on every bitboard width) is reached through here: items that are `pub` in
//! a private module re-exported, the rest through small functions.

use std::io::BufRead;
use std::sync::Arc;

use crate::betza;
use crate::bitboard::{Bitboard, Wide};
use crate::castle_layout::CastlingMode;
use crate::module::ModuleSet;
use crate::movetext::{GameTexts, Games};
use crate::position::Pos;
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Geometry, Square, MAX_PIECE_TYPES};

pub use crate::sliders::{build, cut, cut_runs, magic_entries, ray, runs, split, Magic, Ray};

/// The letters of the atoms a Betza compound stands for (`K` is `WF`, `Q` is `RB`; an
/// atom that is no compound stands for itself). Panics on a letter that is no atom.
pub fn betza_parts(letter: u8) -> String {
    betza::part_letters(letter)
}

/// What the slider lookups without a magic table (the blocker trick's runs) give for the
/// rays `set` from `sq` over occupancy `occ`.
pub fn slider_reach(g: Geometry, sq: Square, set: &[Ray], occ: u64) -> u64 {
    crate::sliders::reach_over(g, sq, set, occ)
}

/// Riders and cannon hops as leaps of every length up to `longest` steps (Janggi's
/// palace lines are compiled so).
pub fn unroll(directions: &[betza::Direction], longest: u8) -> Vec<betza::Direction> {
    crate::features::lines::unroll(directions, longest)
}

/// The mask of the slots of `hand` that hold a piece, looking at the first `types` slots.
pub fn held_mask(hand: &[u8; MAX_PIECE_TYPES], types: usize) -> u64 {
    crate::features::drops::held_mask(hand, types)
}

/// The longest word the movetext scanner reads.
pub const MAX_LEXEME_BYTES: usize = crate::movetext::MAX_LEXEME_BYTES;
/// The longest comment the movetext scanner keeps.
pub const MAX_COMMENT_BYTES: usize = crate::movetext::MAX_COMMENT_BYTES;

/// Sets the most bytes one game may span (`MAX_GAME_BYTES` otherwise).
pub fn set_max_game_bytes<R: BufRead>(games: &mut Games<R>, bytes: usize) {
    games.set_max_game_bytes(bytes);
}

/// Sets the most bytes one game may span in the reader a [`GameTexts`] cuts with.
pub fn set_texts_max_game_bytes<R: BufRead>(texts: &mut GameTexts<R>, bytes: usize) {
    texts.games_mut().set_max_game_bytes(bytes);
}

/// How many bytes the capture of a [`GameTexts`]' reader holds.
pub fn texts_captured_len<R: BufRead>(texts: &GameTexts<R>) -> usize {
    texts.captured_len()
}

/// A bitboard width, for [`perft_on`].
#[derive(Clone, Copy, Debug)]
pub enum Width {
    /// `u64`: boards of up to 64 squares.
    U64,
    /// `u128`.
    U128,
    /// [`Wide`], 256 bits.
    Wide,
}

/// The perft count of `fen` to `depth` under `rules` (without rule modules) on bitboards
/// of `width`, whatever width `Variant` would pick. Not generic, so that the generator is
/// not compiled again in the test binary.
pub fn perft_on(width: Width, rules: &Rules, fen: &str, depth: u32) -> u64 {
    match width {
        Width::U64 => perft_with::<u64>(rules, fen, depth),
        Width::U128 => perft_with::<u128>(rules, fen, depth),
        Width::Wide => perft_with::<Wide>(rules, fen, depth),
    }
}

fn perft_with<B: Bitboard>(rules: &Rules, fen: &str, depth: u32) -> u64 {
    let tables = Arc::new(Tables::<B>::with_modules(Arc::new(rules.clone()), ModuleSet::default()));
    Pos::from_fen_read(tables, fen, CastlingMode::Standard, true).unwrap().perft(depth)
}

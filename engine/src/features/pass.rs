//! Passing (Fairy-Stockfish's `pass` and `passOnStalemate`): instead of moving, a side
//! hands the turn over. The top-level key `pass = "always"` lets a side pass on any
//! turn it is not in check (Janggi); `pass = "when-stuck"` only when it has no other
//! legal move and is not in check (Othello); `pass = { white = …, black = … }` gives each
//! side its own. Two passes in a row end the game (as in Fairy-Stockfish, whose
//! adjudication is a draw unless the variant counts material).
//!
//! A pass is a [`MoveKind::Pass`] on the square of the passing side's royal piece (its
//! lowest royal), or of its lowest piece when it has none, since that is how
//! Fairy-Stockfish writes it (`e2e2` in Janggi). It changes nothing but the side to move,
//! the en-passant square and the clocks: no piece moves, no right is lost, and the
//! move-rule counter runs on.

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::movegen::{Erased, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::Passing;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, Square};

/// The `pass` key: one word for both sides, or a table with one per side.
pub(crate) enum RawPass {
    Both(String),
    Sides { white: String, black: String },
}

impl<'de> Deserialize<'de> for RawPass {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawPass;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"never\", \"always\", \"when-stuck\", or a table { white = …, black = … }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawPass, E> {
                Ok(RawPass::Both(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawPass, A::Error> {
                #[derive(Deserialize)]
                #[serde(deny_unknown_fields)]
                struct Sides {
                    white: String,
                    black: String,
                }
                let s = Sides::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(RawPass::Sides { white: s.white, black: s.black })
            }
        }
        d.deserialize_any(V)
    }
}

/// Compiles the `pass` key (absent: no side passes).
pub(crate) fn compile(raw: Option<&Spanned<RawPass>>, cx: &Context) -> Result<ByColor<Passing>, RulesetError> {
    let Some(raw) = raw else { return Ok(ByColor::both(Passing::Never)) };
    let word = |w: &str| match w {
        "never" => Ok(Passing::Never),
        "always" => Ok(Passing::Always),
        "when-stuck" => Ok(Passing::WhenStuck),
        other => Err(cx.r.span(raw, "pass", format!("`{other}`: expected \"never\", \"always\" or \"when-stuck\""))),
    };
    match raw.get_ref() {
        RawPass::Both(w) => Ok(ByColor::both(word(w)?)),
        RawPass::Sides { white, black } => Ok(ByColor::new(word(white)?, word(black)?)),
    }
}

impl<B: Bitboard> Pos<B> {
    /// Every legal move, a pass included where the side to move may pass.
    pub(crate) fn generate_with_pass<S: MoveSink>(&self, sink: &mut S) {
        let rule = self.t.rules.pass[self.turn];
        let Some(sq) = self.pass_square() else { return self.generate_unpassed(sink) };
        match rule {
            Passing::Never => self.generate_unpassed(sink),
            Passing::Always => {
                self.generate_unpassed(sink);
                if self.may_pass_now() {
                    sink.push(Move::new(sq, sq, MoveKind::Pass, Move::NO_PROMOTION));
                }
            }
            Passing::WhenStuck => {
                let mut n = 0;
                self.generate_unpassed(&mut Erased(&mut |m| {
                    n += 1;
                    sink.push(m);
                }));
                if n == 0 && self.may_pass_now() {
                    sink.push(Move::new(sq, sq, MoveKind::Pass, Move::NO_PROMOTION));
                }
            }
        }
    }

    /// The square a pass is written on: the lowest royal piece's, else the lowest
    /// piece's of the side to move; none without a piece (no pass then).
    fn pass_square(&self) -> Option<Square> {
        let royals = self.royals(self.turn);
        let own = if royals.any() { royals } else { self.board.by_color[self.turn] };
        own.any().then(|| own.lsb())
    }

    /// Whether passing is not ruled out now: the game goes on and no royal is in check.
    fn may_pass_now(&self) -> bool {
        // Bikjang allows a pass even in check (Fairy-Stockfish's `legal`).
        !(self.t.ends_by_rule && self.ended_by_rule().is_some()) && (!self.is_check() || self.royals_facing())
    }

    /// The end by two passes in a row: a draw, or scored by the material count
    /// (`[end.material_count]`, `features/bikjang.rs`).
    pub(crate) fn passed_twice(&self) -> Option<Outcome> {
        let n = self.history.len();
        let passed = |i: usize| self.history[i].mv.kind == MoveKind::Pass;
        (n >= 2 && passed(n - 1) && passed(n - 2)).then(|| self.counted(EndReason::Passes))
    }

    /// Why a pass is refused here (it is not among the legal moves).
    pub(crate) fn explain_pass(&self, text: &str) -> Result<Move, MoveError> {
        let us = self.turn;
        let rule = self.t.rules.pass[us];
        if rule == Passing::Never {
            return refuse(IllegalCode::PassForbidden, format!("{us} may not pass in {}", self.t.rules.name));
        }
        if self.pass_square().is_none() {
            return refuse(IllegalCode::PassForbidden, format!("{us} has no piece to pass with"));
        }
        if self.t.ends_by_rule && self.ended_by_rule().is_some() {
            return refuse(IllegalCode::PassForbidden, "the game is over".to_string());
        }
        if self.is_check() {
            return refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the royal piece in check"));
        }
        refuse(IllegalCode::PassForbidden, format!("{us} may pass only without another legal move"))
    }
}

/// Whether `text` is one of the ways a pass is written: `pass`, `--` (PGN's null move),
/// `0000` (UCI's), `@@@@` (XBoard's).
pub(crate) fn is_pass_text(text: &str) -> bool {
    matches!(text, "pass" | "--" | "0000" | "@@@@")
}

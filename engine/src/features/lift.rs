//! Lifting: instead of moving, a player puts one of his own non-royal pieces into his
//! hand, and it becomes a member of its mutation class (or of the next class up, from
//! the ranks that raise it).
//!
//! This file owns the rule whole: the `[lift]` schema and compile step, the lifts
//! generated, their effect, and why a lift is refused. (What a piece may become is a
//! question of the rules alone: [`crate::rules::Rules::lift_choices`].)

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::{Pos, HAND_MAX};
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::{Lift, Region, ResetEvent};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::Color;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLift {
    #[serde(default)]
    raise_ranks: Option<Spanned<Vec<u8>>>,
    #[serde(default)]
    not_on_first_move: Vec<Spanned<String>>,
}

/// Compiles the `[lift]` table (lifting needs hands: `has_drops`).
pub(crate) fn compile(l: &Spanned<RawLift>, has_drops: bool, cx: &Context) -> Result<Lift, RulesetError> {
    if !has_drops {
        return Err(cx.r.span(l, "lift", "lifting puts pieces into the hand: add a [drops] table"));
    }
    let raise_ranks = match &l.get_ref().raise_ranks {
        Some(ranks) => cx.ranks(ranks, "lift.raise_ranks")?,
        None => Region::default(),
    };
    let mut not_on_first_move = Vec::new();
    for side in &l.get_ref().not_on_first_move {
        not_on_first_move.push(match side.get_ref().as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(cx.r.span(side, "lift.not_on_first_move", format!("`{other}`: expected \"white\" or \"black\""))),
        });
    }
    Ok(Lift { raise_ranks, not_on_first_move })
}

impl<B: Bitboard> Pos<B> {
    #[inline]
    pub(crate) fn generate_lifts<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let Some(lift) = &t.rules.lift else { return };
        let us = self.turn;
        if self.status.fullmove == 1 && lift.not_on_first_move.contains(&us) {
            return;
        }
        let in_hand: u32 = self.hands[us][..t.types].iter().map(|&n| n as u32).sum();
        if t.hand_capacity.is_some_and(|c| in_hand >= c as u32) {
            return;
        }
        let raised = t.lift_raise[us];
        for sq in self.board.by_color[us].squares() {
            let p = self.piece_at(sq).expect("own piece");
            let choices = t.lift_choices[p.kind][raised.has(sq) as usize];
            if choices.is_empty() {
                continue;
            }
            let m = Move::new(sq, sq, MoveKind::Lift, Move::NO_PROMOTION);
            // Taking a piece off the board never ends a check.
            let legal = if safety.free.has(sq) { !safety.in_check } else { self.is_safe_after(m, safety.royals) };
            if legal {
                for c in choices.iter().filter(|&c| self.hands[us][c] < HAND_MAX) {
                    sink.push(Move { piece: c, ..m });
                }
            }
        }
    }

    /// Plays a lift; whether it resets the move-rule counter.
    #[inline]
    pub(crate) fn play_lift(&mut self, m: Move) -> bool {
        let t = &*self.t;
        let us = self.turn;
        let p = self.board.take(m.from);
        self.status.hash ^= t.piece_key(us, p.kind, m.from);
        let n = self.hands[us][m.piece];
        self.hands[us][m.piece] = n + 1;
        self.status.hash ^= Zobrist::hand(us, m.piece, n) ^ Zobrist::hand(us, m.piece, n + 1);
        // Going up a class is this variant's promotion.
        t.rules.piece(m.piece).class > t.rules.piece(p.kind).class && t.resets & (1 << ResetEvent::Promotion as u8) != 0
    }

    /// A lift written `Rh1^I` (or `h1^i`): the legal lift, or why there is none.
    pub(crate) fn explain_lift(&mut self, text: &str, piece_square: &str, new: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let t = self.t.clone();
        let rules = &t.rules;
        let g = self.t.geometry;
        let us = self.turn;
        let unreadable = || refuse(IllegalCode::Unparsable, format!("cannot read `{text}` as a move"));
        let (letter, square) = match piece_square.chars().next() {
            Some(c) if c.is_ascii_uppercase() => (Some(c), &piece_square[1..]),
            _ => (None, piece_square),
        };
        let Some(sq) = g.parse_square(square) else { return unreadable() };
        let mut new_chars = new.chars();
        let (Some(n), None) = (new_chars.next(), new_chars.next()) else { return unreadable() };
        let Some(to) = rules.piece_by_letter(n).filter(|_| n.is_ascii_alphabetic()) else {
            return refuse(IllegalCode::Unparsable, format!("`{n}` is not a piece of {}", rules.name));
        };
        if let Some(m) = legal.iter().find(|m| m.kind == MoveKind::Lift && m.from == sq && m.piece == to) {
            if letter.is_none_or(|l| self.piece_at(sq).is_some_and(|p| rules.piece(p.kind).letter == Some(l))) {
                return Ok(*m);
            }
        }
        let Some(lift) = &rules.lift else {
            return refuse(IllegalCode::Unparsable, format!("{} has no lifting into the hand", rules.name));
        };
        let Some(p) = self.piece_at(sq).filter(|p| p.color == us) else {
            return refuse(IllegalCode::NoSuchPiece, format!("no {us} piece on {square}"));
        };
        let name = &rules.piece(p.kind).name;
        if letter.is_some_and(|l| rules.piece(p.kind).letter != Some(l)) {
            return refuse(IllegalCode::NoSuchPiece, format!("the {us} piece on {square} is a {name}"));
        }
        if self.status.fullmove == 1 && lift.not_on_first_move.contains(&us) {
            return refuse(IllegalCode::LiftForbidden, format!("{us} may not put a piece into the hand on the first move"));
        }
        let choices = rules.lift_choices(p.kind, g.relative_rank(sq, us));
        if choices.is_empty() {
            return refuse(IllegalCode::LiftChoice, format!("a {name} cannot be put into the hand"));
        }
        if !choices.contains(&to) {
            let letters: Vec<String> = choices.iter().map(|&c| rules.symbol(c).to_string()).collect();
            return refuse(IllegalCode::LiftChoice, format!("a {name} lifted from {square} may become {} only", letters.join(", ")));
        }
        let capacity = rules.drops.as_ref().and_then(|d| d.capacity);
        if let Some(c) = capacity.filter(|&c| self.hands[us].iter().map(|&n| n as u32).sum::<u32>() >= c as u32) {
            return refuse(IllegalCode::HandFull, format!("{us}'s hand is full ({c} piece{})", if c == 1 { "" } else { "s" }));
        }
        if self.hands[us][to] == HAND_MAX {
            let what = &rules.piece(to).name;
            return refuse(IllegalCode::HandFull, format!("{us}'s hand holds {HAND_MAX} of {what}, the most of one piece"));
        }
        let royal = rules.pieces.iter().find(|p| p.royal).map_or("royal piece", |p| p.name.as_str());
        refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the {royal} in check"))
    }
}

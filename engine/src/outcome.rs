//! How a game ends: checkmate, stalemate, repetition, the n-move rule.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::rules::Verdict;
use crate::types::{Color, PieceType};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
    /// Neither side can ever mate (FIDE's dead position, by material).
    InsufficientMaterial,
    /// The side to move has lost its whole army.
    ArmyCaptured,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::MoveRule => "move-rule",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::ArmyCaptured => "army-captured",
        }
    }
}

/// A finished game: who won (`None` = draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// The PGN result token.
    pub fn score(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} {} wins by {}", self.score(), c, self.reason.as_str()),
            None => write!(f, "{} draw by {}", self.score(), self.reason.as_str()),
        }
    }
}

fn verdict(v: Verdict, side: Color, reason: EndReason) -> Outcome {
    let winner = match v {
        Verdict::Win => Some(side),
        Verdict::Loss => Some(side.opponent()),
        Verdict::Draw => None,
    };
    Outcome { winner, reason }
}

impl<B: Bitboard> Pos<B> {
    /// The game's result, if the position ends it.
    pub fn outcome(&self) -> Option<Outcome> {
        let end = &self.t.rules.end;
        let side = self.turn;
        if let Some(v) = end.army_captured.filter(|_| self.army_gone(side)) {
            return Some(verdict(v, side, EndReason::ArmyCaptured));
        }
        if self.count_moves() == 0 {
            return Some(if self.is_check() {
                verdict(end.checkmate, side, EndReason::Checkmate)
            } else {
                verdict(end.stalemate, side, EndReason::Stalemate)
            });
        }
        if end.repetition >= 2 && self.repetitions() >= end.repetition as usize {
            return Some(Outcome { winner: None, reason: EndReason::Repetition });
        }
        if end.move_rule > 0 && self.halfmove >= 2 * end.move_rule {
            return Some(Outcome { winner: None, reason: EndReason::MoveRule });
        }
        if self.insufficient_material() {
            return Some(Outcome { winner: None, reason: EndReason::InsufficientMaterial });
        }
        None
    }

    /// Whether the material on the board is one of the ruleset's dead cases.
    pub fn insufficient_material(&self) -> bool {
        let t = &*self.t;
        let Some(im) = &t.rules.end.insufficient_material else { return false };
        // Material still to come: pieces in hand, or coins enough to buy or upgrade.
        if self.hands.iter().any(|h| h.iter().any(|&n| n > 0)) {
            return false;
        }
        if let Some(e) = &t.rules.economy {
            let cheapest = e.buy.iter().map(|b| b.1).chain(e.upgrades.iter().map(|u| u.cost)).min();
            if cheapest.is_some_and(|c| self.coins.iter().any(|&coins| coins >= c)) {
                return false;
            }
        }
        let occupied = self.occupied();
        let royals = self.royals(Color::White) | self.royals(Color::Black);
        let others = occupied & !royals;
        let of_types = |types: &[PieceType]| self.of_types(types.iter().fold(0, |m, &pt| m | 1 << pt));
        if others.is_single() && of_types(&im.lone).has(others.lsb()) {
            return true;
        }
        // Every other piece of a same-colour type, all on one colour (none at all: bare royals).
        if (others & !of_types(&im.same_color)).any() {
            return false;
        }
        let mut colours = others.squares().map(|sq| t.rules.is_light(sq));
        match colours.next() {
            None => true,
            Some(first) => colours.all(|c| c == first),
        }
    }
}

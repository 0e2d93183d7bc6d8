//! How a game ends: checkmate, stalemate, repetition, the n-move rule.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::rules::Verdict;
use crate::types::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Repetition,
    MoveRule,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::MoveRule => "move-rule",
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
        None
    }
}

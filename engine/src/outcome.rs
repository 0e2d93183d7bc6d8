//! How a finished game ended: who won, and why.

use std::fmt;

use crate::rules::Verdict;
use crate::types::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move; the variant's
    /// [`crate::rules::EndRules`] say who that favours.
    Stalemate,
    /// The same position occurred as often as the variant's repetition rule allows.
    Repetition,
    /// A repetition in which a side gave check with every move of the cycle
    /// (`perpetual_check`): decided against it, or a draw when both sides did.
    PerpetualCheck,
    /// A repetition in which a side chased a piece with every move of the cycle
    /// (`[end.perpetual_chase]`): decided against it, or a draw when both sides did.
    PerpetualChase,
    /// A repetition completed by a side that attacked with every one of its moves in it
    /// (`[end.perpetual_attack]`: Chu shogi as lishogi plays it): decided against it.
    PerpetualAttack,
    /// The halfmove clock reached the variant's limit (chess's fifty-move rule).
    MoveRule,
    /// Neither side can ever mate (FIDE's dead position, by material).
    InsufficientMaterial,
    /// The side to move has lost its whole army.
    ArmyCaptured,
    /// A side has too few pieces of a kind left (`[[end.extinction]]`).
    Extinction,
    /// A side brought its pieces onto its goal squares (`[end.region_win]`).
    RegionReached,
    /// A side made a castle that wins, or lost the last right to one (`[end]
    /// castling_wins`: Castle chess).
    Castling,
    /// The side that just moved lined its pieces up (`[end.connect]`: so many in a row,
    /// a square block, on one line, or a chain joining two regions).
    Connected,
    /// The count of Makruk's counting rules ran out (`[end.counting]`).
    Counting,
    /// A checkmate the mate rule scores otherwise (`[end.mate_rule]`: Shatar's mate by
    /// knights alone, or without a check by a rook, bers or knight in its series).
    MateRule,
    /// Both sides passed, one after the other (`pass`).
    Passes,
    /// The royal pieces faced each other in two positions in a row (Janggi's bikjang,
    /// `[end] bikjang`).
    Bikjang,
    /// A player moved one piece back and forth between two squares turn after turn
    /// (`[end] shuttling`, Kakao Janggi's ban on repeating a move).
    Shuttling,
    /// A side with its royal and one piece that promotes as a move, not in check, could
    /// move only by promoting (`[end] forced_promotion`: Sittuyin's rule 3.9 c.7).
    ForcedPromotion,
    /// No square is left empty (`[end] full_board`: Reversi, Ataxx), scored by the
    /// material count.
    FullBoard,
    /// A side gave its n-th check (`[end] checks`: Three-check).
    Checks,
    /// A rule module ended the game, for the reason it names (`king-exploded`).
    Rule(&'static str),
}

impl EndReason {
    /// Whether the end rests on the move rule (a claim of it is a different claim from
    /// one by repetition, whose perpetual rules may give other reasons).
    pub fn is_move_rule(self) -> bool {
        self == EndReason::MoveRule
    }

    /// A stable kebab-case name (`checkmate`, `move-rule`, or a module's own word), for
    /// machine-readable output.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual-check",
            EndReason::PerpetualChase => "perpetual-chase",
            EndReason::PerpetualAttack => "perpetual-attack",
            EndReason::MoveRule => "move-rule",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::ArmyCaptured => "army-captured",
            EndReason::Extinction => "extinction",
            EndReason::RegionReached => "region-reached",
            EndReason::Castling => "castling",
            EndReason::Connected => "connection",
            EndReason::Counting => "counting",
            EndReason::MateRule => "mate-rule",
            EndReason::Passes => "passes",
            EndReason::Bikjang => "bikjang",
            EndReason::Shuttling => "shuttling",
            EndReason::ForcedPromotion => "forced-promotion",
            EndReason::FullBoard => "full-board",
            EndReason::Checks => "checks",
            EndReason::Rule(reason) => reason,
        }
    }
}

/// A finished game: who won and why. `Display` prints it as `1-0 white wins by
/// checkmate` or `1/2-1/2 draw by stalemate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
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

impl Outcome {
    /// The outcome that verdict `v` for `side` gives: a win for `side`, a win for its
    /// opponent, or a draw. Rule modules build their outcomes with it.
    pub fn for_side(v: Verdict, side: Color, reason: EndReason) -> Outcome {
        let winner = match v {
            Verdict::Win => Some(side),
            Verdict::Loss => Some(side.opponent()),
            Verdict::Draw => None,
        };
        Outcome { winner, reason }
    }
}

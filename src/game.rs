//! What every front end (the CLI, its server, the Python package) says alike about a game:
//! how a result reads, which moves it refuses once the game is over, and where in a
//! game's movetext a move fails.

use std::fmt;

use chimera_engine::movetext::{MoveRef, MoveToken};
use chimera_engine::{Claim, Color, EndReason, IllegalCode, Move, MoveError, Outcome, Position};

/// A result with its reason: `1-0 (white wins by checkmate)`, `1/2-1/2 (draw by 3-fold repetition)`.
pub fn describe_outcome(o: Outcome, pos: &Position) -> String {
    let end = &pos.rules().end;
    let reason = match o.reason {
        EndReason::Checkmate => "checkmate".to_string(),
        EndReason::Stalemate => "stalemate".to_string(),
        EndReason::Repetition => format!("{}-fold repetition", pos.repetitions()),
        EndReason::PerpetualCheck => format!("perpetual check ({}-fold repetition)", pos.repetitions()),
        EndReason::PerpetualChase => format!("perpetual chase ({}-fold repetition)", pos.repetitions()),
        EndReason::PerpetualAttack => format!("perpetual attack ({}-fold repetition)", pos.repetitions()),
        EndReason::MoveRule => {
            let automatic = end.move_rule.automatic != 0 && pos.halfmove_clock() >= 2 * end.move_rule.automatic;
            format!("the {}-move rule", if automatic { end.move_rule.automatic } else { end.move_rule.claim })
        }
        EndReason::InsufficientMaterial => "insufficient material (dead position)".to_string(),
        EndReason::ArmyCaptured => "capturing the whole army".to_string(),
        EndReason::Extinction => "extinction".to_string(),
        EndReason::RegionReached => "reaching the goal region".to_string(),
        EndReason::Connected => "a connection".to_string(),
        EndReason::Counting => match pos.counting() {
            Some((limit, _)) => format!("the count of {} moves", limit / 2),
            None => "counting".to_string(),
        },
        EndReason::MateRule if o.winner.is_some() => "a mate the mate rule forbids".to_string(),
        EndReason::MateRule => "a mate the mate rule does not count".to_string(),
        EndReason::Passes => "two passes in a row".to_string(),
        EndReason::Bikjang => "bikjang: the generals faced each other twice in a row".to_string(),
        EndReason::Shuttling => "shuttling: one piece moved back and forth five turns in a row".to_string(),
        EndReason::FullBoard => "a full board".to_string(),
        EndReason::Checks => "checks".to_string(),
        EndReason::Castling => "castling (a castle that wins, or the last right to one lost)".to_string(),
        EndReason::ForcedPromotion => "a promotion that may not be forced: the only moves left".to_string(),
        EndReason::Rule(reason) => reason.replace('-', " "),
    };
    match o.winner {
        Some(c) => format!("{} ({c} wins by {reason})", o.score()),
        None => format!("{} (draw by {reason})", o.score()),
    }
}

/// A claim in words: `1/2-1/2 (draw by 3-fold repetition)`, or for a claim made by
/// announcing a move, `1/2-1/2 (draw by 3-fold repetition, announcing Nf3)`.
pub fn describe_claim(c: Claim, pos: &mut Position) -> String {
    let Some(m) = c.by else { return describe_outcome(c.outcome, pos) };
    let san = pos.san(m);
    pos.play_unchecked(m);
    let described = describe_outcome(c.outcome, pos);
    pos.undo();
    match described.strip_suffix(')') {
        Some(head) => format!("{head}, announcing {san})"),
        None => described,
    }
}

/// The refusal of any move once the game has ended with `o`. The kernel plays on past
/// an end (its caller decides); the front ends stop there.
pub fn game_over(o: Outcome, pos: &Position) -> MoveError {
    MoveError { code: IllegalCode::GameOver, message: format!("the game is already over: {}", describe_outcome(o, pos)) }
}

/// The move `text` stands for, or why it cannot be played here: `game-over` first, then
/// the kernel's reasons. The position is unchanged.
pub fn judge(pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    // The usual text, plain SAN naming one legal move, is found among its pieces' moves:
    // a legal move exists, so the end of the game needs no count of them.
    if let Some(m) = pos.parse_named_move(text) {
        return match pos.outcome_given(|| 1) {
            Some(o) => Err(game_over(o, pos)),
            None => Ok(m),
        };
    }
    // The legal moves, generated where the end of the game asks for them, serve the
    // reading of the move too.
    let mut legal = None;
    if let Some(o) = pos.outcome_given(|| {
        let moves = pos.legal_moves();
        let n = moves.len() as u64;
        legal = Some(moves);
        n
    }) {
        return Err(game_over(o, pos));
    }
    match legal {
        Some(legal) => pos.parse_move_among(text, &legal),
        None => pos.parse_move(text),
    }
}

/// The parts a turn's text stands for (`e2e4,e4e5`, or one part, as
/// [`Position::parse_turn`] reads it), or why it cannot be played here: `game-over`
/// first, then the kernel's reasons. The position is unchanged.
pub fn judge_turn(pos: &mut Position, text: &str) -> Result<Vec<Move>, MoveError> {
    if !text.contains(',') {
        // One part: read as `Position::parse_turn` reads it.
        return judge(pos, text).map(|m| vec![m]);
    }
    judge_parts(pos, text)
}

/// Plays the turn `text` stands for ([`judge_turn`]), or says why it cannot be played
/// here (the position unchanged).
pub fn play_turn(pos: &mut Position, text: &str) -> Result<(), MoveError> {
    if !text.contains(',') {
        // One part, the usual case: no list of parts.
        return judge(pos, text).map(|m| pos.play_unchecked(m));
    }
    judge_parts(pos, text).map(|parts| parts.into_iter().for_each(|part| pos.play_unchecked(part)))
}

/// The parts of a turn written with commas (`e2e4,e4e5`).
fn judge_parts(pos: &mut Position, text: &str) -> Result<Vec<Move>, MoveError> {
    if let Some(o) = pos.outcome() {
        return Err(game_over(o, pos));
    }
    pos.parse_turn(text)
}

/// `White` / `Black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Where the side to move stands in the game: `move 12. for White`, `move 12... for Black`.
pub fn move_label(pos: &Position) -> String {
    let dots = if pos.turn() == Color::White { "." } else { "..." };
    format!("move {}{dots} for {}", pos.fullmove_number(), side_name(pos.turn()))
}

/// A move of a game's movetext that could not be played, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Its place among the game's moves, from 1.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// Where the game stood: `move 12. for White`, with `, written 13.` when the text
    /// numbers the move otherwise (published scores skip or repeat numbers).
    pub at: String,
    /// Why it was refused.
    pub error: MoveError,
}

impl fmt::Display for Refused {
    /// ``ply N (move M. for White): `text`: reason``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {} ({}): `{}`: {}", self.ply, self.at, self.text, self.error.message)
    }
}

impl std::error::Error for Refused {}

/// Plays moves read from movetext, in order (a turn of several parts written with
/// commas, `e2e4,e4e5`, part by part); the first that cannot be played (or comes after
/// the end of the game) is refused, and the position stays where it was before it.
pub fn play_movetext<'a>(pos: &mut Position, moves: impl IntoIterator<Item = &'a MoveToken>) -> Result<(), Refused> {
    moves.into_iter().try_for_each(|m| play_move(pos, m.borrowed()))
}

/// Plays one move read from movetext ([`play_movetext`]), or refuses it, the position
/// left where it was.
pub fn play_move(pos: &mut Position, m: MoveRef<'_>) -> Result<(), Refused> {
    play_turn(pos, m.text).map_err(|error| {
        let label = move_label(pos);
        let at = match m.written {
            Some(w) if !label.starts_with(&format!("move {w} ")) => format!("{label}, written {w}"),
            _ => label,
        };
        Refused { ply: m.ply, text: m.text.to_string(), at, error }
    })
}

//! Sentences about a game for people: whose move it is, how a game ended. Every front
//! end (the CLI, `serve`, the PGN checker, the Python package) says these the same way.

use chimera_engine::{Color, EndReason, Outcome, Position};

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

/// A result with its reason: `1-0 (white wins by checkmate)`, `1/2-1/2 (draw by 3-fold repetition)`.
pub fn describe_outcome(o: Outcome, pos: &Position) -> String {
    let end = &pos.rules().end;
    let reason = match o.reason {
        EndReason::Checkmate => "checkmate".to_string(),
        EndReason::Stalemate => "stalemate".to_string(),
        EndReason::Repetition => format!("{}-fold repetition", end.repetition),
        EndReason::MoveRule => format!("the {}-move rule", end.move_rule),
        EndReason::InsufficientMaterial => "insufficient material (dead position)".to_string(),
        EndReason::ArmyCaptured => "capturing the whole army".to_string(),
        EndReason::Extinction => "extinction".to_string(),
        EndReason::Rule(reason) => reason.replace('-', " "),
    };
    match o.winner {
        Some(c) => format!("{} ({c} wins by {reason})", o.score()),
        None => format!("{} (draw by {reason})", o.score()),
    }
}

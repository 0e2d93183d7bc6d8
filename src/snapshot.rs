//! The canonical text of a position's legal moves, for snapshot tests: what
//! `chimera moves --snapshot` prints and what `tests/cases/` pins.
//!
//! ```text
//! fen: 1k4/4P1/6/6/6/R2K2 w - - 0 1
//! check: no
//! result: *
//! moves: 15
//! a1a2 Ra2 => 1k4/4P1/6/6/R5/3K2 b - - 1 1
//! …
//! ```
//!
//! One line per legal move, sorted by the long algebraic form: that form, the SAN, and
//! the FEN after the move — so a snapshot pins both which moves are legal and what
//! each of them does.

use chimera_engine::Position;

/// Renders `pos` (left as it was). Once the game is over ([`Position::outcome`]) no move
/// is listed, as every front end lists none; a draw the side to move may claim is a
/// `claimable:` line (absent when there is none).
pub fn render(pos: &mut Position) -> String {
    let mut out = format!("fen: {}\ncheck: {}\n", pos.fen(), if pos.is_check() { "yes" } else { "no" });
    let outcome = pos.outcome();
    out += &match outcome {
        Some(o) => format!("result: {o}\n"),
        None => "result: *\n".to_string(),
    };
    for c in pos.claims() {
        out += &format!("claimable: {}\n", crate::game::describe_claim(c, pos));
    }
    let moves = if outcome.is_some() { Vec::new() } else { pos.moves_with_notation() };
    out += &format!("moves: {}\n", moves.len());
    for (m, uci, san) in moves {
        pos.play_unchecked(m);
        out += &format!("{uci} {san} => {}\n", pos.fen());
        pos.undo();
    }
    out
}

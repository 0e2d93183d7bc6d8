//! pyffish's `count_started` (`get_fen`, `is_optional_game_end`): in Makruk's family a
//! player may declare the board's honour count at a move of the game's choosing (game
//! servers keep that ply), where Chimera's rules start it by themselves. Fairy-Stockfish
//! (`Position::counting_ply` and `counting_limit`): with `count_started` 0 the count the
//! rules keep; below 0, no count declared (0 plies counted); above 0, the game ply
//! (`2 × (fullmove − 1)`, one more with Black to move) at which it was declared, counted
//! from there. The pieces' honour, which no player declares, keeps the rules' count; and
//! in Cambodian (the board's honour that counts with pawns on the board) a declared board
//! count shorter than the rules' replaces it, with its own limit.

use chimera::{Color, Position};

/// The count as Fairy-Stockfish has it for `count_started`: `(limit, plies counted)` in
/// plies, or `None` while the rules run no count (pyffish then writes none either).
pub fn count(pos: &Position, count_started: i32) -> Option<(u16, u16)> {
    let (limit, ply) = pos.counting()?;
    if count_started == 0 {
        return Some((limit, ply));
    }
    let rules = pos.rules();
    let counting = rules.end.counting.as_ref()?;
    let game_ply = 2 * (pos.fullmove_number() as i32 - 1) + i32::from(pos.turn() == Color::Black);
    let declared_ply = if count_started < 0 { 0 } else { (1 + game_ply - count_started).max(0) };
    let board_limit = 2 * i32::from(counting.board_moves);
    let shorter = counting.board_with_pawns && board_limit - declared_ply < i32::from(limit) - i32::from(ply);
    let (mut pawns, mut pieces) = (false, [0u32; 2]);
    for sq in 0..rules.geometry.squares() {
        if let Some(p) = pos.piece_at(chimera::Square::new(sq as u8)) {
            pawns |= rules.piece(p.kind).pawn;
            pieces[p.color.index()] += 1;
        }
    }
    let pieces_honour = !pawns && pieces.iter().any(|&n| n <= 1) && !shorter;
    let limit = if shorter { board_limit as u16 } else { limit };
    let ply = if pieces_honour { ply } else { declared_ply.min(i32::from(u16::MAX)) as u16 };
    Some((limit, ply))
}

/// `fen` (Chimera's, for pyffish) with the count of `count_started` in its fields: the
/// limit in the en-passant field, the plies counted in the halfmove field.
pub fn in_fen(fen: String, pos: &Position, count_started: i32) -> String {
    let (Some(rules_count), Some((limit, ply))) = (pos.counting(), count(pos, count_started)) else { return fen };
    if rules_count == (limit, ply) {
        return fen;
    }
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if fields.len() > 4 {
        fields[3] = limit.to_string();
        fields[4] = ply.to_string();
    }
    fields.join(" ")
}

/// Whether the declared count has run out: a draw the side to move may claim (not when
/// it is mated).
pub fn run_out(pos: &Position, count_started: i32) -> bool {
    count(pos, count_started).is_some_and(|(limit, ply)| ply > limit) && !(pos.is_check() && pos.count_moves() == 0)
}

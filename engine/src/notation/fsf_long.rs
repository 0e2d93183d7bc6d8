//! Fairy-Stockfish's long algebraic form, the moves its UCI speaks and pyffish takes:
//! Chimera's long form but for a piece turning to its promoted face (Shogi's promotion,
//! `b7b8+`) or back (Kyoto shogi, `b7b8-`), and a promoted face dropped (`+P@c3`).
//! Everything else (a pawn's promotion `e7e8q`, drops `N@e4`, castles, multi-part turns)
//! is written alike. `chimera uci` and `chimera.compat` speak it.

use crate::moves::{Move, MoveKind};
use crate::refusal::{IllegalCode, MoveError};
use crate::rules::Rules;
use crate::types::PieceType;
use crate::variant::Position;

impl Position {
    /// The legal move `m` as Fairy-Stockfish writes it in long algebraic form (what
    /// [`Position::parse_fsf_long`] reads).
    pub fn fsf_long(&self, m: Move) -> String {
        let rules = self.rules();
        if m.kind == MoveKind::Drop {
            // (A face that may stand unpromoted is dropped so: by its letter.)
            if let Some(base) = rules.promoted_from(m.piece).filter(|_| !rules.unpromoted_face(m.piece)) {
                let text = self.uci(m);
                let square = text.split_once('@').map_or("", |(_, sq)| sq);
                return format!("+{}@{square}", rules.symbol(base));
            }
            return self.uci(m);
        }
        let (Some(p), Some(mover)) = (m.promotion(), self.piece_at(m.from)) else { return self.uci(m) };
        let Some(turn) = turn_mark(rules, mover.kind, p) else { return self.uci(m) };
        let mut text = self.uci(Move { piece: Move::NO_PROMOTION, ..m });
        text.push(turn);
        text
    }

    /// Reads a move written as Fairy-Stockfish writes it in long algebraic form (or in
    /// Chimera's, which differs only where a promotion names the new piece). A castle must
    /// be written as Fairy-Stockfish writes it (`e8c8`; the king taking its rook only where
    /// that is how it is written, as in Chess960).
    pub fn parse_fsf_long(&mut self, text: &str) -> Result<Move, MoveError> {
        let (base, up) = match text.strip_suffix('+') {
            Some(b) => (b, Some(true)),
            None => (text.strip_suffix('-').unwrap_or(text), text.ends_with('-').then_some(false)),
        };
        if let (Some(up), false) = (up, base.contains('@')) {
            let mark = if up { '+' } else { '-' };
            let hit = self.legal_moves().into_iter().find(|&m| {
                let turned = match (m.promotion(), self.piece_at(m.from)) {
                    (Some(p), Some(mover)) => turn_mark(self.rules(), mover.kind, p) == Some(mark),
                    _ => false,
                };
                let written = self.uci(m);
                m.kind != MoveKind::Drop && turned && written.get(..base.len()) == Some(base) && written.len() == base.len() + 1
            });
            if let Some(m) = hit {
                return Ok(m);
            }
        }
        if let Some((piece, square)) = text.strip_prefix('+').and_then(|t| t.split_once('@')) {
            let rules = self.rules();
            let face = piece.chars().next().and_then(|c| rules.piece_by_letter(c)).and_then(|u| rules.promoted_face(u));
            if let Some(face) = face {
                let symbol = rules.symbol(face);
                return self.parse_move(&format!("{symbol}@{square}"));
            }
        }
        let m = self.parse_move(text)?;
        // Chimera also reads a castle written as the king taking its rook; Fairy-Stockfish
        // reads a castle's text only.
        let written = self.uci(m);
        if m.kind == MoveKind::Castle && written != text && text.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(MoveError {
                code: IllegalCode::PieceCannotMoveThere,
                message: format!("`{text}` is no move here: the castle is written `{written}`"),
            });
        }
        Ok(m)
    }
}

impl Rules {
    /// How Fairy-Stockfish's long form marks `mover` becoming `p`: `+` for its piece
    /// promotion (`promotedPieceType`: a piece turning to its promoted face, Shogi's
    /// `b7b8+`, or any piece that promotes Shogi style, in and from its zone, to one type
    /// alone, Chak's `g4g5+`, Shinobi's pawn's `b2b1+`), `-` for a face turning back (Kyoto
    /// shogi's `b7b8-`), `None` for a pawn's promotion to a chosen piece, written with the
    /// new piece's letter (`e7e8q`).
    pub fn fsf_promotion_mark(&self, mover: PieceType, p: PieceType) -> Option<char> {
        turn_mark(self, mover, p)
    }
}

fn turn_mark(rules: &Rules, mover: PieceType, p: PieceType) -> Option<char> {
    if rules.promoted_from(p) == Some(mover) {
        return Some('+');
    }
    if rules.promoted_from(mover) == Some(p) {
        return Some('-');
    }
    // Its piece promotions also promote from inside the zone (`from_zone`): a pawn's
    // promotion only when it is one (Shinobi's pawn into a commoner, `b2b1+`), not when it
    // is its promotion to a chosen piece (`e7e8q`, Khans's soldier's `c3b1t`).
    let def = rules.piece(mover);
    let single = def.promotion.as_ref().is_some_and(|pr| pr.from_zone && pr.to.iter().all(|(_, to)| to.len() == 1));
    // A pair that turns into each other both ways (Chennis): which way is the promotion
    // is not in the rules, so neither is marked.
    let flips_back = rules.piece(p).promotion.as_ref().is_some_and(|pr| pr.reaches(mover));
    (single && !flips_back).then_some('+')
}

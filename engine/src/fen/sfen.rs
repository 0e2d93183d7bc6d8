//! SFEN, Shogi's FEN: `<board> <side> <hands> <ply>`, e.g. `lnsgkgsnl/1r5b1/ppppppppp/9/9/
//! 9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`. The side that moves first (White here) is `b`
//! (sente), the other `w`; a promoted piece is `+` and its unpromoted letter; the hands
//! are counts and letters (`2Pg`, White's uppercase first, `-` if both are empty); the
//! last field numbers the next ply from 1. Read for variants with drops, written for any.

use super::error::{err, FenError, FenField};
use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::rules::Rules;
use crate::types::{Color, PieceType};

/// If `fen` is an SFEN (four fields, no `[…]` hand on the board, a hand field of counts
/// and letters or `-`, a ply number) of a variant with drops: the same position as a
/// FEN.
pub(super) fn sfen_as_fen(rules: &Rules, fen: &str) -> Option<Result<String, FenError>> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [board, side, hands, ply] = fields[..] else { return None };
    let numeric = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    let hand_like = hands == "-" || (hands.bytes().all(|b| b.is_ascii_alphanumeric()) && !numeric(hands));
    if rules.drops.is_none() || board.contains('[') || !matches!(side, "b" | "w") || !hand_like || !numeric(ply) {
        return None;
    }
    Some(convert(board, side, hands, ply))
}

fn convert(board: &str, side: &str, hands: &str, ply: &str) -> Result<String, FenError> {
    let mut hand = String::new();
    if hands != "-" {
        let mut count = 0usize;
        for c in hands.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d as usize;
                if count > 99 {
                    return err(FenField::Board, format!("SFEN hand `{hands}`: more than 99 of a piece"));
                }
            } else {
                hand.extend(std::iter::repeat_n(c, count.max(1)));
                count = 0;
            }
        }
        if count > 0 {
            return err(FenField::Board, format!("SFEN hand `{hands}` ends with a count"));
        }
    }
    let ply: u32 = match ply.parse() {
        Ok(n) if n >= 1 => n,
        _ => return err(FenField::Fullmove, format!("SFEN ply `{ply}` is not a number from 1")),
    };
    // `b` (sente) is the side that moves first: White.
    let turn = if side == "b" { 'w' } else { 'b' };
    Ok(format!("{board}[{hand}] {turn} - - 0 {}", (ply - 1) / 2 + 1))
}

impl<B: Bitboard> Pos<B> {
    /// Appends what follows the board in SFEN: side, hands, ply number.
    pub(super) fn write_sfen_rest(&self, s: &mut String) {
        let t = &*self.t;
        s.push_str(if self.turn == Color::White { " b " } else { " w " });
        let before = s.len();
        for c in Color::BOTH {
            for pt in PieceType::first(t.types) {
                let n = self.hands[c][pt];
                if n > 1 {
                    s.push_str(&n.to_string());
                }
                if n > 0 {
                    t.rules.fen_symbol(pt, c).write_to(s);
                }
            }
        }
        if s.len() == before {
            s.push('-');
        }
        let ply = 2 * (self.status.fullmove as u64 - 1) + u64::from(self.turn == Color::Black) + 1;
        s.push_str(&format!(" {ply}"));
    }
}

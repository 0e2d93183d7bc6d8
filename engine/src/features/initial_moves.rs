//! Initial-only moves (Betza `i`) beyond "while the piece has never moved": the
//! Cambodian king's knight leap and met's double step (Fairy-Stockfish's
//! `cambodianMoves`).
//!
//! Keys:
//! * `[pieces.<name>] initial_moves = { in_check = false, lost_when_aimed_by = ["rook"] }`:
//!   its `i` moves may not be made while its side is in check; and it loses them for good
//!   once an enemy piece of a listed type moves to a square from which it would attack it
//!   on an empty board (a rook on the king's rank or file, blocked or not).
//! * top level `unmoved_in_castling_field = true`: the FEN's castling field also lists, by
//!   file letter, the pieces on each side's own first rank that still have their `i`
//!   moves (Fairy-Stockfish's gating flags, `DEde`), instead of deriving them from the
//!   start position.
//!
//! The moves themselves are the generator's (`i` moves of the piece tables); this file
//! owns the schema, the loss after a move, and the FEN flags.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::castle_layout::CastlingLetters;
use crate::fen::error::{err, FenError, FenField};
use crate::position::Pos;
use crate::rules::InitialMoves;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, Color, Geometry, PieceSet, PieceType, Square};

/// `initial_moves = { … }` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawInitialMoves {
    #[serde(default = "yes")]
    in_check: bool,
    #[serde(default)]
    lost_when_aimed_by: Vec<Spanned<String>>,
}

fn yes() -> bool {
    true
}

/// Compiles a piece's `initial_moves` at `key`.
pub(crate) fn compile(raw: &RawInitialMoves, cx: &Context, key: &str) -> Result<InitialMoves, RulesetError> {
    let aimers = cx.types_of(&raw.lost_when_aimed_by, &format!("{key}.lost_when_aimed_by"))?;
    Ok(InitialMoves { in_check: raw.in_check, lost_when_aimed_by: aimers.into_iter().collect() })
}

impl<B: Bitboard> Pos<B> {
    /// After `us`'s `mover` arrived on `to`: the enemy pieces it now aims at, of types
    /// that lose their initial moves so, lose them.
    pub(crate) fn take_aimed_initial_moves(&mut self, us: Color, mover: PieceType, to: Square) {
        let victims: PieceSet = self.t.initial_moves_lost_to[mover];
        let exposed = self.status.unmoved & self.board.by_color[us.opponent()] & self.of_types(victims);
        if exposed.is_empty() {
            return;
        }
        let lost = exposed & self.capture_reach(us, mover, to, B::EMPTY);
        for sq in lost.squares() {
            self.status.unmoved ^= B::bit(sq);
            self.status.hash ^= self.t.zobrist.unmoved[sq];
        }
    }

    /// The squares whose pieces a FEN castling field's flags stand for: each side's own
    /// first rank (with `unmoved_in_castling_field`).
    pub(crate) fn flag_squares(&self) -> B {
        let g = self.t.geometry;
        let rank = |c: Color| g.all().filter(|&sq| g.relative_rank(sq, c) == 0).fold(B::EMPTY, |b, sq| b | B::bit(sq));
        (rank(Color::White) & self.board.by_color[Color::White]) | (rank(Color::Black) & self.board.by_color[Color::Black])
    }

    /// Appends the castling field with the unmoved pieces' flags after the castles'
    /// letters (`-` when there are neither).
    pub(crate) fn write_castling_with_flags(&self, s: &mut String, letters: ByColor<CastlingLetters>) {
        let mut field = String::new();
        self.write_castling(&mut field, letters);
        if field == "-" {
            field.clear();
        }
        self.write_unmoved_flags(&mut field);
        s.push_str(if field.is_empty() { "-" } else { &field });
    }

    /// Appends the flags of the unmoved pieces on the own first ranks: White's files in
    /// uppercase, then Black's in lowercase (`DEde`).
    pub(crate) fn write_unmoved_flags(&self, s: &mut String) {
        let g = self.t.geometry;
        let flagged = self.status.unmoved & self.flag_squares();
        for color in Color::BOTH {
            for sq in (flagged & self.board.by_color[color]).squares() {
                let f = Geometry::file_char(g.file(sq));
                s.push(if color == Color::White { f.to_ascii_uppercase() } else { f });
            }
        }
    }
}

/// Splits a castling field into the castles' letters and the unmoved pieces its other
/// letters flag by file (`DEde`: the white pieces on d1 and e1, the black ones on d8
/// and e8). A flag on a piece without initial-only moves is read and dropped, as
/// Fairy-Stockfish keeps no use for it either.
pub(crate) fn parse_unmoved_flags<B: Bitboard>(pos: &Pos<B>, field: &str) -> Result<(String, B), FenError> {
    let t = &*pos.t;
    let g = t.geometry;
    let mut castles = String::new();
    let mut unmoved = B::EMPTY;
    for c in field.chars().filter(|&c| c != '-') {
        let up = c.to_ascii_uppercase();
        if t.rules.castles.iter().any(|k| k.fen_letter == up) || !c.is_ascii_alphabetic() {
            castles.push(c);
            continue;
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let file = up as u8 - b'A';
        if file >= g.files {
            return err(FenField::Castling, format!("`{c}` names neither a castle nor a file of this board"));
        }
        let sq = g.square(file, if color == Color::White { 0 } else { g.ranks - 1 });
        let Some(p) = pos.piece_at(sq).filter(|p| p.color == color) else {
            return err(FenField::Castling, format!("`{c}` flags the {color} piece on {}, but there is none", g.square_name(sq)));
        };
        if t.tracks_unmoved.contains(p.kind) {
            unmoved |= B::bit(sq);
        }
    }
    if castles.is_empty() {
        castles.push('-');
    }
    Ok((castles, unmoved))
}

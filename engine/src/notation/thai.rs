//! Makruk's Thai notations (Fairy-Stockfish's `NOTATION_THAI_SAN`, `_THAI_LAN`): Thai
//! letters for files (ก ข ค …) and Thai digits for ranks (๑ ๒ …), Thai names for the
//! pieces Makruk has, `X` for any other. Thai SAN writes moves as SAN does, with `-`
//! before the square a piece (not a pawn) moves to: `ม-ค๓`, `ก๔`, `กxข๕`; the long form
//! writes the piece, a space and both squares: `บ ก๓-ก๔`.

use crate::betza;
use crate::bitboard::Bitboard;
use crate::position::Pos;
use crate::types::{Geometry, PieceType, Square};

const FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
const RANKS: [&str; 12] = ["๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒"];

/// A file's Thai letter; past the twelfth, the Latin letter.
pub(super) fn write_file(g: Geometry, sq: Square, s: &mut String) {
    match FILES.get(g.file(sq) as usize) {
        Some(f) => s.push_str(f),
        None => super::lan::write_file(g, sq, s),
    }
}

/// A rank in Thai digits; past the twelfth, in Arabic ones.
pub(super) fn write_rank(g: Geometry, sq: Square, s: &mut String) {
    match RANKS.get(g.rank(sq) as usize) {
        Some(r) => s.push_str(r),
        None => super::lan::write_rank(g, sq, s),
    }
}

/// Makruk's pieces by their movement (Fairy-Stockfish names the types of its own
/// engine: its king, khon, met, knight, rook, pawn and Ai-wok's ai-wok).
const NAMED: [(&str, &str); 5] = [("FfW", "ค"), ("N", "ม"), ("R", "ร"), ("RNF", "ว"), ("F", "ม็")];

impl<B: Bitboard> Pos<B> {
    /// A piece's Thai name: the royal piece ข, the khon ค, the met ม็ (ง if it was a
    /// pawn), the knight ม, the rook ร, the pawn บ, the ai-wok ว; `X` for any other.
    pub(super) fn thai_piece(&self, t: PieceType, promoted: bool) -> &'static str {
        let def = self.t.rules.piece(t);
        if def.royal {
            return "ข";
        }
        if self.is_chess_pawn(t) {
            return "บ";
        }
        // Moves only a piece's first move may make (Cambodian's met leap) name nothing.
        let ordinary: Vec<_> = def.directions.iter().filter(|d| !d.initial_only).collect();
        let same = |betza: &str| {
            let Ok(dirs) = betza::parse(betza) else { return false };
            dirs.len() == ordinary.len() && dirs.iter().all(|d| ordinary.contains(&d))
        };
        match NAMED.iter().find(|(betza, _)| same(betza)) {
            Some((_, "ม็")) if promoted => "ง",
            Some((_, name)) => name,
            None => "X",
        }
    }
}

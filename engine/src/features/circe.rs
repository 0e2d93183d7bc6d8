//! Circe (P. Monréal and J.-P. Boyer, *Problème*, 1968): a captured piece, royal pieces
//! excepted, is reborn at once on its game-array square — where a piece of its side and
//! type stands in the variant's start position —, or vanishes if that square is occupied
//! (Wikipedia, "Circe chess"). The top-level key `circe = true`.
//!
//! The rebirth square, derived once from the start position for every side, type and
//! capture square, by one rule that gives standard Circe in chess:
//!
//! * a type with one start square is reborn there (the queen on d1/d8);
//! * a type with several, whose start squares of the capture square's colour are just
//!   one, is reborn on that one (rook, knight, bishop: "the starting square which is the
//!   same colour as the square they are captured on"; a knight taken on b7 goes to g8,
//!   not to b8 on its own file);
//! * else on the one on the capture file, the nearest to its side's first rank (pawns:
//!   "the start position on the same file they are captured on");
//! * else (a file with none of them) on the nearest by file, among those of the capture
//!   square's colour if any, ties to the a-side, then nearest to its side's first rank;
//! * a type with no start square (only promoted to, or absent from the start) is reborn on
//!   its side's last rank, on the capture file.
//!
//! A reborn piece stands where it started and counts as never moved: its initial-only
//! moves (`i`) are its own again. A promoted piece is reborn as what it is (Wikipedia: "a captured promoted piece is
//! treated as a piece, not a pawn"), a pawn taken en passant on its start square of the
//! file it stood on. The rebirth comes with the capture, so it counts when legality is
//! judged: a reborn piece may shield a king or give check, and a capture whose rebirth
//! checks the capturer's royal is illegal (`movegen`'s exact legality test).
//!
//! A reborn piece comes into being on its square, so `castling_rights_on_arrival` gives a
//! rook reborn home its castle back while its king has never moved (Wikipedia: "castling
//! with a reborn rook is permitted"; `rulesets/circe.toml` lists the rook). With hands, a
//! reborn piece goes to no hand; one that vanishes goes as usual. Rebirth is a journalled
//! edit, undone with the move; the hash follows it.

use crate::bitboard::Bitboard;
use crate::position::{Edit, Pos, Undo};
use crate::rules::{Circe, Rules};
use crate::tables::Zobrist;
use crate::types::{Color, Piece, PieceType, Square, NO_PIECE};

/// Compiles `circe = true`: the rebirth squares, from the start position's pieces
/// (`game_array`).
pub(crate) fn compile(rules: &Rules, game_array: &[(Square, Piece)]) -> Circe {
    let g = rules.geometry;
    let (types, squares) = (rules.pieces.len(), g.squares());
    let mut rebirth = vec![None; 2 * types * squares];
    for color in Color::BOTH {
        for kind in 0..types {
            let homes: Vec<Square> =
                game_array.iter().filter(|(_, p)| p.color == color && p.kind.index() == kind).map(|&(sq, _)| sq).collect();
            for on in g.all() {
                rebirth[(color.index() * types + kind) * squares + on.index()] = rebirth_square(rules, color, &homes, on);
            }
        }
    }
    Circe { rebirth, types, squares }
}

/// Where a piece of `color` whose start squares are `homes` is reborn when taken on `on`.
fn rebirth_square(rules: &Rules, color: Color, homes: &[Square], on: Square) -> Option<Square> {
    let g = rules.geometry;
    let own_rank = |sq: Square| if color == Color::White { g.rank(sq) } else { g.ranks - 1 - g.rank(sq) };
    match homes {
        [] => {
            let last = if color == Color::White { g.ranks - 1 } else { 0 };
            Some(g.square(g.file(on), last)).filter(|sq| !rules.walls.contains(sq))
        }
        [one] => Some(*one),
        _ => {
            let light = rules.is_light(on);
            let same: Vec<Square> = homes.iter().copied().filter(|&sq| rules.is_light(sq) == light).collect();
            if let [one] = same[..] {
                return Some(one);
            }
            if let Some(sq) = homes.iter().copied().filter(|&sq| g.file(sq) == g.file(on)).min_by_key(|&sq| own_rank(sq)) {
                return Some(sq);
            }
            let pool = if same.is_empty() { homes } else { &same[..] };
            pool.iter().copied().min_by_key(|&sq| (g.file(sq).abs_diff(g.file(on)), g.file(sq), own_rank(sq)))
        }
    }
}

impl<B: Bitboard> Pos<B> {
    /// Circe: `captured`, just taken on `on` by the move being made, is reborn on its
    /// rebirth square if that is empty (the capturer already stands where it went).
    pub(crate) fn rebirth(&mut self, captured: Piece, on: Square, undo: &mut Undo<B>) {
        let t = &*self.t;
        if t.royal_types.contains(captured.kind) {
            return;
        }
        let Some(home) = t.rules.circe.as_ref().and_then(|c| c.rebirth_square(captured.color, captured.kind, on)) else { return };
        if self.occupied().has(home) {
            return;
        }
        let key = t.piece_key(captured.color, captured.kind, home);
        self.board.put(home, captured);
        self.status.hash ^= key;
        self.journal.push(Edit::Placed(home));
        if t.tracks_unmoved.contains(captured.kind) {
            // Reborn on its start square, it has not moved there: its initial-only moves
            // are its own again (Wikipedia: "a reborn pawn regains its initial two-step").
            self.status.unmoved |= B::bit(home);
            self.status.hash ^= t.zobrist.unmoved[home];
        }
        if undo.to_hand != NO_PIECE {
            // Reborn, so not in the captor's hand.
            let (captor, k) = (captured.color.opponent(), PieceType::new(undo.to_hand));
            let n = self.hands[captor][k];
            self.hands[captor][k] = n - 1;
            self.status.hash ^= Zobrist::hand(captor, k, n) ^ Zobrist::hand(captor, k, n - 1);
            undo.to_hand = NO_PIECE;
        }
        if !self.t.castling_rights_on_arrival.is_empty() {
            self.gain_rights_at(home, captured.color);
        }
    }
}

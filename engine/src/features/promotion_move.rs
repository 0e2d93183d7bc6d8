//! Promotion as a move of its own (Sittuyin; Fairy-Stockfish's `sittuyinPromotion`):
//! a piece's `promotion = { …, policy = "as-a-move" }`.
//!
//! Arriving in the zone promotes nothing. Instead, as its whole move, a piece standing in
//! the zone — or anywhere, if it is the last of its type on the board — becomes one of
//! the `to` types (within each type's `limit`), either on its own square or by one move
//! of the new type onto an empty square. The new piece may attack no enemy piece from
//! where it lands, and the move may give no check (Sittuyin's rules 3.9; Fairy-Stockfish
//! refuses such a promotion that checks, directly or by uncovering a line).
//!
//! The move is a board move with a promotion (`b6b6f` in place, `b6c7f` with a step); its
//! SAN names the origin square when the piece leaves its file without capturing
//! (`b6c7=F`), as Fairy-Stockfish writes it.
//!
//! `[end] forced_promotion = verdict` (Sittuyin's rule 3.9 c.7) ends the game when the
//! side to move, not in check, has only its royal and one such piece left, and promoting
//! it is all it could do: the promotion may not be forced on it.
//!
//! The policy is read with the rest of `promotion` (`features/promotion.rs`); this file
//! owns the moves it makes and that end.

use crate::bitboard::Bitboard;
use crate::movegen::{with_scratch, MoveSink, Safety};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::refusal::{IllegalCode, MoveError};
use crate::types::{PieceType, Square};

impl<B: Bitboard> Pos<B> {
    /// The promotions the side to move may make as a move.
    #[inline(never)]
    pub(crate) fn generate_move_promotions<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let us = self.turn;
        let theirs = self.board.by_color[us.opponent()];
        let occ = self.occupied();
        for pt in t.promotes_as_a_move.iter() {
            let promotion = t.rules.piece(pt).promotion.as_ref().expect("a type that promotes as a move has a promotion");
            let pieces = self.pieces(us, pt);
            // Anywhere, the last of its type; else only in the zone.
            let ready = if pieces.count() > 1 { pieces & t.mobility(us, pt).promotion_zone } else { pieces };
            for from in ready.squares() {
                let left = occ & !B::bit(from);
                for &target in promotion.to[us].iter().filter(|&&target| self.below_limit(target)) {
                    let landing = (self.capture_reach(us, target, from, occ) & !occ) | B::bit(from);
                    for to in landing.squares() {
                        let m = Move::normal(from, to).promoting(target);
                        let attacks = (self.capture_reach(us, target, to, left) & theirs).any();
                        if !attacks && (safety.unguarded || self.is_safe_after(m, safety.royals)) && !self.gives_check(m) {
                            sink.push(m);
                        }
                    }
                }
            }
        }
    }

    /// Whether the side to move may have one more `pt` (its `limit`).
    fn below_limit(&self, pt: PieceType) -> bool {
        self.t.rules.piece(pt).limit.is_none_or(|n| self.pieces(self.turn, pt).count() < u32::from(n))
    }
}

impl<B: Bitboard> Pos<B> {
    /// `[end] forced_promotion` (Sittuyin's rule 3.9 c.7): the end when the side to move,
    /// not in check, has its royal and one piece that promotes as a move, and its only
    /// moves are that promotion (or none).
    pub(crate) fn forced_promotion_end(&self) -> Option<Outcome> {
        let verdict = self.t.rules.end.forced_promotion?;
        let t = &*self.t;
        let us = self.turn;
        let ours = self.board.by_color[us];
        let promoting = t.promotes_as_a_move.iter().fold(B::EMPTY, |b, pt| b | self.pieces(us, pt));
        if ours.count() != 2 || !promoting.is_single() || (ours & !promoting & !self.royals(us)).any() || self.is_check() {
            return None;
        }
        let only_promotions = with_scratch(|moves| {
            self.generate(moves);
            moves.iter().all(|m| m.promotion().is_some())
        });
        only_promotions.then(|| Outcome::for_side(verdict, us, EndReason::ForcedPromotion))
    }
}

impl<B: Bitboard> Pos<B> {
    /// Why a promotion as a move to `target`, from one of `origins` (the squares of the
    /// mover's pieces the text may mean) to `to`, is refused — the first reason of the
    /// piece whose move it most likely is — or `None` if no such piece promotes as a move
    /// (or the move is refused only for the royal's safety, which the caller says).
    pub(crate) fn move_promotion_refusal(&self, origins: impl Iterator<Item = Square>, to: Square, target: PieceType) -> Option<MoveError> {
        let t = &*self.t;
        let us = self.turn;
        let g = t.geometry;
        let occ = self.occupied();
        let candidates: Vec<Square> =
            origins.filter(|&sq| self.piece_at(sq).is_some_and(|p| t.promotes_as_a_move.contains(p.kind))).collect();
        // The piece whose promotion could land on `to`, if one could; else the first.
        let reaches = |from: Square| from == to || (self.capture_reach(us, target, from, B::EMPTY)).has(to);
        let from = candidates.iter().copied().find(|&sq| reaches(sq)).or(candidates.first().copied())?;
        let pt = self.piece_at(from)?.kind;
        let name = |pt: PieceType| t.rules.piece(pt).name.as_str();
        let promotion = t.rules.piece(pt).promotion.as_ref()?;
        let square = |sq: Square| g.square_name(sq);
        let why = |code: IllegalCode, text: String| Some(MoveError { code, message: text });
        if !promotion.to[us].contains(&target) {
            let to: Vec<&str> = promotion.to[us].iter().map(|&u| name(u)).collect();
            return why(IllegalCode::PromotionNotAvailable, format!("a {} promotes only to {}", name(pt), to.join(" or ")));
        }
        if !self.below_limit(target) {
            let n = t.rules.piece(target).limit.unwrap_or(0);
            return why(
                IllegalCode::PromotionNotAvailable,
                format!("at most {n} {} per side on the board, and {us} has {n}", name(target)),
            );
        }
        let zone = t.mobility(us, pt).promotion_zone;
        if !zone.has(from) && self.pieces(us, pt).count() > 1 {
            let squares: Vec<String> = zone.squares().map(square).collect();
            return why(
                IllegalCode::PromotionNotAvailable,
                format!(
                    "the {} on {} may promote only from {} (or as {us}'s last {})",
                    name(pt),
                    square(from),
                    squares.join(" "),
                    name(pt)
                ),
            );
        }
        if from != to && (!self.capture_reach(us, target, from, occ).has(to) || occ.has(to)) {
            return why(
                IllegalCode::PieceCannotMoveThere,
                format!(
                    "a promoting {} stays on {} or moves as a {} onto an empty square, and {} is not one",
                    name(pt),
                    square(from),
                    name(target),
                    square(to)
                ),
            );
        }
        let attacked = self.capture_reach(us, target, to, occ & !B::bit(from)) & self.board.by_color[us.opponent()];
        if let Some(sq) = attacked.squares().next() {
            let victim = self.piece_at(sq).map_or("piece", |p| name(p.kind));
            return why(
                IllegalCode::PromotionNotAvailable,
                format!(
                    "the new {} on {} would attack the {victim} on {}, and a promotion may attack no enemy piece",
                    name(target),
                    square(to),
                    square(sq)
                ),
            );
        }
        if self.gives_check(Move::normal(from, to).promoting(target)) {
            return why(IllegalCode::GivesCheck, "it would give check, and a promotion may not".to_string());
        }
        None
    }
}

//! Pieces a FEN puts where none of their kind could ever stand (issue 26): a piece on a
//! square where it must have promoted (a chess pawn on its last rank, a shogi knight on
//! its last two), and a pawn that only moves forward on its own first rank — unless the
//! variant brings such a piece into play there (its start position, a drop, a gate, a
//! promotion, a castle): Horde's White pawns stand on rank 1, Chessgi drops pawns there.
//!
//! Deliberately narrow. A full "reachable on an empty board" closure refused positions
//! that real play reaches (and hand-made ones that are merely unusual, such as a Grand
//! chess pawn behind its start rank); these two cases are the ones no game can reach.
//! Variants whose rule modules move or edit pieces, economies and lifting are not
//! checked: their pieces come into play in ways the tables do not show.

use super::{err, parse_board, split_hand, FenError, FenField, Placed};
use crate::bitboard::Bitboard;
use crate::rules::PromotionPolicy;
use crate::tables::Tables;
use crate::types::{Color, Piece, Square};

/// Refuses the first placed piece that stands where none of its kind could.
pub(super) fn check<B: Bitboard>(t: &Tables<B>, placed: &[Placed]) -> Result<(), FenError> {
    let rules = &t.rules;
    if t.modules.hooks.iter().any(|h| h.moves || h.after_move) || rules.economy.is_some() || rules.lift.is_some() {
        return Ok(());
    }
    for &(sq, p, _) in placed {
        if let Some(why) = never_there(t, sq, p) {
            if !comes_into_play(t, sq, p) {
                let name = &rules.piece(p.kind).name;
                return err(FenField::Board, format!("a {} {name} on {}: {why}", p.color, t.geometry.square_name(sq)));
            }
        }
    }
    Ok(())
}

/// Why no piece like `p` could stand on `sq` by moving there, if none could.
fn never_there<B: Bitboard>(t: &Tables<B>, sq: Square, p: Piece) -> Option<&'static str> {
    let def = t.rules.piece(p.kind);
    let m = t.mobility(p.color, p.kind);
    // A promotion to a limited type (one queen at most) may be barred, and then the piece
    // stays: it need not have promoted.
    let limited = |pr: &crate::rules::Promotion| pr.to[p.color].iter().any(|&u| t.rules.piece(u).limit.is_some());
    // An en-passant capture that does not promote leaves it in the zone.
    if let Some(promotion) = def.promotion.as_ref().filter(|pr| !pr.on_capture && pr.en_passant && !limited(pr)) {
        let must = match promotion.policy {
            PromotionPolicy::Mandatory => m.promotion_zone,
            PromotionPolicy::Optional => m.promotion_zone & m.dead,
            PromotionPolicy::Free | PromotionPolicy::IfAvailable | PromotionPolicy::AsAMove => B::EMPTY,
        };
        if must.has(sq) {
            return Some("it must have promoted on arriving there");
        }
    }
    let g = t.geometry;
    let own_first_rank = g.rank(sq) == if p.color == Color::White { 0 } else { g.ranks - 1 };
    let extra = def.extra_moves.iter().flat_map(|(_, ds)| ds.iter());
    let forward_only = def.directions.iter().chain(extra).all(|d| d.dy > 0);
    (def.pawn && forward_only && own_first_rank).then_some("it moves only forward, so it can never come back to its first rank")
}

/// Whether the variant brings a piece like `p` into play on `sq` other than by moving:
/// its start position, a drop, a gate, a promotion, a castle.
fn comes_into_play<B: Bitboard>(t: &Tables<B>, sq: Square, p: Piece) -> bool {
    let rules = &t.rules;
    let g = t.geometry;
    let board = rules.start_fen.split_whitespace().next().unwrap_or("");
    let starts_there = split_hand(rules, board)
        .and_then(|(board, _)| parse_board(rules, board))
        .is_ok_and(|(placed, _)| placed.iter().any(|&(s, q, _)| s == sq && q == p));
    let dropped = rules.drops.is_some() && t.mobility(p.color, p.kind).drop_zone.has(sq);
    let gated = rules
        .gating
        .as_ref()
        .is_some_and(|gating| g.rank(sq) == if p.color == Color::White { gating.rank } else { g.ranks - 1 - gating.rank });
    let promoted_into = rules.pieces.iter().enumerate().any(|(k, def)| {
        def.promotion.as_ref().is_some_and(|pr| {
            pr.to[p.color].contains(&p.kind) && (pr.from_zone || t.mobility(p.color, crate::PieceType::new(k as u8)).promotion_zone.has(sq))
        })
    });
    let castled = rules.castles.iter().any(|c| {
        let s = c.squares(g, p.color);
        s.king_to == sq || s.rook_to == sq
    });
    starts_there || dropped || gated || promoted_into || castled
}

//! Walls placed in play (`[turn] walls`, Fairy-Stockfish's `wallingRule`): after every
//! move the mover places a wall, as the second part of the same turn
//! (`features/turns.rs`). With `duck`, one neutral wall, the duck, moves to any empty
//! square but its own; with `arrow`, the moved piece shoots a new wall along its own
//! quiet moves from where it landed (the Amazons); with `behind`, the square the moved
//! piece left is walled (Joust, Snail trail); with `anywhere`, a new wall goes on any
//! empty square but `[turn] no_walls_on` (Isolation). Walls other than the duck stay.
//!
//! This file owns the wall part: its moves (`MoveKind::Wall`), its effect and undo, its
//! hash (one key per placed wall), its refusals, and its notation (long algebraic: the
//! anchor and the wall, `e4e5`; SAN: the wall's square, `e5`). Placed walls live in
//! `Pos::walls` with the board's own, so every generator and attack test sees them as
//! walls at no cost; a FEN writes them `*`, as Fairy-Stockfish does.

use crate::bitboard::Bitboard;
use crate::movegen::MoveSink;
use crate::moves::{Move, MoveKind};
use crate::position::{EnPassant, Pos};
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::Walling;
use crate::tables::Zobrist;
use crate::types::{Color, PieceType, Square, NO_PIECE};

impl<B: Bitboard> Pos<B> {
    /// The walls placed in play (the board's own left out).
    #[inline]
    pub(crate) fn placed_walls(&self) -> B {
        self.walls & !self.t.walls
    }

    /// The squares the wall part may put its wall on now.
    fn wall_targets(&self, walling: Walling) -> B {
        let t = &*self.t;
        let empty = t.board & !self.occupied();
        match walling {
            Walling::Duck => empty,
            Walling::Arrow => match self.piece_at(self.status.anchor) {
                Some(p) => self.quiet_reach(p.color, p.kind, self.status.anchor, self.occupied()) & empty,
                None => B::EMPTY,
            },
            Walling::Behind => B::bit(self.status.behind) & empty,
            Walling::Anywhere => t.rules.turn.no_walls_on.iter().fold(empty, |b, &sq| b & !B::bit(sq)),
        }
    }

    /// The square the wall part's wall leaves (the duck's), or `None` for a new wall.
    fn wall_leaves(&self, walling: Walling) -> Option<Square> {
        let placed = self.placed_walls();
        (walling == Walling::Duck && placed.any()).then(|| placed.lsb())
    }

    /// The wall parts legal now (mid-turn, after the move part).
    pub(crate) fn generate_walls<S: MoveSink>(&self, sink: &mut S) {
        let Some(walling) = self.t.walling else { return };
        let leaves = self.wall_leaves(walling);
        let mut targets = self.wall_targets(walling);
        if let Some(from) = leaves.filter(|_| self.royals(self.turn).any()) {
            // The duck moving away may uncover a royal (never so in Fairy-Stockfish's
            // duck, whose kings are not royal).
            targets = targets
                .squares()
                .filter(|&to| self.safe_with_walls((self.walls ^ B::bit(from)) | B::bit(to)))
                .fold(B::EMPTY, |b, sq| b | B::bit(sq));
        }
        for to in targets.squares() {
            sink.push(Move::new(self.status.anchor, to, MoveKind::Wall, PieceType::new(leaves.unwrap_or(to).get())));
        }
    }

    /// Whether the side to move's royals are safe with these walls.
    fn safe_with_walls(&self, walls: B) -> bool {
        let them = self.turn.opponent();
        let occ = self.with_pieces() | walls;
        let theirs = self.color_bb(them);
        self.royals_safe(self.royals(self.turn), |k| self.attacked(k, them, occ, theirs))
    }

    /// The squares a piece of `color` and type `pt` on `sq` could move to without
    /// capturing, given `occ` (an arrow's flight).
    pub(crate) fn quiet_reach(&self, color: Color, pt: PieceType, sq: Square, occ: B) -> B {
        let t = &*self.t;
        let mob = t.mobility(color, pt);
        let mut reach = mob.leap_quiet[sq] | t.reach_over(&mob.plain, sq, occ);
        for r in mob.sliders.iter().filter(|r| r.how.quiet && !r.how.initial_only) {
            reach |= t.reach_over(&r.lines, sq, occ);
        }
        for h in mob.hops.iter().filter(|h| h.how.quiet && !h.how.initial_only) {
            reach |= t.hop_reach(h, sq, occ);
        }
        for sp in mob.specials.iter().filter(|s| s.quiet && !s.initial_only && s.origins.has(sq)) {
            if let Some((to, path)) = sp.to[sq] {
                if (path & occ).is_empty() {
                    reach |= B::bit(to);
                }
            }
        }
        reach & mob.within & !occ
    }

    /// Plays a wall part: the wall moves (or a new one goes up), an en-passant square it
    /// lands on is gone (Fairy-Stockfish's), and the turn passes.
    pub(crate) fn play_wall(&mut self, m: Move) {
        let us = self.turn;
        let them = us.opponent();
        self.history.push(self.undo_record(m, NO_PIECE));
        // A triple step's second passed square, before the wall may land on it.
        let far = self.status.ep.and_then(|ep| self.far_passed(ep));
        if m.piece_square() != m.to {
            self.walls ^= B::bit(m.piece_square());
            self.status.hash ^= Zobrist::wall(m.piece_square());
        }
        self.walls |= B::bit(m.to);
        self.status.hash ^= Zobrist::wall(m.to);
        if let Some(ep) = self.status.ep.filter(|ep| ep.target == m.to || far == Some(m.to)) {
            if self.status.ep_hashed {
                self.status.hash ^= self.t.zobrist.en_passant[ep.target];
            }
            self.status.ep = None;
            self.status.ep_hashed = false;
            // A triple step's other passed square stays: the second, now the target; or
            // the first, whose second square the wall now covers.
            let rest = if ep.target == m.to { far.map(|target| EnPassant { target, victim: ep.victim }) } else { Some(ep) };
            if let Some(rest) = rest {
                self.status.ep = Some(rest);
                if self.ep_capturable(rest, them) {
                    self.status.ep_hashed = true;
                    self.status.hash ^= self.t.zobrist.en_passant[rest.target];
                }
            }
        }
        self.set_part(0, Square::new(0), Square::new(0));
        if us == Color::Black {
            self.status.fullmove = self.status.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.status.hash ^= self.t.zobrist.black_to_move;
    }

    /// Takes a wall part's wall back where it was (the rest is the history's).
    pub(crate) fn unplace_wall(&mut self, m: Move) {
        self.walls ^= B::bit(m.to);
        if m.piece_square() != m.to {
            self.walls |= B::bit(m.piece_square());
        }
    }

    /// Reads a wall part: its long algebraic form (`e4e5`, found by the caller among the
    /// legal moves), or the wall's square alone (`e5`, its SAN, or `@e5`); else why not.
    pub(crate) fn parse_wall(&self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let g = self.t.geometry;
        let anchor = g.square_name(self.status.anchor);
        let name = text.trim_start_matches('@');
        // The wall's square alone (`f10`, even where the anchor is `f1`), else after the anchor.
        let name = match g.parse_square(name) {
            Some(_) => name,
            None => name.strip_prefix(anchor.as_str()).filter(|rest| !rest.is_empty()).unwrap_or(name),
        };
        let Some(to) = g.parse_square(name) else {
            return refuse(
                IllegalCode::Unparsable,
                format!("a wall is to be placed: write its square (`e5`), or the moved piece's square and it (`{anchor}e5`); `{text}` is neither"),
            );
        };
        if let Some(&m) = legal.iter().find(|m| m.to == to) {
            return Ok(m);
        }
        let walling = self.t.walling.expect("a wall part in a variant with walls");
        let (code, why) = if !self.t.board.has(to) {
            (IllegalCode::PieceCannotMoveThere, "is none of the board's squares".to_string())
        } else if self.placed_walls().has(to) && walling == Walling::Duck {
            (IllegalCode::SquareOccupied, "is the duck's own square: it must move".to_string())
        } else if self.occupied().has(to) {
            (IllegalCode::SquareOccupied, "is not empty".to_string())
        } else if walling == Walling::Arrow && !self.wall_targets(walling).has(to) {
            (IllegalCode::PathBlocked, format!("is not on an open line of the piece on {anchor}"))
        } else if walling == Walling::Behind && !self.wall_targets(walling).has(to) {
            (IllegalCode::PieceCannotMoveThere, "is not the square the piece left".to_string())
        } else if walling == Walling::Anywhere && !self.wall_targets(walling).has(to) {
            (IllegalCode::PieceCannotMoveThere, "is one no wall may go on".to_string())
        } else {
            (IllegalCode::LeavesRoyalInCheck, "would leave a royal piece attacked".to_string())
        };
        refuse(code, format!("the wall cannot go on {name}: {name} {why}"))
    }
}

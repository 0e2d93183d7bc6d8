//! Moves that stop on a first square and go on or come back (XBetza's locust captures and
//! returning legs, `betza/legs.rs`): Chu shogi's lion `KNADcaKmcabK` takes on a king step
//! and steps again (`caK`), takes without moving (igui) or steps out and back, a pass
//! (jitto, `mcabK`). ARCHITECTURE's "Moves that capture on the way" is the design.
//!
//! * Tables: per (colour, type) and origin square, the piece's [`LocustStep`]s: the
//!   square stepped on first (`via`), the landing square (the origin itself for igui and
//!   jitto), and whether the via square must hold an enemy, taken on the way, or be empty.
//!   A move through an empty square that does not come back is a lame leap, kept in the
//!   ordinary tables (`Direction::path`).
//! * Moves: [`MoveKind::Locust`], `piece` holding the via square. One is made as a
//!   normal move after the via victim is taken off, journalled (`Edit::Removed`), so undo,
//!   the hash and the hands follow as for a rule module's capture. A move to its own
//!   origin moves nothing.
//! * Legality: each locust move is played and the mover's royals tested (a taken piece
//!   may have screened a line to them); the safety analysis keeps serving every other move.
//! * Attacks: a piece attacks the via squares of its taking steps (it can always come
//!   back, or land as its step allows) and the landing squares its steps may capture on
//!   when their via condition holds ([`Pos::locust_attacked`]).
//! * Notation: long algebraic writes the three squares, `f5g6g7` (igui `f5g6f5`), as
//!   H. G. Muller's diagrams and HaChu do (`notation/lan.rs`); SAN names both legs.

use crate::bitboard::Bitboard;
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::types::{Color, PieceType, Square};

use tables::LocustStep;

pub(crate) mod tables;

impl<B: Bitboard> Pos<B> {
    /// The locust moves of the side to move, each tested by playing it where a royal is
    /// to be kept safe.
    pub(crate) fn generate_locusts<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let us = self.turn;
        let theirs = self.board.by_color[us.opponent()];
        let occ = self.occupied() | self.walls;
        let movers = self.active(us);
        for pt in t.locusts.movers[us].iter() {
            let mut pieces = self.board.by_type[pt] & movers;
            while pieces.any() {
                let from = pieces.pop();
                for step in t.locusts.open_from(us, pt, from, theirs) {
                    if !self.locust_open(step, from, occ, theirs) {
                        continue;
                    }
                    let m = Move::new(from, step.to, MoveKind::Locust, PieceType::new(step.via.get()));
                    if safety.unguarded || self.is_safe_after(m, safety.royals) {
                        sink.push(m);
                    }
                }
            }
        }
    }

    /// Whether `step` from `from` may be made with `occ` the occupancy and `theirs` the
    /// pieces it may take.
    #[inline]
    fn locust_open(&self, step: &LocustStep, from: Square, occ: B, theirs: B) -> bool {
        step.via_holds(occ, theirs) && step.lands(from, occ, theirs)
    }

    /// Whether `sq` is attacked by a locust move of a piece of `by` among `attackers`,
    /// with `occ` as the occupancy: any piece on it not among `attackers` counts as an
    /// enemy of `by` (a move being tested may have put one there).
    pub(crate) fn locust_attacked(&self, sq: Square, by: Color, occ: B, attackers: B) -> bool {
        let t = &*self.t;
        let enemies = occ & !attackers & !self.walls;
        t.locusts.movers[by].iter().any(|pt| {
            (self.board.by_type[pt] & attackers & self.board.by_color[by]).squares().any(|from| {
                let occ = occ & !B::bit(from);
                t.locusts.from(by, pt, from).iter().any(|s| {
                    let (via, to) = s.attacks(from, occ, enemies);
                    via == Some(sq) || to == Some(sq)
                })
            })
        })
    }

    /// Every square a locust move of `by` attacks ([`Pos::locust_attacked`] for all squares).
    pub(crate) fn locust_attacks(&self, by: Color, occ: B) -> B {
        let t = &*self.t;
        let attackers = self.board.by_color[by];
        let enemies = occ & !attackers & !self.walls;
        let mut map = B::EMPTY;
        for pt in t.locusts.movers[by].iter() {
            for from in (self.board.by_type[pt] & attackers).squares() {
                let occ = occ & !B::bit(from);
                for s in t.locusts.from(by, pt, from) {
                    let (via, to) = s.attacks(from, occ, enemies);
                    for sq in via.into_iter().chain(to) {
                        map |= B::bit(sq);
                    }
                }
            }
        }
        map
    }

    /// Takes off the piece a locust move `m` takes on its way (journalled: undo puts it
    /// back); the move itself is then made as a normal one.
    pub(crate) fn take_on_the_way(&mut self, m: Move) {
        self.capture_journaled(m.piece_square());
    }

    /// SAN's legs of a locust move, after the piece and its origin: the via square, with
    /// `x` if a piece is taken there, then `x` or `-` and the landing square (`Nxg6xg7`,
    /// `Nxg6-h7`, igui `Nxg6-f5`, jitto `Ng6-f5`).
    pub(crate) fn write_locust_legs(&self, m: Move, s: &mut String) {
        let via = m.piece_square();
        if self.piece_at(via).is_some() {
            s.push('x');
        }
        self.write_square(via, s);
        s.push(if m.to != m.from && self.piece_at(m.to).is_some() { 'x' } else { '-' });
        self.write_square(m.to, s);
    }

    /// The legal locust move SAN writes as `text` (without check marks), if any.
    /// Why a move written by three squares (`d4e5f6`: from, via, landing) is not legal:
    /// no piece of the mover's there, a piece without such a step, a via square that
    /// does not hold what the step needs, a landing square of its own side, a rule
    /// module's refusal, or a royal left attacked.
    pub(crate) fn explain_locust(&self, text: &str, from: Square, via: Square, to: Square) -> Result<Move, MoveError> {
        let t = &*self.t;
        let g = t.geometry;
        let us = self.turn;
        let (from_name, via_name, to_name) = (g.square_name(from), g.square_name(via), g.square_name(to));
        let Some(p) = self.piece_at(from).filter(|p| p.color == us) else {
            return refuse(IllegalCode::NoSuchPiece, format!("no {us} piece on {from_name}"));
        };
        let name = &t.rules.piece(p.kind).name;
        // shogiops (and HaChu) write a double step through an empty square; here it is
        // the leap or step to the same square.
        // (Each leg is one king step: `betza/legs.rs`.)
        let step = |a: Square, b: Square| g.file(a).abs_diff(g.file(b)).max(g.rank(a).abs_diff(g.rank(b))) == 1;
        let through_empty = || {
            let plain = step(from, via)
                && step(via, to)
                && self.piece_at(via).is_none()
                && self.legal_moves().iter().any(|m| m.kind == MoveKind::Normal && (m.from, m.to) == (from, to));
            if plain {
                format!(" (through the empty {via_name} it is the move {from_name}{to_name})")
            } else {
                String::new()
            }
        };
        let steps: Vec<&LocustStep> = t.locusts.from(us, p.kind, from).iter().filter(|s| s.via == via && s.to == to).collect();
        if steps.is_empty() {
            let why = if t.locusts.from(us, p.kind, from).is_empty() {
                format!("the {name} on {from_name} has no moves in two steps")
            } else {
                format!("the {name} on {from_name} cannot step to {via_name} and then to {to_name}")
            };
            return refuse(IllegalCode::PieceCannotMoveThere, format!("{why}{}", through_empty()));
        }
        let occ = self.occupied() | self.walls;
        let theirs = self.board.by_color[us.opponent()];
        if !steps.iter().any(|s| s.via_holds(occ, theirs)) {
            let why = match self.piece_at(via) {
                Some(q) if q.color == us => format!("{via_name} holds a {us} piece"),
                Some(_) => format!("the {name} may not take on {via_name} on its way"),
                None if self.walls.has(via) => format!("{via_name} is walled"),
                None => format!("the {name} takes nothing on {via_name}: there is nothing there{}", through_empty()),
            };
            return refuse(IllegalCode::PieceCannotMoveThere, why);
        }
        if !steps.iter().any(|s| s.via_holds(occ, theirs) && s.lands(from, occ, theirs)) {
            let why = match self.piece_at(to) {
                Some(q) if q.color == us => format!("{to_name} is occupied by a {us} piece"),
                Some(_) => format!("the {name} may not take on {to_name}"),
                None => format!("the {name} may not end on the empty square {to_name}"),
            };
            return refuse(IllegalCode::PieceCannotMoveThere, why);
        }
        let m = Move::new(from, to, MoveKind::Locust, PieceType::new(via.get()));
        if let Some(e) = self.module_refusal(m) {
            return Err(e);
        }
        let royal = t.rules.pieces.iter().find(|p| p.royal).map_or("royal piece", |p| p.name.as_str());
        refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the {royal} in check"))
    }

    pub(crate) fn locust_written(&self, text: &str, legal: &[Move]) -> Option<Move> {
        if !self.t.locusts.any() {
            return None;
        }
        legal.iter().copied().filter(|m| m.kind == MoveKind::Locust).find(|&m| self.san_plain(m, legal) == text)
    }
}

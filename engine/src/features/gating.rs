//! Gating (S-Chess, Fairy-Stockfish's `gating` with `seirawanGating`): when a piece
//! first leaves a *gate* — a square of its side's gate rank whose piece has not moved —
//! a piece from the hand may enter on the square it left, in the same move. A castle
//! may gate on the king's square or on the rook's.
//!
//! This file owns the rule whole: the `[gating]` schema, the gating moves (added to the
//! legal moves that leave a gate: a gated piece never makes an illegal move legal, as in
//! Fairy-Stockfish), their effect on the board, the gates in the FEN's castling field
//! (`KQBCDFGkqbcdfg`: castle letters open the king's and rook's gates, file letters
//! the others) and the moves' long algebraic form (`b1c3h`, `e1g1e`, `h1e1h`).

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::castle_layout::{CastlingLetters, CastlingMode};
use crate::fen::error::{err, FenError, FenField};
use crate::movegen::{Erased, MoveSink};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::rules::Gating;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::{Color, Geometry, Piece, PieceSet, PieceType, Square};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawGating {
    rank: Option<Spanned<u8>>,
}

/// Compiles the `[gating]` table (gating needs hands: `has_drops`).
pub(crate) fn compile(raw: &Spanned<RawGating>, has_drops: bool, cx: &Context) -> Result<Gating, RulesetError> {
    if !has_drops {
        return Err(cx.r.span(raw, "gating", "gating brings pieces from the hand: add a [drops] table"));
    }
    let rank = match &raw.get_ref().rank {
        None => 0,
        Some(r) => {
            let v = *r.get_ref();
            if v == 0 || v > cx.g.ranks {
                return Err(cx.r.span(r, "gating.rank", format!("rank {v} is not on the board (1 to {})", cx.g.ranks)));
            }
            v - 1
        }
    };
    Ok(Gating { rank })
}

/// Passes legal moves on, with the gating moves of those that leave a gate.
pub(crate) struct GateSink<'a, B: Bitboard, S> {
    pos: &'a Pos<B>,
    inner: &'a mut S,
    /// The mover's gates.
    gates: B,
    /// The types in the mover's hand.
    in_hand: PieceSet,
}

impl<'a, B: Bitboard, S: MoveSink> GateSink<'a, B, S> {
    pub(crate) fn new(pos: &'a Pos<B>, inner: &'a mut S) -> Self {
        let us = pos.turn;
        let in_hand = PieceType::first(pos.t.types).filter(|&pt| pos.hands[us][pt] > 0).collect();
        GateSink { pos, inner, gates: pos.status.gates & pos.color_bb(us), in_hand }
    }

    /// One gating move per type in hand that may enter on `gate`.
    fn push_gated(&mut self, gate: Square, to: Square, kind: MoveKind) {
        let t = &*self.pos.t;
        for pt in self.in_hand.iter() {
            if t.mobility(self.pos.turn, pt).drop_zone.has(gate) {
                self.inner.push(Move::new(gate, to, kind, pt));
            }
        }
    }
}

impl<B: Bitboard, S: MoveSink> MoveSink for GateSink<'_, B, S> {
    fn push(&mut self, m: Move) {
        self.inner.push(m);
        match m.kind {
            MoveKind::Normal if m.promotion().is_none() && self.gates.has(m.from) => self.push_gated(m.from, m.to, MoveKind::Gate),
            MoveKind::Castle => {
                let cs = self.pos.castles().paths[m.piece.index()][self.pos.turn].squares;
                // The gated piece may not stand where the king or the rook ends.
                for gate in [cs.king_from, cs.rook_from] {
                    if self.gates.has(gate) && gate != cs.king_to && gate != cs.rook_to {
                        self.push_gated(gate, cs.king_to, MoveKind::GateCastle);
                    }
                }
            }
            _ => {}
        }
    }

    fn push_targets<C: Bitboard>(&mut self, from: Square, targets: C) {
        if self.gates.has(from) {
            for to in targets.squares() {
                self.push(Move::normal(from, to));
            }
        } else {
            self.inner.push_targets(from, targets);
        }
    }

    fn push_drops<C: Bitboard>(&mut self, t: PieceType, targets: C) {
        self.inner.push_drops(t, targets);
    }
}

impl<B: Bitboard> Pos<B> {
    /// Every legal move, the gating ones included.
    pub(crate) fn generate_gated<S: MoveSink>(&self, sink: &mut S) {
        self.generate_ungated(&mut GateSink::new(self, &mut Erased(&mut |m| sink.push(m))));
    }

    /// Whether the side to move may gate at all: a gate of its own and a piece in hand.
    #[inline]
    pub(crate) fn may_gate(&self) -> bool {
        let us = self.turn;
        (self.status.gates & self.color_bb(us)).any() && self.hands[us].iter().any(|&n| n > 0)
    }

    /// The castle a castling move (gating or not) by `mover` plays.
    pub(crate) fn castle_index(&self, m: Move, mover: Color) -> usize {
        if m.kind == MoveKind::Castle {
            return m.piece.index();
        }
        let paths = &self.castles().paths;
        (0..paths.len())
            .find(|&i| {
                let cs = paths[i][mover].squares;
                cs.king_to == m.to && (cs.king_from == m.from || cs.rook_from == m.from)
            })
            .expect("a gating castle names its castle")
    }

    /// The two squares the long algebraic form of a gating move names: the move's, or
    /// for a castle gating on the rook's square, the rook's and the king's.
    pub(crate) fn gate_squares(&self, m: Move) -> (Square, Square) {
        if m.kind != MoveKind::GateCastle {
            return (m.from, m.to);
        }
        let layout = self.castles();
        let cs = layout.paths[self.castle_index(m, self.turn)][self.turn].squares;
        if m.from == cs.rook_from {
            (cs.rook_from, cs.king_from)
        } else if layout.mode == CastlingMode::Chess960 {
            (cs.king_from, cs.rook_from)
        } else {
            (cs.king_from, cs.king_to)
        }
    }

    /// The gating move written in SAN as `text` (`Nc3/H`, `O-O/Eh1`), if one is.
    pub(crate) fn parse_gating_san(&self, text: &str, legal: &[Move]) -> Option<Move> {
        if !self.t.has_gating || !text.contains('/') {
            return None;
        }
        legal
            .iter()
            .copied()
            .filter(|m| matches!(m.kind, MoveKind::Gate | MoveKind::GateCastle))
            .find(|&m| self.san_plain(m, legal) == text)
    }

    /// Puts the gated piece of `m` on its gate, from the hand.
    pub(crate) fn open_gate(&mut self, m: Move) {
        let t = &*self.t;
        let us = self.turn;
        let n = self.hands[us][m.piece];
        self.hands[us][m.piece] = n - 1;
        self.status.hash ^= Zobrist::hand(us, m.piece, n) ^ Zobrist::hand(us, m.piece, n - 1);
        self.board.put(m.from, Piece { color: us, kind: m.piece });
        self.status.hash ^= t.piece_key(us, m.piece, m.from);
        if n == 1 && !self.may_gate_again(us) {
            // Nothing will gate again: the side's gates go, as its FEN no longer names
            // them, so that the position hashes as one read from that FEN.
            self.close_gates(self.color_bb(us));
        }
    }

    /// Takes the gated piece of `m` (played by `mover`) back into the hand.
    pub(crate) fn close_gate(&mut self, m: Move, mover: Color) {
        self.board.take(m.from);
        self.hands[mover][m.piece] += 1;
    }

    /// Closes the gates on `touched` (squares a move left, entered or castled through).
    #[inline]
    pub(crate) fn close_gates(&mut self, touched: B) {
        let closed = self.status.gates & touched;
        if closed.any() {
            self.status.gates ^= closed;
            for sq in closed.squares() {
                self.status.hash ^= Zobrist::gate(sq);
            }
        }
    }

    /// Appends `color`'s gates to the FEN castling field as file letters, as
    /// Fairy-Stockfish writes them: those a castle letter already implies are left out,
    /// and none are written while the side has nothing to gate with (and never will).
    pub(crate) fn write_gates(&self, color: Color, s: &mut String, letters: CastlingLetters) {
        let t = &*self.t;
        let g = t.geometry;
        if !self.may_gate_again(color) {
            return;
        }
        let layout = self.castles();
        let mut implied = B::EMPTY;
        for i in 0..layout.paths.len() {
            if self.has_castling_right(i, color) {
                let cs = layout.paths[i][color].squares;
                implied |= B::bit(cs.rook_from);
                // A castle letter opens its king's gate too; a rook file (`H`) is read
                // as that file's gate alone, so the king's is written.
                if layout.mode == CastlingMode::Standard && letters == CastlingLetters::Castles {
                    implied |= B::bit(cs.king_from);
                }
            }
        }
        for sq in (self.status.gates & self.color_bb(color) & !implied).squares() {
            let f = Geometry::file_char(g.file(sq));
            s.push(if color == Color::White { f.to_ascii_uppercase() } else { f });
        }
    }

    /// Whether `color` has a piece to gate with, or may get one (captured pieces go to
    /// the hand): otherwise its gates mean nothing, and are neither written nor read.
    fn may_gate_again(&self, color: Color) -> bool {
        self.t.to_hand.iter().any(Option::is_some) || self.hands[color].iter().any(|&n| n > 0)
    }

    /// The letters `color`'s castles are written in, given the `letters` asked for. A
    /// gating side's rook files read back as gates, and its castles as those its king and
    /// rooks on open gates imply (see [`Self::castles_on_gates`]): where those are not its
    /// castles (a right lost with the king and rook on their gates, which only a FEN
    /// makes: found by fuzz/castling), its castles are written as castle letters.
    /// `partners` are the types that castle with the king (as the FEN reader's).
    pub(crate) fn castle_letters_of(&self, color: Color, letters: CastlingLetters, partners: PieceSet) -> CastlingLetters {
        if letters != CastlingLetters::RookFiles || !self.t.has_gating || !self.may_gate_again(color) {
            return letters;
        }
        let layout = self.castles();
        let mut held: Vec<Square> = (0..layout.paths.len())
            .filter(|&i| self.has_castling_right(i, color))
            .map(|i| layout.paths[i][color].squares.rook_from)
            .collect();
        held.sort_unstable();
        let implied = self.castles_on_gates(color, self.status.gates, partners, layout.mode == CastlingMode::Chess960);
        if implied.into_iter().flatten().eq(held) {
            letters
        } else {
            CastlingLetters::Castles
        }
    }

    /// The castles a FEN that names none of `color`'s gives it when its king stands on
    /// one of `gates`: the rooks of the outermost `partners` on open gates on each side
    /// of the king, on its rank (Fairy-Stockfish's reading of Shredder-style letters in
    /// S-Chess; outside Chess960 only a rook on a castle's rook square castles: a rook on
    /// b1 stays a gate, found by fuzz/fen). The writer asks it too, to write castle
    /// letters where these would not be the side's castles.
    pub(crate) fn castles_on_gates(&self, color: Color, gates: B, partners: PieceSet, chess960: bool) -> [Option<Square>; 2] {
        let t = &*self.t;
        let g = t.geometry;
        let Some(king) = (gates & self.royals(color)).squares().next() else { return [None; 2] };
        let castles_from = |rook: Square| {
            g.rank(rook) == g.rank(king)
                && self.piece_at(rook).is_some_and(|p| p.color == color && partners.contains(p.kind))
                && (chess960 || t.rules.castles.iter().any(|k| k.squares(g, color).rook_from == rook))
        };
        let rooks = (gates & self.color_bb(color)).squares().filter(|&sq| sq != king && castles_from(sq));
        // Squares come lowest first: the first rook below the king's file, the last above
        // (two rooks on a8 and b8 name one queenside castle: found by fuzz/castling).
        let below = rooks.clone().find(|&r| g.file(r) < g.file(king));
        let above = rooks.filter(|&r| g.file(r) > g.file(king)).last();
        [below, above]
    }
}

/// Reads a gating variant's castling field: the gates it opens, and the castling field
/// left for the castling reader. A castle letter opens the gates of its king and rook
/// (and keeps its right); a file letter opens the gate on that file of the side's gate
/// rank. A side that gives no castle letter but whose king and rook stand on open gates
/// keeps that castle (Fairy-Stockfish's reading of Shredder-style letters in S-Chess);
/// outside Chess960 only a rook on a castle's rook square does.
pub(crate) fn parse_gates<B: Bitboard>(
    pos: &Pos<B>,
    field: &str,
    (kings, partners): (PieceSet, PieceSet),
    chess960: bool,
) -> Result<(B, String), FenError> {
    let t = &*pos.t;
    let g = t.geometry;
    let Some(gating) = &t.rules.gating else { return Ok((B::EMPTY, field.to_string())) };
    let mut gates = B::EMPTY;
    let mut castles = String::new();
    let own = |sq: Square, color: Color| pos.piece_at(sq).is_some_and(|p| p.color == color);
    let rank_of = |color: Color| if color == Color::White { gating.rank } else { g.ranks - 1 - gating.rank };
    for c in field.chars().filter(|_| field != "-") {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let up = c.to_ascii_uppercase();
        if let Some(castle) = t.rules.castles.iter().find(|k| k.fen_letter == up) {
            // The gates of the king and the rook the letter names where they stand (as
            // Fairy-Stockfish opens them): in Chess960 the king anywhere on its rank and
            // the outermost rook on the castle's side of it.
            let cs = castle.squares(g, color);
            let rank = g.rank(cs.king_from);
            let mut on_rank = (0..g.files).map(|f| g.square(f, rank));
            let king = on_rank.find(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == color && kings.contains(p.kind)));
            let (king, rook) = match king {
                Some(king) if chess960 => (king, pos.outermost_partner(color, king, castle.kingside(g), partners).unwrap_or(cs.rook_from)),
                _ => (cs.king_from, cs.rook_from),
            };
            for sq in [king, rook] {
                if own(sq, color) {
                    gates |= B::bit(sq);
                }
            }
            castles.push(c);
        } else if c.is_ascii_alphabetic() && ((up as u8 - b'A') < g.files) {
            if !pos.may_gate_again(color) {
                // Nothing to gate with: the letter is a rook's file, a castle (as
                // Fairy-Stockfish reads it, and as Chimera writes it in that case).
                castles.push(c);
                continue;
            }
            let sq = g.square(up as u8 - b'A', rank_of(color));
            if own(sq, color) {
                gates |= B::bit(sq);
            }
        } else {
            return err(FenField::Castling, format!("`{c}` names no castle and no file of this variant"));
        }
    }
    for color in Color::BOTH {
        let given = castles.chars().any(|c| c.is_ascii_uppercase() == (color == Color::White));
        if given || !pos.may_gate_again(color) {
            continue;
        }
        for rook in pos.castles_on_gates(color, gates, partners, chess960).into_iter().flatten() {
            let f = Geometry::file_char(g.file(rook));
            castles.push(if color == Color::White { f.to_ascii_uppercase() } else { f });
        }
    }
    for color in Color::BOTH {
        if !pos.may_gate_again(color) {
            // Nothing will gate again (the castle letters still imply gates): no gates,
            // as a game that got here holds none.
            gates &= !pos.color_bb(color);
        }
    }
    if castles.is_empty() {
        castles.push('-');
    }
    Ok((gates, castles))
}

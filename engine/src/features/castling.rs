//! Castling: a king and a rook move together, by the ruleset's `[[castling]]` entries.
//!
//! This file owns the rule whole: its schema and compile step, the rights (in the hash
//! and the FEN castling field), its move generation, its effect on the board, and why
//! a castle is refused — the generator and the explanation ask the same question,
//! [`Pos::castle_block`].
//!
//! A castle's right is held while its king and its rook have never moved. With
//! `castling_rights_on_arrival = ["rook"]` a variant whose rooks come into being during
//! the game (Mystic chess's purchases and upgrades) gains the right when a rook does so on
//! the castle's rook square — bought, upgraded in place, promoted or dropped there — and the
//! king has never moved; the right is lost as usual, so the FEN's `KQkq` keeps its meaning.
//! The king's never-moved state is kept with the other unmoved pieces (`unmoved=`).

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::castle_layout::{CastleLayout, CastlePath, CastlingLetters, CastlingMode};
use crate::fen::error::{err, FenError, FenField};
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::refusal::{IllegalCode, MoveError};
use crate::rules::Castle;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::ruleset::source::Reporter;
use crate::types::{ByColor, Color, Geometry, PieceSet, PieceType, Square};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCastle {
    king: Spanned<String>,
    king_to: Spanned<String>,
    rook: Spanned<String>,
    rook_to: Spanned<String>,
    empty: Option<Vec<Spanned<String>>>,
    safe: Option<Vec<Spanned<String>>>,
    notation: Spanned<String>,
    #[serde(default)]
    aliases: Vec<String>,
    fen: Option<Spanned<String>>,
}

/// Compiles the `[[castling]]` entries; none of their squares (White's, or Black's
/// mirrored) may be one of the board's `walls`.
pub(crate) fn compile(raw: &[Spanned<RawCastle>], g: Geometry, walls: &[Square], r: &Reporter) -> Result<Vec<Castle>, RulesetError> {
    let mut castles = Vec::new();
    if raw.len() > 16 {
        return Err(r.span(&raw[16], "castling", "at most 16 castles"));
    }
    for (i, c) in raw.iter().enumerate() {
        let key = |k: &str| format!("castling[{i}].{k}");
        let c = c.get_ref();
        let sq = |s: &Spanned<String>, k: &str| -> Result<Square, RulesetError> {
            let sq = g
                .parse_square(s.get_ref())
                .ok_or_else(|| r.span(s, key(k), format!("`{}` is not a square of the {}x{} board", s.get_ref(), g.files, g.ranks)))?;
            match [sq, g.mirror(sq)].into_iter().find(|w| walls.contains(w)) {
                Some(w) => Err(r.span(
                    s,
                    key(k),
                    format!("{} is a wall square (`*` in the start position): no castle can use it", g.square_name(w)),
                )),
                None => Ok(sq),
            }
        };
        let (king_from, king_to) = (sq(&c.king, "king")?, sq(&c.king_to, "king_to")?);
        let (rook_from, rook_to) = (sq(&c.rook, "rook")?, sq(&c.rook_to, "rook_to")?);
        if king_from == rook_from {
            return Err(r.span(&c.rook, key("rook"), "the rook must start on another square than the king"));
        }
        if king_to == rook_to {
            return Err(r.span(&c.rook_to, key("rook_to"), "king and rook cannot end on the same square"));
        }
        let list = |v: &Option<Vec<Spanned<String>>>, k: &str| -> Result<Option<Vec<Square>>, RulesetError> {
            v.as_ref().map(|v| v.iter().map(|s| sq(s, k)).collect()).transpose()
        };
        let empty =
            list(&c.empty, "empty")?.unwrap_or_else(|| between_all(g, &[king_from, king_to, rook_from, rook_to], &[king_from, rook_from]));
        let safe = list(&c.safe, "safe")?.unwrap_or_else(|| between_all(g, &[king_from, king_to], &[]));
        if c.notation.get_ref().trim().is_empty() {
            return Err(r.span(&c.notation, key("notation"), "must not be empty"));
        }
        let fen_letter = match &c.fen {
            Some(f) => {
                let s = f.get_ref();
                match (s.chars().next(), s.chars().count()) {
                    (Some(ch), 1) if ch.is_ascii_alphabetic() => ch.to_ascii_uppercase(),
                    _ => return Err(r.span(f, key("fen"), format!("`{s}` must be a single letter"))),
                }
            }
            None => {
                if g.file(rook_from) > g.file(king_from) {
                    'K'
                } else {
                    'Q'
                }
            }
        };
        if castles.iter().any(|o: &Castle| o.fen_letter == fen_letter) {
            return Err(r.span(
                &c.notation,
                key("fen"),
                format!("another castle already uses FEN letter `{fen_letter}`; give this one its own with `fen = \"…\"`"),
            ));
        }
        castles.push(Castle {
            king_from,
            king_to,
            rook_from,
            rook_to,
            empty,
            safe,
            notation: c.notation.get_ref().trim().to_string(),
            aliases: c.aliases.clone(),
            fen_letter,
        });
    }

    Ok(castles)
}

/// Compiles `castling_rights_on_arrival`: piece names, meaningful only with castles.
pub(crate) fn compile_arrivals(raw: &[Spanned<String>], castles: &[Castle], cx: &Context) -> Result<Vec<PieceType>, RulesetError> {
    let key = "castling_rights_on_arrival";
    let types = cx.types_of(raw, key)?;
    match raw.first() {
        Some(first) if castles.is_empty() => Err(cx.r.span(first, key, "the variant has no `[[castling]]`: no right to gain")),
        _ => Ok(types),
    }
}

/// Compiles `[end] castling_wins`: castling-right letters as in a FEN (`K`, `Q` White's,
/// `k`, `q` Black's) as the rights' bits.
pub(crate) fn compile_wins(raw: &[Spanned<String>], castles: &[Castle], cx: &Context) -> Result<u32, RulesetError> {
    let key = "end.castling_wins";
    let mut bits = 0;
    for letter in raw {
        let mut chars = letter.get_ref().chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(cx.r.span(letter, key, format!("`{}` is not one castling-right letter (`K`, `q`)", letter.get_ref())));
        };
        let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
        let Some(i) = castles.iter().position(|c| c.fen_letter == ch.to_ascii_uppercase()) else {
            let known: String = castles.iter().map(|c| c.fen_letter).collect();
            return Err(cx.r.span(
                letter,
                key,
                format!("`{ch}` is no castle's letter (the castles: {})", if known.is_empty() { "none".into() } else { known }),
            ));
        };
        bits |= 1 << (2 * i + color.index());
    }
    Ok(bits)
}

/// Compiles `opposite_castling`, meaningful only with castles.
pub(crate) fn compile_opposite(raw: Option<&Spanned<bool>>, castles: &[Castle], cx: &Context) -> Result<bool, RulesetError> {
    match raw {
        Some(on) if *on.get_ref() && castles.is_empty() => Err(cx.r.span(on, "opposite_castling", "the variant has no `[[castling]]`")),
        Some(on) => Ok(*on.get_ref()),
        None => Ok(false),
    }
}

/// The squares on the rank of `ends` spanning them all, minus `except`.
fn between_all(g: Geometry, ends: &[Square], except: &[Square]) -> Vec<Square> {
    let rank = g.rank(ends[0]);
    let lo = ends.iter().map(|&s| g.file(s)).min().unwrap_or(0);
    let hi = ends.iter().map(|&s| g.file(s)).max().unwrap_or(0);
    (lo..=hi).map(|f| g.square(f, rank)).filter(|s| !except.contains(s)).collect()
}

/// Why a castle cannot be played now, as the generator finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CastleBlock {
    /// The side has lost the right.
    RightLost,
    /// A square that must be empty is not (the explanation names the first in the
    /// path's order: the generator only needs to know that one is).
    Occupied,
    /// A square that must not be attacked is.
    Attacked(Square),
    /// The king or the rook on this square is paralysed (Madrasi, `features/madrasi.rs`).
    Paralysed(Square),
}

impl<B: Bitboard> Pos<B> {
    pub fn has_castling_right(&self, castle: usize, c: Color) -> bool {
        self.status.castling & (1 << (2 * castle + c.index())) != 0
    }

    /// The castles the side to move may play.
    #[inline]
    pub(crate) fn generate_castles<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let us = self.turn;
        if self.status.castling & (0x5555_5555 << us.index()) == 0 {
            return;
        }
        let occ = self.occupied();
        let paths = &self.castles().paths;
        // Most castles still allowed have pieces on their way: a quick look first.
        if !paths.iter().enumerate().any(|(i, path)| self.has_castling_right(i, us) && (occ & path[us].empty).is_empty()) {
            return;
        }
        for (i, path) in paths.iter().enumerate() {
            let path = &path[us];
            if self.castle_block_knowing(i, path, occ, Some(safety)).is_some() {
                continue;
            }
            let cs = path.squares;
            let m = Move::new(cs.king_from, cs.king_to, MoveKind::Castle, PieceType::new(i as u8));
            if safety.unguarded || self.path_decides(path, safety) || self.is_safe_after(m, safety.royals) {
                sink.push(m);
            }
        }
    }

    /// Whether the tests of a castle's path, passed, already say that the king ends safe
    /// ([`CastlePath::path_decides`]): not where a hop, lame leap, locust, condition or
    /// second royal may make more of the castle than plain lines and leaps do.
    fn path_decides(&self, path: &CastlePath<B>, safety: &Safety<B>) -> bool {
        let t = &*self.t;
        path.path_decides
            && !(safety.test_all || safety.in_check || t.modules.own_legality || t.exact_legality || t.hops_or_flying || t.odd_attackers)
            && t.special_attacker_types[self.turn.opponent()].is_empty()
            && safety.royals == B::bit(path.squares.king_from)
    }

    /// Why castle `i` cannot be played by the side to move now, leaving aside whether
    /// it exposes a royal piece: the one test behind both the move list and the
    /// explanation of a refusal.
    #[inline(always)]
    pub(crate) fn castle_block(&self, i: usize) -> Option<CastleBlock> {
        self.castle_block_knowing(i, &self.castles().paths[i][self.turn], self.occupied(), None).or_else(|| self.castle_threatened(i))
    }

    /// Where the opponent moves several times a turn and checks do not end it (Monster
    /// chess's Black, [`crate::tables::Tables::threatened`]): the first of castle `i`'s
    /// `safe` squares on which the king would be in check, that is, where the opponent's
    /// next turn could capture it ([`Pos::threatened_on`]: its whole turn, en passant
    /// included). Wikipedia ("Monster chess") defines check so — "a king is in check if
    /// it could be captured on the next turn" — and says "otherwise, standard chess rules
    /// apply": so the king may not castle out of check, nor through or onto a square
    /// where it would be in check, each square judged as the king's own step there is. No
    /// published text speaks of castling beyond that; greenchess.net, as a chess.com
    /// forum thread ("Monster Chess", page 7) reports it, lets Black castle unless
    /// attacked in the orthodox sense, but also lets Black's king step where White's two
    /// moves take it, which Wikipedia's rule forbids: Chimera follows Wikipedia for both.
    ///
    /// Asked after [`Pos::castle_block`]'s own tests (a square attacked now is
    /// threatened too): by the explanation, and by the series' generator
    /// (`features/series.rs`), which keeps the kernel's generator free of it.
    #[cold]
    #[inline(never)]
    pub(crate) fn castle_threatened(&self, i: usize) -> Option<CastleBlock> {
        let us = self.turn;
        let path = &self.castles().paths[i][us];
        let king = path.squares.king_from;
        if !self.t.threatened[us] || self.t.modules.own_legality || !self.royals(us).has(king) {
            return None;
        }
        path.safe.iter().copied().find(|&sq| self.threatened_on(king, sq)).map(CastleBlock::Attacked)
    }

    /// [`Pos::castle_block`] of castle `i`, whose path for the side to move is `path`, on
    /// the occupancy `occ`, knowing the move generator's `safety` analysis if given: out
    /// of check, its single royal's square is not attacked, and is not tested again (two
    /// fewer tests where both castles are open).
    #[inline(always)]
    fn castle_block_knowing(&self, i: usize, path: &CastlePath<B>, occ: B, safety: Option<&Safety<B>>) -> Option<CastleBlock> {
        // The lost right and the occupied path first: they stop most castles for a few
        // instructions, where what follows costs attack tests.
        if !self.has_castling_right(i, self.turn) {
            return Some(CastleBlock::RightLost);
        }
        if (occ & path.empty).any() {
            return Some(CastleBlock::Occupied);
        }
        let us = self.turn;
        let t = &*self.t;
        let cs = path.squares;
        if t.madrasi {
            let paralysed = self.paralysed(us);
            if let Some(sq) = [cs.king_from, cs.rook_from].into_iter().find(|&sq| paralysed.has(sq)) {
                return Some(CastleBlock::Paralysed(sq));
            }
        }
        if t.modules.own_legality {
            // A module that decides legality alone judges the king's path too.
            return None;
        }
        if !self.royals(us).has(cs.king_from) {
            // Only a royal piece can be in check: a non-royal "king" castles through
            // attacked squares (three kings, Extinction chess; Fairy-Stockfish agrees).
            // A piece royal while it is the last of its kind (Petrified chess's king)
            // counts as royal then, as Fairy-Stockfish's pseudo-royal castling.
            return None;
        }
        let them = us.opponent();
        let without_king = occ & !B::bit(cs.king_from);
        if t.madrasi {
            // A paralysed piece attacks nothing, judged with the king on each square.
            return path.safe.iter().copied().find(|&sq| self.attacked_with_king_on(cs.king_from, sq)).map(CastleBlock::Attacked);
        }
        let theirs = self.color_bb(them);
        let known_safe = match safety {
            Some(s) if !(s.unguarded || s.test_all || s.in_check) => s.royals,
            _ => B::EMPTY,
        };
        // The squares the royal's own moves were tested on are not tested again.
        let (tested, attacked) = safety.map_or((B::EMPTY, B::EMPTY), |s| s.royal_tested.get());
        path.safe
            .iter()
            .copied()
            .find(|&sq| {
                !known_safe.has(sq) && if tested.has(sq) { attacked.has(sq) } else { self.attacked(sq, them, without_king, theirs) }
            })
            .map(CastleBlock::Attacked)
    }

    /// Castle `i` if it is legal, else why not (from [`Pos::castle_block`]).
    pub(crate) fn explain_castle(&self, i: usize, legal: &[Move]) -> Result<Move, MoveError> {
        if let Some(m) = legal.iter().find(|m| m.kind == MoveKind::Castle && m.piece.index() == i) {
            return Ok(*m);
        }
        let g = self.t.geometry;
        let castle = &self.t.rules.castles[i];
        let notation = &castle.notation;
        let block = self.castle_block(i);
        if block.is_none() {
            // The rule modules' refusal, from the same test that keeps it off the list.
            let cs = self.castles().paths[i][self.turn].squares;
            if let Some(e) = self.module_refusal(Move::new(cs.king_from, cs.king_to, MoveKind::Castle, PieceType::new(i as u8))) {
                return Err(e);
            }
        }
        let (code, message) = match block {
            Some(CastleBlock::RightLost) if !self.t.castling_rights_on_arrival.is_empty() => {
                (IllegalCode::CastlingRightLost, self.missing_arrival_right(i))
            }
            Some(CastleBlock::RightLost) => {
                (IllegalCode::CastlingRightLost, format!("{} has lost the right to castle {notation}", self.turn))
            }
            Some(CastleBlock::Occupied) => {
                // The first blocked square in the path's order.
                let path = &self.castles().paths[i][self.turn];
                let cs = path.squares;
                let others = self.occupied() & !B::bit(cs.king_from) & !B::bit(cs.rook_from);
                let sq = path.empty_order.iter().copied().find(|&sq| others.has(sq)).expect("a blocked square");
                (IllegalCode::CastlingBlocked, format!("cannot castle {notation}: {} is occupied", g.square_name(sq)))
            }
            Some(CastleBlock::Attacked(_)) if self.is_check() => {
                (IllegalCode::CastlingInCheck, format!("cannot castle {notation} while in check"))
            }
            Some(CastleBlock::Paralysed(sq)) => (
                IllegalCode::Paralysed,
                format!(
                    "cannot castle {notation}: the piece on {} is paralysed (attacked by an enemy piece of its own type)",
                    g.square_name(sq)
                ),
            ),
            Some(CastleBlock::Attacked(sq)) => {
                (IllegalCode::CastlingThroughCheck, format!("cannot castle {notation}: {} is attacked", g.square_name(sq)))
            }
            None => (IllegalCode::LeavesRoyalInCheck, format!("castling {notation} leaves the king in check")),
        };
        Err(MoveError { code, message })
    }

    /// The two pieces a castle by `mover` moves, as (from, to).
    pub(crate) fn castle_paths(&self, m: Move, mover: Color) -> [(Square, Square); 2] {
        let cs = self.castles().paths[self.castle_index(m, mover)][mover].squares;
        [(cs.king_from, cs.king_to), (cs.rook_from, cs.rook_to)]
    }

    /// Moves two pieces at once (lifting both first, so their paths may cross);
    /// returns (from, to, type) of each.
    pub(crate) fn relocate(&mut self, paths: [(Square, Square); 2]) -> [(Square, Square, PieceType); 2] {
        let [(a_from, a_to), (b_from, b_to)] = paths;
        let a = self.board.take(a_from);
        let b = self.board.take(b_from);
        self.board.put(a_to, a);
        self.board.put(b_to, b);
        [(a_from, a_to, a.kind), (b_from, b_to, b.kind)]
    }

    /// Castling-right bits that need a piece on `sq` (its king's or its rook's square).
    #[inline]
    pub(crate) fn castle_rights_on(&self, sq: Square) -> u32 {
        self.castles().rights_at[sq] & self.status.castling
    }

    /// `[end] castling_wins`, as Fairy-Stockfish decides it (`is_immediate_game_end`): the
    /// side that just made such a castle wins; else a side that holds none of its
    /// winning rights any more loses, the side that just moved looked at first.
    pub(crate) fn castle_won(&self) -> Option<Outcome> {
        let wins = self.t.rules.end.castling_wins;
        if wins == 0 {
            return None;
        }
        let mover = self.turn.opponent();
        let won = |c: Color| Some(Outcome { winner: Some(c), reason: EndReason::Castling });
        if let Some(m) = self.last_move().filter(|m| matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle)) {
            if wins & (1 << (2 * self.castle_index(m, mover) + mover.index())) != 0 {
                return won(mover);
            }
        }
        for c in [mover, self.turn] {
            // A side's bits are every other one, from its colour's index.
            let own = wins & (0x5555_5555 << c.index());
            if own != 0 && own & self.status.castling == 0 {
                return won(c.opponent());
            }
        }
        None
    }

    /// Castling-right bits that a move touching these squares removes.
    #[inline]
    pub(crate) fn castle_rights_touching(&self, m: Move) -> u32 {
        // A drop lands on an empty square: no castling piece stands there to lose a
        // right (and one dropped there may just have gained it).
        if self.status.castling == 0 || m.kind == MoveKind::Drop {
            return 0;
        }
        // (An en-passant capture's victim has just moved: it holds no right.)
        let at = &self.castles().rights_at;
        let mut lost = at[m.from] | at[m.to];
        if m.kind == MoveKind::GateCastle {
            // The gate may be the rook's square: the king leaves too.
            lost |= at[self.castles().paths[self.castle_index(m, self.turn)][self.turn].squares.king_from];
        }
        if matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle) && self.t.rules.opposite_castling {
            lost |= 1 << (2 * self.castle_index(m, self.turn) + self.turn.opponent().index());
        }
        lost
    }

    /// `castling_rights_on_arrival`: after move `m`, the rights the piece it brought into
    /// being on its square gains — each castle of the mover whose rook square that is, if
    /// the piece is of a listed type and the castle's king stands home, never moved.
    pub(crate) fn gain_rights_on_arrival(&mut self, m: Move) {
        let arrives = matches!(m.kind, MoveKind::Drop | MoveKind::Buy | MoveKind::Upgrade) || m.promotion().is_some();
        if arrives {
            self.gain_rights_at(m.to, self.turn);
        }
    }

    /// `castling_rights_on_arrival`: the rights a piece of `side` that has just come into
    /// being on `sq` (arrived, reborn by Circe, turned by Andernach) gains — each castle of
    /// `side` whose rook square that is, if the piece is of a listed type and the castle's
    /// king stands home, never moved.
    pub(crate) fn gain_rights_at(&mut self, sq: Square, side: Color) {
        let t = &*self.t;
        if !self.piece_at(sq).is_some_and(|p| p.color == side && t.castling_rights_on_arrival.contains(p.kind)) {
            return;
        }
        let mut gained = 0;
        for (i, path) in self.castles().paths.iter().enumerate() {
            let cs = path[side].squares;
            if cs.rook_from == sq && self.king_never_moved(cs.king_from, side) {
                gained |= 1 << (2 * i + side.index());
            }
        }
        gained &= !self.status.castling;
        self.status.castling |= gained;
        self.status.hash ^= t.zobrist.castles(gained);
    }

    /// Whether a royal piece of `side` stands on `sq` and has never moved.
    fn king_never_moved(&self, sq: Square, side: Color) -> bool {
        self.status.unmoved.has(sq) && self.piece_at(sq).is_some_and(|p| p.color == side && self.t.royal_types.contains(p.kind))
    }

    /// Why the side to move holds no right to castle `i`, where rights arrive with rooks.
    fn missing_arrival_right(&self, i: usize) -> String {
        let t = &*self.t;
        let cs = self.castles().paths[i][self.turn].squares;
        let notation = &t.rules.castles[i].notation;
        let g = t.geometry;
        if !self.king_never_moved(cs.king_from, self.turn) {
            return format!("{} has lost the right to castle {notation}: its king has moved", self.turn);
        }
        let names: Vec<&str> = t.rules.castling_rights_on_arrival.iter().map(|&k| t.rules.piece(k).name.as_str()).collect();
        format!(
            "{} cannot castle {notation}: it needs a {} on {} that has not moved since it came into being there",
            self.turn,
            names.join(" or "),
            g.square_name(cs.rook_from)
        )
    }

    /// Appends the FEN castling field: each castle's letter, or in a Chess960 game the
    /// rook's file where the letter would name another rook (X-FEN); `letters` per side
    /// (see [`Self::castle_letters_of`]).
    pub(crate) fn write_castling(&self, s: &mut String, letters: ByColor<CastlingLetters>) {
        let before = s.len();
        let layout = self.castles();
        for color in Color::BOTH {
            let letters = letters[color];
            for (i, c) in self.t.rules.castles.iter().enumerate() {
                if !self.has_castling_right(i, color) {
                    continue;
                }
                let cs = layout.paths[i][color].squares;
                let rook_file = || Geometry::file_char(self.t.geometry.file(cs.rook_from)).to_ascii_uppercase();
                let letter = match (letters, layout.mode) {
                    (CastlingLetters::RookFiles, _) => rook_file(),
                    (CastlingLetters::Castles, CastlingMode::Chess960) => {
                        let outermost = self.outermost_partner(color, cs.king_from, c.kingside(self.t.geometry), layout.partners);
                        if outermost == Some(cs.rook_from) {
                            c.fen_letter
                        } else {
                            rook_file()
                        }
                    }
                    (CastlingLetters::Castles, CastlingMode::Standard) => c.fen_letter,
                };
                s.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
            if self.t.has_gating {
                self.write_gates(color, s, letters);
            }
        }
        if s.len() == before {
            s.push('-');
        }
    }

    /// The `color` piece of a `partners` type farthest from `king` on its rank, towards
    /// the higher files if `up` (the rook X-FEN's `K` or `Q` names).
    pub(crate) fn outermost_partner(&self, color: Color, king: Square, up: bool, partners: PieceSet) -> Option<Square> {
        let g = self.t.geometry;
        let (rank, kf) = (g.rank(king), g.file(king));
        let files: Box<dyn Iterator<Item = u8>> = if up { Box::new((kf + 1..g.files).rev()) } else { Box::new(0..kf) };
        files.map(|f| g.square(f, rank)).find(|&sq| self.piece_at(sq).is_some_and(|p| p.color == color && partners.contains(p.kind)))
    }
}

/// Reads a standard FEN's castling field. Each right needs a piece of the side of a type
/// that castles (`kings`, `partners`: see [`parse_castling_960`]) on its castle's king and
/// rook squares: a queen on h1 gives no `K`.
pub(crate) fn parse_castling<B: Bitboard>(pos: &Pos<B>, field: &str, (kings, partners): (PieceSet, PieceSet)) -> Result<u32, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let t = &*pos.t;
    let g: Geometry = t.geometry;
    let mut rights = 0u32;
    for c in field.chars() {
        if !c.is_ascii_alphabetic() {
            return err(FenField::Castling, format!("unexpected character `{c}` (expected `-` or castle letters such as `KQkq`)"));
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let up = c.to_ascii_uppercase();
        let by_letter = t.rules.castles.iter().position(|k| k.fen_letter == up);
        let by_file = || {
            let file = (up as u8).checked_sub(b'A')?;
            t.rules.castles.iter().position(|k| g.file(k.rook_from) == file)
        };
        let Some(i) = by_letter.or_else(by_file) else {
            return err(FenField::Castling, format!("`{c}` names no castle of this variant"));
        };
        let bit = 1 << (2 * i + color.index());
        if rights & bit != 0 {
            return err(FenField::Castling, format!("`{c}` is given twice"));
        }
        let cs = t.rules.castles[i].squares(g, color);
        for (sq, what, types) in [(cs.king_from, "king", kings), (cs.rook_from, "rook", partners)] {
            let found = pos.piece_at(sq);
            if found.is_some_and(|p| p.color == color && types.contains(p.kind)) {
                continue;
            }
            let there = match found {
                Some(p) => format!("a {} {} stands there", p.color, t.rules.piece(p.kind).name),
                None => "it is empty".to_string(),
            };
            // A king elsewhere on its rank: most likely a Chess960 position.
            let rank = g.rank(cs.king_from);
            let elsewhere = (0..g.files)
                .map(|f| g.square(f, rank))
                .any(|s| s != cs.king_from && pos.piece_at(s).is_some_and(|p| p.color == color && kings.contains(p.kind)));
            let hint = if elsewhere { " (a Chess960 position? read it in Chess960 mode)" } else { "" };
            return err(FenField::Castling, format!("`{c}` needs a {color} {what} on {}, but {there}{hint}", g.square_name(sq)));
        }
        rights |= bit;
    }
    Ok(rights)
}

/// Reads a Chess960 FEN's castling field (see [`CastlingMode::Chess960`]): the rights, and
/// where each castle's king and rook stand. `kings` and `partners` are the types that
/// castle (those on the ruleset's king and rook squares in the start position).
pub(crate) fn parse_castling_960<B: Bitboard>(
    pos: &Pos<B>,
    field: &str,
    (kings, partners): (PieceSet, PieceSet),
) -> Result<(u32, CastleLayout<B>), FenError> {
    let t = &*pos.t;
    let g: Geometry = t.geometry;
    let castles = &t.rules.castles;
    let mut rights = 0u32;
    let mut origins = vec![ByColor::both(None); castles.len()];
    for c in field.chars().filter(|_| field != "-") {
        if !c.is_ascii_alphabetic() {
            return err(
                FenField::Castling,
                format!("unexpected character `{c}` (expected `-`, castle letters such as `KQkq` or rook files such as `HAha`)"),
            );
        }
        if castles.is_empty() {
            return err(FenField::Castling, format!("`{c}`: the variant has no castling (the field is `-`)"));
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let up = c.to_ascii_uppercase();
        // The castle a letter names, or the rook file a file letter names.
        let (i, rook_file) = match castles.iter().position(|k| k.fen_letter == up) {
            Some(i) => (i, None),
            None => {
                let file = up as u8 - b'A';
                if file >= g.files {
                    return err(FenField::Castling, format!("`{c}` names no castle and no file of this variant"));
                }
                (usize::MAX, Some(file))
            }
        };
        let rank = g.rank(castles.get(i).unwrap_or(&castles[0]).squares(g, color).king_from);
        let mut royals = (0..g.files)
            .map(|f| g.square(f, rank))
            .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == color && kings.contains(p.kind)));
        let (Some(king), None) = (royals.next(), royals.next()) else {
            return err(FenField::Castling, format!("`{c}` needs one {color} king on rank {} to castle with", rank + 1));
        };
        let (i, rook) = match rook_file {
            None => {
                let Some(rook) = pos.outermost_partner(color, king, castles[i].kingside(g), partners) else {
                    let side = if castles[i].kingside(g) { "right" } else { "left" };
                    return err(
                        FenField::Castling,
                        format!("`{c}` needs a {color} rook to the {side} of the king on {}", g.square_name(king)),
                    );
                };
                (i, rook)
            }
            Some(file) => {
                let rook = g.square(file, rank);
                if !pos.piece_at(rook).is_some_and(|p| p.color == color && partners.contains(p.kind)) || rook == king {
                    return err(FenField::Castling, format!("`{c}` needs a {color} rook on {}, but it is not there", g.square_name(rook)));
                }
                let kingside = file > g.file(king);
                let Some(i) = castles.iter().position(|k| k.kingside(g) == kingside) else {
                    return err(FenField::Castling, format!("`{c}`: this variant has no castle on that side of the king"));
                };
                (i, rook)
            }
        };
        let bit = 1 << (2 * i + color.index());
        if rights & bit != 0 {
            return err(FenField::Castling, format!("`{c}` gives a castle already given"));
        }
        rights |= bit;
        origins[i][color] = Some((king, rook));
    }
    Ok((rights, CastleLayout::chess960(&t.rules, &origins, partners)))
}

/// Castle spellings compare with `0` and `O` as the same character.
pub(crate) fn castle_key(s: &str) -> String {
    s.chars().map(|c| if c == '0' { 'O' } else { c }).collect()
}

/// Whether two castle spellings are the same by [`castle_key`] (without building either key).
pub(crate) fn castle_eq(a: &str, b: &str) -> bool {
    // Byte by byte: `0` and `O` are ASCII, which no other character's UTF-8 bytes are.
    let key = |c: u8| if c == b'0' { b'O' } else { c };
    a.len() == b.len() && a.bytes().map(key).eq(b.bytes().map(key))
}

//! FEN: reading and writing positions.
//!
//! Fields: board, side to move, castling, en passant, halfmove clock, fullmove number
//! (the last two may be omitted). Boards wider than 9 files write runs of empty
//! squares as multi-digit numbers (`10`). Castling rights are written with the
//! castle's letter (`KQkq`), and read with that letter or the rook's file
//! (Shredder style, `HAha`). A Chess960 FEN ([`CastlingMode::Chess960`]) puts king and rooks
//! anywhere on their first rank; its castling field is read as X-FEN or Shredder-FEN.
//!
//! State that the six fields cannot hold follows as `key=value` extensions:
//! `unmoved=e2,g1` (or `unmoved=-`) lists the pieces that have never moved, for
//! variants with initial-only moves. It is written only when it differs from what the
//! board implies (pieces standing where the start position has the same piece).
//! In variants with an economy, `coins=20/19` and `purchases=3/1` (White's, then
//! Black's) are always written; when absent on reading, the ruleset's starting coins
//! and no purchases are assumed.

use std::sync::Arc;

pub(crate) mod error;
mod sfen;
mod standing;

use error::err;
pub use error::{FenError, FenField};

use crate::bitboard::Bitboard;
use crate::castle_layout::{CastlingLetters, CastlingMode};
use crate::features::castling::{parse_castling, parse_castling_960};
use crate::features::drops::parse_hand;
use crate::features::en_passant::parse_ep;
use crate::features::gating::parse_gates;
use crate::features::initial_moves::parse_unmoved_flags;
use crate::position::Pos;
use crate::rules::CastleSquares;
use crate::tables::Tables;
use crate::types::{ByColor, Color, Geometry, Piece, PieceSet, PieceType, Square};

/// How a FEN is written (see [`crate::Position::fen_in`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenStyle {
    /// How castling rights are written.
    pub letters: CastlingLetters,
    /// A promoted face as `+` and the letter of the piece it promoted from (`+P` for
    /// Shogi's tokin, `+R` for its dragon), as Fairy-Stockfish writes them, instead of
    /// its own letter. Read either way.
    pub promoted_plus: bool,
    /// Shogi's SFEN: the board (promoted faces as `+P`), the side to move (`b` for
    /// White, who moves first, `w` for Black), the hands as counts (`2Pg`, `-` if empty)
    /// and the number of the next ply. Read where the variant has drops.
    pub sfen: bool,
}

/// The highest fullmove number a FEN may give: all the counter holds. It saturates there
/// (a game would need four billion moves in its history, far beyond memory, to reach it
/// by play), so every FEN written reads back.
const MAX_FULLMOVE: u32 = u32::MAX;

/// A piece read from a FEN board: where, what, and whether it is marked promoted (`~`).
type Placed = (Square, Piece, bool);

/// Reads a FEN board field into placed pieces and wall squares (`*`, Fairy-Stockfish's
/// mark for a square that is no part of the board's play).
pub(crate) fn parse_board(rules: &crate::rules::Rules, field: &str) -> Result<(Vec<Placed>, Vec<Square>), FenError> {
    let demotes = rules.drops.as_ref().is_some_and(|d| d.demote_on_capture);
    // `+R` is marked promoted where the face may also stand unpromoted (the mark tells
    // them apart); a face promoted by its type alone reads as its letter would.
    let face = |u| rules.promoted_face(u).map(|t| (t, rules.unpromoted_face(t)));
    scan_board(rules.geometry, field, |c| rules.piece_by_letter(c), face, demotes)
}

/// The pieces of the ruleset's start position (its game array), read from the start
/// FEN's board field; none if it does not read (the loader reports that apart).
pub(crate) fn start_pieces(rules: &crate::rules::Rules) -> Vec<(Square, Piece)> {
    let board = rules.start_fen.split_whitespace().next().unwrap_or("");
    let Ok((board, _)) = split_hand(rules, board) else { return Vec::new() };
    parse_board(rules, board).map(|(placed, _)| placed.into_iter().map(|(sq, p, _)| (sq, p)).collect()).unwrap_or_default()
}

/// The wall squares (`*`) of a start position's board field, before the variant's pieces
/// are known (any letter passes; the start position is read in full later).
pub(crate) fn wall_squares(g: Geometry, fen: &str) -> Vec<Square> {
    let field = fen.split_whitespace().next().unwrap_or("");
    let field = field.split('[').next().unwrap_or("");
    let board: Vec<&str> = field.split('/').take(g.ranks as usize).collect();
    scan_board(g, &board.join("/"), |_| Some(PieceType::new(0)), |u| Some((u, false)), true).map(|(_, walls)| walls).unwrap_or_default()
}

/// `letter` gives the type of a letter, `face` the promoted face of a type (a piece
/// written `+P`, as Fairy-Stockfish writes a promoted shogi piece) and whether it is
/// marked promoted so.
fn scan_board(
    g: Geometry,
    field: &str,
    letter: impl Fn(char) -> Option<PieceType>,
    face: impl Fn(PieceType) -> Option<(PieceType, bool)>,
    demotes: bool,
) -> Result<(Vec<Placed>, Vec<Square>), FenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != g.ranks as usize {
        return err(FenField::Board, format!("{} ranks given, the board has {}", rows.len(), g.ranks));
    }
    let mut out = Vec::new();
    let mut walls = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 {
                    return err(FenField::Board, format!("rank {}: a run of 0 empty squares", rank + 1));
                }
                file += n;
            } else if c == '*' {
                if file < g.files as u32 {
                    walls.push(g.square(file as u8, rank));
                }
                file += 1;
            } else if c == '+' {
                let Some(u) = chars.next().filter(char::is_ascii_alphabetic) else {
                    return err(FenField::Board, format!("rank {}: `+` without the letter of a piece", rank + 1));
                };
                let Some((kind, marked)) = letter(u).and_then(&face) else {
                    return err(FenField::Board, format!("rank {}: `+{u}`: no piece of this variant is `{u}` promoted", rank + 1));
                };
                if file < g.files as u32 {
                    let color = if u.is_ascii_uppercase() { Color::White } else { Color::Black };
                    out.push((g.square(file as u8, rank), Piece { color, kind }, marked));
                }
                file += 1;
            } else if c.is_ascii_alphabetic() {
                let Some(kind) = letter(c) else {
                    return err(FenField::Board, format!("rank {}: `{c}` is not a piece of this variant", rank + 1));
                };
                let promoted = chars.peek() == Some(&'~');
                if promoted {
                    chars.next();
                    if !demotes {
                        return err(FenField::Board, format!("rank {}: `{c}~`: this variant does not mark promoted pieces", rank + 1));
                    }
                }
                if file < g.files as u32 {
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    out.push((g.square(file as u8, rank), Piece { color, kind }, promoted));
                }
                file += 1;
            } else {
                return err(FenField::Board, format!("rank {}: unexpected character `{c}`", rank + 1));
            }
            if file > g.files as u32 {
                return err(FenField::Board, format!("rank {} has more than {} files", rank + 1, g.files));
            }
        }
        if file != g.files as u32 {
            return err(FenField::Board, format!("rank {} has {} files, the board has {}", rank + 1, file, g.files));
        }
    }
    Ok((out, walls))
}

/// The types that castle: those on the castles' king squares and those on their rook
/// squares in the variant's start position. Where the start position leaves those squares
/// empty (a setup phase), the royal types castle, with the types whose drop or arrival
/// gives a castling right.
fn castling_pieces<B: Bitboard>(t: &Tables<B>) -> (PieceSet, PieceSet) {
    let board = t.rules.start_fen.split_whitespace().next().unwrap_or("");
    let Ok((board, _)) = split_hand(&t.rules, board) else { return (PieceSet::EMPTY, PieceSet::EMPTY) };
    let Ok((pieces, _)) = parse_board(&t.rules, board) else { return (PieceSet::EMPTY, PieceSet::EMPTY) };
    let g = t.geometry;
    let on = |which: fn(CastleSquares) -> Square| -> PieceSet {
        let squares: Vec<Square> = t.rules.castles.iter().flat_map(|c| Color::BOTH.map(|color| which(c.squares(g, color)))).collect();
        pieces.iter().filter(|(sq, _, _)| squares.contains(sq)).map(|&(_, p, _)| p.kind).collect()
    };
    let mut kings = on(|s| s.king_from);
    if kings.is_empty() {
        kings = t.royal_types;
    }
    let mut partners = on(|s| s.rook_from);
    for k in t.castling_rights_on_drop.iter().chain(t.castling_rights_on_arrival.iter()) {
        partners.insert(k);
    }
    (kings, partners)
}

impl<B: Bitboard> Pos<B> {
    /// Reads a FEN, its castling field as `mode` says; with `strict` false, as Fairy-Stockfish reads one: the side not to
    /// move may stand in check (the side to move may then take the royal), a `*` may
    /// stand on any square (a wall: Ataxx's blocked squares, placed by the FEN), and the
    /// castling field's `KQkq` name the king where it stands on its castling rank and the
    /// outermost rook, where they are not on the castles' own squares.
    pub fn from_fen_read(t: Arc<Tables<B>>, fen: &str, mode: CastlingMode, strict: bool) -> Result<Pos<B>, FenError> {
        if let Some(converted) = sfen::sfen_as_fen(&t.rules, fen) {
            return Pos::from_fen_read(t, &converted?, mode, strict);
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return err(FenField::Board, "the FEN is empty");
        }
        let mut pos = Pos::empty(t.clone());
        let (board, hand) = split_hand(&t.rules, fields[0])?;
        let (placed, walls) = parse_board(&t.rules, board)?;
        // Walls placed in play (the duck, arrows) are `*` too, where the variant places them.
        let in_play = |sq: &Square| (!strict || t.walling.is_some() || !t.petrifying.is_empty()) && walls.contains(sq);
        if let Some(&sq) = walls.iter().chain(&t.rules.walls).find(|sq| walls.contains(sq) != t.rules.walls.contains(sq) && !in_play(sq)) {
            let name = t.geometry.square_name(sq);
            return if t.rules.walls.contains(&sq) {
                err(FenField::Board, format!("{name} is a wall of this board: write `*` there"))
            } else {
                err(FenField::Board, format!("`*` on {name}: that square is no wall of this board"))
            };
        }
        if strict {
            standing::check(&t, &placed)?;
        }
        for &sq in &walls {
            pos.walls |= B::bit(sq);
        }
        if t.walling == Some(crate::rules::Walling::Duck) && pos.placed_walls().count() > 1 {
            return err(FenField::Board, "more than one `*` besides the board's walls: there is one duck");
        }
        for (sq, p, promoted) in placed {
            pos.board.put(sq, p);
            if promoted {
                pos.status.promoted |= B::bit(sq);
            }
        }
        if let Some(hand) = hand {
            if t.rules.drops.is_none() {
                return err(FenField::Board, "this variant has no pieces in hand, so no `[…]`");
            }
            pos.hands = parse_hand(&t.rules, hand)?;
        }
        pos.turn = match fields.get(1).copied() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(s) => return err(FenField::Side, format!("`{s}` (expected `w` or `b`)")),
        };
        // Shogi FENs (Fairy-Stockfish's, SFEN-like) go straight from the side to the clocks.
        let numeric = |f: Option<&&str>| f.is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit()));
        let mut flagged = None;
        // Mid-turn (`part=`, read in full below) the en-passant field is the mover's own.
        if t.has_parts && fields.iter().any(|f| f.starts_with("part=")) {
            pos.status.part = 1;
        }
        let rest = if numeric(fields.get(2)) {
            &fields[2..]
        } else {
            let field = fields.get(2).copied().unwrap_or("-");
            let (gates, field) = parse_gates(&pos, field, castling_pieces(&t), mode == CastlingMode::Chess960)?;
            pos.status.gates = gates;
            let field = field.as_str();
            // Without castles the field holds only other rights (Cambodian's unmoved king
            // and queen, `DEde`): the Chess960 reading has nothing to read.
            let mode = if t.rules.castles.is_empty() { CastlingMode::Standard } else { mode };
            match mode {
                CastlingMode::Standard if t.rules.unmoved_in_castling_field => {
                    let (castles, unmoved) = parse_unmoved_flags(&pos, field)?;
                    pos.status.castling = parse_castling(&pos, &castles, castling_pieces(&t))?;
                    flagged = Some(unmoved);
                }
                CastlingMode::Standard => {
                    pos.status.castling = match parse_castling(&pos, field, castling_pieces(&t)) {
                        Ok(rights) => rights,
                        // Fairy-Stockfish's `KQkq` outside Chess960: each castle's king where
                        // it stands on its rank, with the outermost rook (a Capablanca king
                        // on e8 castles to c8 and i8); written as ever, as the king's move.
                        Err(e) if !strict => {
                            let (rights, mut layout) = parse_castling_960(&pos, field, castling_pieces(&t)).map_err(|_| e)?;
                            layout.mode = CastlingMode::Standard;
                            pos.castles960 = Some(Arc::new(layout));
                            rights
                        }
                        Err(e) => return Err(e),
                    }
                }
                CastlingMode::Chess960 => {
                    let (rights, layout) = parse_castling_960(&pos, field, castling_pieces(&t))?;
                    pos.status.castling = rights;
                    pos.castles960 = Some(Arc::new(layout));
                }
            }
            let field = fields.get(3).copied();
            let limit = field.filter(|_| t.counting).and_then(crate::features::counting::parse_limit);
            pos.status.ep = match (field, limit) {
                (None | Some("-"), _) => None,
                // Fairy-Stockfish's counting limit stands where no count is the en-passant square.
                (_, Some(limit)) => {
                    pos.count.limit = limit.or_else(|e| err(FenField::EnPassant, e))?;
                    None
                }
                // A series lists every square the opponent passed (`features/series.rs`).
                (Some(s), None) if t.series => {
                    pos.read_passed(s, pos.turn.opponent(), FenField::EnPassant)?;
                    None
                }
                (Some(s), None) => Some(parse_ep(&pos, s)?),
            };
            fields.get(4..).unwrap_or(&[])
        };
        pos.status.unmoved = pos.implied_unmoved();
        if let Some(flagged) = flagged {
            pos.status.unmoved = (pos.status.unmoved & !pos.flag_squares()) | flagged;
        }
        if let Some(economy) = &t.rules.economy {
            pos.status.coins = ByColor::both(economy.coins);
        }
        let modules = &t.modules;
        for (i, m) in modules.all.iter().enumerate() {
            let base = modules.state_base[i];
            m.initial_state(&mut pos.state[base..base + modules.hooks[i].state]);
        }
        // The clocks are the first two plain numbers; `key=value` fields and a module's
        // fields in other programs' forms (`3+3`) may stand before or after them.
        let mut clocks = 0;
        let mut keys: Vec<&str> = Vec::new();
        for &field in rest {
            if let Some((key, _)) = field.split_once('=') {
                if keys.contains(&key) {
                    return err(FenField::Extra, format!("`{key}=` is given twice"));
                }
                keys.push(key);
            }
            if field.bytes().all(|b| b.is_ascii_digit()) {
                match clocks {
                    0 => {
                        pos.status.halfmove =
                            field.parse().or_else(|_| err(FenField::Halfmove, format!("`{field}` is not a number from 0 to 65535")))?
                    }
                    1 => {
                        pos.status.fullmove = match field.parse::<u32>() {
                            Ok(n) if (1..=MAX_FULLMOVE).contains(&n) => n,
                            _ => return err(FenField::Fullmove, format!("`{field}` is not a number from 1 to {MAX_FULLMOVE}")),
                        }
                    }
                    _ => return err(FenField::Extra, format!("unexpected `{field}` after the fullmove number")),
                }
                clocks += 1;
                continue;
            }
            pos.read_extra_field(field, clocks)?;
        }
        // While a count runs, the halfmove field holds the plies counted (Fairy-Stockfish's).
        if pos.count.limit != 0 {
            pos.count.ply = std::mem::take(&mut pos.status.halfmove);
        }
        // A game a rule has ended (a king blown up) may lack royal pieces, and leave the
        // side that ended it in check.
        let over = pos.ended_by_rule().is_some();
        // Where pieces are royal by being few (`royal_while_at_most`), a side may have none
        // for now (Maharajah's two amazons) beside the other's king.
        if !t.royal_types.is_empty() && t.pseudo_royal_kinds.is_empty() && !over {
            for c in Color::BOTH.into_iter().filter(|&c| t.rules.unguarded_side != Some(c)) {
                // In a setup phase the royal may still be in the hand.
                let in_hand = t.royal_types.iter().any(|k| pos.hands[c][k] > 0);
                if pos.royals(c).is_empty() && !in_hand {
                    let royal = t.rules.pieces.iter().find(|p| p.royal).map_or("royal piece", |p| p.name.as_str());
                    return err(FenField::Board, format!("{c} has no {royal}"));
                }
            }
        }
        let them = pos.turn.opponent();
        // Under bikjang a side in check may pass (Fairy-Stockfish's Janggi), so the side not
        // to move may stand in check while the royals face each other.
        if strict && !over && pos.in_check(them) && !pos.royals_facing() {
            return err(FenField::Position, format!("{} is to move but {} is in check", pos.turn, them));
        }
        pos.status.ep_hashed = pos.ep_in_hash();
        pos.status.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Writes the position as FEN.
    pub fn fen(&self) -> String {
        self.fen_with(CastlingLetters::Castles)
    }

    /// Writes the position as FEN, its castling rights with these letters.
    pub fn fen_with(&self, letters: CastlingLetters) -> String {
        self.fen_in(FenStyle { letters, ..FenStyle::default() })
    }

    /// Writes the position as FEN (or SFEN) in this style.
    pub fn fen_in(&self, style: FenStyle) -> String {
        let mut s = String::new();
        self.write_board(&mut s, style.promoted_plus || style.sfen);
        if style.sfen {
            self.write_sfen_rest(&mut s);
            return s;
        }
        let t = &*self.t;
        let g = t.geometry;
        let letters = style.letters;
        self.write_hand(&mut s);
        s.push(' ');
        s.push(self.turn.letter());
        s.push(' ');
        // Each side's castles in the letters asked for, unless a gating side's rook files
        // would read back otherwise (the castling types are looked up only then).
        let letters = if t.has_gating && letters == CastlingLetters::RookFiles {
            let (_, partners) = castling_pieces(t);
            ByColor::new(Color::White, Color::Black).map(|c| self.castle_letters_of(c, letters, partners))
        } else {
            ByColor::both(letters)
        };
        if t.rules.unmoved_in_castling_field {
            self.write_castling_with_flags(&mut s, letters);
        } else {
            self.write_castling(&mut s, letters);
        }
        s.push(' ');
        match self.counting() {
            // Fairy-Stockfish's fields while a count runs: its limit, and the plies counted.
            Some((limit, ply)) => s += &format!("{limit} {ply} {}", self.status.fullmove),
            None if t.series => {
                match self.passed[self.turn.opponent()].is_empty() {
                    true => s.push('-'),
                    false => self.write_passed(&mut s, self.turn.opponent()),
                }
                s += &format!(" {} {}", self.status.halfmove, self.status.fullmove);
            }
            None => {
                self.write_ep(&mut s);
                s += &format!(" {} {}", self.status.halfmove, self.status.fullmove);
            }
        }
        self.write_economy_fields(&mut s);
        self.write_checks(&mut s);
        let modules = &t.modules;
        for (i, m) in modules.all.iter().enumerate() {
            if let Some(key) = m.fen_key() {
                let base = modules.state_base[i];
                s += &format!(" {key}=");
                m.write_state(&self.state[base..base + modules.hooks[i].state], &mut s);
            }
        }
        self.write_part_field(&mut s);
        if self.status.unmoved != self.unmoved_as_written() {
            let names: Vec<String> = self.status.unmoved.squares().map(|sq| g.square_name(sq)).collect();
            s += &format!(" unmoved={}", if names.is_empty() { "-".to_string() } else { names.join(",") });
        }
        s
    }

    /// Appends the board field; with `plus`, a promoted face as `+` and the letter of
    /// the piece it promoted from (`+P` for a tokin).
    fn write_board(&self, s: &mut String, plus: bool) {
        let t = &*self.t;
        let g = t.geometry;
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let sq = g.square(file, rank);
                let marked = self.status.promoted.has(sq);
                let mark = match self.piece_at(sq) {
                    Some(p) => match t.rules.promoted_from(p.kind) {
                        Some(u) if plus && (marked || !t.rules.unpromoted_face(p.kind)) => {
                            (Some('+'), t.rules.fen_symbol(u, p.color).letter)
                        }
                        _ => {
                            let symbol = t.rules.fen_symbol(p.kind, p.color);
                            (symbol.plus.then_some('+'), symbol.letter)
                        }
                    },
                    None if self.walls.has(sq) => (None, '*'),
                    None => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    *s += &empty.to_string();
                    empty = 0;
                }
                s.extend(mark.0);
                s.push(mark.1);
                // A `+` says it already.
                if marked && mark.0.is_none() {
                    s.push('~');
                }
            }
            if empty > 0 {
                *s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
    }

    /// The pieces the FEN's other fields say are unmoved: the implied ones, but on the own
    /// first ranks those flagged where the castling field flags them.
    fn unmoved_as_written(&self) -> B {
        let implied = self.implied_unmoved();
        if !self.t.rules.unmoved_in_castling_field {
            return implied;
        }
        let flags = self.flag_squares();
        (implied & !flags) | (self.status.unmoved & flags)
    }

    /// The pieces a FEN without `unmoved=` counts as never moved: those of types with
    /// initial-only moves that stand where the start position has the same piece.
    fn implied_unmoved(&self) -> B {
        let t = &*self.t;
        if t.tracks_unmoved.is_empty() {
            return B::EMPTY;
        }
        let start = t.start_unmoved.get_or_init(|| {
            // The loader checked the start FEN, so its board field (hand stripped) parses.
            let board = t.rules.start_fen.split_whitespace().next().unwrap_or("").split('[').next().unwrap_or("");
            let placed = parse_board(&t.rules, board).map(|(placed, _)| placed).unwrap_or_default();
            placed.into_iter().filter(|&(_, p, _)| t.tracks_unmoved.contains(p.kind)).map(|(sq, p, _)| (sq, p)).collect()
        });
        start.iter().filter(|&&(sq, p)| self.piece_at(sq) == Some(p)).fold(B::EMPTY, |b, &(sq, _)| b | B::bit(sq))
    }
}

/// Splits the board field from the hand: crazyhouse style `…/RNBQKBNR[Qp]`, or Lichess's
/// and Fairy-Stockfish's `…/RNBQKBNR/Qp` (one row more than the board has ranks).
fn split_hand<'a>(rules: &crate::rules::Rules, field: &'a str) -> Result<(&'a str, Option<&'a str>), FenError> {
    if let Some((board, rest)) = field.split_once('[') {
        return match rest.strip_suffix(']') {
            Some(hand) => Ok((board, Some(hand))),
            None => err(FenField::Board, "the hand `[` is not closed with `]`"),
        };
    }
    let rows = field.split('/').count();
    match field.rsplit_once('/') {
        Some((board, hand)) if rules.drops.is_some() && rows == rules.geometry.ranks as usize + 1 => Ok((board, Some(hand))),
        _ => Ok((field, None)),
    }
}

impl<B: Bitboard> Pos<B> {
    /// Reads a field after the standard ones: a `key=value` extension, or a rule module's
    /// state in another program's form. `clocks` says how many clock fields came before.
    fn read_extra_field(&mut self, field: &str, clocks: usize) -> Result<(), FenError> {
        let t = self.t.clone();
        let modules = &t.modules;
        let slot = |i: usize| modules.state_base[i]..modules.state_base[i] + modules.hooks[i].state;
        if let Some((key, value)) = field.split_once('=') {
            if let Some(i) = modules.all.iter().position(|m| m.fen_key() == Some(key)) {
                let state = &mut self.state[slot(i)];
                return modules.all[i].read_state(value, state).or_else(|e| err(FenField::Extra, format!("{key}: {e}")));
            }
            if let Some(read) = self.read_economy_field(key, value) {
                return read;
            }
            match key {
                crate::features::turns::FEN_KEY => return self.read_part_field(value),
                crate::features::check_counting::FEN_KEY => return self.read_checks_field(value),
                crate::features::series::FEN_KEY if t.series => {
                    let mover = self.turn;
                    return self.read_passed(value, mover, FenField::Extra);
                }
                "unmoved" if !t.tracks_unmoved.is_empty() => {
                    self.status.unmoved = parse_unmoved(self, value)?;
                    return Ok(());
                }
                "unmoved" => return err(FenField::Extra, "`unmoved=` is only for variants with initial-only moves"),
                _ => {}
            }
        }
        if let Some(read) = self.read_foreign_checks(field) {
            return read;
        }
        for (i, m) in modules.all.iter().enumerate() {
            if let Some(read) = m.read_foreign_field(field, &mut self.state[slot(i)]) {
                return read.or_else(|e| err(FenField::Extra, format!("`{field}`: {e}")));
            }
        }
        match clocks {
            0 => err(FenField::Halfmove, format!("`{field}` is not a number from 0 to 65535")),
            1 => err(FenField::Fullmove, format!("`{field}` is not a number from 1 to {MAX_FULLMOVE}")),
            _ => err(FenField::Extra, format!("unexpected `{field}` after the fullmove number")),
        }
    }
}

fn parse_unmoved<B: Bitboard>(pos: &Pos<B>, list: &str) -> Result<B, FenError> {
    let t = &*pos.t;
    if list == "-" {
        return Ok(B::EMPTY);
    }
    let mut unmoved = B::EMPTY;
    for name in list.split(',') {
        let Some(sq) = t.geometry.parse_square(name) else {
            return err(FenField::Extra, format!("unmoved: `{name}` is not a square of this board"));
        };
        match pos.piece_at(sq) {
            Some(p) if t.tracks_unmoved.contains(p.kind) => unmoved |= B::bit(sq),
            _ => {
                return err(FenField::Extra, format!("unmoved: {name} holds no piece with initial-only moves"));
            }
        }
    }
    Ok(unmoved)
}

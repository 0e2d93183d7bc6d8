//! Turns of several parts (`[turn]`): a turn is a sequence of kernel moves, its parts,
//! played by one side before the other moves (see ARCHITECTURE.md, "Turns of several
//! parts"). This file owns the structure: the `[turn]` schema and its compile step,
//! whether a part ends the turn, the state between parts (`Pos::status.part`, `Pos::status.anchor`:
//! hashed, and written `part=2@e4` in a FEN), whole turns (listed, written, read), and
//! perft by whole turns. The wall parts themselves are `features/walls.rs`'s.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::features::series::{RawMoves, SeriesKeys};
use crate::fen::error::{err, FenError, FenField};
use crate::moves::Move;
use crate::position::Pos;
use crate::rules::{TurnRules, Walling};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::Square;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTurn {
    walls: Option<Spanned<String>>,
    #[serde(default)]
    no_walls_on: Vec<Spanned<String>>,
    // Several moves a turn: `features/series.rs` reads these.
    moves: Option<Spanned<RawMoves>>,
    first_turn_moves: Option<Spanned<i64>>,
    #[serde(default)]
    check_ends_turn: bool,
    judged: Option<Spanned<String>>,
    en_passant: Option<Spanned<String>>,
}

/// Compiles the `[turn]` table (absent: one move a turn).
pub(crate) fn compile(raw: Option<&Spanned<RawTurn>>, cx: &Context) -> Result<TurnRules, RulesetError> {
    let Some(raw) = raw else { return Ok(TurnRules::default()) };
    let walls = match &raw.get_ref().walls {
        None => None,
        Some(w) => Some(match w.get_ref().as_str() {
            "duck" => Walling::Duck,
            "arrow" => Walling::Arrow,
            "behind" => Walling::Behind,
            "anywhere" => Walling::Anywhere,
            other => return Err(cx.r.span(w, "turn.walls", format!("`{other}`: expected `duck`, `arrow`, `behind` or `anywhere`"))),
        }),
    };
    let mut no_walls_on = Vec::new();
    for name in &raw.get_ref().no_walls_on {
        let sq =
            cx.g.parse_square(name.get_ref())
                .ok_or_else(|| cx.r.span(name, "turn.no_walls_on", format!("`{}` is not a square of this board", name.get_ref())))?;
        no_walls_on.push(sq);
    }
    let t = raw.get_ref();
    let keys = SeriesKeys {
        moves: t.moves.as_ref(),
        first_turn_moves: t.first_turn_moves.as_ref(),
        check_ends_turn: t.check_ends_turn,
        judged: t.judged.as_ref(),
        en_passant: t.en_passant.as_ref(),
    };
    let series = super::series::compile(raw, keys, cx)?;
    if series.is_some() && walls.is_some() {
        return Err(cx.r.span(raw, "turn.moves", "a turn of several moves cannot also place walls"));
    }
    Ok(TurnRules { walls, no_walls_on, series })
}

/// The FEN key of the state between a turn's parts.
pub(crate) const FEN_KEY: &str = "part";

impl<B: Bitboard> Pos<B> {
    /// The parts of the current turn played so far (0 at a turn's start).
    pub fn part(&self) -> u8 {
        self.status.part
    }

    /// Called at the end of a move part (in a variant with parts): the clocks, and either
    /// the state between parts, where the turn goes on, or the turn passed. The halfmove
    /// clock counts turns: the turn's first part counts it, any part may reset it (`reset`).
    pub(crate) fn end_part(&mut self, m: Move, reset: bool) {
        if self.t.series {
            return self.end_series_move(m, reset);
        }
        // Every move is followed by its wall.
        self.count_turn(reset);
        let behind = if self.t.walling == Some(Walling::Behind) { m.from } else { Square::new(0) };
        self.set_part(1, m.to, behind);
    }

    /// Sets the state between parts, keeping the hash in step.
    pub(crate) fn set_part(&mut self, part: u8, anchor: Square, behind: Square) {
        self.status.hash ^= self.part_key(self.status.part, self.status.anchor, self.status.behind) ^ self.part_key(part, anchor, behind);
        self.status.part = part;
        self.status.anchor = anchor;
        self.status.behind = behind;
    }

    /// The hash of the state between parts (nothing at a turn's start).
    pub(crate) fn part_key(&self, part: u8, anchor: Square, behind: Square) -> u64 {
        let left = if part != 0 && self.t.walling == Some(Walling::Behind) { Zobrist::part(2, behind) } else { 0 };
        Zobrist::part(part, anchor) ^ left
    }

    /// Every legal whole turn: each sequence of parts, from here, that ends the turn
    /// (at a turn's start in a variant without parts: the legal moves, one part each).
    /// A part after which the mover has no legal part left ends the turn there, and the
    /// game with it (Marseillais chess: "if no move is available after the first move,
    /// then it's stalemate and again, there is no second move", vchess's rules; the
    /// Game Courier preset: "unless ... the player has no more legal moves").
    pub fn legal_turns(&mut self) -> Vec<Vec<Move>> {
        let mut turns = Vec::new();
        let mut prefix = Vec::new();
        self.collect_turns(&mut prefix, &mut turns);
        turns
    }

    fn collect_turns(&mut self, prefix: &mut Vec<Move>, turns: &mut Vec<Vec<Move>>) {
        for m in self.legal_moves() {
            prefix.push(m);
            if !self.t.has_parts {
                turns.push(prefix.clone());
            } else {
                self.play_unchecked(m);
                if self.status.part == 0 {
                    turns.push(prefix.clone());
                } else {
                    let before = turns.len();
                    self.collect_turns(prefix, turns);
                    if turns.len() == before {
                        // No part is left to play: the turn (and the game) ends here.
                        turns.push(prefix.clone());
                    }
                }
                self.undo();
            }
            prefix.pop();
        }
    }

    /// A sequence of legal parts written with `write` (each in the position it is played
    /// in), joined by commas: `e2e4,e4e5` (Fairy-Stockfish's form for duck and amazons).
    pub fn turn_text(&mut self, parts: &[Move], mut write: impl FnMut(&mut Self, Move) -> String) -> String {
        let mut text = String::new();
        for (i, &m) in parts.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            text += &write(self, m);
            self.play_unchecked(m);
        }
        for _ in parts {
            self.undo();
        }
        text
    }

    /// Perft by whole turns (Fairy-Stockfish's count where it has the variant): the
    /// sequences of parts that complete `depth` turns, the current one first — the turns
    /// [`Pos::legal_turns`] lists, so a part that leaves the mover no part to play
    /// completes its turn (and ends the game).
    pub(crate) fn perft_turns(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 && self.status.part != 0 && self.t.walling.is_some() {
            // Every wall part ends the turn: counted without playing them.
            return self.count_moves();
        }
        let mut nodes = 0;
        for m in self.legal_moves() {
            self.play_unchecked(m);
            nodes += if self.status.part == 0 { self.perft_turns(depth - 1) } else { self.perft_rest_of_turn(depth) };
            self.undo();
        }
        nodes
    }

    /// [`Pos::perft_turns`] mid-turn, after a part: the rest of the turn, then the turns
    /// after it. With no part left to play the turn ended with the last one, and the game
    /// with it: one turn at depth 1, nothing deeper. (At depth 1 the count is 0 only where
    /// no part is left, since every part then completes at least one turn.)
    pub(crate) fn perft_rest_of_turn(&mut self, depth: u32) -> u64 {
        match self.perft_turns(depth) {
            0 if depth == 1 => 1,
            n => n,
        }
    }

    /// Writes the state between parts (` part=2@e4`), mid-turn only.
    pub(crate) fn write_part_field(&self, s: &mut String) {
        if self.status.part != 0 && self.t.series {
            // A series: the move to play, and the squares this turn passed (`passed=d3`).
            *s += &format!(" {FEN_KEY}={}", self.status.part + 1);
            if self.passed[self.turn].any() {
                *s += &format!(" {}=", super::series::FEN_KEY);
                self.write_passed(s, self.turn);
            }
        } else if self.status.part != 0 {
            let g = self.t.geometry;
            *s += &format!(" {FEN_KEY}={}@{}", self.status.part + 1, g.square_name(self.status.anchor));
            if self.t.walling == Some(Walling::Behind) {
                // Where the piece stood: the wall's square (`part=2@c2/d4`).
                *s += &format!("/{}", g.square_name(self.status.behind));
            }
        }
    }

    /// Reads `part=`'s value: the part to play (from 2) and where the turn's move landed.
    pub(crate) fn read_part_field(&mut self, value: &str) -> Result<(), FenError> {
        if !self.t.has_parts {
            return err(FenField::Extra, "`part=` is only for variants whose turns have parts ([turn])");
        }
        if self.t.series {
            return match value.parse::<u8>() {
                Ok(n) if n >= 2 && n <= self.turn_length() => {
                    self.status.part = n - 1;
                    Ok(())
                }
                _ => err(FenField::Extra, format!("part: `{value}`: expected the move of the turn to play, 2 to {}", self.turn_length())),
            };
        }
        let g = self.t.geometry;
        let behind_walls = self.t.walling == Some(Walling::Behind);
        // With walls behind, where the piece stood too: `2@c2/d4`.
        let (value_at, left) = match value.split_once('/') {
            Some((at, left)) if behind_walls => (at, g.parse_square(left).filter(|&sq| self.piece_at(sq).is_none() && !self.walls.has(sq))),
            _ => (value, None),
        };
        let parsed = value_at.split_once('@').and_then(|(n, sq)| Some((n.parse::<u8>().ok()?, g.parse_square(sq)?)));
        match parsed {
            // Walls: the wall is the second and last part.
            Some((2, _)) if behind_walls && left.is_none() => err(
                FenField::Extra,
                format!(
                    "part: `{value}`: expected `2@<square>/<square>` (where the move landed, and the empty square it left, the wall's)"
                ),
            ),
            Some((2, anchor)) if self.piece_at(anchor).is_some_and(|p| p.color == self.turn) => {
                self.status.part = 1;
                self.status.anchor = anchor;
                self.status.behind = left.unwrap_or(Square::new(0));
                Ok(())
            }
            Some((2, _)) => {
                err(FenField::Extra, format!("part: `{value}`: the square must hold a piece of the side to move (the one that moved)"))
            }
            _ => err(FenField::Extra, format!("part: `{value}`: expected `2@<square>` (the part to play, and where the move landed)")),
        }
    }
}

//! Connection goals: the game ends when the side that just moved has lined its pieces up
//! (Tic-tac-toe, Connect Four, Teeko, Three Musketeers' misère line, Gale's bridge).
//! Fairy-Stockfish's `connectN`, `connectNxN`, `collinearN` and `connectRegion1White`…,
//! with `connectPieceTypes`, `connectHorizontal`/`Vertical`/`Diagonal` and
//! `connectValue`, judged as its `Position::is_immediate_game_end` judges them:
//!
//! - only the pieces of the side that just moved are looked at (a line the mover
//!   completes for the opponent, by a capture or a flip, ends nothing);
//! - `in_a_row`: so many on adjacent squares of one rank, file or diagonal;
//! - `square`: a solid square block of so many a side (any of the directions);
//! - `collinear`: so many on one whole rank, file or diagonal, empty squares or other
//!   pieces between them allowed;
//! - `link`: a chain of the side's pieces, each next to the next along an enabled
//!   direction, from a square of its first region to one of its second. (Fairy-Stockfish
//!   follows such a chain only east, north, north-east and south-east from the first
//!   region, so a winding chain can go unseen there; the importer refuses its regions.)
//!
//! The test runs after extinction and the goal region, before two passes, bikjang and a
//! full board, as Fairy-Stockfish's does. A variant without `[end.connect]` pays nothing:
//! the tables hold no connection rule and the end rules are not asked
//! (`Tables::ends_by_rule`). Lines are bitboard steps: a line of n is n - 1 shifts.
//!
//! The `[end.connect]` table: its schema and compile step are here, the tables, and the
//! verdict.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{Connect, Verdict};
use crate::ruleset::context::{Context, RawVerdict};
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, Color, PieceSet, Square};

pub(crate) mod tables;

/// A direction lines may run in.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawDirection {
    Horizontal,
    Vertical,
    Diagonal,
}

/// One side's two regions to join: lists of absolute squares, ranks and files.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLink {
    from: Spanned<Vec<Spanned<String>>>,
    to: Spanned<Vec<Spanned<String>>>,
}

/// `link = { white = { from, to }, black = { from, to } }`: a side left out has no such goal.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLinks {
    white: Option<RawLink>,
    black: Option<RawLink>,
}

/// `[end.connect]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawConnect {
    in_a_row: Option<Spanned<u8>>,
    square: Option<Spanned<u8>>,
    collinear: Option<Spanned<u8>>,
    link: Option<Spanned<RawLinks>>,
    /// The types that count; absent: every type.
    pieces: Option<Spanned<Vec<Spanned<String>>>>,
    /// Absent: all three.
    directions: Option<Spanned<Vec<RawDirection>>>,
    #[serde(default = "win")]
    verdict: RawVerdict,
}

fn win() -> RawVerdict {
    RawVerdict::Win
}

/// Compiles `[end.connect]`, `at` being the table's own span (for errors about it as a whole).
pub(crate) fn compile(raw: &RawConnect, at: std::ops::Range<usize>, cx: &Context) -> Result<Connect, RulesetError> {
    const KEY: &str = "end.connect";
    let whole = Spanned::new(at, ());
    if cx.g.wrap_files {
        return Err(cx.r.span(&whole, KEY, "connection goals are not defined on a board whose files wrap (`board.wrap`)"));
    }
    let pieces = match &raw.pieces {
        None => crate::types::PieceType::first(cx.names.len()).collect(),
        Some(list) if list.get_ref().is_empty() => {
            return Err(cx.r.span(list, format!("{KEY}.pieces"), "name at least one piece, or leave the key out (every piece counts)"))
        }
        Some(list) => cx.types_of(list.get_ref(), &format!("{KEY}.pieces"))?.into_iter().collect::<PieceSet>(),
    };
    let directions = match &raw.directions {
        None => vec![RawDirection::Horizontal, RawDirection::Vertical, RawDirection::Diagonal],
        Some(list) if list.get_ref().is_empty() => {
            return Err(cx.r.span(
                list,
                format!("{KEY}.directions"),
                "name at least one of `horizontal`, `vertical`, `diagonal`, or leave the key out (all three)",
            ))
        }
        Some(list) => list.get_ref().clone(),
    };
    let (horizontal, vertical, diagonal) = (
        directions.contains(&RawDirection::Horizontal),
        directions.contains(&RawDirection::Vertical),
        directions.contains(&RawDirection::Diagonal),
    );
    // The longest line of the enabled directions: a longer goal could never be met.
    let longest = [(horizontal, cx.g.files), (vertical, cx.g.ranks), (diagonal, cx.g.files.min(cx.g.ranks))]
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, n)| n)
        .max()
        .unwrap_or(0);
    let count = |v: &Option<Spanned<u8>>, key: &str, most: u8, what: &str| -> Result<u8, RulesetError> {
        let Some(v) = v else { return Ok(0) };
        match *v.get_ref() {
            0 => Err(cx.r.span(v, format!("{KEY}.{key}"), "must be at least 1 (leave the key out for no such goal)")),
            n if n > most => Err(cx.r.span(v, format!("{KEY}.{key}"), format!("{n} can never be met: {what} {most}"))),
            n => Ok(n),
        }
    };
    let in_a_row = count(&raw.in_a_row, "in_a_row", longest, "the longest line of the enabled directions has")?;
    let collinear = count(&raw.collinear, "collinear", longest, "the longest line of the enabled directions has")?;
    let square = count(&raw.square, "square", cx.g.files.min(cx.g.ranks), "the board's shorter side is")?;
    let mut link = ByColor::new(None, None);
    if let Some(links) = &raw.link {
        let region = |list: &Spanned<Vec<Spanned<String>>>, key: String| -> Result<Vec<Square>, RulesetError> {
            let squares = cx.squares(list.get_ref(), &key)?;
            if squares.is_empty() {
                return Err(cx.r.span(list, key, "name at least one square (`e5`), rank (`rank 8`) or file (`file a`)"));
            }
            Ok(squares)
        };
        for (c, side) in [(Color::White, &links.get_ref().white), (Color::Black, &links.get_ref().black)] {
            if let Some(l) = side {
                let key = format!("{KEY}.link.{}", c.name());
                link[c] = Some((region(&l.from, format!("{key}.from"))?, region(&l.to, format!("{key}.to"))?));
            }
        }
        if link[Color::White].is_none() && link[Color::Black].is_none() {
            return Err(cx.r.span(links, format!("{KEY}.link"), "give `white`, `black` or both their `from` and `to` regions"));
        }
    }
    if in_a_row == 0 && square == 0 && collinear == 0 && link[Color::White].is_none() && link[Color::Black].is_none() {
        return Err(cx.r.span(&whole, KEY, "give at least one goal: `in_a_row`, `square`, `collinear` or `link`"));
    }
    Ok(Connect { pieces, in_a_row, square, collinear, link, horizontal, vertical, diagonal, verdict: raw.verdict.into() })
}

impl<B: Bitboard> Pos<B> {
    /// The game's end by the connection rule: the side that just moved has connected.
    pub(crate) fn connected(&self) -> Option<Outcome> {
        let tables = self.t.connect.as_ref()?;
        let rule = self.t.rules.end.connect.as_ref()?;
        let mover = self.turn.opponent();
        let ours = self.of_types(rule.pieces) & self.board.by_color[mover];
        if !tables.met(rule, ours, mover) {
            return None;
        }
        let winner = match rule.verdict {
            Verdict::Win => Some(mover),
            Verdict::Loss => Some(self.turn),
            Verdict::Draw => None,
        };
        Some(Outcome { winner, reason: EndReason::Connected })
    }
}

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
use crate::types::{ByColor, Color, Geometry, PieceSet, Square};

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
        None => (0..cx.names.len()).map(|t| t as crate::types::PieceType).collect(),
        Some(list) if list.get_ref().is_empty() => return Err(cx.r.span(list, format!("{KEY}.pieces"), "name at least one piece, or leave the key out (every piece counts)")),
        Some(list) => cx.types_of(list.get_ref(), &format!("{KEY}.pieces"))?.into_iter().collect::<PieceSet>(),
    };
    let directions = match &raw.directions {
        None => vec![RawDirection::Horizontal, RawDirection::Vertical, RawDirection::Diagonal],
        Some(list) if list.get_ref().is_empty() => {
            return Err(cx.r.span(list, format!("{KEY}.directions"), "name at least one of `horizontal`, `vertical`, `diagonal`, or leave the key out (all three)"))
        }
        Some(list) => list.get_ref().clone(),
    };
    let (horizontal, vertical, diagonal) =
        (directions.contains(&RawDirection::Horizontal), directions.contains(&RawDirection::Vertical), directions.contains(&RawDirection::Diagonal));
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

/// One step of every square of a set at once: `(dx, dy)` as a shift, with the squares
/// whose step would leave the board masked off first (so no step wraps to another rank).
#[derive(Clone, Copy, Debug)]
struct Step<B> {
    from: B,
    by: i32,
}

impl<B: Bitboard> Step<B> {
    fn new(g: Geometry, dx: i32, dy: i32) -> Step<B> {
        let from = g.all().filter(|&sq| g.offset(sq, dx, dy).is_some()).fold(B::EMPTY, |b, sq| b | B::bit(sq));
        Step { from, by: dy * i32::from(g.files) + dx }
    }
    /// The squares one step from those of `b`.
    #[inline]
    fn of(self, b: B) -> B {
        (b & self.from).shift(self.by)
    }
}

/// The connection rule compiled for the board: the steps and lines its goals look along.
#[derive(Clone, Debug)]
pub(crate) struct ConnectTables<B> {
    /// One step along each enabled direction (east, north, north-east, south-east), for
    /// lines in a row.
    forward: Vec<Step<B>>,
    /// Both ways along each enabled direction, for the chains of `link`.
    around: Vec<Step<B>>,
    /// South, east and south-east: a square's block grows from its north-west corner.
    block: [Step<B>; 3],
    /// Every whole line of the enabled directions long enough for `collinear`.
    lines: Vec<B>,
    /// Each side's two regions to link (empty: none).
    link: ByColor<(B, B)>,
}

/// The tables of the variant's connection rule, if it has one.
pub(crate) fn tables<B: Bitboard>(rule: Option<&Connect>, g: Geometry) -> Option<ConnectTables<B>> {
    let rule = rule?;
    let mut dirs = Vec::new();
    if rule.horizontal {
        dirs.push((1, 0));
    }
    if rule.vertical {
        dirs.push((0, 1));
    }
    if rule.diagonal {
        dirs.extend([(1, 1), (1, -1)]);
    }
    let forward = dirs.iter().map(|&(dx, dy)| Step::new(g, dx, dy)).collect();
    let around = dirs.iter().flat_map(|&(dx, dy)| [Step::new(g, dx, dy), Step::new(g, -dx, -dy)]).collect();
    // Every line: walk each direction from the squares it does not reach by a step.
    let mut lines = Vec::new();
    if rule.collinear > 0 {
        for &(dx, dy) in &dirs {
            for start in g.all().filter(|&sq| g.offset(sq, -dx, -dy).is_none()) {
                let (mut line, mut at) = (B::EMPTY, Some(start));
                while let Some(sq) = at {
                    line |= B::bit(sq);
                    at = g.offset(sq, dx, dy);
                }
                if line.count() >= u32::from(rule.collinear) {
                    lines.push(line);
                }
            }
        }
    }
    let bits = |squares: &[Square]| squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
    let link = |c: Color| rule.link[c].as_ref().map_or((B::EMPTY, B::EMPTY), |(from, to)| (bits(from), bits(to)));
    Some(ConnectTables {
        forward,
        around,
        block: [Step::new(g, 0, -1), Step::new(g, 1, 0), Step::new(g, 1, -1)],
        lines,
        link: ByColor::new(link(Color::White), link(Color::Black)),
    })
}

impl<B: Bitboard> ConnectTables<B> {
    /// Whether `ours` (side `c`'s pieces of the rule's types) meets one of `rule`'s goals.
    fn met(&self, rule: &Connect, ours: B, c: Color) -> bool {
        if rule.in_a_row > 0 {
            for &step in &self.forward {
                // After i steps, the squares that end a line of i + 1 along the step.
                let mut ends = ours;
                for _ in 1..rule.in_a_row {
                    if ends.is_empty() {
                        break;
                    }
                    ends &= step.of(ends);
                }
                if ends.any() {
                    return true;
                }
            }
        }
        let (from, to) = self.link[c];
        if (from & ours).any() && (to & ours).any() && self.linked(ours, from & ours, to) {
            return true;
        }
        if rule.square > 0 {
            let mut corners = ours;
            for _ in 1..rule.square {
                if corners.is_empty() {
                    break;
                }
                let [s, e, se] = self.block;
                corners &= s.of(corners) & e.of(corners) & se.of(corners);
            }
            if corners.any() {
                return true;
            }
        }
        rule.collinear > 0 && self.lines.iter().any(|&line| (line & ours).count() >= u32::from(rule.collinear))
    }

    /// Whether the pieces of `ours` reached from `start` step by step include one on `to`.
    fn linked(&self, ours: B, start: B, to: B) -> bool {
        let mut reached = start;
        loop {
            if (reached & to).any() {
                return true;
            }
            let grown = self.around.iter().fold(reached, |b, &step| b | (step.of(reached) & ours));
            if grown == reached {
                return false;
            }
            reached = grown;
        }
    }
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

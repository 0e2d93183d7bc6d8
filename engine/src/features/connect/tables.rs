//! The connection rule's tables (`[end.connect]`): the steps and lines its goals look
//! along, built once for the board. Below the position, so that [`Tables`] may hold them.
//!
//! [`Tables`]: crate::tables::Tables

use crate::bitboard::Bitboard;
use crate::rules::Connect;
use crate::types::{ByColor, Color, Geometry, Square};

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

impl<B: Bitboard> ConnectTables<B> {
    /// The tables of the variant's connection rule, if it has one.
    pub(crate) fn build(rule: Option<&Connect>, g: Geometry) -> Option<ConnectTables<B>> {
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

    /// Whether `ours` (side `c`'s pieces of the rule's types) meets one of `rule`'s goals.
    pub(super) fn met(&self, rule: &Connect, ours: B, c: Color) -> bool {
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

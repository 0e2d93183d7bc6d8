//! What a variant's lookup tables will cost, counted from its rules before they are
//! built: a server compiling rulesets from untrusted clients refuses one whose tables
//! would be too large (every ranged rider `W2`…`W255` is a table of its own) without
//! spending the time and memory to find out.
//!
//! The count follows `tables.rs`: per square, one bitboard per distinct ray (a rider's
//! reach and its unlimited ray, both colours, and the reversed capturing rays that find
//! attackers) and per attack group (the piece types that attack along the same slides),
//! the leap tables per colour and type, the squares of lame and initial-only
//! leaps, the Zobrist keys, and the magic tables of slider sets (at their largest):
//! the bitboards and keys themselves, not the allocator's overhead or the few small
//! lists beside them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::betza::Mode;
use crate::rules::Rules;
use crate::sliders;
use crate::tables::build::slider_sets;

/// A reversed capturing slide: (dx, dy, range, initial-only).
type ReverseSlide = (i32, i32, u8, bool);

/// The size of a variant's lookup tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// Bytes, all tables together.
    pub bytes: usize,
    /// Distinct rays (a direction and range of a rider, from one side's view).
    pub rays: usize,
    /// Squares of the board: every ray costs one bitboard per square.
    pub squares: usize,
    /// The piece with the most ranged directions, and how many it has: what to shorten.
    pub largest: Option<(String, usize)>,
}

impl TableSize {
    /// Counts the tables `rules` compile to.
    pub fn of(rules: &Rules) -> TableSize {
        let squares = rules.geometry.squares();
        let width = match squares {
            0..=64 => 8,
            65..=128 => 16,
            _ => 32,
        };
        let types = rules.pieces.len();
        let mut rays = BTreeSet::new();
        // Per colour: the piece types attacking along each reversed slide; attack groups
        // are the distinct sets of them.
        let mut by_slide: [BTreeMap<ReverseSlide, BTreeSet<usize>>; 2] = Default::default();
        let mut specials = 0usize;
        let mut largest: Option<(String, usize)> = None;
        for (t, p) in rules.pieces.iter().enumerate() {
            let mut ranged = 0;
            for (side, sign) in [1i32, -1].into_iter().enumerate() {
                for d in &p.directions {
                    let (dx, dy) = (d.dx as i32, d.dy as i32 * sign);
                    if d.range != 1 {
                        ranged += 1;
                        rays.insert((dx, dy, d.range));
                        rays.insert((dx, dy, 0));
                        if d.mode != Mode::Move {
                            rays.insert((-dx, -dy, d.range));
                            rays.insert((-dx, -dy, 0));
                            by_slide[side].entry((-dx, -dy, d.range, d.initial_only)).or_default().insert(t);
                        }
                    } else if d.is_conditional() || d.initial_only {
                        specials += 1;
                    }
                }
                specials += usize::from(!p.double_step_ranks.is_empty()) + usize::from(!p.triple_step_ranks.is_empty());
            }
            if ranged > largest.as_ref().map_or(0, |l| 2 * l.1) {
                largest = Some((p.name.clone(), ranged / 2));
            }
        }
        let groups: usize =
            by_slide.iter().map(|m| m.iter().map(|((.., initial), types)| (types, initial)).collect::<BTreeSet<_>>().len()).sum();
        let bitboards = squares
            * (rays.len()
                // Each attack group's reach.
                + groups
                // Leap targets (quiet, capturing) and leap attackers, per colour and type.
                + 2 * 3 * types
                // Lame and initial-only leaps: an origin and a target map, each an
                // optional square and path (up to two bitboards' room).
                + 4 * specials)
            // Zones per colour and type (promotion, dead squares, drops), and the files.
            + 2 * 3 * types
            + rules.geometry.files as usize;
        // Zobrist keys: per colour, type and square, and three per square.
        let keys = 8 * squares * (2 * types + 3);
        // Magic tables of slider sets (boards of up to 64 squares): reaches, and per
        // square its multiplier entry.
        let magic: usize = slider_sets(rules)
            .iter()
            .map(|set| sliders::magic_entries(rules.geometry, set))
            .filter(|&entries| entries > 0)
            .take(sliders::MAX_MAGIC_SETS)
            .map(|entries| entries * width + squares * std::mem::size_of::<sliders::Magic>())
            .sum();
        TableSize { bytes: bitboards * width + keys + magic, rays: rays.len(), squares, largest }
    }
}

impl fmt::Display for TableSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} bytes of lookup tables ({} rider rays x {} squares", self.bytes, self.rays, self.squares)?;
        if let Some((piece, n)) = &self.largest {
            write!(f, "; the most from `{piece}`: {n} ranged directions")?;
        }
        f.write_str(")")
    }
}

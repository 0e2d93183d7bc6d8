//! Per-variant lookup tables: what each piece type of each colour can reach from each
//! square, the rays riders slide along, who can attack a square, and Zobrist keys.
//!
//! Built once per variant and shared by every position of it, so that move
//! generation is table lookups and bit scans, with no allocation.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::betza::{Direction, Hop, Mode};
use crate::bitboard::{Bitboard, Wide};
use crate::castle_layout::CastleLayout;
use crate::module::ModuleSet;
use crate::rules::{Captured, PromotionPolicy, RegionWin, Rules};
use crate::sliders::{self, Magic, Ray};
use crate::types::{ByColor, Color, Geometry, Piece, PieceSet, PieceType, Square};

/// A slide in one direction.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    /// Ray id of the ray, limited to the slide's range.
    pub reach: u16,
    /// Whether squares along the ray have increasing indices (scan from the low end).
    pub ascending: bool,
    /// The ray runs along a rank of a board whose files wrap: its squares are not in
    /// one order, so it is looked at run by run ([`Tables::runs`]).
    pub wraps: bool,
}

/// How a piece may use a rider direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RiderUse {
    pub quiet: bool,
    pub capture: bool,
    pub initial_only: bool,
}

/// Rays looked up together (see `sliders`): lines with magic tables (boards of up to
/// 64 squares), and single rays cut at their first blocker by the blocker trick.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// Each magic line's entries by square (a board with magic lines has at most 64
    /// squares: a square's entry is found with no bounds check).
    pub magic: Vec<MagicLine>,
    /// Rays (ids into [`Tables::rays`]), and whether each runs towards higher squares.
    /// An id with [`WRAPS`] set is a ray along a rank of a board whose files wrap, cut
    /// run by run ([`Tables::runs`]); no other board has one.
    pub walk: Vec<(u16, bool)>,
}

/// A magic line's entries ([`Magic`]) by square, shared by every [`Lines`] with the line.
pub type MagicLine = Arc<[Magic; 64]>;

/// The flag of a [`Lines::walk`] ray id that wraps round the board.
pub const WRAPS: u16 = 1 << 15;

/// Rider directions of one piece type that are used alike but not plainly (to move and
/// to capture, at any time): `mR`, `cB`, initial-only riders.
#[derive(Clone, Debug)]
pub struct Slider {
    pub lines: Lines,
    pub how: RiderUse,
}

/// A hopping direction (`p`, `g`): the ray along which it looks for its screen, and
/// what it may do beyond it.
#[derive(Clone, Copy, Debug)]
pub struct HopRay {
    /// The whole ray, unlimited (from the piece to its screen, and from the screen on).
    pub ray: Slide,
    /// The one-square step of the same direction (the grasshopper's landing square).
    pub step: u16,
    pub hop: Hop,
    pub how: RiderUse,
    /// Its hops may neither jump over nor capture the variant's barred types
    /// ([`Tables::barred`]; the Janggi cannon).
    pub barred: bool,
}

/// Hopping directions along which the same piece types attack alike, reversed: from
/// the attacked square back towards the hopper.
#[derive(Clone, Debug)]
pub struct HopAttack<B> {
    pub types: PieceSet,
    /// The reversed direction, as a hop (its `how.initial_only`: only unmoved pieces).
    pub back: HopRay,
    /// The squares the types attack: their `moves_within` region (else the board).
    pub within: B,
}

/// A leap that needs more than a table lookup: lame (its path must be empty), a
/// multi-leg move (squares that must be empty, and hurdles that must be occupied),
/// initial-only, or a double step (which leaves an en-passant square behind).
#[derive(Clone, Debug)]
pub struct Special<B> {
    /// Per origin square: the target and the squares that must be empty.
    pub to: Vec<Option<(Square, B)>>,
    /// Per target square: the origin and the path (for attack detection).
    pub from: Vec<Option<(Square, B)>>,
    /// Per origin square: the squares that must be occupied (hopped over); empty (no
    /// entry at all) for a leap without hurdles, as all but multi-leg hops are.
    pub hurdles: Vec<B>,
    pub quiet: bool,
    pub capture: bool,
    pub initial_only: bool,
    pub double_step: bool,
    /// Only from these squares.
    pub origins: B,
}

impl<B: Bitboard> Special<B> {
    /// Whether the leap from `from`, its `path` taken from [`Special::to`] or
    /// [`Special::from`], is open with the occupancy `occ`: its path empty, its hurdles
    /// occupied.
    #[inline]
    pub fn open(&self, from: Square, path: B, occ: B) -> bool {
        (path & occ).is_empty() && (self.hurdles.is_empty() || (self.hurdles[from as usize] & !occ).is_empty())
    }

    /// Keeps only the leaps from and to the squares of `on` (moves along lines).
    fn confine(&mut self, on: B) {
        for (sq, to) in self.to.iter_mut().enumerate() {
            if to.is_some_and(|(target, _)| !on.has(sq as Square) || !on.has(target)) {
                *to = None;
            }
        }
        for (sq, from) in self.from.iter_mut().enumerate() {
            if from.is_some_and(|(origin, _)| !on.has(sq as Square) || !on.has(origin)) {
                *from = None;
            }
        }
    }
}

/// How one piece type of one colour moves.
#[derive(Clone, Debug)]
pub struct Mobility<B> {
    /// Per square: targets of plain (jumping, unconditional) leaps that may not capture…
    pub leap_quiet: Vec<B>,
    /// …and that may capture.
    pub leap_capture: Vec<B>,
    /// The rider directions that move and capture alike, at any time (most riders)…
    pub plain: Lines,
    /// …and the others.
    pub sliders: Vec<Slider>,
    pub specials: Vec<Special<B>>,
    /// Hopping directions (cannons, grasshoppers).
    pub hops: Vec<HopRay>,
    /// Its hops (and multi-leg hurdles) neither jump over nor capture the variant's
    /// barred types ([`Tables::barred`]).
    pub barred: bool,
    /// Where its moves and attacks may end (`moves_within`; the whole board if
    /// anywhere): folded into the leap and special tables (and the reverse ones of the
    /// attack tests), applied to the riders' reach.
    pub within: B,
    /// The promotion zone for this colour (empty if the type never promotes).
    pub promotion_zone: B,
    /// Moves starting in the zone may promote too.
    pub promote_from_zone: bool,
    /// Only its captures promote ([`crate::rules::Promotion::on_capture`]).
    pub promote_on_capture: bool,
    /// Its en-passant captures promote ([`crate::rules::Promotion::en_passant`]).
    pub promote_en_passant: bool,
    /// Squares from which it could never move again (on any board).
    pub dead: B,
    /// Squares it may be dropped on, in variants with drops.
    pub drop_zone: B,
    /// It captures en passant.
    pub en_passant: bool,
    /// Its initial-only moves may be made in check (see `features/initial_moves.rs`).
    pub initial_in_check: bool,
    /// The squares from which a move of it may promote: ending in the zone, or starting
    /// there where that counts (empty if it never promotes). Elsewhere its moves are
    /// counted without a look at the zone.
    pub promotion_near: B,
    /// Which of the generator's paths its moves need.
    pub shape: Shape,
    /// Its moves as steps of all its pieces at once, for counting (perft's last ply)
    /// pieces whose moves need no test: where it has only plain leaps and double
    /// steps, few enough that shifting the set beats a lookup per piece (pawns).
    pub bulk: Option<Bulk<B>>,
}

/// A type's moves as the same step taken from every square of a set at once.
#[derive(Clone, Debug, Default)]
pub struct Bulk<B> {
    /// Plain leaps: a step, the squares it stays on the board from, and what it may do.
    pub leaps: Vec<(i32, B, RiderUse)>,
    /// Double steps: one step (taken twice, both to empty squares), and the squares it
    /// starts from.
    pub doubles: Vec<(i32, B)>,
}

impl<B: Bitboard> Bulk<B> {
    /// Most steps for which shifting a set beats looking up each piece.
    const MAX_STEPS: usize = 4;

    /// How many moves the pieces `from` have that end on `allowed` squares.
    #[inline]
    pub fn count(&self, from: B, occupied: B, theirs: B, allowed: B) -> u64 {
        let mut n = 0;
        for &(by, on_board, how) in &self.leaps {
            let to = (from & on_board).shift(by) & allowed;
            let quiet = if how.quiet { to & !occupied } else { B::EMPTY };
            let capture = if how.capture { to & theirs } else { B::EMPTY };
            n += (quiet | capture).count() as u64;
        }
        for &(by, starts) in &self.doubles {
            let passed = (from & starts).shift(by) & !occupied;
            n += (passed.shift(by) & !occupied & allowed).count() as u64;
        }
        n
    }
}

/// The parts of [`Mobility`] a piece type uses, so that the generator's loop over its
/// pieces skips the others altogether.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Plain leaps only (a king, a knight).
    Leaper,
    /// Plain riders on magic lines only (a rook, a queen): no leap tables to look at.
    Rider,
    /// Plain leaps and plain riders on magic lines only (a dragon, an archbishop).
    Slider,
    /// No riders, but special steps or en passant (a pawn).
    Stepper,
    /// Anything else.
    General,
}

/// Rider directions that a set of piece types all attack along, for fast attack tests.
#[derive(Clone, Debug)]
pub struct AttackGroup<B> {
    /// The piece types that attack along these slides.
    pub types: PieceSet,
    /// The slides are initial-only moves: only unmoved pieces attack along them.
    pub initial_only: bool,
    /// Reverse slides: from the attacked square towards the attacker (one by one, to
    /// find which piece shields a royal)…
    pub slides: Vec<Slide>,
    /// …and all at once.
    pub lines: Lines,
    /// Per square: every square any of those slides can reach (to skip the group quickly).
    pub reach: Vec<B>,
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// Per (colour, type, square).
    pub piece: Vec<u64>,
    pub black_to_move: u64,
    /// Per castle and colour.
    pub castle: Vec<u64>,
    /// Per en-passant square.
    pub en_passant: Vec<u64>,
    /// Per square holding a piece that has not moved (for initial-only moves).
    pub unmoved: Vec<u64>,
    /// Per square holding a promoted piece (in variants where that matters).
    pub promoted: Vec<u64>,
}

impl Zobrist {
    /// The key of holding `count` pieces of a type in hand (0 for none), computed rather
    /// than tabled because a hand has no fixed maximum.
    #[inline]
    pub fn hand(color: Color, t: PieceType, count: u8) -> u64 {
        Zobrist::tally(color, t as u32, count as u32)
    }
    /// The key of an open gate on `sq` (see `features/gating.rs`).
    #[inline]
    pub fn gate(sq: Square) -> u64 {
        Zobrist::tally(Color::White, 2000 + sq as u32, 1)
    }
    /// The key of a side's coins.
    #[inline]
    pub fn coins(color: Color, n: u16) -> u64 {
        Zobrist::tally(color, 1000, n as u32)
    }
    /// The key of a side's (capped) purchase count.
    #[inline]
    pub fn purchases(color: Color, n: u8) -> u64 {
        Zobrist::tally(color, 1001, n as u32)
    }
    /// The key of the castling rights in `bits` (bit `2 * castle + colour`).
    #[inline]
    pub fn castles(&self, mut bits: u32) -> u64 {
        let mut h = 0;
        while bits != 0 {
            h ^= self.castle[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        h
    }
    /// The key of a rule module's state counter `slot` (in the position's numbering)
    /// holding `value`.
    #[inline]
    pub fn state(slot: usize, value: u16) -> u64 {
        Zobrist::tally(Color::White, 2000 + slot as u32, value as u32)
    }
    /// The key of a wall placed in play on `sq` (`features/walls.rs`; the board's own
    /// walls are in every position alike and have none).
    #[inline]
    pub fn wall(sq: Square) -> u64 {
        Zobrist::tally(Color::Black, 3000 + sq as u32, 1)
    }
    /// The key of a turn's state between its parts: `part` parts played, the last move
    /// part landed on `anchor` (0 at a turn's start: `features/turns.rs`).
    #[inline]
    pub fn part(part: u8, anchor: Square) -> u64 {
        if part == 0 {
            return 0;
        }
        Zobrist::tally(Color::Black, 3500 + anchor as u32, part as u32)
    }
    /// The key of a square that `color` passed with a double step in its current or last
    /// turn of several moves (`features/series.rs`).
    #[inline]
    pub fn passed(color: Color, sq: Square) -> u64 {
        Zobrist::tally(color, 3800 + sq as u32, 1)
    }
    /// A key for "`color` has `count` of `what`" (0 for a count of 0).
    #[inline]
    fn tally(color: Color, what: u32, count: u32) -> u64 {
        if count == 0 {
            return 0;
        }
        let mut z = 0xD6E8_FEB8_6659_FD93u64 ^ ((color.index() as u64) << 60 | (what as u64) << 32 | count as u64);
        z = (z ^ (z >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        z = (z ^ (z >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        z ^ (z >> 32)
    }
}

/// All the tables of one variant for bitboard width `B`.
#[derive(Debug)]
pub struct Tables<B> {
    pub rules: Arc<Rules>,
    pub geometry: Geometry,
    pub squares: usize,
    pub types: usize,
    /// Every square of the board a piece may stand on (its walls excepted).
    pub board: B,
    /// The board's wall squares: occupied for every move and attack, by no piece.
    pub walls: B,
    /// Ray bitboards: `rays[id * squares + sq]`, the squares a slide reaches from `sq`
    /// on an empty board, excluding `sq`.
    pub rays: Vec<B>,
    /// On a board whose files wrap, per ray and square as [`Tables::rays`]: the ray's
    /// runs ([`sliders::runs`]) where it runs along a rank (several), else nothing.
    /// Empty on other boards.
    pub runs: Vec<Vec<B>>,
    /// The reaches of the magic lines ([`Lines::magic`]), where their entries say.
    pub magic_reach: Vec<B>,
    /// Per (colour, type): index `color * types + type`.
    pub mobility: Vec<Mobility<B>>,
    /// Per (colour, type, square): the squares from which such a piece attacks the
    /// square with a plain leap.
    pub leap_attackers: Vec<B>,
    /// Per colour: rider attack groups.
    pub attack_groups: ByColor<Vec<AttackGroup<B>>>,
    /// Per colour: the types that attack with plain leaps, each with where its part of
    /// [`Tables::leap_attackers`] starts.
    pub leap_attacker_types: ByColor<Vec<(PieceType, usize)>>,
    /// Per colour: types with lame or initial-only capturing leaps.
    pub special_attacker_types: ByColor<Vec<PieceType>>,
    /// Per colour: the hopping directions it attacks along, reversed.
    pub hop_attacks: ByColor<Vec<HopAttack<B>>>,
    /// Per colour: the types that attack by hopping (their screens are not pinned the
    /// way a slider's are: every move of the other side is tested while one is on the board).
    pub hop_attacker_types: ByColor<PieceSet>,
    /// Per colour: the types with hurdles in their leaps (multi-leg `p` legs, hops along
    /// lines; among [`Tables::hop_attacker_types`]): the safety analysis has no screens
    /// for them, so while one is on the board every move of the other side is tested.
    pub hurdled_types: ByColor<PieceSet>,
    /// Types whose pieces need unmoved-tracking (they have initial-only moves).
    pub tracks_unmoved: PieceSet,
    /// Per type: the enemy types whose initial-only moves it takes away by aiming at
    /// them (`initial_moves.lost_when_aimed_by`); empty for every type in most variants.
    pub initial_moves_lost_to: Vec<PieceSet>,
    /// Some type takes initial-only moves away so.
    pub aims_take_initial_moves: bool,
    /// The start position's pieces of `tracks_unmoved` types: those a FEN without
    /// `unmoved=` counts as never moved where they still stand. Filled by the FEN reader
    /// on first use (every FEN read and written consults it).
    pub start_unmoved: OnceLock<Vec<(Square, Piece)>>,
    /// How each type counts towards mating (`features/material.rs`), computed on first use.
    pub mating: OnceLock<Vec<crate::rules::Mating>>,
    /// Types with the `royal` flag.
    pub royal_types: PieceSet,
    /// The kinds whose last pieces are royal (`features/extinction.rs`: types, and how
    /// many pieces of them a side may have for them to be royal); empty in most variants.
    pub pseudo_royal_kinds: Vec<(PieceSet, u32)>,
    /// Actions that reset the move-rule counter (bit `ResetEvent as u8`).
    pub resets: u8,
    /// Types that capture en passant.
    pub en_passant_types: PieceSet,
    /// Per file: its squares.
    pub file_masks: Vec<B>,
    pub zobrist: Zobrist,
    /// The variant's live rule modules.
    pub(crate) modules: ModuleSet,
    /// Some rule can end the game leaving no moves (a module, or the capture of the
    /// whole army): move generation asks first.
    pub(crate) ends_by_rule: bool,
    /// Some rule of the kernel, not a module, can end the game so
    /// ([`Pos::ended_by_rule`]'s board part).
    pub(crate) ends_on_board: bool,
    /// Each side's goal squares (`[end.region_win]`; empty without it).
    pub(crate) goals: ByColor<B>,
    /// The connection rule's steps and lines (`[end.connect]`; `None` without it).
    pub(crate) connect: Option<crate::features::connect::ConnectTables<B>>,
    /// A rule bans some moves: checks ([`Rules::checks_allowed`] false) or a royal
    /// piece's flight from check ([`Rules::royal_flees_check`] false).
    pub(crate) bans_moves: bool,
    /// The ruleset's castles (a Chess960 game has its own: [`crate::position::Pos::castles`]).
    pub castles: CastleLayout<B>,
    /// Types whose moves reset the move-rule counter.
    pub resets_by: PieceSet,
    /// Per type: the type a capture puts into the captor's hand (if any)…
    pub to_hand: Vec<Option<PieceType>>,
    /// …the hand slot a drop of it takes from (its own, or with [`crate::rules::Drops::promoted`] the
    /// type it returns to the hand as)…
    pub hand_slot: Vec<PieceType>,
    /// …and per hand slot, the types a drop from it may place (the slot's own type, and
    /// with `promoted` drops the types that return to the hand as it).
    pub drops_from_slot: Vec<PieceSet>,
    /// Every type drops from its own slot (no `promoted` drops).
    pub hand_slot_is_own: bool,
    /// …and, where captures demote, the type it was promoted from (if one only).
    pub demoted: Vec<Option<PieceType>>,
    /// Captured promoted pieces go to hand demoted (promoted pieces are marked).
    pub demote_on_capture: bool,
    /// Drops: per type, the most of it a side may have on a file for a drop there (0:
    /// no limit); the types that may not mate by a drop; the most pieces a hand holds.
    pub per_file: Vec<u8>,
    pub no_drop_mate: PieceSet,
    /// The types a side holding one must drop ([`crate::rules::Drops::must_drop`]).
    pub must_drop: PieceSet,
    pub hand_capacity: Option<u8>,
    /// The setup rules of drops (`features/setup_drops.rs`): types kept on both colours;
    /// types whose drop gives a castling right.
    pub opposite_colors: PieceSet,
    pub castling_rights_on_drop: PieceSet,
    /// Types that gain a castle coming into being on its rook square (`castling_rights_on_arrival`).
    pub castling_rights_on_arrival: PieceSet,
    /// Types whose promotion is a move of its own (`policy = "as-a-move"`,
    /// `features/promotion_move.rs`); their arrivals promote nothing.
    pub promotes_as_a_move: PieceSet,
    /// The light squares.
    pub light: B,
    /// Pieces leave the hand by drops ([`crate::rules::Drops::drop_moves`]).
    pub drop_moves: bool,
    /// Drops need no hand (`[drops] unlimited`): these types may be dropped at will.
    pub unlimited_supply: Option<PieceSet>,
    /// Where drops may go, and the squares the first drops fill (`features/flips.rs`).
    pub placement: Option<crate::rules::Placement>,
    pub first_squares: ByColor<B>,
    /// What an arriving piece turns to the mover's side (`features/flips.rs`).
    pub flips: Option<crate::rules::Flips>,
    /// The squares next to each square (a king's step), where flips or placement need them.
    pub neighbours: Vec<B>,
    /// The variant has gating (`features/gating.rs`).
    pub has_gating: bool,
    /// The variant has counting rules (`features/counting.rs`): moves advance the count.
    pub counting: bool,
    /// Per type: what lifting it may make it (see [`Rules::lift_choices`]), from a rank
    /// that does not raise it and from one that does…
    pub lift_choices: Vec<[PieceSet; 2]>,
    /// …and per side, those ranks.
    pub lift_raise: ByColor<B>,
    /// The types barred from the hops of the pieces whose [`Mobility::barred`] is set
    /// (one set per variant; empty in most).
    pub barred: PieceSet,
    /// Some piece attacks by hopping, or royals face each other ([`Tables::flying`]):
    /// one flag for the attack tests to skip both.
    pub hops_or_flying: bool,
    /// [`Rules::duple_check`], kept here for the legality test's sake.
    pub duple_check: bool,
    /// The generator's safety analysis is off and every move is tested: with
    /// `duple_check`, on a board whose files wrap (its lines from a royal cross), and
    /// with a condition ([`Tables::exact_legality`]).
    pub test_every_move: bool,
    /// With [`Rules::flying_royals`]: the rook's four slides, along which royals attack
    /// royals (else empty).
    pub flying: Vec<Slide>,
    /// With bikjang ([`crate::rules::EndRules::bikjang`]): the rook's four slides, along
    /// which royals face each other (else empty).
    pub facing: Vec<Slide>,
    /// Capturing is compulsory ([`Rules::must_capture`]).
    pub must_capture: bool,
    /// Some side may pass ([`Rules::pass`]).
    pub passes: bool,
    /// The variant has hands and drops, an economy, lifting (each a generator to run).
    pub has_drops: bool,
    pub has_economy: bool,
    pub has_lift: bool,
    /// Some turn has more than one part (`[turn]`, `features/turns.rs`): the one flag
    /// that ends of moves and generation test.
    pub has_parts: bool,
    /// The wall part of each turn, if any ([`crate::rules::TurnRules::walls`]).
    pub walling: Option<crate::rules::Walling>,
    /// Turns of several moves ([`crate::rules::TurnRules::series`], `features/series.rs`).
    pub series: bool,
    /// The types a capture turns into a wall (`features/petrify.rs`).
    pub petrifying: PieceSet,
    /// Per side: whether the opponent's next turn may capture its royal over several
    /// moves (a series whose checks do not end it: Monster chess), so that "in check"
    /// means that threat, not an attack now.
    pub threatened: ByColor<bool>,
    /// Madrasi ([`Rules::madrasi`], `features/madrasi.rs`): paralysed pieces neither move
    /// nor attack.
    pub madrasi: bool,
    /// Circe or Andernach: a capture does more than remove a piece (`features/circe.rs`,
    /// `features/andernach.rs`): the one flag a move made tests.
    pub capture_conditions: bool,
    /// No rule wraps the kernel's moves (turns of several parts, passes, gating, the
    /// duties to drop or to capture, bans, rule modules' moves or refusals): generation
    /// goes straight to them, past the wrappers' tests one by one.
    pub(crate) plain_generation: bool,
    /// A condition (Circe, Andernach, Madrasi) makes the safety analysis inexact:
    /// legality is judged by playing the moves it affects and looking.
    pub exact_legality: bool,
}

impl<B: Bitboard> Tables<B> {
    #[inline]
    pub fn mobility(&self, color: Color, t: PieceType) -> &Mobility<B> {
        &self.mobility[color.index() * self.types + t as usize]
    }

    /// The squares `color`'s royal pieces may stand on (the whole board in a variant
    /// without royals).
    pub fn royal_region(&self, color: Color) -> B {
        if self.royal_types.is_empty() {
            return self.board;
        }
        self.royal_types.iter().fold(B::EMPTY, |b, k| b | self.mobility(color, k).within)
    }

    /// The mobility of every type of `color`, by type.
    #[inline]
    pub fn mobilities(&self, color: Color) -> &[Mobility<B>] {
        &self.mobility[color.index() * self.types..(color.index() + 1) * self.types]
    }

    /// The squares `lines` reach from `sq`, each ray stopping at (and including) its
    /// first occupied square. `word` is the occupancy's lowest 64 squares (all of a board
    /// that has magic tables).
    #[inline(always)]
    pub fn reach(&self, lines: &Lines, sq: Square, occupied: B, word: u64) -> B {
        let mut reach = self.magic_lines_reach(lines, sq, word);
        for &(id, ascending) in &lines.walk {
            if id & WRAPS != 0 {
                reach |= self.wrapped_reach(id & !WRAPS, sq, occupied, ascending);
                continue;
            }
            reach |= sliders::cut(self.rays[id as usize * self.squares + sq as usize], occupied, ascending);
        }
        reach
    }

    /// The part of [`Tables::reach`] on `lines`' magic lines (all of it for a piece
    /// whose mobility has the [`Shape::Rider`] or [`Shape::Slider`] shape).
    #[inline(always)]
    pub fn magic_lines_reach(&self, lines: &Lines, sq: Square, word: u64) -> B {
        let mut reach = B::EMPTY;
        for line in &lines.magic {
            reach |= self.magic_reach[line[sq as usize % 64].index(word)];
        }
        reach
    }

    /// The reach of ray `id` along a rank of a board whose files wrap, run by run.
    #[cold]
    #[inline(never)]
    fn wrapped_reach(&self, id: u16, sq: Square, occupied: B, ascending: bool) -> B {
        sliders::cut_runs(&self.runs[id as usize * self.squares + sq as usize], occupied, ascending)
    }

    /// The squares one slide reaches from `sq`, stopping at (and including) its first
    /// occupied square.
    #[inline]
    pub fn slide_reach(&self, s: Slide, sq: Square, occupied: B) -> B {
        let i = s.reach as usize * self.squares + sq as usize;
        if s.wraps {
            sliders::cut_runs(&self.runs[i], occupied, s.ascending)
        } else {
            sliders::cut(self.rays[i], occupied, s.ascending)
        }
    }

    /// [`Tables::reach`] with the occupancy as one value.
    #[inline(always)]
    pub fn reach_over(&self, lines: &Lines, sq: Square, occupied: B) -> B {
        self.reach(lines, sq, occupied, occupied.to_wide().0[0])
    }

    /// The squares a hop may end on from `sq`, empty or not: beyond its screen (the first
    /// piece on its ray), up to and including the next piece for a cannon, the square just
    /// beyond for a grasshopper. Empty without a screen.
    #[inline]
    pub fn hop_reach(&self, h: &HopRay, sq: Square, occupied: B) -> B {
        let Some(screen) = self.first_blocker(h.ray, sq, occupied) else { return B::EMPTY };
        match h.hop {
            Hop::Grasshopper => self.rays[h.step as usize * self.squares + screen as usize],
            _ => self.slide_reach(h.ray, screen, occupied),
        }
    }

    /// The first occupied square along a slide from `sq`, if any within reach.
    #[inline]
    pub fn first_blocker(&self, s: Slide, sq: Square, occupied: B) -> Option<Square> {
        if s.wraps {
            return sliders::first_in_runs(&self.runs[s.reach as usize * self.squares + sq as usize], occupied, s.ascending);
        }
        self.first_blocker_flat(s, sq, occupied)
    }

    /// [`Tables::first_blocker`] of a slide that does not wrap ([`Slide::wraps`]).
    #[inline]
    pub fn first_blocker_flat(&self, s: Slide, sq: Square, occupied: B) -> Option<Square> {
        let blockers = self.rays[s.reach as usize * self.squares + sq as usize] & occupied;
        if blockers.is_empty() {
            None
        } else {
            Some(if s.ascending { blockers.lsb() } else { blockers.msb() })
        }
    }

    #[inline]
    pub fn piece_key(&self, color: Color, t: PieceType, sq: Square) -> u64 {
        self.zobrist.piece[(color.index() * self.types + t as usize) * self.squares + sq as usize]
    }

    /// Builds the tables of rules without modules. The rules must already be valid (the
    /// ruleset loader checks them).
    #[cfg(test)]
    pub fn new(rules: Arc<Rules>) -> Tables<B> {
        Tables::with_modules(rules, ModuleSet::default())
    }

    /// Builds the tables of rules with their live modules.
    pub(crate) fn with_modules(rules: Arc<Rules>, modules: ModuleSet) -> Tables<B> {
        let g = rules.geometry;
        assert!(g.squares() <= B::CAPACITY, "board too large for this bitboard width");
        let squares = g.squares();
        let types = rules.pieces.len();
        let walls = rules.walls.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
        let mut board = B::EMPTY;
        for sq in 0..squares {
            board |= B::bit(sq as Square);
        }
        board &= !walls;
        let file_masks: Vec<B> = (0..g.files)
            .map(|f| (0..g.ranks).fold(B::EMPTY, |b, r| b | B::bit(g.square(f, r))))
            .collect();

        let mut rays = RayBuilder::new(g);
        let mut sets = SetBuilder::new(g);
        let rider_rays = rider_rays(&rules);
        // Set ids per (colour, type), turned into `Lines` once the sets are built.
        let mut plain_ids: Vec<Vec<u16>> = vec![Vec::new(); 2 * types];
        let mut slider_ids: Vec<Vec<(RiderUse, Vec<u16>)>> = vec![Vec::new(); 2 * types];
        let mut mobility = Vec::with_capacity(2 * types);
        let mut tracks_unmoved = PieceSet::EMPTY;
        for color in Color::BOTH {
            for (t, def) in rules.pieces.iter().enumerate() {
                let mut m = Mobility {
                    leap_quiet: vec![B::EMPTY; squares],
                    leap_capture: vec![B::EMPTY; squares],
                    plain: Lines::default(),
                    sliders: Vec::new(),
                    specials: Vec::new(),
                    hops: Vec::new(),
                    barred: !def.hop_barred.is_empty(),
                    within: board,
                    promotion_zone: B::EMPTY,
                    promote_from_zone: def.promotion.as_ref().is_some_and(|p| p.from_zone),
                    promote_on_capture: def.promotion.as_ref().is_some_and(|p| p.on_capture),
                    promote_en_passant: def.promotion.as_ref().is_none_or(|p| p.en_passant),
                    dead: B::EMPTY,
                    drop_zone: B::EMPTY,
                    en_passant: def.takes_en_passant,
                    initial_in_check: def.initial_moves.in_check,
                    promotion_near: B::EMPTY,
                    shape: Shape::General,
                    bulk: None,
                };
                // Black's moves are White's turned half a turn: forward and left both
                // reverse, so a black `lW` steps towards the h-file (Fairy-Stockfish agrees).
                let sign = if color == Color::White { 1 } else { -1 };
                for d in &def.directions {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    let quiet = d.mode != Mode::Capture;
                    let capture = d.mode != Mode::Move;
                    if d.initial_only {
                        tracks_unmoved.insert(t as PieceType);
                    }
                    if d.hop != Hop::None {
                        m.hops.push(HopRay { barred: m.barred, ..rays.hop(dx, dy, d) });
                    } else if d.range != 1 {
                        // Looked up by set, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        for sq in g.all() {
                            if let Some(to) = g.offset(sq, dx, dy).filter(|&to| to != sq) {
                                if quiet {
                                    m.leap_quiet[sq as usize] |= B::bit(to);
                                }
                                if capture {
                                    m.leap_capture[sq as usize] |= B::bit(to);
                                }
                            }
                        }
                    } else {
                        m.specials.push(special(g, d, sign, board, def.en_passant && passes_a_square(d)));
                    }
                }
                for (&how, group) in &rider_rays[color.index() * types + t] {
                    let ids = sets.ids(group, &mut rays);
                    if how == (RiderUse { quiet: true, capture: true, initial_only: false }) {
                        plain_ids[color.index() * types + t] = ids;
                    } else {
                        slider_ids[color.index() * types + t].push((how, ids));
                    }
                }
                if let Some((region, dirs)) = &def.extra_moves {
                    for sq in region.squares(g, color) {
                        for d in dirs {
                            if let Some(to) = g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| to != sq) {
                                if d.mode != Mode::Capture {
                                    m.leap_quiet[sq as usize] |= B::bit(to);
                                }
                                if d.mode != Mode::Move {
                                    m.leap_capture[sq as usize] |= B::bit(to);
                                }
                            }
                        }
                    }
                }
                if let Some(lines) = &def.line_moves {
                    let on = lines.squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
                    for d in &lines.directions {
                        if d.is_conditional() {
                            let mut sp = special(g, d, sign, on, false);
                            sp.confine(on);
                            if sp.to.iter().any(Option::is_some) {
                                m.specials.push(sp);
                            }
                            continue;
                        }
                        for &sq in &lines.squares {
                            let Some(to) = g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != sq) else { continue };
                            if d.mode != Mode::Capture {
                                m.leap_quiet[sq as usize] |= B::bit(to);
                            }
                            if d.mode != Mode::Move {
                                m.leap_capture[sq as usize] |= B::bit(to);
                            }
                        }
                    }
                }
                if let Some(region) = &def.moves_within {
                    let within: B = region.bitboard(g, color);
                    m.within = within;
                    for sq in g.all() {
                        m.leap_quiet[sq as usize] &= within;
                        m.leap_capture[sq as usize] &= within;
                    }
                    // Its moves (`to`) and its attacks (`from`, by target) alike.
                    for sp in &mut m.specials {
                        for to in sp.to.iter_mut() {
                            if to.is_some_and(|(target, _)| !within.has(target)) {
                                *to = None;
                            }
                        }
                        for (target, from) in sp.from.iter_mut().enumerate() {
                            if !within.has(target as Square) {
                                *from = None;
                            }
                        }
                    }
                }
                m.bulk = bulk(g, def, sign);
                if !def.double_step_ranks.is_empty() {
                    let origins: B = def.double_step_ranks.bitboard(g, color);
                    let passable = match &def.en_passant_ranks {
                        _ if !def.en_passant => B::EMPTY,
                        Some(ranks) => ranks.bitboard(g, color),
                        None => origins,
                    };
                    let step = Direction { dx: 0, dy: 2, range: 1, mode: Mode::Move, initial_only: false, path: vec![(0, 1)], hop: Hop::None, hurdles: Vec::new() };
                    if passable.any() {
                        m.specials.push(special(g, &step, sign, passable, true));
                    }
                    // Double steps that leave no en-passant square are plain lame leaps.
                    if (origins & !passable).any() {
                        m.specials.push(special(g, &step, sign, origins & !passable, false));
                    }
                }
                if let Some(p) = &def.promotion {
                    m.promotion_zone = p.ranks.bitboard(g, color);
                }
                let zone = m.promotion_zone;
                let as_a_move = def.promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove);
                if zone.any() && !as_a_move {
                    for sq in g.all() {
                        let i = sq as usize;
                        let rides = rider_rays[color.index() * types + t]
                            .values()
                            .flatten()
                            .any(|&r| (sliders::ray::<B>(g, sq, r) & zone).any());
                        let steps = m.specials.iter().any(|s| s.to[i].is_some_and(|(to, _)| zone.has(to)));
                        let leaps = ((m.leap_quiet[i] | m.leap_capture[i]) & zone).any();
                        let hops = m.hops.iter().any(|h| (rays.get::<B>(h.ray.reach, sq) & zone).any());
                        if rides || steps || leaps || hops || (m.promote_from_zone && zone.has(sq)) {
                            m.promotion_near |= B::bit(sq);
                        }
                    }
                }
                for sq in g.all() {
                    let i = sq as usize;
                    let leaps = (m.leap_quiet[i] | m.leap_capture[i]).any();
                    let slides = rider_rays[color.index() * types + t]
                        .iter()
                        .any(|(how, group)| !how.initial_only && group.iter().any(|&r| sliders::ray::<B>(g, sq, r).any()));
                    let specials = m.specials.iter().any(|s| !s.initial_only && s.origins.has(sq) && s.to[i].is_some());
                    let hops = m.hops.iter().any(|h| !h.how.initial_only && rays.get::<B>(h.ray.reach, sq).any());
                    if !(leaps || slides || specials || hops) {
                        m.dead |= B::bit(sq);
                    }
                }
                let ranks = match &def.drop_ranks {
                    Some(ranks) => ranks.bitboard(g, color),
                    None => board,
                };
                let immobile_drops = rules.drops.as_ref().is_some_and(|d| d.immobile_drops);
                // Never dropped outside its region, as Fairy-Stockfish's `drop_region(c, pt)`
                // reads `mobilityRegion`.
                m.drop_zone = (if immobile_drops { ranks } else { ranks & !m.dead }) & m.within;
                mobility.push(m);
            }
        }

        // Who attacks a square: reverse every capturing direction.
        let mut leap_attackers = vec![B::EMPTY; 2 * types * squares];
        let mut leap_attacker_types: ByColor<Vec<(PieceType, usize)>> = Default::default();
        let mut special_attacker_types: ByColor<Vec<PieceType>> = Default::default();
        let mut hop_attacks: ByColor<Vec<HopAttack<B>>> = Default::default();
        let mut hop_attacker_types: ByColor<PieceSet> = Default::default();
        // Per colour: types with hurdles in their leaps (multi-leg `p` legs, hops along
        // lines): like hoppers, any piece may become their screen.
        let mut hurdled: ByColor<PieceSet> = Default::default();
        let mut attack_groups: ByColor<Vec<AttackGroup<B>>> = Default::default();
        let mut group_ids: ByColor<Vec<Vec<u16>>> = Default::default();
        for color in Color::BOTH {
            let sign = if color == Color::White { 1 } else { -1 };
            for (t, def) in rules.pieces.iter().enumerate() {
                let base = (color.index() * types + t) * squares;
                let within = mobility[color.index() * types + t].within;
                let mut leaps = false;
                let mut specials = false;
                for d in def.directions.iter().filter(|d| d.mode != Mode::Move) {
                    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                    if d.hop != Hop::None {
                        let back = HopRay { barred: !def.hop_barred.is_empty(), ..rays.hop(-dx, -dy, d) };
                        hop_attacker_types[color].insert(t as PieceType);
                        match hop_attacks[color].iter_mut().find(|a: &&mut HopAttack<B>| same_hop(&a.back, &back) && a.within == within) {
                            Some(a) => a.types.insert(t as PieceType),
                            None => hop_attacks[color].push(HopAttack { types: PieceSet::from_iter([t as PieceType]), back, within }),
                        }
                    } else if d.range != 1 {
                        // In the attack groups, below.
                    } else if !d.is_conditional() && !d.initial_only {
                        leaps = true;
                        for sq in g.all() {
                            if let Some(from) = g.offset(sq, -dx, -dy).filter(|&from| from != sq) {
                                leap_attackers[base + sq as usize] |= B::bit(from);
                            }
                        }
                    } else {
                        specials = true;
                        if !d.hurdles.is_empty() {
                            hurdled[color].insert(t as PieceType);
                        }
                    }
                }
                if let Some(lines) = &def.line_moves {
                    let on = lines.squares.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq));
                    for d in lines.directions.iter().filter(|d| d.mode != Mode::Move) {
                        if d.is_conditional() {
                            specials = true;
                            if !d.hurdles.is_empty() {
                                hurdled[color].insert(t as PieceType);
                            }
                            continue;
                        }
                        for &from in &lines.squares {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| on.has(to) && to != from) {
                                leaps = true;
                                leap_attackers[base + to as usize] |= B::bit(from);
                            }
                        }
                    }
                }
                if let Some((region, dirs)) = &def.extra_moves {
                    for from in region.squares(g, color) {
                        for d in dirs.iter().filter(|d| d.mode != Mode::Move) {
                            if let Some(to) = g.offset(from, d.dx as i32 * sign, d.dy as i32 * sign).filter(|&to| to != from) {
                                leaps = true;
                                leap_attackers[base + to as usize] |= B::bit(from);
                            }
                        }
                    }
                }
                // A confined piece attacks only within its region (Fairy-Stockfish's
                // `board_bb(c, pt) & s` in `attackers_to`).
                for sq in g.all().filter(|&sq| !within.has(sq)) {
                    leap_attackers[base + sq as usize] = B::EMPTY;
                }
                if leaps {
                    leap_attacker_types[color].push((t as PieceType, base));
                }
                if specials {
                    special_attacker_types[color].push(t as PieceType);
                }
            }
        }
        for (color, groups) in attack_rays(&rules).iter() {
            for (&(types_mask, initial_only), group) in groups {
                let slides: Vec<Slide> = group.iter().map(|&(dx, dy, r)| rays.slide(dx, dy, r)).collect();
                // A confined type's group is its own: no attack outside its region.
                let within = types_mask.iter().fold(board, |b, t| b & mobility[color.index() * types + t as usize].within);
                let reach = (0..squares)
                    .map(|sq| match within.has(sq as Square) {
                        true => slides.iter().fold(B::EMPTY, |b, s| b | rays.get::<B>(s.reach, sq as Square)),
                        false => B::EMPTY,
                    })
                    .collect();
                group_ids[color].push(sets.ids(group, &mut rays));
                attack_groups[color].push(AttackGroup { types: types_mask, initial_only, slides, lines: Lines::default(), reach });
            }
        }
        let built = sets.finish::<B>();
        for (i, m) in mobility.iter_mut().enumerate() {
            m.plain = built.lines(&plain_ids[i]);
            m.sliders = slider_ids[i].iter().map(|(how, ids)| Slider { lines: built.lines(ids), how: *how }).collect();
            let walks = !m.plain.walk.is_empty();
            // Hops are looked at with the riders (`Shape::General`).
            let rides = walks || !m.plain.magic.is_empty() || !m.sliders.is_empty() || !m.hops.is_empty();
            let confined = m.within != board;
            let special = !m.specials.is_empty() || m.en_passant;
            m.shape = match (special, rides) {
                (false, false) => Shape::Leaper,
                (false, true) if !walks && m.sliders.is_empty() && m.hops.is_empty() && !confined => {
                    let leaps = m.leap_quiet.iter().chain(&m.leap_capture).any(|b| b.any());
                    if leaps {
                        Shape::Slider
                    } else {
                        Shape::Rider
                    }
                }
                (true, false) => Shape::Stepper,
                _ => Shape::General,
            };
        }
        for color in Color::BOTH {
            for (g, ids) in attack_groups[color].iter_mut().zip(&group_ids[color]) {
                g.lines = built.lines(ids);
            }
        }

        if modules.tracks_unmoved {
            tracks_unmoved = mask(&rules, |_| true);
        }
        let royal_types = mask(&rules, |p| p.royal);
        if !rules.castling_rights_on_arrival.is_empty() {
            // Whether a king has ever moved decides whether an arriving rook gains its castle.
            for k in royal_types.iter() {
                tracks_unmoved.insert(k);
            }
        }
        let initial_moves_lost_to: Vec<PieceSet> = (0..types)
            .map(|mover| mask(&rules, |p| p.initial_moves.lost_when_aimed_by.contains(mover as PieceType)))
            .collect();
        let aims_take_initial_moves = initial_moves_lost_to.iter().any(|s| !s.is_empty());
        let resets = rules.end.move_rule_resets.iter().fold(0u8, |m, &e| m | 1 << e as u8);
        let en_passant_types = mask(&rules, |p| p.takes_en_passant);
        let zobrist = Zobrist::new(types, squares, rules.castles.len());
        let castles = CastleLayout::standard(&rules);
        let lift_choices = (0..types)
            .map(|t| {
                let choices = |raised: bool| -> PieceSet {
                    let rank = rules.lift.as_ref().and_then(|l| if raised { l.raise_ranks.first().copied() } else { (0..g.ranks).find(|r| !l.raise_ranks.contains(r)) });
                    rank.map_or(PieceSet::EMPTY, |r| rules.lift_choices(t as PieceType, r).into_iter().collect())
                };
                [choices(false), choices(true)]
            })
            .collect();
        let lift_raise = ByColor::new(Color::White, Color::Black)
            .map(|c| rules.lift.as_ref().map_or(B::EMPTY, |l| l.raise_ranks.bitboard(g, c)));
        let Built { magic_reach, .. } = built;
        for color in Color::BOTH {
            for t in hurdled[color].iter() {
                hop_attacker_types[color].insert(t);
            }
        }
        let hops_or_flying = rules.flying_royals
            || hop_attacks.iter().any(|(_, a)| !a.is_empty())
            || hurdled.iter().any(|(_, s)| !s.is_empty());
        let barred = rules.pieces.iter().map(|p| p.hop_barred).find(|s| !s.is_empty()).unwrap_or(PieceSet::EMPTY);
        let passes = rules.pass.iter().any(|(_, &p)| p != crate::rules::Passing::Never);
        let ends_on_board = rules.end.army_captured.is_some()
            || !rules.end.extinction.is_empty()
            || rules.end.region_win.is_some()
            || rules.end.castling_wins != 0
            || rules.end.connect.is_some()
            || rules.end.bikjang
            || rules.end.full_board
            || passes;
        let facing = if rules.end.bikjang { [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec() } else { Vec::new() };
        let flying = if rules.flying_royals { [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| rays.slide(dx, dy, 0)).to_vec() } else { Vec::new() };
        // The hand slot a drop of each type takes from: its own, or with `promoted` drops the
        // type it returns to the hand as.
        let hand_slot: Vec<PieceType> = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(t, p)| match p.captured_as {
                Captured::Hand(k) if rules.drops.as_ref().is_some_and(|d| d.promoted) => k,
                _ => t as PieceType,
            })
            .collect();
        let (rays, runs) = rays.finish();
        let mut t = Tables {
            plain_generation: false,
            geometry: g,
            squares,
            types,
            board,
            walls,
            rays,
            runs,
            magic_reach,
            mobility,
            leap_attackers,
            attack_groups,
            leap_attacker_types,
            special_attacker_types,
            hop_attacks,
            hop_attacker_types,
            hurdled_types: hurdled,
            tracks_unmoved,
            initial_moves_lost_to,
            aims_take_initial_moves,
            start_unmoved: OnceLock::new(),
            mating: OnceLock::new(),
            royal_types,
            pseudo_royal_kinds: crate::features::extinction::pseudo_royal_kinds(&rules),
            resets,
            en_passant_types,
            file_masks,
            zobrist,
            ends_by_rule: !modules.with_outcome.is_empty() || ends_on_board,
            ends_on_board,
            goals: RegionWin::goals(rules.end.region_win.as_ref()),
            connect: crate::features::connect::tables(rules.end.connect.as_ref(), g),
            bans_moves: !rules.checks_allowed || !rules.drop_checks_allowed() || !rules.royal_flees_check || rules.end.bikjang,
            castles,
            resets_by: rules.end.move_rule_reset_by.iter().copied().collect(),
            to_hand: rules.pieces.iter().map(|p| match p.captured_as {
                Captured::Hand(k) => Some(k),
                _ => None,
            }).collect(),
            drops_from_slot: (0..types)
                .map(|slot| (0..types).filter(|&t| hand_slot[t] as usize == slot).map(|t| t as PieceType).collect())
                .collect(),
            hand_slot_is_own: hand_slot.iter().enumerate().all(|(t, &slot)| t == slot as usize),
            hand_slot,
            demoted: (0..types).map(|t| rules.demoted(t as PieceType)).collect(),
            demote_on_capture: rules.drops.as_ref().is_some_and(|d| d.demote_on_capture),
            per_file: (0..types)
                .map(|t| rules.drops.iter().flat_map(|d| &d.per_file).find(|l| l.0 as usize == t).map_or(0, |l| l.1))
                .collect(),
            no_drop_mate: rules.drops.iter().flat_map(|d| d.no_drop_mate.iter().copied()).collect(),
            must_drop: rules.drops.iter().flat_map(|d| d.must_drop.iter().copied()).collect(),
            hand_capacity: rules.drops.as_ref().and_then(|d| d.capacity),
            opposite_colors: rules.drops.iter().flat_map(|d| d.opposite_colors.iter().copied()).collect(),
            castling_rights_on_drop: rules.drops.iter().flat_map(|d| d.castling_rights_on_drop.iter().copied()).collect(),
            castling_rights_on_arrival: rules.castling_rights_on_arrival.iter().copied().collect(),
            promotes_as_a_move: (0..types as PieceType)
                .filter(|&t| rules.piece(t).promotion.as_ref().is_some_and(|p| p.policy == PromotionPolicy::AsAMove))
                .collect(),
            drop_moves: rules.drops.as_ref().is_some_and(|d| d.drop_moves),
            unlimited_supply: rules
                .drops
                .as_ref()
                .filter(|d| d.unlimited)
                .map(|_| (0..types as PieceType).filter(|&t| !rules.piece(t).royal).collect()),
            placement: rules.drops.as_ref().and_then(|d| d.placement),
            first_squares: match &rules.drops {
                Some(d) => d.first_squares.clone().map(|sqs| sqs.iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq))),
                None => ByColor::default(),
            },
            flips: rules.flips,
            neighbours: if rules.flips.is_some() || rules.drops.as_ref().is_some_and(|d| d.placement.is_some()) {
                crate::features::flips::neighbours(g)
            } else {
                Vec::new()
            },
            has_gating: rules.gating.is_some(),
            counting: rules.end.counting.is_some(),
            light: g.all().filter(|&sq| rules.is_light(sq)).fold(B::EMPTY, |b, sq| b | B::bit(sq)),
            lift_choices,
            lift_raise,
            must_capture: rules.must_capture,
            hops_or_flying,
            barred,
            duple_check: rules.duple_check,
            flying,
            facing,
            passes,
            has_drops: rules.drops.is_some(),
            has_economy: rules.economy.is_some(),
            has_lift: rules.lift.is_some(),
            has_parts: rules.turn.has_parts(),
            test_every_move: rules.duple_check || g.wrap_files || rules.circe.is_some() || rules.andernach || rules.madrasi,
            walling: rules.turn.walls,
            series: rules.turn.series.is_some(),
            petrifying: mask(&rules, |p| p.petrify_on_capture),
            threatened: crate::features::series::threatened_sides(&rules.turn),
            madrasi: rules.madrasi,
            capture_conditions: rules.circe.is_some() || rules.andernach,
            exact_legality: rules.circe.is_some() || rules.andernach || rules.madrasi,
            rules,
            modules,
        };
        t.plain_generation = !t.has_parts
            && !t.passes
            && !t.has_gating
            && t.must_drop.is_empty()
            && !t.must_capture
            && !t.bans_moves
            && t.modules.with_refusals.is_empty()
            && t.modules.with_moves.is_empty();
        t
    }
}

/// A type's moves as steps of a whole set (see [`Mobility::bulk`]), if it has only plain
/// leaps and double steps, and few of them.
fn bulk<B: Bitboard>(g: Geometry, def: &crate::rules::PieceDef, sign: i32) -> Option<Bulk<B>> {
    let regions = def.moves_within.is_some() || def.extra_moves.is_some() || def.line_moves.is_some();
    if regions || def.directions.iter().any(|d| d.range != 1 || d.is_conditional() || d.initial_only) {
        return None;
    }
    // The squares from which the step stays on the board, by how far it moves a square's
    // index: one shift on a flat board; on a board whose files wrap, a second for the
    // squares from which it crosses the edge.
    let shifts = |dx: i32, dy: i32| {
        let mut by: BTreeMap<i32, B> = BTreeMap::new();
        for sq in g.all() {
            if let Some(to) = g.offset(sq, dx, dy).filter(|&to| to != sq) {
                *by.entry(to as i32 - sq as i32).or_insert(B::EMPTY) |= B::bit(sq);
            }
        }
        by
    };
    let mut steps: BTreeMap<(i32, i32), RiderUse> = BTreeMap::new();
    for d in &def.directions {
        let how = steps.entry((d.dx as i32 * sign, d.dy as i32 * sign)).or_insert(RiderUse { quiet: false, capture: false, initial_only: false });
        how.quiet |= d.mode != Mode::Capture;
        how.capture |= d.mode != Mode::Move;
    }
    let leaps: Vec<(i32, B, RiderUse)> = steps.into_iter().flat_map(|((dx, dy), how)| shifts(dx, dy).into_iter().map(move |(by, from)| (by, from, how))).collect();
    let doubles: Vec<(i32, B)> = if def.double_step_ranks.is_empty() {
        Vec::new()
    } else {
        let from = def.double_step_ranks.bitboard::<B>(g, if sign == 1 { Color::White } else { Color::Black });
        let on_board = shifts(0, 2 * sign).into_values().fold(B::EMPTY, |b, s| b | s);
        vec![(sign * g.files as i32, from & on_board)]
    };
    (leaps.len() + doubles.len() <= Bulk::<B>::MAX_STEPS).then_some(Bulk { leaps, doubles })
}

/// Two hops alike but for the piece types using them.
fn same_hop(a: &HopRay, b: &HopRay) -> bool {
    (a.ray.reach, a.hop, a.how.initial_only, a.barred) == (b.ray.reach, b.hop, b.how.initial_only, b.barred)
}

fn mask(rules: &Rules, f: impl Fn(&crate::rules::PieceDef) -> bool) -> PieceSet {
    rules.pieces.iter().enumerate().filter(|(_, p)| f(p)).map(|(t, _)| t as PieceType).collect()
}


/// Whether a move is a double step of a piece taken en passant: an initial, non-capturing
/// leap two squares along a line (straight, or diagonal as a Berolina pawn's), passing
/// the square between.
fn passes_a_square(d: &Direction) -> bool {
    d.initial_only && d.mode == Mode::Move && d.range == 1 && [0, 2].contains(&d.dx.abs()) && [0, 2].contains(&d.dy.abs())
}

fn special<B: Bitboard>(g: Geometry, d: &Direction, sign: i32, origins: B, double_step: bool) -> Special<B> {
    let squares = g.squares();
    let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
    let mut to = vec![None; squares];
    let mut from = vec![None; squares];
    let mut hurdles = if d.hurdles.is_empty() { Vec::new() } else { vec![B::EMPTY; squares] };
    let squares_at = |sq: Square, list: &[(i8, i8)]| {
        list.iter().try_fold(B::EMPTY, |b, &(px, py)| g.offset(sq, px as i32 * sign, py as i32 * sign).map(|p| b | B::bit(p)))
    };
    for sq in g.all() {
        let Some(target) = g.offset(sq, dx, dy).filter(|&target| target != sq) else { continue };
        if let (Some(path), Some(over)) = (squares_at(sq, &d.path), squares_at(sq, &d.hurdles)) {
            to[sq as usize] = Some((target, path));
            from[target as usize] = Some((sq, path));
            if let Some(h) = hurdles.get_mut(sq as usize) {
                *h = over;
            }
        }
    }
    Special {
        to,
        from,
        hurdles,
        quiet: d.mode != Mode::Capture,
        capture: d.mode != Mode::Move,
        initial_only: d.initial_only,
        double_step,
        origins,
    }
}

/// Per (colour, type), index `color * types + type`: the rays of its riders, in White's
/// or Black's orientation, grouped by how they may be used.
fn rider_rays(rules: &Rules) -> Vec<BTreeMap<RiderUse, Vec<Ray>>> {
    let mut out = Vec::with_capacity(2 * rules.pieces.len());
    for color in Color::BOTH {
        // Black's moves are White's turned half a turn (see `with_modules`).
        let sign = if color == Color::White { 1 } else { -1 };
        for def in &rules.pieces {
            let mut groups: BTreeMap<RiderUse, Vec<Ray>> = BTreeMap::new();
            for d in def.directions.iter().filter(|d| d.range != 1 && d.hop == Hop::None) {
                let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
                groups.entry(how).or_default().push((d.dx as i32 * sign, d.dy as i32 * sign, d.range));
            }
            out.push(groups);
        }
    }
    out
}

/// Per colour: the attack groups, each the reversed capturing rider rays along which the
/// same piece types (and initial-only or not) attack.
fn attack_rays(rules: &Rules) -> ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> {
    let mut out: ByColor<BTreeMap<(PieceSet, bool), Vec<Ray>>> = Default::default();
    for color in Color::BOTH {
        let sign = if color == Color::White { 1 } else { -1 };
        // (dx, dy, range, initial-only, the type if it is confined) of the reverse slide →
        // types attacking along it. A confined type (`moves_within`) has groups of its own,
        // which attack only within its region.
        let mut by_slide: BTreeMap<(i32, i32, u8, bool, Option<PieceType>), PieceSet> = BTreeMap::new();
        for (t, def) in rules.pieces.iter().enumerate() {
            let confined = def.moves_within.is_some().then_some(t as PieceType);
            for d in def.directions.iter().filter(|d| d.mode != Mode::Move && d.range != 1 && d.hop == Hop::None) {
                let (dx, dy) = (d.dx as i32 * sign, d.dy as i32 * sign);
                by_slide.entry((-dx, -dy, d.range, d.initial_only, confined)).or_default().insert(t as PieceType);
            }
        }
        for ((dx, dy, range, initial_only, _), types_mask) in by_slide {
            out[color].entry((types_mask, initial_only)).or_default().push((dx, dy, range));
        }
    }
    out
}

/// Every slider set of `rules`, in the order the tables build them (the first
/// [`sliders::MAX_MAGIC_SETS`] that fit get magic tables): for the size estimate.
pub(crate) fn slider_sets(rules: &Rules) -> Vec<Vec<Ray>> {
    let g = rules.geometry;
    let mut sets = SetBuilder::new(g);
    let mut rays = RayBuilder::new(g);
    for groups in rider_rays(rules) {
        for group in groups.values() {
            sets.ids(group, &mut rays);
        }
    }
    for (_, groups) in attack_rays(rules).iter() {
        for group in groups.values() {
            sets.ids(group, &mut rays);
        }
    }
    sets.sets.into_iter().map(|set| set.rays).collect()
}

/// Collects the distinct slider sets the variant needs, numbering them.
struct SetBuilder {
    g: Geometry,
    ids: BTreeMap<Vec<Ray>, u16>,
    sets: Vec<PlannedSet>,
}

/// A slider set before its tables are built.
struct PlannedSet {
    rays: Vec<Ray>,
    /// Each ray's (id in `rays`, ascending, wraps), for the blocker trick.
    walked: Vec<(u16, bool, bool)>,
}

impl SetBuilder {
    fn new(g: Geometry) -> Self {
        SetBuilder { g, ids: BTreeMap::new(), sets: Vec::new() }
    }
    /// The sets `rays` split into (see [`sliders::split`]).
    fn ids(&mut self, rays: &[Ray], ray_ids: &mut RayBuilder) -> Vec<u16> {
        let mut out = Vec::new();
        for set in sliders::split(self.g, rays) {
            let id = match self.ids.get(&set) {
                Some(&id) => id,
                None => {
                    let id = self.sets.len() as u16;
                    let walked = set.iter().map(|&r| (ray_ids.id(r.0, r.1, r.2), sliders::ascending(self.g, r), sliders::wraps(self.g, r))).collect();
                    self.ids.insert(set.clone(), id);
                    self.sets.push(PlannedSet { rays: set, walked });
                    id
                }
            };
            out.push(id);
        }
        out
    }
    /// The sets, with magic tables for the first that can have them.
    fn finish<B: Bitboard>(self) -> Built<B> {
        let g = self.g;
        let mut table = Vec::new();
        let mut sets = Vec::with_capacity(self.sets.len());
        let mut tried = 0;
        for PlannedSet { rays, walked } in self.sets {
            if B::CAPACITY == 64 && tried < sliders::MAX_MAGIC_SETS {
                tried += 1;
                if let Some(per_square) = sliders::build(g, &rays, &mut table) {
                    let mut line = [Magic::default(); 64];
                    line[..per_square.len()].copy_from_slice(&per_square);
                    sets.push(BuiltSet::Magic(Arc::new(line)));
                    continue;
                }
            }
            sets.push(BuiltSet::Walk(walked));
        }
        let magic_reach = table.into_iter().map(|r| B::from_wide(Wide([r, 0, 0, 0]))).collect();
        Built { sets, magic_reach }
    }
}

/// A slider set built: its magic line, or its rays (id, ascending) for the blocker trick.
enum BuiltSet {
    Magic(MagicLine),
    Walk(Vec<(u16, bool, bool)>),
}

/// The slider sets built, and the magic tables.
struct Built<B> {
    sets: Vec<BuiltSet>,
    magic_reach: Vec<B>,
}

impl<B> Built<B> {
    /// The lines of the sets `ids`, together.
    fn lines(&self, ids: &[u16]) -> Lines {
        let mut lines = Lines::default();
        for &id in ids {
            match &self.sets[id as usize] {
                BuiltSet::Magic(line) => lines.magic.push(Arc::clone(line)),
                BuiltSet::Walk(walked) => {
                    for &(id, ascending, wraps) in walked {
                        lines.walk.push((if wraps { id | WRAPS } else { id }, ascending));
                    }
                }
            }
        }
        lines
    }
}

/// Collects the distinct rays the variant needs, numbering them.
struct RayBuilder {
    g: Geometry,
    ids: BTreeMap<(i32, i32, u8), u16>,
    order: Vec<(i32, i32, u8)>,
}

impl RayBuilder {
    fn new(g: Geometry) -> Self {
        RayBuilder { g, ids: BTreeMap::new(), order: Vec::new() }
    }
    fn id(&mut self, dx: i32, dy: i32, range: u8) -> u16 {
        let key = (dx, dy, range);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.order.len() as u16;
        self.ids.insert(key, id);
        self.order.push(key);
        id
    }
    fn slide(&mut self, dx: i32, dy: i32, range: u8) -> Slide {
        Slide { reach: self.id(dx, dy, range), ascending: sliders::ascending(self.g, (dx, dy, range)), wraps: sliders::wraps(self.g, (dx, dy, range)) }
    }
    /// The hop of direction `d` taken as (`dx`, `dy`) (turned for the colour, or reversed).
    fn hop(&mut self, dx: i32, dy: i32, d: &Direction) -> HopRay {
        let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
        HopRay { ray: self.slide(dx, dy, 0), step: self.id(dx, dy, 1), hop: d.hop, how, barred: false }
    }
    fn get<B: Bitboard>(&self, id: u16, sq: Square) -> B {
        sliders::ray(self.g, sq, self.order[id as usize])
    }
    /// The rays, and on a board whose files wrap their runs ([`Tables::runs`]).
    fn finish<B: Bitboard>(self) -> (Vec<B>, Vec<Vec<B>>) {
        let squares = self.g.squares();
        let mut out = Vec::with_capacity(self.order.len() * squares);
        let mut runs = Vec::new();
        for (id, &r) in self.order.iter().enumerate() {
            for sq in 0..squares {
                out.push(self.get(id as u16, sq as Square));
                if self.g.wrap_files {
                    runs.push(if sliders::wraps(self.g, r) { sliders::runs(self.g, sq as Square, r) } else { Vec::new() });
                }
            }
        }
        (out, runs)
    }
}

impl Zobrist {
    fn new(types: usize, squares: usize, castles: usize) -> Zobrist {
        // A fixed seed: hashes are reproducible across runs and machines.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Zobrist {
            piece: (0..2 * types * squares).map(|_| next()).collect(),
            black_to_move: next(),
            castle: (0..2 * castles).map(|_| next()).collect(),
            en_passant: (0..squares).map(|_| next()).collect(),
            unmoved: (0..squares).map(|_| next()).collect(),
            promoted: (0..squares).map(|_| next()).collect(),
        }
    }
}

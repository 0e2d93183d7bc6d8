//! Per-variant lookup tables: what each piece type of each colour can reach from each
//! square, the rays riders slide along, who can attack a square, and Zobrist keys.
//!
//! Built once per variant and shared by every position of it, so that move
//! generation is table lookups and bit scans, with no allocation.

use std::sync::{Arc, OnceLock};

use crate::betza::{Direction, Hop, Mode};
use crate::bitboard::{Bitboard, Wide};
use crate::castle_layout::CastleLayout;
use crate::module::ModuleSet;
use crate::rules::{Captured, PromotionPolicy, RegionWin, Rules};
use crate::sliders::{self, Magic, Ray};
use crate::types::{ByColor, Color, Geometry, Piece, PieceSet, PieceType, Square};

mod attacks;
pub(crate) mod build;
mod mobility;
mod sets;

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
        (path & occ).is_empty() && (self.hurdles.is_empty() || (self.hurdles[from] & !occ).is_empty())
    }

    /// Keeps only the leaps from and to the squares of `on` (moves along lines).
    fn confine(&mut self, on: B) {
        for (sq, to) in self.to.iter_mut().enumerate() {
            if to.is_some_and(|(target, _)| !on.has(Square::new(sq as u8)) || !on.has(target)) {
                *to = None;
            }
        }
        for (sq, from) in self.from.iter_mut().enumerate() {
            if from.is_some_and(|(origin, _)| !on.has(Square::new(sq as u8)) || !on.has(origin)) {
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
    /// Every plain leap both moves and captures (`leap_quiet` and `leap_capture` are
    /// the same): a leap's targets are then one mask, the squares not ours.
    pub leaps_alike: bool,
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
    /// … by capturing only ([`crate::rules::Promotion::from_zone_captures`]).
    pub promote_from_zone_captures: bool,
    /// Where any move that ends there may promote ([`crate::rules::Promotion::always_on`]).
    pub promotion_always: B,
    /// Only its captures promote ([`crate::rules::Promotion::on_capture`]).
    pub promote_on_capture: bool,
    /// Its en-passant captures promote ([`crate::rules::Promotion::en_passant`]).
    pub promote_en_passant: bool,
    /// Squares from which it could never move again (on any board).
    pub dead: B,
    /// Squares a move of it may not end on without promoting: `dead` where the rules say
    /// `immobile_moves = false`, else none.
    pub stuck: B,
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
    /// Per square and piece code ([`Zobrist::piece_index`]).
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
    /// Where a piece's key on `sq` is in [`Zobrist::piece`]: by square, then by the
    /// piece's code (type and colour bit), so that no multiplication finds it.
    #[inline(always)]
    pub fn piece_index(color: Color, t: PieceType, sq: Square) -> usize {
        sq.index() << 7 | (color as usize) << 6 | t.index()
    }

    /// The key of holding `count` pieces of a type in hand (0 for none), computed rather
    /// than tabled because a hand has no fixed maximum.
    #[inline]
    pub fn hand(color: Color, t: PieceType, count: u8) -> u64 {
        Zobrist::tally(color, u32::from(t), count as u32)
    }
    /// The key of an open gate on `sq` (see `features/gating.rs`).
    #[inline]
    pub fn gate(sq: Square) -> u64 {
        Zobrist::tally(Color::White, 2000 + u32::from(sq), 1)
    }
    /// The key of a side's coins.
    #[inline]
    pub fn coins(color: Color, n: u16) -> u64 {
        Zobrist::tally(color, 1000, n as u32)
    }
    /// The key of the checks a side has given (`features/check_counting.rs`).
    #[inline]
    pub fn checks(color: Color, n: u16) -> u64 {
        Zobrist::tally(color, 1002, n as u32)
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
        Zobrist::tally(Color::Black, 3000 + u32::from(sq), 1)
    }
    /// The key of a turn's state between its parts: `part` parts played, the last move
    /// part landed on `anchor` (0 at a turn's start: `features/turns.rs`).
    #[inline]
    pub fn part(part: u8, anchor: Square) -> u64 {
        if part == 0 {
            return 0;
        }
        Zobrist::tally(Color::Black, 3500 + u32::from(anchor), part as u32)
    }
    /// The key of a square that `color` passed with a double step in its current or last
    /// turn of several moves (`features/series.rs`).
    #[inline]
    pub fn passed(color: Color, sq: Square) -> u64 {
        Zobrist::tally(color, 3800 + u32::from(sq), 1)
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
    /// Per colour: every type of its attack groups, and per square every square their
    /// slides reach: one look that tells most positions no group bears on a square.
    pub(crate) group_types: ByColor<PieceSet>,
    pub(crate) group_reach: ByColor<Vec<B>>,
    /// Per colour: the types that attack with plain leaps, each with where its part of
    /// [`Tables::leap_attackers`] starts.
    pub leap_attacker_types: ByColor<Vec<(PieceType, usize)>>,
    /// Per colour and square: where a piece of any of those types attacks the square
    /// from with a plain leap (their [`Tables::leap_attackers`] together): one look
    /// that tells most attack tests no leap bears on the square, before a look per type.
    pub(crate) leap_reach: ByColor<Vec<B>>,
    /// Per colour: types with lame or initial-only capturing leaps, each with where its
    /// part of [`Tables::special_attackers`] starts.
    pub special_attacker_types: ByColor<Vec<(PieceType, usize)>>,
    /// Per (colour, type, square): the squares from which such a piece may attack the
    /// square with a lame or initial-only leap (if its path is open): one look that
    /// tells most attack tests the type's specials bear on nothing there.
    pub special_attackers: Vec<B>,
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
    /// Per (colour, type, square), for the types of [`Tables::en_passant_types`]: the
    /// squares from which such a piece captures en passant onto the square (its capturing
    /// leaps, or its capture-only ones: `takes_en_passant = "capture-only"`); empty where
    /// no type captures en passant.
    pub ep_attackers: Vec<B>,
    /// Some type's steps may pass two squares en passant (`en_passant = "any-passed"`).
    pub long_passes: bool,
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
    /// Some rule other than the check count can end the game so (a module's, or one
    /// on the board).
    pub(crate) ends_otherwise: bool,
    /// Each side's goal squares (`[end.region_win]`; empty without it).
    pub(crate) goals: ByColor<B>,
    /// The connection rule's steps and lines (`[end.connect]`; `None` without it).
    pub(crate) connect: Option<crate::features::connect::tables::ConnectTables<B>>,
    /// A rule bans some moves: checks ([`Rules::checks_allowed`] false) or a royal
    /// piece's flight from check ([`Rules::royal_flees_check`] false).
    pub(crate) bans_moves: bool,
    /// The ruleset's castles (a Chess960 game has its own: [`crate::position::Pos::castles`]).
    pub castles: CastleLayout<B>,
    /// Types whose moves reset the move-rule counter.
    pub resets_by: PieceSet,
    /// Those of them that a quiet move takes back towards their own side, so that a
    /// reset by their move need not be irreversible (`features/claims.rs`,
    /// `retreating_types`).
    pub(crate) retreating: PieceSet,
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
    /// The variant counts checks (`[end] checks`, `features/check_counting.rs`): moves
    /// that give check add to the mover's count.
    pub counts_checks: bool,
    /// A move's checks are told by the squares it changed (`features/check_counting.rs`):
    /// attacks are leaps and lines only (no hop, facing royal, locust, lame leap or
    /// initial-only line), no condition (Madrasi, Circe, Andernach, a second board), no
    /// flip or petrification and no rule module moves pieces after a move or judges
    /// checks itself.
    pub(crate) checks_by_lines: bool,
    /// Something follows every move: a rule module's `after_move`, the counting rules'
    /// count or the check count (one test on the hot path for all three).
    pub(crate) acts_after_move: bool,
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
    /// [`Tables::hops_or_flying`], or some piece has locust moves: one flag for the attack
    /// test to skip its rarer part.
    pub odd_attackers: bool,
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
    /// The moves that stop on a first square and go on or come back (`features/locust.rs`).
    pub locusts: crate::features::locust::tables::Locusts,
    /// Circe or Andernach: a capture does more than remove a piece (`features/circe.rs`,
    /// `features/andernach.rs`): the one flag a move made tests.
    pub capture_conditions: bool,
    /// Some rule does more after a move than move, capture and lose rights: flips,
    /// petrification, castling rights gained on arrival, Circe or Andernach, gating,
    /// aims that take initial moves, Alice's transfer (`Pos::rare_effects`).
    pub(crate) rare_effects: bool,
    /// No rule wraps the kernel's moves (turns of several parts, passes, gating, the
    /// duties to drop or to capture, bans, rule modules' moves or refusals): generation
    /// goes straight to them, past the wrappers' tests one by one.
    pub(crate) plain_generation: bool,
    /// Every legal move that one piece makes from its square comes from that piece's
    /// moves alone, each judged by itself: no rule wraps the kernel's moves but the
    /// rule modules' refusals (as for [`Tables::plain_generation`]), and no transfer to
    /// another board, locust, purchase, lift or promotion as a move comes beside them.
    /// The SAN reader may then look at the named pieces' moves only
    /// (`Pos::parse_named_move`).
    pub(crate) piece_moves_alone: bool,
    /// A condition (Circe, Andernach, Madrasi) makes the safety analysis inexact:
    /// legality is judged by playing the moves it affects and looking.
    pub exact_legality: bool,
}

impl<B: Bitboard> Tables<B> {
    #[inline]
    pub fn mobility(&self, color: Color, t: PieceType) -> &Mobility<B> {
        &self.mobility[color.index() * self.types + t.index()]
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
            reach |= sliders::cut(self.rays[id as usize * self.squares + sq.index()], occupied, ascending);
        }
        reach
    }

    /// The part of [`Tables::reach`] on `lines`' magic lines (all of it for a piece
    /// whose mobility has the [`Shape::Rider`] or [`Shape::Slider`] shape).
    #[inline(always)]
    pub fn magic_lines_reach(&self, lines: &Lines, sq: Square, word: u64) -> B {
        let mut reach = B::EMPTY;
        for line in &lines.magic {
            reach |= self.magic_reach[line[sq.index() % 64].index(word)];
        }
        reach
    }

    /// The reach of ray `id` along a rank of a board whose files wrap, run by run.
    #[cold]
    #[inline(never)]
    fn wrapped_reach(&self, id: u16, sq: Square, occupied: B, ascending: bool) -> B {
        sliders::cut_runs(&self.runs[id as usize * self.squares + sq.index()], occupied, ascending)
    }

    /// The squares one slide reaches from `sq`, stopping at (and including) its first
    /// occupied square.
    #[inline]
    pub fn slide_reach(&self, s: Slide, sq: Square, occupied: B) -> B {
        let i = s.reach as usize * self.squares + sq.index();
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
            Hop::Grasshopper => self.rays[h.step as usize * self.squares + screen.index()],
            _ => self.slide_reach(h.ray, screen, occupied),
        }
    }

    /// The first occupied square along a slide from `sq`, if any within reach.
    #[inline]
    pub fn first_blocker(&self, s: Slide, sq: Square, occupied: B) -> Option<Square> {
        if s.wraps {
            return sliders::first_in_runs(&self.runs[s.reach as usize * self.squares + sq.index()], occupied, s.ascending);
        }
        self.first_blocker_flat(s, sq, occupied)
    }

    /// [`Tables::first_blocker`] of a slide that does not wrap ([`Slide::wraps`]).
    #[inline]
    pub fn first_blocker_flat(&self, s: Slide, sq: Square, occupied: B) -> Option<Square> {
        let blockers = self.rays[s.reach as usize * self.squares + sq.index()] & occupied;
        if blockers.is_empty() {
            None
        } else {
            Some(if s.ascending { blockers.lsb() } else { blockers.msb() })
        }
    }

    #[inline]
    pub fn piece_key(&self, color: Color, t: PieceType, sq: Square) -> u64 {
        self.zobrist.piece[Zobrist::piece_index(color, t, sq)]
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
        // Drawn per colour, type and square, in that order (the keys every hash was
        // made of before they were laid out by square).
        let mut piece = vec![0; squares << 7];
        for color in Color::BOTH {
            for t in 0..types {
                for sq in 0..squares {
                    piece[Zobrist::piece_index(color, PieceType::new(t as u8), Square::new(sq as u8))] = next();
                }
            }
        }
        Zobrist {
            piece,
            black_to_move: next(),
            castle: (0..2 * castles).map(|_| next()).collect(),
            en_passant: (0..squares).map(|_| next()).collect(),
            unmoved: (0..squares).map(|_| next()).collect(),
            promoted: (0..squares).map(|_| next()).collect(),
        }
    }
}

//! Legal move generation.
//!
//! Moves are generated pseudo-legally from the tables, then kept only if no royal
//! piece of the mover is left attacked. Most moves skip that test: when the mover is
//! not in check, a non-royal piece that does not shield its king from a slider (or a
//! lame leaper, a hopper, a facing royal) cannot expose it, and ends anywhere but on a
//! square that would make it a hopper's screen. Everything else — king moves, shields,
//! en passant, castling, several royals, a check by a hop or a facing royal — is tested
//! by replaying the move's effect on the occupancy and asking whether a royal is attacked.

use std::cell::Cell;

use crate::betza::Hop;
use crate::bitboard::{Bitboard, Wide};
use crate::moves::{Move, MoveKind};
use crate::position::{EnPassant, Pos};
use crate::refusal::MoveError;
use crate::tables::{AttackGroup, Bulk, HopRay, Mobility, Shape};
use crate::types::{Color, Piece, PieceType, Square};

/// Where generated moves go: a list, or a counter that never looks at them one by one.
pub trait MoveSink {
    /// The sink only counts: it takes counts of moves it never sees ([`MoveSink::push_count`]).
    const COUNTS_ONLY: bool = false;
    /// The sink takes the plain moves of a set of pieces as one [`Bulk`] count
    /// ([`MoveSink::push_bulk`]): every counting sink, and those that count apart what
    /// the bulk can tell apart.
    const BULK: bool = Self::COUNTS_ONLY;
    /// The sink takes the plain moves of free pieces as counts ([`MoveSink::push_count`]),
    /// but for those ending on the squares [`MoveSink::seen`] names, which it sees one
    /// by one ([`MoveSink::push_targets`]): every counting sink, and a counter behind
    /// rule modules that can say where they may refuse a plain move.
    const PLAIN_COUNTS: bool = Self::COUNTS_ONLY;
    /// The sink takes the moves of some pieces alone ([`MoveSink::movers`]), those each
    /// makes from its square: no castle, drop or other move of no one piece is made.
    const PIECES_ALONE: bool = false;
    fn push(&mut self, m: Move);
    /// The pieces whose moves a [`MoveSink::PIECES_ALONE`] sink takes.
    #[inline]
    fn movers<B: Bitboard>(&self) -> B {
        !B::EMPTY
    }
    /// Where a [`MoveSink::PLAIN_COUNTS`] sink must see each plain move (none for a
    /// bare counter).
    #[inline]
    fn seen<B: Bitboard>(&self) -> B {
        B::EMPTY
    }
    /// `n` moves, unseen; called only where [`MoveSink::COUNTS_ONLY`].
    #[inline]
    fn push_count(&mut self, _n: u64) {}
    /// The moves of the pieces `from` that `bulk` counts, ending on `allowed` squares;
    /// called only where [`MoveSink::BULK`].
    #[inline]
    fn push_bulk<B: Bitboard>(&mut self, bulk: &Bulk<B>, from: B, occupied: B, theirs: B, allowed: B) {
        self.push_count(bulk.count(from, occupied, theirs, allowed));
    }
    /// Plain moves from `from` to every square of `targets`.
    #[inline]
    fn push_targets<B: Bitboard>(&mut self, from: Square, targets: B) {
        for to in targets.squares() {
            self.push(Move::normal(from, to));
        }
    }
    /// Drops of a piece of type `t` on every square of `targets`.
    #[inline]
    fn push_drops<B: Bitboard>(&mut self, t: PieceType, targets: B) {
        for to in targets.squares() {
            self.push(Move::new(to, to, MoveKind::Drop, t));
        }
    }
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Counts moves (perft's last ply).
#[derive(Default, Debug)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    const COUNTS_ONLY: bool = true;
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_count(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline]
    fn push_targets<B: Bitboard>(&mut self, _: Square, targets: B) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn push_drops<B: Bitboard>(&mut self, _: PieceType, targets: B) {
        self.0 += targets.count() as u64;
    }
}

/// The plain moves of a free piece from `from` to `targets`: counted where the sink
/// takes counts ([`MoveSink::PLAIN_COUNTS`]), but for those it must see.
#[inline(always)]
fn push_plain<B: Bitboard, S: MoveSink>(sink: &mut S, from: Square, targets: B) {
    if !S::PLAIN_COUNTS {
        return sink.push_targets(from, targets);
    }
    let n = unseen_count(sink, from, targets);
    sink.push_count(n);
}

/// For a [`MoveSink::PLAIN_COUNTS`] sink, the plain moves from `from` to `targets`: those
/// it must see go to it, the number of the others is returned.
#[inline(always)]
fn unseen_count<B: Bitboard, S: MoveSink>(sink: &mut S, from: Square, targets: B) -> u64 {
    let seen = sink.seen::<B>();
    if (targets & seen).any() {
        sink.push_targets(from, targets & seen);
    }
    u64::from((targets & !seen).count())
}

/// A sink behind a pointer, taking moves one at a time. The layers of the rarer rules
/// (passing when stuck, gating, the rule modules' own moves, Alice's transfer) wrap one
/// of these rather than their caller's sink: wrapping the caller's own type compiled the
/// generator below them once per combination of layers and sinks (408 copies of
/// `generate_board_moves`, half of the engine's build). The layers the hot paths take
/// (the rule modules' refusals, immobility, forced capture) stay generic.
pub(crate) struct Erased<'a>(pub &'a mut dyn FnMut(Move));

impl MoveSink for Erased<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        (self.0)(m);
    }
}

/// What the generator's loop over one piece type's pieces knows of the position.
struct View<B> {
    occ: B,
    /// The occupancy's lowest 64 squares, for magic lookups.
    word: u64,
    theirs: B,
    /// The pieces of the type that may capture en passant.
    ep_from: B,
    /// The type has riders (else the rider parts are skipped).
    rides: bool,
}

/// Takes the moves of the pieces on `movers` alone ([`MoveSink::PIECES_ALONE`]; the SAN
/// reader's short way, `Pos::parse_named_move`).
struct PiecesOf<'a, S> {
    inner: &'a mut S,
    movers: Wide,
}

impl<S: MoveSink> MoveSink for PiecesOf<'_, S> {
    const PIECES_ALONE: bool = true;
    #[inline]
    fn push(&mut self, m: Move) {
        self.inner.push(m);
    }
    #[inline]
    fn movers<T: Bitboard>(&self) -> T {
        T::from_wide(self.movers)
    }
}

/// Passes on the moves no rule module refuses.
struct Refused<'a, B: Bitboard, S> {
    pos: &'a Pos<B>,
    inner: &'a mut S,
    /// The kernel's safety analysis of the position, shown to the modules that judge
    /// (`PositionView::known_safe`), whether or not the kernel itself applies it.
    safety: Safety<B>,
}

impl<B: Bitboard, S: MoveSink> MoveSink for Refused<'_, B, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        let modules = &self.pos.t.modules;
        if !modules.with_refusals.iter().any(|&i| modules.all[i].refuse(&self.pos.judging_view(i, &self.safety), m).is_some()) {
            self.inner.push(m);
        }
    }
}

/// [`Refused`] where the modules say on which squares they may refuse a plain move
/// ([`crate::module::RuleModule::refused_targets`]): the plain moves ending elsewhere
/// pass on unasked. (A sink of its own, so that the modules that cannot say keep
/// [`Refused`]'s loop as it was.)
struct RefusedOn<'a, B: Bitboard, S> {
    refused: Refused<'a, B, S>,
    refusable: B,
}

impl<B: Bitboard, S: MoveSink> MoveSink for RefusedOn<'_, B, S> {
    /// Behind a counter, the plain moves ending off the refusable squares are counted
    /// as the counter would count them (the modules refuse none of them).
    const PLAIN_COUNTS: bool = S::COUNTS_ONLY;
    #[inline]
    fn push(&mut self, m: Move) {
        self.refused.push(m);
    }
    #[inline]
    fn push_count(&mut self, n: u64) {
        self.refused.inner.push_count(n);
    }
    #[inline]
    fn seen<T: Bitboard>(&self) -> T {
        T::from_wide(self.refusable.to_wide())
    }
    #[inline]
    fn push_targets<T: Bitboard>(&mut self, from: Square, targets: T) {
        let refusable = T::from_wide(self.refusable.to_wide());
        self.refused.inner.push_targets(from, targets & !refusable);
        for to in (targets & refusable).squares() {
            self.refused.push(Move::normal(from, to));
        }
    }
}

thread_local! {
    /// Set while a rule module asks whether any move is legal, the modules' refusals left
    /// out: the generator then skips them ([`Pos::count_moves_unrefused`]).
    static UNREFUSED: Cell<bool> = const { Cell::new(false) };
    /// A move list to reuse, for the generators that must see all moves before passing
    /// any on: no allocation per position once it has grown.
    static SCRATCH: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// Runs `f` with an empty move list, this thread's reused one. (A nested call, as when
/// a generator asks whether a drop mates, finds none there and gets a new one.)
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut Vec<Move>) -> R) -> R {
    let mut moves = SCRATCH.with(Cell::take);
    moves.clear();
    let r = f(&mut moves);
    SCRATCH.with(|s| s.set(moves));
    r
}

/// From this many targets of the single royal, one map of the enemy's attacks costs less
/// than an attack test per target (the map looks at every enemy piece: in a chess
/// middlegame it costs about five tests).
const ROYAL_MAP_FROM: u32 = 5;

/// What the legality filter needs to know about the side to move.
pub(crate) struct Safety<B> {
    /// No royal: every pseudo-legal move is legal.
    pub unguarded: bool,
    /// Test every move (in check, or several royals).
    pub test_all: bool,
    pub royals: B,
    /// The squares whose pieces' moves need no test: every square when unguarded, none
    /// when every move is tested, else all but the suspects' (royals and shields). One
    /// test per piece.
    pub free: B,
    /// The single royal is in check (known only where `test_all` is not set).
    pub in_check: bool,
    /// The enemy's pieces of its attack groups' types ([`Tables::group_types`]; known
    /// only where `test_all` is not set): what may attack along a line.
    ///
    /// [`Tables::group_types`]: crate::tables::Tables::group_types
    pub sliders: B,
    /// Where a free piece's move, or a piece put on the board, must end: every square
    /// out of check; in check, the squares that capture or block every checker's
    /// attack (none when no one square does, as in most double checks).
    pub evasions: B,
    /// The empty squares the single royal's moves were tested on, one by one with the
    /// royal gone from its square, and those of them found attacked: a castle's path
    /// asks the same of the same squares and reads the answers here.
    pub royal_tested: Cell<(B, B)>,
}

impl<B: Bitboard> Clone for Safety<B> {
    fn clone(&self) -> Self {
        Safety { royal_tested: Cell::new(self.royal_tested.get()), ..*self }
    }
}

impl<B: Bitboard> Safety<B> {
    /// No royal piece to keep safe.
    fn unguarded() -> Safety<B> {
        Safety {
            unguarded: true,
            test_all: false,
            royals: B::EMPTY,
            free: !B::EMPTY,
            in_check: false,
            sliders: B::EMPTY,
            evasions: !B::EMPTY,
            royal_tested: Cell::new((B::EMPTY, B::EMPTY)),
        }
    }
    /// Every move tested.
    fn test_all(royals: B) -> Safety<B> {
        Safety {
            unguarded: false,
            test_all: true,
            royals,
            free: B::EMPTY,
            in_check: false,
            sliders: B::EMPTY,
            evasions: !B::EMPTY,
            royal_tested: Cell::new((B::EMPTY, B::EMPTY)),
        }
    }
    /// Whether putting a piece on a square of [`Safety::evasions`] (a drop, a purchase)
    /// keeps every royal safe without a test: nothing to guard, or a single royal out of
    /// check or with that piece blocking its only check. Where every move is tested (in
    /// check with several royals, duple check), it is not known.
    pub(crate) fn adding_exposes_nothing(&self) -> bool {
        self.unguarded || !self.test_all
    }
}

impl<B: Bitboard> Pos<B> {
    /// Every legal move, into `sink`.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        if self.t.plain_generation {
            return self.generate_with(sink, &self.safety());
        }
        if self.t.has_parts {
            if self.t.series {
                // Several moves a turn, each judged on a copy (`features/series.rs`).
                return self.generate_series(sink);
            }
            if self.status.part != 0 {
                // Mid-turn: the wall part (`features/walls.rs`).
                return self.generate_walls(sink);
            }
        }
        self.generate_part(sink)
    }

    /// Every legal move of the kernel and the rules around it, as one move part.
    pub(crate) fn generate_part<S: MoveSink>(&self, sink: &mut S) {
        if self.t.passes {
            return self.generate_with_pass(sink);
        }
        self.generate_unpassed(sink)
    }

    /// Every legal move but a pass (`features/pass.rs` adds it).
    pub(crate) fn generate_unpassed<S: MoveSink>(&self, sink: &mut S) {
        if self.t.has_gating && self.may_gate() {
            return self.generate_gated(sink);
        }
        self.generate_ungated(sink)
    }

    /// Every legal move but the gating ones (`features/gating.rs` adds them). The rules
    /// that restrict the kernel's moves apply from the outside in — the duty to drop, the
    /// duty to capture, the bans — so that each duty counts only the moves every inner
    /// rule allows (as Fairy-Stockfish's `has_capture` counts legal captures only).
    pub(crate) fn generate_ungated<S: MoveSink>(&self, sink: &mut S) {
        if !self.t.must_drop.is_empty() && self.owes_drop() {
            return self.generate_owed_drops(sink);
        }
        self.generate_undropped(sink)
    }

    /// Every move legal but for the duty to drop (`features/must_drop`).
    pub(crate) fn generate_undropped<S: MoveSink>(&self, sink: &mut S) {
        if self.t.must_capture {
            return self.generate_forced(sink);
        }
        self.generate_unforced(sink)
    }

    /// Every move legal but for the duties to drop and to capture (`must_capture`).
    pub(crate) fn generate_unforced<S: MoveSink>(&self, sink: &mut S) {
        if self.t.bans_moves {
            return self.generate_unbanned(sink);
        }
        self.generate_unchecked(sink)
    }

    /// Every move legal but for the duties and the bans of `features/move_bans` (checks,
    /// flight): the kernel's moves, judged by the rule modules.
    pub(crate) fn generate_unchecked<S: MoveSink>(&self, sink: &mut S) {
        let modules = &self.t.modules;
        if modules.with_refusals.is_empty() {
            if modules.with_moves.is_empty() {
                return self.generate_with(sink, &self.safety());
            }
            return self.generate_all(sink, &self.safety());
        }
        if UNREFUSED.get() {
            // A module asks whether a move is left at all (`count_moves_unrefused`).
            return self.generate_all(sink, &self.safety());
        }
        // Rule modules judge the moves one by one (but for the plain moves that none of
        // them may refuse).
        let safety = self.safety();
        let applied = self.judged_safety(&safety);
        let refusable = modules
            .with_refusals
            .iter()
            .try_fold(B::EMPTY, |b, &i| modules.all[i].refused_targets(&self.judging_view(i, &safety)).map(|r| b | B::from_wide(r)));
        let refused = Refused { pos: self, inner: sink, safety };
        match refusable {
            Some(refusable) => self.generate_all(&mut RefusedOn { refused, refusable }, &applied),
            None => self.generate_all(&mut { refused }, &applied),
        }
    }

    /// The legal moves of the side to move's pieces on `movers` (those of
    /// [`Pos::generate`]'s moves that these pieces make from their squares), where
    /// [`Tables::piece_moves_alone`] says that they are all of these pieces' legal moves:
    /// the rule modules judge them one by one as in [`Pos::generate_unchecked`].
    ///
    /// [`Tables::piece_moves_alone`]: crate::tables::Tables::piece_moves_alone
    pub(crate) fn generate_legal_piece_moves<S: MoveSink>(&self, sink: &mut S, movers: B) {
        debug_assert!(self.t.piece_moves_alone);
        let movers = movers.to_wide();
        let safety = self.safety();
        let modules = &self.t.modules;
        if modules.with_refusals.is_empty() || UNREFUSED.get() {
            return self.generate_mobile(&mut PiecesOf { inner: sink, movers }, &safety);
        }
        let applied = self.judged_safety(&safety);
        self.generate_mobile(&mut PiecesOf { inner: &mut Refused { pos: self, inner: sink, safety }, movers }, &applied)
    }

    /// The safety the kernel applies to the moves that rule modules then judge one by
    /// one: none where a module owns legality (it judges what a move leaves attacked
    /// itself), else the position's.
    fn judged_safety(&self, safety: &Safety<B>) -> Safety<B> {
        if self.t.modules.own_legality {
            Safety::unguarded()
        } else {
            safety.clone()
        }
    }

    /// The number of legal moves, the rule modules' refusals left out
    /// ([`crate::module::PositionView::has_legal_move`]).
    pub(crate) fn count_moves_unrefused(&self) -> u64 {
        let before = UNREFUSED.replace(true);
        let n = self.count_moves();
        UNREFUSED.set(before);
        n
    }

    /// Every move that would be legal if royal pieces could be left attacked (and no
    /// rule module refused anything).
    pub fn generate_pseudo<S: MoveSink>(&self, sink: &mut S) {
        self.generate_all(sink, &Safety::unguarded());
    }

    /// The first rule module's refusal of `m`, if any refuses it, with its sentence.
    pub(crate) fn module_refusal(&self, m: Move) -> Option<MoveError> {
        let modules = &self.t.modules;
        modules.with_refusals.iter().find_map(|&i| {
            let (module, view) = (&modules.all[i], self.view(i));
            let refusal = module.refuse(&view, m)?;
            Some(MoveError { code: refusal.code, message: module.explain(&view, m, refusal) })
        })
    }

    #[inline]
    fn generate_with<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        if self.t.ends_by_rule && self.ended_by_rule().is_some() {
            return;
        }
        self.generate_moves(sink, safety)
    }

    /// The kernel's moves, whether or not a rule has ended the game.
    #[inline]
    pub(crate) fn generate_moves<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        if self.t.rules.transfer {
            // Only the moves whose pieces may pass to the next board (`features/transfer.rs`).
            return self.generate_passing(sink, safety);
        }
        // No plain move that leaves its piece stuck, where the rule says so
        // (`features/immobility.rs`).
        self.generate_mobile(sink, safety)
    }

    /// The kernel's moves on the board, each piece's on its own board.
    #[inline]
    pub(crate) fn generate_board_moves<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let us = self.turn;
        let ours = self.board.by_color[us];
        let theirs = self.board.by_color[us.opponent()];
        let occ = ours | theirs | self.walls;
        let word = occ.to_wide().0[0];
        // With Madrasi, paralysed pieces do not move (`features/madrasi.rs`); a sink of some
        // pieces' moves names them.
        let movers = if S::PIECES_ALONE { self.active(us) & sink.movers() } else { self.active(us) };
        for (pt, mob) in t.mobilities(us).iter().enumerate() {
            let pt = PieceType::new(pt as u8);
            let mut pieces = self.board.by_type[pt] & movers;
            if pieces.is_empty() {
                continue;
            }
            match mob.shape {
                Shape::Leaper => {
                    if let Some(bulk) = mob.bulk.as_ref().filter(|_| S::BULK) {
                        let batch = pieces & safety.free & !mob.promotion_near;
                        sink.push_bulk(bulk, batch, occ, theirs, safety.evasions);
                        pieces &= !batch;
                    }
                    // (Moving and capturing alike, most leapers: one mask, where a leap
                    // may end.)
                    if mob.leaps_alike {
                        let open = theirs | !occ;
                        self.leaper_moves(sink, safety, mob, pt, pieces, |from| mob.leap_quiet[from] & open);
                    } else {
                        let targets = |from: Square| (mob.leap_quiet[from] & !occ) | (mob.leap_capture[from] & theirs);
                        self.leaper_moves(sink, safety, mob, pt, pieces, targets);
                    }
                }
                Shape::Rider => {
                    let targets = |from: Square| t.magic_lines_reach(&mob.plain, from, word) & (theirs | !occ);
                    pieces = Self::count_plain(sink, safety, mob, pieces, targets);
                    while pieces.any() {
                        let from = pieces.pop();
                        self.emit_piece(sink, safety, mob, pt, from, targets(from));
                    }
                }
                Shape::Slider => {
                    let targets = |from: Square| {
                        let reach = t.magic_lines_reach(&mob.plain, from, word);
                        ((mob.leap_quiet[from] | reach) & !occ) | ((mob.leap_capture[from] | reach) & theirs)
                    };
                    pieces = Self::count_plain(sink, safety, mob, pieces, targets);
                    while pieces.any() {
                        let from = pieces.pop();
                        self.emit_piece(sink, safety, mob, pt, from, targets(from));
                    }
                }
                Shape::Stepper | Shape::General => {
                    // The pieces that may capture en passant now.
                    let ep_from = match self.status.ep {
                        Some(ep) if mob.en_passant => self.ep_takers(ep, pt, pieces),
                        _ => B::EMPTY,
                    };
                    if let Some(bulk) = mob.bulk.as_ref().filter(|_| S::BULK) {
                        let batch = pieces & safety.free & !mob.promotion_near & !ep_from;
                        sink.push_bulk(bulk, batch, occ, theirs, safety.evasions);
                        pieces &= !batch;
                    }
                    let view = View { occ, word, theirs, ep_from, rides: mob.shape == Shape::General };
                    while pieces.any() {
                        let from = pieces.pop();
                        self.generate_piece(sink, safety, mob, pt, from, &view);
                    }
                }
            }
        }
        if S::PIECES_ALONE {
            return;
        }
        if t.locusts.any() {
            self.generate_locusts(sink, safety);
        }
        self.generate_castles(sink, safety);
        if t.has_drops && t.drop_moves {
            self.generate_drops(sink, safety);
        }
        if t.has_economy {
            self.generate_purchases(sink, safety);
        }
        if t.has_lift {
            self.generate_lifts(sink, safety);
        }
        if !t.promotes_as_a_move.is_empty() {
            self.generate_move_promotions(sink, safety);
        }
    }

    /// Every legal move into `sink`, the rule modules' included.
    fn generate_all<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let modules = &self.t.modules;
        if modules.with_moves.is_empty() {
            return self.generate_with(sink, safety);
        }
        let mut ordinary = 0;
        self.generate_with(
            &mut Erased(&mut |m| {
                ordinary += 1;
                sink.push(m);
            }),
            safety,
        );
        if self.t.ends_by_rule && self.ended_by_rule().is_some() {
            return;
        }
        with_scratch(|extra| {
            for &i in &modules.with_moves {
                let from = extra.len();
                modules.all[i].moves(&self.view(i), ordinary, extra);
                for m in &mut extra[from..] {
                    *m = Move::new(m.from, m.to, MoveKind::Rule, PieceType::new(i as u8));
                }
            }
            for &m in extra.iter() {
                if safety.unguarded || self.is_safe_after(m, safety.royals) {
                    sink.push(m);
                }
            }
        })
    }

    /// The squares a piece of `color` and type `pt` on `sq` could capture on, given `occ`.
    pub(crate) fn capture_reach(&self, color: Color, pt: PieceType, sq: Square, occ: B) -> B {
        let t = &*self.t;
        let mob = t.mobility(color, pt);
        let mut reach = mob.leap_capture[sq] | t.reach_over(&mob.plain, sq, occ);
        for r in mob.sliders.iter().filter(|r| r.how.capture && !r.how.initial_only) {
            reach |= t.reach_over(&r.lines, sq, occ);
        }
        for h in mob.hops.iter().filter(|h| h.how.capture && !h.how.initial_only) {
            reach |= self.hop_reach(h, sq, occ);
        }
        for sp in mob.specials.iter().filter(|s| s.capture && !s.initial_only && s.origins.has(sq)) {
            if let Some((to, path)) = sp.to[sq] {
                if sp.open(sq, path, occ) && !(mob.barred && self.hurdles_barred(sp, sq, to, None)) {
                    reach |= B::bit(to);
                }
            }
        }
        reach & mob.within
    }

    /// The squares a hop may end on from `sq` ([`Tables::hop_reach`]); for a hop barred
    /// from some types, never over nor onto one of them (Fairy-Stockfish's Janggi cannon:
    /// what it reaches both with and without the barred pieces on the board, less them,
    /// which is nothing when its screen is barred, else its reach less the barred).
    #[inline]
    fn hop_reach(&self, h: &HopRay, sq: Square, occ: B) -> B {
        if !h.barred {
            return self.t.hop_reach(h, sq, occ);
        }
        self.barred_hop_reach(h, sq, occ)
    }

    /// [`Pos::hop_reach`] of a barred hop (out of line: the generator's loop stays small).
    #[inline(never)]
    fn barred_hop_reach(&self, h: &HopRay, sq: Square, occ: B) -> B {
        let t = &*self.t;
        let Some(screen) = t.first_blocker(h.ray, sq, occ) else { return B::EMPTY };
        let barred = self.barred_pieces();
        if barred.has(screen) {
            return B::EMPTY;
        }
        let reach = match h.hop {
            Hop::Grasshopper => t.rays[h.step as usize * t.squares + screen.index()],
            _ => t.slide_reach(h.ray, screen, occ),
        };
        reach & !barred
    }

    /// All legal moves as a list.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.generate(&mut v);
        v
    }

    /// The number of legal moves.
    pub fn count_moves(&self) -> u64 {
        let mut c = MoveCounter(0);
        self.generate(&mut c);
        c.0
    }

    /// The moves of the piece on `from`, of any shape.
    #[inline]
    fn generate_piece<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, mob: &Mobility<B>, pt: PieceType, from: Square, v: &View<B>) {
        let t = &*self.t;
        let (occ, theirs) = (v.occ, v.theirs);
        let mut quiet = mob.leap_quiet[from] & !occ;
        let mut capture = mob.leap_capture[from] & theirs;
        if v.rides {
            let reach = t.reach(&mob.plain, from, occ, v.word);
            quiet |= reach & !occ;
            capture |= reach & theirs;
            for r in &mob.sliders {
                if r.how.initial_only && !self.status.unmoved.has(from) {
                    continue;
                }
                let reach = t.reach(&r.lines, from, occ, v.word);
                if r.how.quiet {
                    quiet |= reach & !occ;
                }
                if r.how.capture {
                    capture |= reach & theirs;
                }
            }
            for h in &mob.hops {
                if h.how.initial_only && !self.status.unmoved.has(from) {
                    continue;
                }
                let reach = self.hop_reach(h, from, occ);
                if h.how.quiet {
                    quiet |= reach & !occ;
                }
                if h.how.capture {
                    capture |= reach & theirs;
                }
            }
            quiet &= mob.within;
            capture &= mob.within;
        }
        for sp in &mob.specials {
            if !sp.origins.has(from) || (sp.initial_only && (!self.status.unmoved.has(from) || (!mob.initial_in_check && self.is_check())))
            {
                continue;
            }
            let Some((to, path)) = sp.to[from] else { continue };
            if !sp.open(from, path, occ) || (mob.barred && self.hurdles_barred(sp, from, to, None)) {
                continue;
            }
            if sp.double_step {
                if !occ.has(to) {
                    self.emit(sink, safety, mob, pt, Move::new(from, to, MoveKind::DoubleStep, Move::NO_PROMOTION));
                }
                continue;
            }
            if sp.quiet && !occ.has(to) {
                quiet |= B::bit(to);
            }
            if sp.capture && theirs.has(to) {
                capture |= B::bit(to);
            }
        }
        if v.ep_from.has(from) {
            quiet = self.emit_en_passant(sink, safety, mob, pt, from, quiet);
        }
        self.emit_piece(sink, safety, mob, pt, from, quiet | capture);
    }

    /// Which of `pieces` (of type `pt`, the side to move's) may capture en passant now,
    /// onto `ep`'s square or a triple step's second (out of line, as the captures: the
    /// generator's loop stays as small as it was before triple steps).
    #[inline(never)]
    fn ep_takers(&self, ep: EnPassant, pt: PieceType, pieces: B) -> B {
        let near = self.ep_attackers_of(pt, ep.target);
        // (A triple step's second square: `features/en_passant.rs`.)
        let far = if self.t.long_passes { self.far_passed(ep).map_or(B::EMPTY, |far| self.ep_attackers_of(pt, far)) } else { B::EMPTY };
        (near | far) & pieces
    }

    /// The squares from which the side to move's pieces of type `pt` take en passant
    /// onto `target` (`Tables::ep_attackers`).
    #[inline(always)]
    fn ep_attackers_of(&self, pt: PieceType, target: Square) -> B {
        let t = &*self.t;
        t.ep_attackers[(self.turn.index() * t.types + pt.index()) * t.squares + target.index()]
    }

    /// The en-passant captures of the piece on `from`, onto each passed square it takes
    /// onto (a double step's one; a triple step's two, `en_passant = "any-passed"`);
    /// returns its quiet targets less those squares: arriving on a passed square by a
    /// capturing step is the en-passant capture, even for a piece that could also step
    /// there quietly.
    #[inline(never)]
    fn emit_en_passant<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: &Safety<B>,
        mob: &Mobility<B>,
        pt: PieceType,
        from: Square,
        mut quiet: B,
    ) -> B {
        let t = &*self.t;
        let ep = self.status.ep.expect("en passant square");
        if !t.long_passes {
            quiet &= !B::bit(ep.target);
            self.emit(sink, safety, mob, pt, Move::new(from, ep.target, MoveKind::EnPassant, Move::NO_PROMOTION));
            return quiet;
        }
        let (near, far) = self.ep_squares(ep);
        for target in std::iter::once(near).chain(far) {
            if self.ep_attackers_of(pt, target).has(from) {
                quiet &= !B::bit(target);
                self.emit(sink, safety, mob, pt, Move::new(from, target, MoveKind::EnPassant, Move::NO_PROMOTION));
            }
        }
        quiet
    }

    /// The moves of the leaping `pieces` (of a [`Shape::Leaper`] type), whose moves from
    /// a square are `targets` of it.
    #[inline(always)]
    fn leaper_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        safety: &Safety<B>,
        mob: &Mobility<B>,
        pt: PieceType,
        pieces: B,
        targets: impl Fn(Square) -> B,
    ) {
        let mut pieces = Self::count_plain(sink, safety, mob, pieces, &targets);
        while pieces.any() {
            let from = pieces.pop();
            self.emit_piece(sink, safety, mob, pt, from, targets(from));
        }
    }

    /// The plain moves of the piece on `from` to `targets`: counted at once where no
    /// test is needed, promoted where they reach the zone.
    #[inline(always)]
    fn emit_piece<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, mob: &Mobility<B>, pt: PieceType, from: Square, targets: B) {
        if mob.promotion_near.has(from) && mob.may_promote(from, targets) {
            self.emit_promoting(sink, safety, mob, pt, from, targets);
        } else if safety.free.has(from) {
            push_plain(sink, from, targets & safety.evasions);
        } else if targets.any() {
            // (A king hemmed in by its own pieces, often: no call.)
            self.emit_tested(sink, safety, from, targets);
        }
    }

    /// In a count, the moves of those of `pieces` that need no test and cannot promote,
    /// counted at once (their moves `targets`) but for those the sink must see; the
    /// pieces left to emit one by one.
    #[inline(always)]
    fn count_plain<S: MoveSink>(sink: &mut S, safety: &Safety<B>, mob: &Mobility<B>, pieces: B, targets: impl Fn(Square) -> B) -> B {
        if !S::PLAIN_COUNTS {
            return pieces;
        }
        let batch = pieces & safety.free & !mob.promotion_near;
        // The squares moves are counted on, and those the sink must see them on: one
        // mask each for all the pieces.
        let seen = sink.seen::<B>();
        let (counted, shown) = (safety.evasions & !seen, safety.evasions & seen);
        let mut n = 0;
        for from in batch.squares() {
            let to = targets(from);
            if (to & shown).any() {
                sink.push_targets(from, to & shown);
            }
            n += u64::from((to & counted).count());
        }
        sink.push_count(n);
        pieces & !batch
    }

    /// The plain moves of a royal or a shield from `from` to `targets`, each tested.
    #[inline(never)]
    fn emit_tested<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, from: Square, targets: B) {
        if !safety.test_all && !self.t.hops_or_flying && safety.royals.has(from) && targets.any() {
            // The single royal's moves: each target safe unless attacked with the royal
            // gone from its square, a captured piece gone from the attackers (the map
            // leaves out hops and facing royals: variants with them test square by square).
            let them = self.turn.opponent();
            let occ = self.occupied() & !B::bit(from);
            if targets.count() >= ROYAL_MAP_FROM {
                return sink.push_targets(from, targets & !self.attacked_squares(them, occ));
            }
            if self.t.barred.is_empty() {
                let t = &*self.t;
                let theirs = self.board.by_color[them];
                // A target that no enemy slider's line passes through (most, out of the
                // endgame) needs no look along the lines.
                let attacked = |to: Square| {
                    let (occ, theirs) = (occ | B::bit(to), theirs & !B::bit(to));
                    match (t.group_reach[them][to] & safety.sliders).any() {
                        true => self.attacked(to, them, occ, theirs),
                        false => self.attacked_off_lines(to, them, occ, theirs, None),
                    }
                };
                let safe = targets.squares().filter(|&to| !attacked(to)).fold(B::EMPTY, |b, to| b | B::bit(to));
                if !self.t.odd_attackers {
                    // (A locust's attack may depend on whether its victim's square is empty.)
                    let empty = targets & !occ;
                    safety.royal_tested.set((empty, empty & !safe));
                }
                return sink.push_targets(from, safe);
            }
        }
        if !safety.test_all && self.t.hops_or_flying && safety.royals.has(from) {
            return sink.push_targets(from, self.royal_safe_hopped(from, targets));
        }
        for to in targets.squares() {
            if self.is_safe_after(Move::normal(from, to), safety.royals) {
                sink.push(Move::normal(from, to));
            }
        }
    }

    /// The squares of `targets` the single royal on `from` may go to where hops or facing
    /// royals attack: each tested with the royal gone from its square, a captured piece
    /// gone from the attackers, and the barred pieces as they will stand
    /// ([`Pos::barred_after`]).
    #[inline(never)]
    fn royal_safe_hopped(&self, from: Square, targets: B) -> B {
        let them = self.turn.opponent();
        let occ = self.occupied() & !B::bit(from);
        let theirs = self.board.by_color[them];
        let barred = (!self.t.barred.is_empty()).then(|| self.barred_pieces());
        let after = |to: Square| {
            barred.map(|b| match b.has(from) {
                true => (b & !B::bit(from)) | B::bit(to),
                false => b & !B::bit(to),
            })
        };
        let attacked = |to: Square| self.attacked_with(to, them, occ | B::bit(to), theirs & !B::bit(to), after(to));
        targets.squares().filter(|&to| !attacked(to)).fold(B::EMPTY, |b, to| b | B::bit(to))
    }

    /// The moves of a piece of a type that promotes, from `from` to `targets`.
    fn emit_promoting<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, mob: &Mobility<B>, pt: PieceType, from: Square, targets: B) {
        let free = safety.free.has(from);
        let targets = if free { targets & safety.evasions } else { targets };
        let promoting = mob.promoting(from, targets, self.board.by_color[self.turn.opponent()]);
        let plain = targets & !promoting;
        if free {
            push_plain(sink, from, plain);
            self.emit_promotions_to(sink, safety, pt, from, promoting);
        } else {
            for to in plain.squares() {
                if self.is_safe_after(Move::normal(from, to), safety.royals) {
                    sink.push(Move::normal(from, to));
                }
            }
            for to in promoting.squares() {
                let m = Move::normal(from, to);
                let legal = self.is_safe_after(m, safety.royals);
                if legal || self.t.test_every_move {
                    self.emit_promotions(sink, safety, pt, m, legal);
                }
            }
        }
    }

    /// A single board move of a piece moving as `mob`: tested if need be, promoted if it
    /// ends in the zone.
    #[inline]
    fn emit<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>, mob: &Mobility<B>, pt: PieceType, m: Move) {
        let tested = m.kind == MoveKind::EnPassant || !safety.free.has(m.from);
        let legal = if tested { safety.unguarded || self.is_safe_after(m, safety.royals) } else { safety.evasions.has(m.to) };
        let promotes =
            mob.promotion_near.has(m.from) && mob.promoting(m.from, B::bit(m.to), self.board.by_color[self.turn.opponent()]).any();
        if promotes && (mob.promote_en_passant || m.kind != MoveKind::EnPassant) {
            // With duple check a promotion to a second royal may make it legal.
            if legal || self.t.test_every_move {
                self.emit_promotions(sink, safety, pt, m, legal);
            }
        } else if legal {
            sink.push(m);
        }
    }

    pub(crate) fn safety(&self) -> Safety<B> {
        let us = self.turn;
        let royals = self.royals(us);
        if royals.is_empty() || (self.t.series && self.judged_later()) {
            return Safety::unguarded();
        }
        // With duple check, a promotion to a second royal may end a check or lift a pin.
        // On a board whose files wrap the lines from the king cross (both ways round a
        // rank, two diagonals meeting beyond the edge), and with a condition (Circe,
        // Andernach, Madrasi) a move may do what the analysis below cannot foresee: every
        // move is tested there too (`Tables::test_every_move`).
        if !royals.is_single() || self.t.test_every_move {
            return Safety::test_all(royals);
        }
        let king = royals.lsb();
        let them = us.opponent();
        let ours = self.board.by_color[us];
        let theirs = self.board.by_color[them];
        let occ = ours | theirs | self.walls;
        let t = &*self.t;
        let mut suspects = royals;
        // Where a free piece's move must end (narrowed below by each check).
        let mut evasions = !B::EMPTY;
        if t.hops_or_flying {
            // Hoppers' screens and the pieces between facing royals: more suspects, and
            // squares where an added piece would become a screen.
            let Some((screens, barred)) = self.hop_screens(king, them, occ) else {
                // In check by a hop or a facing royal: moving the screen away ends it
                // too, which the evasion squares below cannot say; every move is tested.
                return Safety::test_all(royals);
            };
            suspects |= screens & ours;
            evasions &= !barred;
        }
        // Each attack on the king (a route) narrows the evasions to the squares that
        // capture its attacker or block it: adding a piece there, or taking the attacker,
        // is the only way a move of a free piece can end the check.
        let mut in_check = false;
        let leapers = self.leap_attackers_of(king, them, theirs);
        if leapers.any() {
            in_check = true;
            evasions &= if leapers.is_single() { leapers } else { B::EMPTY };
        }
        // Checks by sliders, and shields against them: our piece first on a line from the
        // king, with an enemy slider of that line next. One look along each group's lines
        // answers both; most positions have no enemy slider on any line from the king at
        // all, which one look at every group's lines tells.
        let sliders = self.of_types(t.group_types[them]) & theirs;
        let groups: &[AttackGroup<B>] = if (t.group_reach[them][king] & sliders).any() { &t.attack_groups[them] } else { &[] };
        for g in groups {
            // (Its own types only where some slider is on its lines.)
            if (g.reach[king] & sliders).is_empty() {
                continue;
            }
            let cand = self.group_attackers(g, theirs);
            if (g.reach[king] & cand).is_empty() {
                continue;
            }
            let seen = t.reach_over(&g.lines, king, occ);
            let hits = seen & cand;
            if hits.any() {
                in_check = true;
                for &s in &g.slides {
                    // The ray from the king to a checker: the squares between, and its own.
                    let ray = t.rays[s.reach as usize * t.squares + king.index()] & seen;
                    if (ray & hits).any() {
                        evasions &= ray;
                    }
                }
            }
            // Most groups pin nothing: no attacker behind our first pieces seen from the king.
            let shields = seen & ours;
            if shields.is_empty() || (t.reach_over(&g.lines, king, occ & !shields) & !seen & cand).is_empty() {
                continue;
            }
            // (No slide wraps here: a board whose files wrap tests every move.)
            for &s in &g.slides {
                let Some(first) = t.first_blocker_flat(s, king, occ) else { continue };
                if !ours.has(first) {
                    continue;
                }
                if let Some(second) = t.first_blocker_flat(s, king, occ & !B::bit(first)) {
                    if cand.has(second) {
                        suspects |= B::bit(first);
                    }
                }
            }
        }
        // Lame leapers: their checks (blocked on their path), and our pieces on the leg of
        // an enemy leap at the king (shields).
        for &(pt, base) in &t.special_attacker_types[them] {
            let attackers = self.pieces(them, pt) & t.special_attackers[base + king.index()];
            if attackers.is_empty() {
                continue;
            }
            // (Leaps with hurdles are the hoppers' screens' business.)
            for sp in t.mobility(them, pt).specials.iter().filter(|s| s.capture && s.hurdles.is_empty()) {
                if let Some((from, path)) = sp.from[king] {
                    if attackers.has(from) {
                        suspects |= path & ours;
                        if sp.origins.has(from) && (path & occ).is_empty() && (!sp.initial_only || self.status.unmoved.has(from)) {
                            in_check = true;
                            evasions &= path | B::bit(from);
                        }
                    }
                }
            }
        }
        Safety {
            unguarded: false,
            test_all: false,
            royals,
            free: !suspects,
            in_check,
            sliders,
            evasions,
            royal_tested: Cell::new((B::EMPTY, B::EMPTY)),
        }
    }

    /// What the hoppers of `them`, and their royals facing our `king`, make of the
    /// pieces on the lines between: `None` if one attacks the king now; else the pieces
    /// whose moving away may open an attack (screens to test), and the empty squares where
    /// a piece added would close one (barred to free pieces and drops).
    ///
    /// A hop attacks across exactly one piece, so only lines with at most two pieces
    /// between the hopper and the king matter: with none, every square between (for a
    /// grasshopper, the one beside the king: its screen must be there) would make a
    /// screen; with one, that piece (if not a screen now, as a grasshopper's away from the
    /// king) may move to where it is one; with two, either may move away. A facing royal
    /// attacks across none: the one piece between is pinned.
    #[inline(never)]
    fn hop_screens(&self, king: Square, them: Color, occ: B) -> Option<(B, B)> {
        let t = &*self.t;
        let theirs = self.board.by_color[them];
        let (mut screens, mut barred) = (B::EMPTY, B::EMPTY);
        // Squares barred as they stand: the hurdles' (empty or not), and those where a
        // capture by one of our pieces not of a barred type would make a screen (the barred
        // piece there is theirs).
        let mut taken_screens = B::EMPTY;
        let hoppers = self.of_types(t.hop_attacker_types[them]) & theirs;
        if hoppers.any() {
            if (hoppers & self.of_types(t.hurdled_types[them])).any() {
                let (hurdle_screens, hurdle_barred) = self.hurdle_screens(king, them, occ)?;
                screens |= hurdle_screens;
                taken_screens |= hurdle_barred;
            }
            for a in &t.hop_attacks[them] {
                // A hop barred from some types (the Janggi cannon) neither takes one nor
                // hops one: such a victim is safe from it, such a screen makes no attack.
                let barred_types = if a.back.barred { self.barred_pieces() } else { B::EMPTY };
                if barred_types.has(king) || !a.within.has(king) {
                    continue;
                }
                let line = t.rays[a.back.ray.reach as usize * t.squares + king.index()];
                let mut cand = line & self.of_types(a.types) & theirs;
                if a.back.how.initial_only {
                    cand &= self.status.unmoved;
                }
                for hopper in cand.squares() {
                    let between = line & !t.rays[a.back.ray.reach as usize * t.squares + hopper.index()] & !B::bit(hopper);
                    let pieces = between & occ;
                    // The square a grasshopper's screen must stand on.
                    let beside = t.rays[a.back.step as usize * t.squares + king.index()];
                    let empty_screen = match a.back.hop {
                        Hop::Cannon => between,
                        _ => beside,
                    };
                    match (a.back.hop, pieces.count()) {
                        (Hop::Cannon | Hop::Grasshopper, 0) => {
                            barred |= empty_screen;
                            if a.back.barred {
                                // A piece of a barred type added there makes no screen:
                                // our own are tested rather than kept off those squares,
                                // and dropped ones would need the same (every move tested).
                                if self.t.rules.drops.is_some() {
                                    return None;
                                }
                                screens |= self.board.by_color[them.opponent()] & barred_types;
                            }
                        }
                        // A barred piece as the only one between: no attack now, and none
                        // once it leaves or another joins it; but one of theirs where the
                        // screen would stand, taken by one of our pieces of another type,
                        // leaves that piece as the screen (our barred ones are tested).
                        (Hop::Cannon | Hop::Grasshopper, 1) if (pieces & barred_types).any() => {
                            if (pieces & theirs).any() && (a.back.hop == Hop::Cannon || pieces == beside) {
                                taken_screens |= pieces;
                                screens |= self.board.by_color[them.opponent()] & barred_types;
                            }
                        }
                        (Hop::Cannon, 1) => return None,
                        (Hop::Grasshopper, 1) if pieces == beside => return None,
                        (Hop::Cannon | Hop::Grasshopper, 1 | 2) => screens |= pieces,
                        (Hop::Cannon | Hop::Grasshopper, _) => {}
                        // No hop attack is a plain ride.
                        (Hop::None, _) => return None,
                    }
                }
            }
        }
        let royals = self.of_types(t.royal_types) & theirs;
        for &s in &t.flying {
            let line = t.rays[s.reach as usize * t.squares + king.index()];
            for royal in (line & royals).squares() {
                let pieces = line & !t.rays[s.reach as usize * t.squares + royal.index()] & !B::bit(royal) & occ;
                match pieces.count() {
                    0 => return None,
                    1 => screens |= pieces,
                    _ => {}
                }
            }
        }
        Some((screens, (barred & !occ) | taken_screens))
    }

    /// [`Pos::hop_screens`] for the leaps with hurdles (hops along marked lines, multi-leg
    /// `p` legs) of `them` at our `king`: `None` if one attacks it now; else the pieces
    /// whose moving may open such an attack, and the squares where a piece added (or one
    /// of theirs taken) would.
    ///
    /// Each leap needs its path empty and its hurdles occupied, so one move opens it only
    /// where at most one square is wrong, or two that the same piece mends by moving from
    /// the path onto the hurdle: a piece of ours alone on the path is tested; an empty
    /// hurdle, the path clear, is barred to free pieces (a barred type's piece would make
    /// no screen there: ours are tested instead); a hurdle held by one barred piece of
    /// theirs, the rest in place, is barred to their capture.
    #[inline(never)]
    fn hurdle_screens(&self, king: Square, them: Color, occ: B) -> Option<(B, B)> {
        let t = &*self.t;
        let ours = self.board.by_color[them.opponent()];
        let (mut screens, mut barred) = (B::EMPTY, B::EMPTY);
        for pt in t.hurdled_types[them] {
            let base = (them.index() * t.types + pt.index()) * t.squares;
            let attackers = self.pieces(them, pt) & t.special_attackers[base + king.index()];
            if attackers.is_empty() {
                continue;
            }
            let mob = t.mobility(them, pt);
            let barred_types = if mob.barred { self.barred_pieces() } else { B::EMPTY };
            if barred_types.has(king) {
                continue;
            }
            for sp in mob.specials.iter().filter(|s| s.capture && !s.hurdles.is_empty()) {
                let Some((from, path)) = sp.from[king] else { continue };
                if !attackers.has(from) || !sp.origins.has(from) || (sp.initial_only && !self.status.unmoved.has(from)) {
                    continue;
                }
                let hurdles = sp.hurdles[from];
                let (blocking, missing) = (path & occ, hurdles & !occ);
                let barred_hurdles = hurdles & barred_types;
                match (blocking.count(), missing.count()) {
                    (0, 0) if barred_hurdles.is_empty() => return None,
                    (0, 0) if barred_hurdles.is_single() && (barred_hurdles & ours).is_empty() => {
                        barred |= barred_hurdles;
                        screens |= ours & barred_types;
                    }
                    (0, 1) if barred_hurdles.is_empty() => {
                        barred |= missing;
                        if mob.barred {
                            if self.t.rules.drops.is_some() {
                                return None;
                            }
                            screens |= ours & barred_types;
                        }
                    }
                    (1, 0 | 1) => screens |= blocking,
                    _ => {}
                }
            }
        }
        Some((screens, barred))
    }

    /// Whether, after `m`, no royal of the mover is attacked.
    pub(crate) fn is_safe_after(&self, m: Move, royals: B) -> bool {
        if self.t.exact_legality && (self.t.madrasi || self.t.rules.transfer || self.is_capture(m)) {
            // A condition changes what the move does or who attacks: play it and look.
            return self.is_safe_after_playing(m);
        }
        let us = self.turn;
        let them = us.opponent();
        let mut occ = self.occupied();
        let mut theirs = self.board.by_color[them];
        let mut royals = royals;
        match m.kind {
            MoveKind::Castle | MoveKind::GateCastle => {
                let cs = self.castles().paths[self.castle_index(m, us)][us].squares;
                occ &= !(B::bit(cs.king_from) | B::bit(cs.rook_from));
                occ |= B::bit(cs.king_to) | B::bit(cs.rook_to);
                if royals.has(cs.king_from) {
                    royals = (royals & !B::bit(cs.king_from)) | B::bit(cs.king_to);
                }
            }
            MoveKind::Drop | MoveKind::Buy => {
                occ |= B::bit(m.to);
            }
            MoveKind::Upgrade | MoveKind::Pass => {}
            MoveKind::Lift => {
                occ &= !B::bit(m.from);
            }
            // A rule module's move may do anything, and a locust move takes a piece off
            // the way: play it and look.
            MoveKind::Rule | MoveKind::Locust => return self.is_safe_after_playing(m),
            _ => {
                if m.kind == MoveKind::EnPassant {
                    let victim = self.ep_victim(self.status.ep, m.to, them);
                    occ &= !B::bit(victim);
                    theirs &= !B::bit(victim);
                }
                let from = B::bit(m.from);
                let to = B::bit(m.to);
                occ = (occ & !from) | to;
                theirs &= !to;
                if royals.has(m.from) {
                    royals = (royals & !from) | to;
                }
            }
        }
        let barred = (!self.t.barred.is_empty()).then(|| self.barred_after(m));
        self.royals_safe(royals, |k| self.attacked_with(k, them, occ, theirs, barred))
    }

    /// Whether, with `m` played on a copy, no royal of the mover is attacked: the exact
    /// test, for what the occupancy alone cannot tell.
    #[inline(never)]
    fn is_safe_after_playing(&self, m: Move) -> bool {
        let mut child = self.without_history();
        child.play_unchecked(m);
        !child.royal_attacked(self.turn)
    }

    /// The barred pieces ([`Tables::barred`]) as they will stand after `m`: a barred
    /// piece moved or dropped stands on its target, a captured one is gone.
    #[inline(never)]
    fn barred_after(&self, m: Move) -> B {
        let mut barred = self.barred_pieces();
        let arriving = match m.kind {
            MoveKind::Drop => Some(m.piece),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant => {
                barred &= !B::bit(m.from);
                m.promotion().or(Piece::from_code(self.board.squares[m.from]).map(|p| p.kind))
            }
            _ => None,
        };
        if arriving.is_some() {
            barred &= !B::bit(m.to);
        }
        if arriving.is_some_and(|t| self.t.barred.contains(t)) {
            barred |= B::bit(m.to);
        }
        barred
    }

    /// Perft: the number of leaf nodes `depth` plies ahead, the last ply counted in bulk.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if self.t.has_parts {
            return self.perft_turns(depth);
        }
        // One move buffer per ply, reused across the whole search.
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves(),
            _ => {
                let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
                moves.clear();
                self.generate(moves);
                let mut nodes = 0;
                for &m in moves.iter() {
                    self.play_unchecked(m);
                    // (The last ply's positions counted here: a call less for each.)
                    nodes += if depth == 2 { self.count_moves() } else { self.perft_with(depth - 1, deeper) };
                    self.undo();
                }
                nodes
            }
        }
    }
}

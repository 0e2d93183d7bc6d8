//! The position on a board whose squares fit in bitboard `B`: placement, side to move,
//! castling rights, en passant, counters, hash, and the history that undoes moves.

use std::sync::Arc;

use crate::betza::Hop;
use crate::bitboard::Bitboard;
use crate::castle_layout::CastleLayout;
use crate::module::MAX_STATE;
use crate::moves::{Move, MoveKind};
use crate::rules::ResetEvent;
use crate::tables::{AttackGroup, HopAttack, Shape, Special, Tables, Zobrist};
use crate::types::{ByColor, Color, Piece, PieceSet, PieceType, Square, MAX_PIECE_TYPES, NO_PIECE};

/// An en-passant opportunity: `target` may be captured onto, removing the piece on `victim`.
/// A triple step (`en_passant = "any-passed"`) passes a second square, also taken: the one
/// between `target` (then the square nearer the step's origin) and `victim`, never stored
/// (the record stays two squares, the hot path's: [`Pos::far_passed`] finds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub target: Square,
    pub victim: Square,
}

/// What a move changes beside the placement and the hands: saved whole before every move
/// and restored whole by undo (Fairy-Stockfish's `StateInfo`). One block, so that saving
/// and restoring it is a copy, not a field-by-field gather on the hot path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Status<B> {
    /// Bit `2 * castle + color`: that side still has that castle.
    pub castling: u32,
    pub ep: Option<EnPassant>,
    /// Whether the hash holds `ep`'s key: whether a piece could take en passant when
    /// it was set (Fairy-Stockfish's rule), so that clearing it takes out what was put in.
    pub ep_hashed: bool,
    /// Pieces that have never moved, among types that care (initial-only moves).
    pub unmoved: B,
    /// Open gates (`features/gating.rs`): squares whose pieces have not moved, from
    /// which a piece in hand may enter.
    pub gates: B,
    /// Pieces that got their type by promotion (tracked where captures demote them).
    pub promoted: B,
    /// Coins per side (variants with an economy).
    pub coins: ByColor<u16>,
    /// Purchases per side, capped where the count stops mattering.
    pub purchases: ByColor<u8>,
    pub halfmove: u16,
    /// The fullmove number (it saturates, so undo cannot count back).
    pub fullmove: u32,
    pub hash: u64,
    /// The parts of the current turn played so far (0 at a turn's start; always 0 in a
    /// variant whose turns have one part), and where the last move part landed: the
    /// turn's state between its parts (`features/turns.rs`).
    pub part: u8,
    pub anchor: Square,
    /// Mid-turn with `walls = "behind"`: the square the moved piece left, the wall's.
    pub behind: Square,
}

/// What undoing a move needs that the move itself does not tell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo<B> {
    pub mv: Move,
    /// Code of the piece that moved (before any promotion).
    pub moved: u8,
    /// Code of the captured piece, or `NO_PIECE`.
    pub captured: u8,
    /// The type the capture put into the mover's hand, or `NO_PIECE`.
    pub to_hand: u8,
    /// The length of the edit journal before the move (rule modules' edits after it).
    pub journal: u32,
    /// The status before the move.
    pub before: Status<B>,
}

/// One change a rule module made, journalled so that undoing a move reverts it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Edit {
    /// A piece (code) was removed from a square.
    Removed(Square, u8),
    /// A piece was placed on a square.
    Placed(Square),
    /// State counter `slot` held this value before.
    State(u8, u16),
    /// The count of the counting rules was this before (`features/counting.rs`).
    Count(Count),
    /// This side had given so many checks before (`features/check_counting.rs`).
    Checks(Color, u16),
    /// The piece on the square changed sides (`features/flips.rs`).
    Flipped(Square),
    /// The square's bit in `Pos::passed[color]` was toggled (`features/series.rs`).
    Passed(Color, Square),
    /// A piece became a wall on the square (`features/petrify.rs`).
    Petrified(Square),
    /// A piece of this type went into this side's hand (a module's [`Editor::capture`]).
    ///
    /// [`Editor::capture`]: crate::module::Editor::capture
    Handed(Color, PieceType),
}

/// The count of Makruk's counting rules (`features/counting.rs`), as Fairy-Stockfish
/// keeps it: `limit` in plies (0: no count runs) and `ply`, the plies counted so far.
/// Kept out of the hash: it moves on every ply, and a position repeats whatever the count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    pub limit: u16,
    pub ply: u16,
}

/// Where the pieces stand: a square array and bitboards kept in step.
#[derive(Clone, Debug)]
pub(crate) struct Board<B> {
    /// Piece codes by square (`NO_PIECE` when empty).
    pub squares: [u8; 256],
    /// Per type, both colours.
    pub by_type: [B; MAX_PIECE_TYPES],
    pub by_color: ByColor<B>,
}

impl<B: Bitboard> Board<B> {
    #[inline]
    pub fn put(&mut self, sq: Square, p: Piece) {
        let b = B::bit(sq);
        self.squares[sq] = p.code();
        self.by_type[p.kind] |= b;
        self.by_color[p.color] |= b;
    }

    #[inline]
    pub fn take(&mut self, sq: Square) -> Piece {
        let p = Piece::from_code(self.squares[sq]).expect("take from an empty square");
        let b = B::bit(sq);
        self.squares[sq] = NO_PIECE;
        self.by_type[p.kind] ^= b;
        self.by_color[p.color] ^= b;
        p
    }
}

/// The most pieces of one type a hand holds (the width of its counter). A capture past
/// it lets the piece leave the game and a lift past it is refused, as with a hand's
/// `capacity`; the FEN reader refuses more.
pub(crate) const HAND_MAX: u8 = u8::MAX;

/// A position of a variant. Cloning copies the history too.
#[derive(Clone, Debug)]
pub struct Pos<B: Bitboard> {
    pub(crate) t: Arc<Tables<B>>,
    pub(crate) board: Board<B>,
    pub(crate) turn: Color,
    /// Castling rights, en passant, gates, clocks, hash: what undo restores whole.
    pub(crate) status: Status<B>,
    /// A Chess960 game's own castles (`None`: the ruleset's, [`Tables::castles`]).
    pub(crate) castles960: Option<Arc<CastleLayout<B>>>,
    /// Pieces in hand: `hands[color][type]`.
    pub(crate) hands: ByColor<[u8; MAX_PIECE_TYPES]>,
    /// Rule modules' counters (see [`crate::module::RuleModule::fen_key`]).
    pub(crate) state: [u16; MAX_STATE],
    /// The counting rules' count (`features/counting.rs`).
    pub(crate) count: Count,
    /// The checks each side has given, where they are counted
    /// (`features/check_counting.rs`): a rare change, journalled.
    pub(crate) checks: ByColor<u16>,
    pub(crate) history: Vec<Undo<B>>,
    /// Rule modules' edits, undone with the moves that made them.
    pub(crate) journal: Vec<Edit>,
    /// Every wall: the board's own ([`Tables::walls`]) and those placed in play
    /// (`features/walls.rs`). No piece stands on one, no move passes it.
    pub(crate) walls: B,
    /// In turns of several moves (`features/series.rs`), the squares each side passed
    /// with a double step in its current or last turn: the en-passant targets (`ep` is
    /// unused there, as a turn may leave several).
    pub(crate) passed: ByColor<B>,
}

impl<B: Bitboard> Pos<B> {
    /// An empty board, White to move.
    pub(crate) fn empty(t: Arc<Tables<B>>) -> Self {
        Pos {
            board: Board { squares: [NO_PIECE; 256], by_type: [B::EMPTY; MAX_PIECE_TYPES], by_color: ByColor::both(B::EMPTY) },
            turn: Color::White,
            status: Status {
                castling: 0,
                ep: None,
                ep_hashed: false,
                unmoved: B::EMPTY,
                gates: B::EMPTY,
                promoted: B::EMPTY,
                coins: ByColor::both(0),
                purchases: ByColor::both(0),
                halfmove: 0,
                fullmove: 1,
                hash: 0,
                part: 0,
                anchor: Square::new(0),
                behind: Square::new(0),
            },
            castles960: None,
            hands: ByColor::both([0; MAX_PIECE_TYPES]),
            state: [0; MAX_STATE],
            count: Count::default(),
            checks: ByColor::both(0),
            history: Vec::with_capacity(256),
            journal: Vec::new(),
            walls: t.walls,
            passed: ByColor::both(B::EMPTY),
            t,
        }
    }

    /// A copy with no history (cheap look-ahead; it cannot undo past this point).
    pub(crate) fn without_history(&self) -> Pos<B> {
        Pos {
            t: Arc::clone(&self.t),
            board: self.board.clone(),
            turn: self.turn,
            status: self.status,
            castles960: self.castles960.clone(),
            hands: self.hands,
            state: self.state,
            count: self.count,
            checks: self.checks,
            history: Vec::new(),
            journal: Vec::new(),
            walls: self.walls,
            passed: self.passed,
        }
    }

    pub fn tables(&self) -> &Arc<Tables<B>> {
        &self.t
    }
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board.squares[sq])
    }
    /// The squares no move may pass through or land on quietly: the pieces, and the
    /// board's walls.
    #[inline]
    pub fn occupied(&self) -> B {
        self.board.by_color[Color::White] | self.board.by_color[Color::Black] | self.walls
    }
    /// The squares with a piece on them.
    #[inline]
    pub fn with_pieces(&self) -> B {
        self.board.by_color[Color::White] | self.board.by_color[Color::Black]
    }
    #[inline]
    pub fn color_bb(&self, c: Color) -> B {
        self.board.by_color[c]
    }
    /// This game's castles: the ruleset's, or a Chess960 game's own.
    #[inline]
    pub(crate) fn castles(&self) -> &CastleLayout<B> {
        self.castles960.as_deref().unwrap_or(&self.t.castles)
    }
    #[inline]
    pub fn pieces(&self, c: Color, t: PieceType) -> B {
        self.board.by_type[t] & self.board.by_color[c]
    }
    pub fn hash(&self) -> u64 {
        self.status.hash
    }
    pub fn halfmove_clock(&self) -> u16 {
        self.status.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.status.fullmove
    }
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.status.ep
    }
    /// How many pieces of type `t` `c` has in hand.
    #[inline]
    pub fn hand(&self, c: Color, t: PieceType) -> u8 {
        self.hands[c][t]
    }
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.status.promoted.has(sq)
    }
    /// Number of plies played since this position was set up.
    pub fn plies(&self) -> usize {
        self.history.len()
    }
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// The royal pieces of `c`.
    #[inline]
    pub fn royals(&self, c: Color) -> B {
        let fixed = self.of_types(self.t.royal_types) & self.board.by_color[c];
        if self.t.pseudo_royal_kinds.is_empty() {
            return fixed;
        }
        fixed | self.pseudo_royals(c)
    }

    /// Every piece, of either colour, whose type is in `types`.
    #[inline]
    pub(crate) fn of_types(&self, types: PieceSet) -> B {
        // A loop, not `fold`: the fold compiled worse and cost 0.3% on chess perft.
        let mut b = B::EMPTY;
        for t in types {
            b |= self.board.by_type[t];
        }
        b
    }

    /// The pieces among `attackers` that attack along a group's slides.
    #[inline]
    pub(crate) fn group_attackers(&self, g: &AttackGroup<B>, attackers: B) -> B {
        let cand = self.of_types(g.types) & attackers;
        if g.initial_only {
            cand & self.status.unmoved
        } else {
            cand
        }
    }

    /// Whether the side to move is in check: it has a royal piece under attack, unless
    /// a rule module says otherwise.
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    /// Whether a side's `royals` are safe, given which squares are `attacked`: none of
    /// them attacked, or with `duple_check` and several royals, not all of them.
    #[inline]
    pub(crate) fn royals_safe(&self, royals: B, attacked: impl Fn(Square) -> bool) -> bool {
        if self.t.duple_check && royals.any() && !royals.is_single() {
            return royals.squares().any(|k| !attacked(k));
        }
        !royals.squares().any(attacked)
    }

    /// Whether `side` is in check (see [`Pos::is_check`]).
    pub(crate) fn in_check(&self, side: Color) -> bool {
        let modules = &self.t.modules;
        for &i in &modules.with_check {
            if let Some(check) = modules.all[i].is_check(&self.view(i), side) {
                return check;
            }
        }
        if self.t.threatened[side] {
            // The opponent's next turn may capture over several moves (`features/series.rs`).
            return self.threatened_by_next_turn(side);
        }
        self.royal_attacked(side)
    }

    /// Whether `sq` is attacked by a piece of `by` among `attackers`, with `occ` as the occupancy.
    pub(crate) fn attacked(&self, sq: Square, by: Color, occ: B, attackers: B) -> bool {
        self.attacked_with(sq, by, occ, attackers, None)
    }

    /// [`Pos::attacked`], with the barred pieces ([`Tables::barred`]) where they stand
    /// after a move being tested (`None`: where they stand now).
    pub(crate) fn attacked_with(&self, sq: Square, by: Color, occ: B, attackers: B, barred: Option<B>) -> bool {
        self.leap_or_lame_attacked(sq, by, occ, attackers, barred)
            || self.line_attacked(sq, by, occ, attackers)
            || (self.t.odd_attackers && self.oddly_attacked(sq, by, occ, attackers, barred))
    }

    /// [`Pos::attacked_with`] for a square that no line of an attack group with a piece
    /// of `by` on it passes through (as the caller has seen in [`Tables::group_reach`]):
    /// no look along the lines.
    #[inline]
    pub(crate) fn attacked_off_lines(&self, sq: Square, by: Color, occ: B, attackers: B, barred: Option<B>) -> bool {
        self.leap_or_lame_attacked(sq, by, occ, attackers, barred)
            || (self.t.odd_attackers && self.oddly_attacked(sq, by, occ, attackers, barred))
    }

    /// Whether `sq` is attacked by a leap, plain or lame, of a piece of `by` among `attackers`.
    #[inline(always)]
    fn leap_or_lame_attacked(&self, sq: Square, by: Color, occ: B, attackers: B, barred: Option<B>) -> bool {
        self.leap_attacked(sq, by, attackers)
            || (!self.t.special_attacker_types[by].is_empty() && self.lame_attacked_with(sq, by, occ, attackers, barred))
    }

    /// Whether `sq` is attacked along an attack group's lines by a piece of `by` among `attackers`.
    #[inline(always)]
    fn line_attacked(&self, sq: Square, by: Color, occ: B, attackers: B) -> bool {
        let t = &*self.t;
        t.attack_groups[by].iter().any(|g| {
            let cand = self.group_attackers(g, attackers);
            (g.reach[sq] & cand).any() && (t.reach_over(&g.lines, sq, occ) & cand).any()
        })
    }

    /// The pieces of the types barred from some hops ([`Tables::barred`]), as they stand.
    #[inline]
    pub(crate) fn barred_pieces(&self) -> B {
        self.of_types(self.t.barred)
    }

    /// [`Pos::attacked`]'s rarer part: by a hop, by a facing royal, or by a locust move
    /// (`features/locust.rs`). Out of line, so that variants without any keep the hot
    /// test small.
    #[inline(never)]
    fn oddly_attacked(&self, sq: Square, by: Color, occ: B, attackers: B, barred: Option<B>) -> bool {
        let t = &*self.t;
        let barred = || barred.unwrap_or_else(|| self.barred_pieces());
        (t.hops_or_flying
            && (t.hop_attacks[by].iter().any(|a| self.hop_attacked(a, sq, occ, attackers, barred))
                || self.royal_faced(sq, by, occ, attackers)))
            || (t.locusts.any() && self.locust_attacked(sq, by, occ, attackers))
    }

    /// Whether a royal of `by` among `attackers` faces `sq` along an open rank or file,
    /// where royals attack (the flying general; never without [`Tables::flying`]).
    fn royal_faced(&self, sq: Square, by: Color, occ: B, attackers: B) -> bool {
        let t = &*self.t;
        if t.flying.is_empty() {
            return false;
        }
        let royals = self.of_types(t.royal_types) & attackers & self.board.by_color[by];
        t.flying.iter().any(|&s| t.first_blocker(s, sq, occ).is_some_and(|b| royals.has(b)))
    }

    /// Whether `sq` is attacked by a hop of `a`'s types among `attackers`: looking back
    /// from `sq`, past the screen, the first piece is such a hopper.
    fn hop_attacked(&self, a: &HopAttack<B>, sq: Square, occ: B, attackers: B, barred: impl Fn() -> B) -> bool {
        let t = &*self.t;
        if !a.within.has(sq) {
            return false;
        }
        let mut cand = self.of_types(a.types) & attackers;
        if a.back.how.initial_only {
            cand &= self.status.unmoved;
        }
        // (None on the line at all, most often.)
        if (t.rays[a.back.ray.reach as usize * t.squares + sq.index()] & cand).is_empty() {
            return false;
        }
        let screen = match a.back.hop {
            // The grasshopper's screen is next to where it lands.
            Hop::Grasshopper => {
                let next = t.rays[a.back.step as usize * t.squares + sq.index()] & occ;
                if next.is_empty() {
                    return false;
                }
                next.lsb()
            }
            _ => match t.first_blocker(a.back.ray, sq, occ) {
                Some(s) => s,
                None => return false,
            },
        };
        if a.back.barred {
            // Neither the screen nor the victim may be a barred piece (the Janggi cannon).
            let barred = barred();
            if barred.has(screen) || barred.has(sq) {
                return false;
            }
        }
        t.first_blocker(a.back.ray, screen, occ).is_some_and(|h| cand.has(h))
    }

    /// Whether `sq` is attacked by a plain leap of a piece of `by` among `attackers`.
    #[inline]
    pub(crate) fn leap_attacked(&self, sq: Square, by: Color, attackers: B) -> bool {
        let t = &*self.t;
        // Most squares have none of `attackers` a leap away at all: one look tells.
        (t.leap_reach[by][sq] & attackers).any()
            && t.leap_attacker_types[by]
                .iter()
                .any(|&(pt, base)| (t.leap_attackers[base + sq.index()] & self.board.by_type[pt] & attackers).any())
    }

    /// Every square a piece of `by` attacks, with `occ` as the occupancy: the squares
    /// [`Pos::attacked`] finds attacked, all at once (cheaper than asking square by
    /// square for the several moves of a royal piece).
    pub(crate) fn attacked_squares(&self, by: Color, occ: B) -> B {
        let t = &*self.t;
        let word = occ.to_wide().0[0];
        let theirs = self.board.by_color[by];
        let mut map = B::EMPTY;
        for (pt, mob) in t.mobilities(by).iter().enumerate() {
            let mut pieces = self.board.by_type[pt] & theirs;
            while pieces.any() {
                let sq = pieces.pop();
                map |= mob.leap_capture[sq];
                if mob.shape == Shape::Leaper {
                    continue;
                }
                map |= t.reach(&mob.plain, sq, occ, word) & mob.within;
                let unmoved = self.status.unmoved.has(sq);
                for r in mob.sliders.iter().filter(|r| r.how.capture && (unmoved || !r.how.initial_only)) {
                    map |= t.reach(&r.lines, sq, occ, word) & mob.within;
                }
                for sp in mob.specials.iter().filter(|s| s.capture && (unmoved || !s.initial_only) && s.origins.has(sq)) {
                    if let Some((to, path)) = sp.to[sq] {
                        if sp.open(sq, path, occ) && !(mob.barred && self.hurdles_barred(sp, sq, to, None)) {
                            map |= B::bit(to);
                        }
                    }
                }
            }
        }
        if t.locusts.any() {
            map |= self.locust_attacks(by, occ);
        }
        map
    }

    /// The pieces of `by` among `attackers` that attack `sq` with a plain leap.
    #[inline]
    pub(crate) fn leap_attackers_of(&self, sq: Square, by: Color, attackers: B) -> B {
        let t = &*self.t;
        let mut found = B::EMPTY;
        // (Most often none of `attackers` is a leap away at all: one look tells.)
        if (t.leap_reach[by][sq] & attackers).is_empty() {
            return found;
        }
        for &(pt, base) in &t.leap_attacker_types[by] {
            found |= t.leap_attackers[base + sq.index()] & self.board.by_type[pt];
        }
        found & attackers
    }

    /// Whether `sq` is attacked by a lame or initial-only leap of a piece of `by` among
    /// `attackers`.
    #[inline]
    pub(crate) fn lame_attacked(&self, sq: Square, by: Color, occ: B, attackers: B) -> bool {
        self.lame_attacked_with(sq, by, occ, attackers, None)
    }

    /// [`Pos::lame_attacked`], with the barred pieces after a move (see [`Pos::attacked_with`]).
    #[inline]
    fn lame_attacked_with(&self, sq: Square, by: Color, occ: B, attackers: B, barred: Option<B>) -> bool {
        let t = &*self.t;
        for &(pt, base) in &t.special_attacker_types[by] {
            let own = self.board.by_type[pt] & attackers & t.special_attackers[base + sq.index()];
            if own.is_empty() {
                continue;
            }
            let mob = t.mobility(by, pt);
            for sp in mob.specials.iter().filter(|s| s.capture) {
                if let Some((from, path)) = sp.from[sq] {
                    if own.has(from)
                        && sp.origins.has(from)
                        && sp.open(from, path, occ)
                        && (!sp.initial_only || self.status.unmoved.has(from))
                        && !(mob.barred && self.hurdles_barred(sp, from, sq, barred))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a barred piece ([`Tables::barred`]) stands on a hurdle of `sp` from `from`
    /// or on its target `to`: a barred mover may neither hop over nor take one.
    #[inline(never)]
    pub(crate) fn hurdles_barred(&self, sp: &Special<B>, from: Square, to: Square, barred: Option<B>) -> bool {
        if sp.hurdles.is_empty() {
            return false;
        }
        let barred = barred.unwrap_or_else(|| self.barred_pieces());
        (sp.hurdles[from] & barred).any() || barred.has(to)
    }

    /// What undoing `m` (moving the piece coded `moved`) will restore: the state as it is
    /// now, before `m` is played; what it captures is filled in as it is played.
    #[inline(always)]
    pub(crate) fn undo_record(&self, m: Move, moved: u8) -> Undo<B> {
        Undo { mv: m, moved, captured: NO_PIECE, to_hand: NO_PIECE, journal: self.journal.len() as u32, before: self.status }
    }

    /// Whether `m` takes an enemy piece (a promotion in place, whose target is its own
    /// square, takes nothing; a rule module's move is its own business).
    pub fn is_capture(&self, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate => {
                m.from != m.to && self.board.by_color[self.turn.opponent()].has(m.to)
            }
            MoveKind::Locust => {
                let theirs = self.board.by_color[self.turn.opponent()];
                theirs.has(m.piece_square()) || (m.from != m.to && theirs.has(m.to))
            }
            _ => false,
        }
    }

    /// Plays a move that must be legal (or at least pseudo-legal) in this position.
    pub fn play_unchecked(&mut self, m: Move) {
        if m.kind == MoveKind::Wall {
            return self.play_wall(m);
        }
        // No handle of our own on the tables (an atomic count per move): `self.t` is
        // borrowed anew wherever the helpers below borrow `self` mutably.
        let us = self.turn;
        let them = us.opponent();
        let moved = self.board.squares[m.from];
        let mut undo = self.undo_record(m, moved);
        if let Some(ep) = self.status.ep.take() {
            if self.status.ep_hashed {
                self.status.ep_hashed = false;
                self.status.hash ^= self.t.zobrist.en_passant[ep.target];
            }
        }
        let mut reset = false;
        if m.kind == MoveKind::Locust && self.piece_at(m.piece_square()).is_some() {
            // The piece taken on the way (`features/locust.rs`); then a normal move.
            self.take_on_the_way(m);
            reset |= self.t.resets & (1 << ResetEvent::Capture as u8) != 0;
        }
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate | MoveKind::Locust => {
                // (A promotion in place, `features/promotion_move.rs`, takes nothing; nor
                // does a locust move back to its origin.)
                if self.board.squares[m.to] != NO_PIECE && m.to != m.from {
                    self.capture(m.to, &mut undo);
                    reset |= self.t.resets & (1 << ResetEvent::Capture as u8) != 0;
                }
                let p = self.board.take(m.from);
                self.status.hash ^= self.t.piece_key(us, p.kind, m.from);
                let kind = m.promotion().unwrap_or(p.kind);
                self.board.put(m.to, Piece { color: us, kind });
                self.status.hash ^= self.t.piece_key(us, kind, m.to);
                self.carry_promoted(m);
                if m.kind == MoveKind::DoubleStep && !self.t.series {
                    // (A series keeps its passed squares itself: `features/series.rs`.)
                    // The square passed: straight ahead for a pawn, diagonal for a Berolina pawn.
                    // A double step's file and rank each move by 0 or 2, so on squares
                    // numbered rank by rank the one between is the mean of the two.
                    let target = if self.t.long_passes {
                        // (A triple step passes two: the nearer is the target,
                        // `features/en_passant.rs`.)
                        self.near_passed(m)
                    } else {
                        Square::new(((u16::from(m.from) + u16::from(m.to)) / 2) as u8)
                    };
                    let ep = EnPassant { target, victim: m.to };
                    self.status.ep = Some(ep);
                    if self.ep_capturable(ep, them) {
                        self.status.ep_hashed = true;
                        self.status.hash ^= self.t.zobrist.en_passant[ep.target];
                    }
                }
            }
            MoveKind::EnPassant => {
                let victim = self.ep_victim(undo.before.ep, m.to, them);
                self.capture(victim, &mut undo);
                reset |= self.t.resets & (1 << ResetEvent::Capture as u8) != 0;
                let p = self.board.take(m.from);
                let kind = m.promotion().unwrap_or(p.kind);
                self.board.put(m.to, Piece { color: us, kind });
                self.status.hash ^= self.t.piece_key(us, p.kind, m.from) ^ self.t.piece_key(us, kind, m.to);
                self.carry_promoted(m);
            }
            MoveKind::Castle | MoveKind::GateCastle => {
                for (from, to, kind) in self.relocate(self.castle_paths(m, us)) {
                    self.status.hash ^= self.t.piece_key(us, kind, from) ^ self.t.piece_key(us, kind, to);
                }
            }
            MoveKind::Rule => {
                // A module's move: its own handle, as the editor borrows the position.
                let module = Arc::clone(&self.t.modules.all[m.piece.index()]);
                module.play(m, &mut self.editor(m.piece.index()));
            }
            MoveKind::Drop => reset |= self.play_drop(m),
            MoveKind::Buy => reset |= self.play_buy(m),
            MoveKind::Lift => reset |= self.play_lift(m),
            MoveKind::Upgrade => reset |= self.play_upgrade(m),
            // Nothing moves; no right, gate or unmoved piece is touched.
            MoveKind::Pass => return self.finish_move(undo, m, false),
            MoveKind::Wall => unreachable!("a wall part is played by play_wall"),
        }
        if m.promotion().is_some() {
            reset |= self.t.resets & (1 << ResetEvent::Promotion as u8) != 0;
        }
        if let Some(p) = Piece::from_code(moved) {
            reset |= self.t.resets_by.contains(p.kind);
        }
        // Castling rights die when the king's or rook's square is touched.
        let touched = self.castle_rights_touching(m);
        let lost = self.status.castling & touched;
        if lost != 0 {
            self.status.castling ^= lost;
            self.status.hash ^= self.t.zobrist.castles(lost);
        }
        let mut vacated = B::bit(m.from) | B::bit(m.to);
        if matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle) {
            let cs = self.castles().paths[self.castle_index(m, us)][us].squares;
            vacated |= B::bit(cs.king_from) | B::bit(cs.rook_from) | B::bit(cs.rook_to);
        }
        if self.t.rare_effects {
            self.rare_effects(m, moved, vacated, &mut undo);
        } else {
            self.leave_squares(vacated);
        }
        self.finish_move(undo, m, reset)
    }

    /// What a move does under the rarer rules, in this order: flips, petrification,
    /// castling rights gained on arrival, Circe and Andernach, gates; the squares it
    /// vacated lose their unmoved pieces; then the initial moves its aim takes, and
    /// Alice's transfer. Out of line, behind one flag ([`Tables::rare_effects`]): most
    /// variants have none of them.
    ///
    /// [`Tables::rare_effects`]: crate::tables::Tables::rare_effects
    #[inline(never)]
    fn rare_effects(&mut self, m: Move, moved: u8, vacated: B, undo: &mut Undo<B>) {
        let us = self.turn;
        if self.t.flips.is_some() {
            self.flip_around(m.to, m.kind == MoveKind::Drop);
        }
        if !self.t.petrifying.is_empty() && undo.captured != NO_PIECE {
            self.petrify_after_capture(m, moved);
        }
        if !self.t.castling_rights_on_arrival.is_empty() {
            self.gain_rights_on_arrival(m);
        }
        // The move's squares lose their unmoved pieces before Circe puts one back: a
        // pawn reborn on the square its captor left is unmoved there.
        self.leave_squares(vacated);
        if self.t.capture_conditions && undo.captured != NO_PIECE {
            self.capture_conditions(m, undo);
        }
        if self.t.has_gating {
            if matches!(m.kind, MoveKind::Gate | MoveKind::GateCastle) {
                self.open_gate(m);
            }
            self.close_gates(vacated);
        }
        if self.t.aims_take_initial_moves && matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant) {
            // The mover as it moved (a pawn promoting to a rook aims as a pawn, as in
            // Fairy-Stockfish).
            let mover = Piece::from_code(moved).expect("moved piece").kind;
            self.take_aimed_initial_moves(us, mover, m.to);
        }
        if self.t.rules.transfer {
            self.pass_through(m);
        }
    }

    /// The pieces on `vacated` (a move's squares) are no longer unmoved.
    #[inline(always)]
    fn leave_squares(&mut self, vacated: B) {
        let moved_off = self.status.unmoved & vacated;
        if moved_off.any() {
            self.status.unmoved ^= moved_off;
            for sq in moved_off.squares() {
                self.status.hash ^= self.t.zobrist.unmoved[sq];
            }
        }
    }

    /// What Circe and Andernach add to capture `m` (`features/circe.rs`,
    /// `features/andernach.rs`): the capturer changes sides, the captured piece is reborn.
    #[inline(never)]
    fn capture_conditions(&mut self, m: Move, undo: &mut Undo<B>) {
        let captured = Piece::from_code(undo.captured).expect("a captured piece");
        let on = if m.kind == MoveKind::EnPassant { undo.before.ep.expect("en passant without a target").victim } else { m.to };
        if self.t.rules.andernach {
            self.change_sides(m.to);
        }
        if self.t.rules.circe.is_some() {
            self.rebirth(captured, on, undo);
        }
    }

    /// The end of every move: the clocks, the turn, the history, and what rule modules
    /// and the counting rules do after it.
    #[inline(always)]
    fn finish_move(&mut self, undo: Undo<B>, m: Move, reset: bool) {
        if self.t.has_parts {
            // The turn may go on with another part (`features/turns.rs`).
            self.end_part(m, reset);
        } else {
            self.count_turn(reset);
            self.pass_turn();
        }
        let captured = undo.captured;
        self.history.push(undo);
        if self.t.acts_after_move {
            self.after_move(m, Piece::from_code(captured));
        }
    }

    /// The halfmove clock at a turn's first move: reset by `reset`, else one more.
    #[inline(always)]
    pub(crate) fn count_turn(&mut self, reset: bool) {
        self.status.halfmove = if reset { 0 } else { self.status.halfmove.saturating_add(1) };
    }

    /// The turn passes to the opponent (the fullmove number counts Black's turns).
    #[inline(always)]
    pub(crate) fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            // Saturates at what a FEN may give, so that every FEN written reads back.
            self.status.fullmove = self.status.fullmove.saturating_add(1);
        }
        self.turn = self.turn.opponent();
        self.status.hash ^= self.t.zobrist.black_to_move;
    }

    /// The piece an en-passant capture onto `to` takes: the recorded double step's, or in
    /// a series (no record: `features/series.rs`) the piece of `owner` one step beyond
    /// the passed square, seen from `owner`.
    #[inline]
    pub(crate) fn ep_victim(&self, ep: Option<EnPassant>, to: Square, owner: Color) -> Square {
        match ep {
            Some(ep) => ep.victim,
            None => self.passed_victim(to, owner),
        }
    }

    /// What follows move `m` once it is made, in this order: the rule modules' acts, the
    /// counting rules' count, the check count (kept out of line: most variants have none
    /// of them, [`Tables::acts_after_move`]).
    #[inline(never)]
    fn after_move(&mut self, m: Move, captured: Option<Piece>) {
        if !self.t.modules.with_after_move.is_empty() {
            self.modules_after_move(m, captured);
        }
        if self.t.counting {
            self.advance_count(m, captured);
        }
        if self.t.counts_checks {
            // Mid-turn the side to move made the part (`features/turns.rs`).
            self.count_check(m, if self.status.part != 0 { self.turn } else { self.turn.opponent() });
        }
    }

    /// The rule modules' acts after move `m` (out of line: the check count, alone in
    /// most variants that act after a move, keeps a small frame).
    #[inline(never)]
    fn modules_after_move(&mut self, m: Move, captured: Option<Piece>) {
        // A handle of our own: each module edits the position.
        let tables = Arc::clone(&self.t);
        let modules = &tables.modules;
        for &i in &modules.with_after_move {
            modules.all[i].after_move(m, captured, &mut self.editor(i));
        }
    }

    /// Takes back the last move. Returns it, or `None` at the start of the history.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.history.len().checked_sub(1)?;
        // The record's small fields; its status is copied back from where it lies, last
        // (a record popped whole went through the stack on the way).
        let Undo { mv: m, moved, captured, to_hand, journal, .. } = self.history[last];
        // Mid-turn the last part was the side to move's own (`features/turns.rs`).
        let us = if self.status.part != 0 { self.turn } else { self.turn.opponent() };
        if self.journal.len() > journal as usize {
            self.revert_edits(journal as usize);
        }
        if matches!(m.kind, MoveKind::Gate | MoveKind::GateCastle) {
            self.close_gate(m, us);
        }
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Gate | MoveKind::Locust => {
                self.board.take(m.to);
                self.board.put(m.from, Piece::from_code(moved).expect("moved piece"));
                if let Some(cap) = Piece::from_code(captured) {
                    self.board.put(m.to, cap);
                }
            }
            MoveKind::EnPassant => {
                self.board.take(m.to);
                self.board.put(m.from, Piece::from_code(moved).expect("moved piece"));
                let victim = self.ep_victim(self.history[last].before.ep, m.to, us.opponent());
                self.board.put(victim, Piece::from_code(captured).expect("captured piece"));
            }
            MoveKind::Castle | MoveKind::GateCastle => {
                let [(a_from, a_to), (b_from, b_to)] = self.castle_paths(m, us);
                self.relocate([(a_to, a_from), (b_to, b_from)]);
            }
            // Its edits, journalled, are already reverted; a pass changed nothing.
            MoveKind::Rule | MoveKind::Pass => {}
            MoveKind::Drop => {
                self.board.take(m.to);
                if self.t.unlimited_supply.is_none() {
                    self.hands[us][self.t.hand_slot[m.piece]] += 1;
                }
            }
            MoveKind::Buy => {
                self.board.take(m.to);
            }
            MoveKind::Lift => {
                self.board.put(m.from, Piece::from_code(moved).expect("lifted piece"));
                self.hands[us][m.piece] -= 1;
            }
            MoveKind::Upgrade => {
                self.board.take(m.to);
                self.board.put(m.to, Piece::from_code(moved).expect("upgraded piece"));
            }
            MoveKind::Wall => self.unplace_wall(m),
        }
        if to_hand != NO_PIECE {
            self.hands[us][to_hand as usize] -= 1;
        }
        self.turn = us;
        self.status = self.history[last].before;
        self.history.truncate(last);
        Some(m)
    }

    /// Reverts the rule modules' edits back to journal length `len`.
    #[inline(never)]
    fn revert_edits(&mut self, len: usize) {
        while self.journal.len() > len {
            match self.journal.pop().expect("journal longer than len") {
                Edit::Removed(sq, code) => self.board.put(sq, Piece::from_code(code).expect("a removed piece")),
                Edit::Placed(sq) => {
                    self.board.take(sq);
                }
                Edit::State(slot, old) => self.state[slot as usize] = old,
                Edit::Count(old) => self.count = old,
                Edit::Checks(side, old) => self.checks[side] = old,
                Edit::Flipped(sq) => self.flip(sq),
                Edit::Passed(color, sq) => self.passed[color] ^= B::bit(sq),
                Edit::Petrified(sq) => self.walls ^= B::bit(sq),
                Edit::Handed(color, k) => self.hands[color][k] -= 1,
            }
        }
    }

    /// Recomputes the hash from scratch (for set-up and for checking the incremental one).
    pub(crate) fn compute_hash(&self) -> u64 {
        let t = &*self.t;
        let mut h = 0;
        for c in Color::BOTH {
            for sq in self.color_bb(c).squares() {
                let p = self.piece_at(sq).expect("piece");
                h ^= t.piece_key(c, p.kind, sq);
            }
        }
        if self.turn == Color::Black {
            h ^= t.zobrist.black_to_move;
        }
        h ^= t.zobrist.castles(self.status.castling);
        if let Some(ep) = self.status.ep.filter(|_| self.ep_in_hash()) {
            h ^= t.zobrist.en_passant[ep.target];
        }
        for sq in self.status.unmoved.squares() {
            h ^= t.zobrist.unmoved[sq];
        }
        for sq in self.status.gates.squares() {
            h ^= Zobrist::gate(sq);
        }
        for sq in self.status.promoted.squares() {
            h ^= t.zobrist.promoted[sq];
        }
        for c in Color::BOTH {
            for (pt, &n) in self.hands[c].iter().enumerate() {
                h ^= Zobrist::hand(c, PieceType::new(pt as u8), n);
            }
            h ^= Zobrist::coins(c, self.status.coins[c]) ^ Zobrist::purchases(c, self.status.purchases[c]);
            h ^= Zobrist::checks(c, self.checks[c]);
        }
        for (slot, &value) in self.state.iter().enumerate() {
            h ^= Zobrist::state(slot, value);
        }
        for sq in (self.walls & !t.walls).squares() {
            h ^= Zobrist::wall(sq);
        }
        for c in Color::BOTH {
            for sq in self.passed[c].squares() {
                h ^= Zobrist::passed(c, sq);
            }
        }
        h ^ self.part_key(self.status.part, self.status.anchor, self.status.behind)
    }

    /// How many times the current position has occurred since the last irreversible move,
    /// counting this one.
    pub fn repetitions(&self) -> usize {
        if self.t.has_parts {
            // Parts are plies of the history: a position repeats with the same side to
            // move and part, which the hash holds; a move that cannot be undone changes it.
            return 1 + self.history.iter().filter(|u| u.before.hash == self.status.hash).count();
        }
        // Since the last move that cannot be undone (`features/claims.rs`).
        let window = self.repetition_window();
        1 + self.history[self.history.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|u| u.before.hash == self.status.hash)
            .count()
    }
}

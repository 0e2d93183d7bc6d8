//! `atomic`: every capture is an explosion (Atomic chess, as Fairy-Stockfish plays its
//! `atomic` and `nocheckatomic`).
//!
//! ```toml
//! [modules.atomic]
//! radius = 1            # the blast reaches every square within this many king steps
//! spared = ["pawn"]     # survive a blast beside them (default: the pieces with `pawn = true`)
//! immune = []           # never explode, not even the one that captures
//! checks = true         # false: no checks at all (Fairy-Stockfish's `nocheckatomic`)
//! mutually_immune = []  # may not capture a piece of their own type (Atomar's kings)
//! ```
//!
//! After a capture the capturing piece explodes, and so does every piece within
//! `radius` king steps of the square it captured on, of either colour, except the
//! `spared` ones (which only escape a blast beside them: a capturing pawn still
//! explodes) and the `immune` ones (which never do). En passant explodes around the
//! square the capturing pawn arrives on. An exploded piece is gone, and so are the
//! castling rights that needed it; where captured pieces go to hand (`[drops]`), each
//! piece the blast removes goes to its opponent's hand as if captured, the capturer too
//! (Fairy-Stockfish's `atomiczh`).
//!
//! The royal pieces are the kings. A side that has lost its king has lost the game
//! (reason `king-exploded`, or `king-captured` where the kings are `immune`); if a
//! capture blows up both kings, the side that made it loses. No moves are generated once a king is gone.
//!
//! With `checks = true` (Atomic chess):
//! * a move may not blow up the mover's own king, so a king never captures
//!   (`king-cannot-capture`, `blasts-own-king`);
//! * a move that blows up the enemy king is legal whatever it leaves attacked;
//! * otherwise the mover's king may not be left attacked, except by pieces that could
//!   not take it without blowing up their own king: a king whose blast area holds the
//!   enemy king is never in check (so touching kings do not check each other);
//! * castling: the squares the ruleset lists as `safe` must not be attacked (by the same
//!   reckoning, the king taken off its square) before the move, the king's destination
//!   excepted (unless the king stays where it is), which is judged after the move like
//!   any king move;
//! * no move and in check is checkmate, no move otherwise stalemate, as the ruleset's
//!   `[end]` says.
//!
//! With `checks = false` nothing is check: kings may stand attacked, walk into attack,
//! castle through attacked squares and even capture (blowing themselves up); the game
//! is won only by blowing up the enemy king, and no move is stalemate.
//!
//! `mutually_immune` (Fairy-Stockfish's `mutuallyImmuneTypes`, Atomar's "diplomacy"):
//! a piece of a listed type may not capture a piece of the same type
//! (`immune-to-its-kind`), whatever `checks` says.
//!
//! Notation: ordinary moves; no FEN field (the board says it all).

use std::sync::Arc;

use chimera_engine::module::{Editor, Hooks, Legality, ModuleParams, ParamError, PositionView, Refusal, RuleModule};
use chimera_engine::{Bitboard, Color, EndReason, Geometry, IllegalCode, Move, MoveKind, Outcome, PieceType, Square, Wide};
use serde::Deserialize;

/// The module's one-line description.
pub const DESCRIPTION: &str = "captures explode: the capturer and the pieces around the capture square are removed";

/// The end reason when a king has been blown up…
const KING_EXPLODED: &str = "king-exploded";
/// …or, where no blast removes kings (`immune`), captured.
const KING_CAPTURED: &str = "king-captured";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    #[serde(default = "one")]
    radius: u8,
    spared: Option<Vec<String>>,
    #[serde(default)]
    immune: Vec<String>,
    #[serde(default = "yes")]
    checks: bool,
    #[serde(default)]
    mutually_immune: Vec<String>,
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}

#[derive(Debug)]
struct Atomic {
    /// Per square, the squares a capture there blows up (before sparing anything).
    blast: Vec<Wide>,
    /// Bitmask of types a blast beside them spares.
    spared: u64,
    /// Bitmask of types no blast removes.
    immune: u64,
    checks: bool,
    /// Bitmask of types that may not capture their own type.
    mutually_immune: u64,
    /// The variant has royal pieces at all (without, no king can be lost).
    royals: bool,
    /// Every royal type is `immune`: a king is lost only by being captured.
    royals_immune: bool,
}

/// Builds the module from its `[modules.atomic]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    let p = params.parse::<Params>()?;
    let mask = |key: &str, names: &[String]| -> Result<u64, ParamError> {
        names.iter().try_fold(0u64, |m, name| Ok(m | 1 << params.piece_type(key, name)?.get()))
    };
    let spared = match &p.spared {
        Some(names) => mask("spared", names)?,
        None => params.pieces().iter().enumerate().filter(|(_, d)| d.pawn).fold(0, |m, (i, _)| m | 1 << i),
    };
    let immune = mask("immune", &p.immune)?;
    let royal_types = params.pieces().iter().enumerate().filter(|(_, d)| d.royal).fold(0u64, |m, (i, _)| m | 1 << i);
    Ok(Arc::new(Atomic {
        blast: blast_areas(params.board(), p.radius),
        spared,
        immune,
        checks: p.checks,
        mutually_immune: mask("mutually_immune", &p.mutually_immune)?,
        royals: royal_types != 0,
        royals_immune: royal_types != 0 && royal_types & !immune == 0,
    }))
}

/// Per square of board `g`, the squares within `radius` king steps of it (itself included).
fn blast_areas(g: Geometry, radius: u8) -> Vec<Wide> {
    let r = i32::from(radius);
    (0..g.squares())
        .map(|center| {
            let center = Square::new(center as u8);
            (-r..=r)
                .flat_map(|dy| (-r..=r).filter_map(move |dx| g.offset(center, dx, dy)))
                .fold(Wide::EMPTY, |area, sq| area | Wide::bit(sq))
        })
        .collect()
}

/// The codes of the module's own refusals.
const KING_CANNOT_CAPTURE: IllegalCode = IllegalCode::Rule("king-cannot-capture");
const BLASTS_OWN_KING: IllegalCode = IllegalCode::Rule("blasts-own-king");
const IMMUNE_TO_ITS_KIND: IllegalCode = IllegalCode::Rule("immune-to-its-kind");

/// What a move leaves on the board, as far as attacks on the mover's royals go.
struct Aftermath {
    occ: Wide,
    /// The enemy pieces left.
    theirs: Wide,
    /// The mover's royals, where they stand after the move.
    royals: Wide,
}

impl Atomic {
    fn is(mask: u64, t: PieceType) -> bool {
        mask & (1 << t.get()) != 0
    }

    /// Whether a piece of `side` standing on `sq` is beyond the enemy's reach: taking it
    /// would blow up an enemy king. `enemy_royals` are the enemy's royals left.
    fn shielded(&self, pos: &dyn PositionView, sq: Square, enemy_royals: Wide) -> bool {
        (self.blast[sq] & enemy_royals).squares().any(|s| pos.piece_at(s).is_some_and(|p| !Self::is(self.immune, p.kind)))
    }

    /// Whether `side` has a king attacked by a piece that may take it.
    fn in_check(&self, pos: &dyn PositionView, side: Color) -> bool {
        let them = side.opponent();
        let enemy_royals = pos.royals(them);
        pos.royals(side).squares().any(|k| pos.attacked(k, them) && !self.shielded(pos, k, enemy_royals))
    }

    /// Why `m` is refused (`checks = true`), judged on the board it leads to without
    /// playing it: the moves it changes no piece's type or hand with are reckoned here,
    /// the rare others played on a copy.
    fn judge(&self, pos: &dyn PositionView, m: Move) -> Option<IllegalCode> {
        // A quiet move the kernel knows exposes no king: one look, and most moves are done.
        if pos.known_safe(m) && pos.piece_at(m.to).is_none() {
            return None;
        }
        let us = pos.turn();
        let them = us.opponent();
        let royals = pos.royals(us);
        let (from, to) = (Wide::bit(m.from), Wide::bit(m.to));
        let mut after = Aftermath { occ: pos.occupied(), theirs: pos.side(them), royals };
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                after.occ = (after.occ & !from) | to;
                if royals.has(m.from) {
                    after.royals = (royals & !from) | to;
                }
                if after.theirs.has(m.to) {
                    return self.judge_capture(pos, m, after);
                }
            }
            MoveKind::Castle => {
                let (cs, _) = pos.castle(m.piece.index())?;
                let [kf, kt, rf, rt] = [cs.king_from, cs.king_to, cs.rook_from, cs.rook_to].map(Wide::bit);
                after.occ = (after.occ & !(kf | rf)) | kt | rt;
                if royals.has(cs.king_from) {
                    after.royals = (royals & !kf) | kt;
                }
            }
            // A drop captures nothing: it may only block.
            MoveKind::Drop => after.occ |= to,
            _ => return self.judge_by_playing(pos, m),
        }
        self.leaves_in_check(pos, &after, pos.royals(them)).then_some(IllegalCode::LeavesRoyalInCheck)
    }

    /// A capture `m`: what its blast takes off the board decides first.
    fn judge_capture(&self, pos: &dyn PositionView, m: Move, mut after: Aftermath) -> Option<IllegalCode> {
        let them = pos.turn().opponent();
        let mover = pos.piece_at(m.from)?.kind;
        if pos.rules().piece(mover).petrify_on_capture {
            // The capturer turns to a wall on `to` (Nuclear chess), which the reckoning
            // below would take for an empty square.
            return self.judge_by_playing(pos, m);
        }
        let capturer = m.promotion().unwrap_or(mover);
        // The capturer explodes on `to` (unless immune); its neighbours unless spared.
        let mut blown = Wide::EMPTY;
        for sq in (self.blast[m.to] & after.occ).squares() {
            let kind = if sq == m.to { capturer } else { pos.piece_at(sq)?.kind };
            if !(Self::is(self.immune, kind) || (sq != m.to && Self::is(self.spared, kind))) {
                blown |= Wide::bit(sq);
            }
        }
        if (blown & after.royals).any() {
            // A king that captures stands on `to` when it blows up.
            return Some(if after.royals.has(m.to) { KING_CANNOT_CAPTURE } else { BLASTS_OWN_KING });
        }
        let enemy_royals = pos.royals(them);
        // The victim goes whatever its type.
        let gone = blown | Wide::bit(m.to);
        if (enemy_royals & gone).any() {
            return None;
        }
        after.occ &= !blown;
        after.theirs &= !gone;
        self.leaves_in_check(pos, &after, enemy_royals).then_some(IllegalCode::LeavesRoyalInCheck)
    }

    /// Whether a royal left by `after` is attacked by a piece that may take it.
    fn leaves_in_check(&self, pos: &dyn PositionView, after: &Aftermath, enemy_royals: Wide) -> bool {
        let them = pos.turn().opponent();
        after.royals.squares().any(|k| pos.attacked_on(k, them, after.occ, after.theirs) && !self.shielded(pos, k, enemy_royals))
    }

    /// [`Atomic::judge`] for a move it does not reckon itself: played on a copy.
    #[cold]
    fn judge_by_playing(&self, pos: &dyn PositionView, m: Move) -> Option<IllegalCode> {
        let us = pos.turn();
        let them = us.opponent();
        let (ours, theirs) = (pos.royals(us).count(), pos.royals(them).count());
        let king_moves = pos.royals(us).has(m.from);
        let captures = m.kind == MoveKind::EnPassant || pos.piece_at(m.to).is_some_and(|p| p.color == them);
        let mut verdict = None;
        pos.after(m, &mut |after| {
            verdict = if after.royals(us).count() < ours {
                Some(if king_moves && captures { KING_CANNOT_CAPTURE } else { BLASTS_OWN_KING })
            } else if after.royals(them).count() < theirs || !self.in_check(after, us) {
                None
            } else {
                Some(IllegalCode::LeavesRoyalInCheck)
            };
        });
        verdict
    }

    /// Whether `m` takes a piece of its own, mutually immune type.
    fn takes_own_kind(&self, pos: &dyn PositionView, m: Move) -> bool {
        if self.mutually_immune == 0 || m.kind == MoveKind::Castle {
            return false;
        }
        let (Some(mover), Some(target)) = (pos.piece_at(m.from), pos.piece_at(m.to)) else { return false };
        target.color != mover.color && mover.kind == target.kind && Self::is(self.mutually_immune, mover.kind)
    }

    /// The first square of castling `m`'s `safe` list that is attacked, if any.
    fn castle_attacked(&self, pos: &dyn PositionView, m: Move) -> Option<Square> {
        let us = pos.turn();
        let (cs, safe) = pos.castle(m.piece.index())?;
        let enemy_royals = pos.royals(us.opponent());
        safe.iter().copied().find(|&sq| {
            (sq != cs.king_to || sq == cs.king_from)
                && pos.attacked_without(sq, us.opponent(), cs.king_from)
                && !self.shielded(pos, sq, enemy_royals)
        })
    }
}

impl RuleModule for Atomic {
    fn hooks(&self) -> Hooks {
        Hooks { after_move: true, legality: Legality::Own, check: true, outcome: true, ..Hooks::default() }
    }

    fn after_move(&self, m: Move, captured: Option<chimera_engine::Piece>, edit: &mut dyn Editor) {
        if captured.is_none() {
            return;
        }
        for sq in (self.blast[m.to] & edit.occupied()).squares() {
            let Some(p) = edit.piece_at(sq) else { continue };
            let survives = Self::is(self.immune, p.kind) || (sq != m.to && Self::is(self.spared, p.kind));
            // Where captures go to hand, so does every piece the blast removes, to its
            // opponent's (Fairy-Stockfish's atomic crazyhouse: the capturer too).
            if !survives {
                edit.capture(sq);
            }
        }
    }

    fn refuse(&self, pos: &dyn PositionView, m: Move) -> Option<Refusal> {
        if self.takes_own_kind(pos, m) {
            return Some(Refusal::at(IMMUNE_TO_ITS_KIND, m.to));
        }
        if !self.checks {
            return None;
        }
        if m.kind == MoveKind::Castle {
            if let Some(sq) = self.castle_attacked(pos, m) {
                let (cs, _) = pos.castle(m.piece.index())?;
                let code = if sq == cs.king_from { IllegalCode::CastlingInCheck } else { IllegalCode::CastlingThroughCheck };
                return Some(Refusal::at(code, sq));
            }
        }
        self.judge(pos, m).map(|code| Refusal::at(code, m.to))
    }

    fn explain(&self, pos: &dyn PositionView, m: Move, refusal: Refusal) -> String {
        let rules = pos.rules();
        let us = pos.turn();
        let square = rules.geometry.square_name(refusal.square.unwrap_or(m.to));
        let name = |sq: Square| pos.piece_at(sq).map_or("piece", |p| rules.piece(p.kind).name.as_str());
        let king = pos.royals(us).squares().next().map_or("king", name);
        match refusal.code {
            IMMUNE_TO_ITS_KIND => {
                let piece = name(m.from);
                format!("a {piece} cannot capture a {piece}: they are immune to each other")
            }
            IllegalCode::CastlingInCheck => format!("{us} cannot castle out of check"),
            IllegalCode::CastlingThroughCheck => format!("{us} cannot castle through {square}: it is attacked"),
            KING_CANNOT_CAPTURE => format!("a {king} cannot capture in atomic chess: it would explode on {square}"),
            BLASTS_OWN_KING => format!("the capture on {square} would blow up {us}'s own {king}"),
            _ => format!("the move to {square} leaves the {king} in check"),
        }
    }

    fn is_check(&self, pos: &dyn PositionView, side: Color) -> Option<bool> {
        Some(self.checks && self.in_check(pos, side))
    }

    fn outcome(&self, pos: &dyn PositionView) -> Option<Outcome> {
        if !self.royals {
            return None;
        }
        // The side that just moved is asked first: blowing up both kings loses.
        let mover = pos.turn().opponent();
        [mover, pos.turn()].into_iter().find(|&side| pos.royals(side).is_empty()).map(|side| {
            let reason = if self.royals_immune { KING_CAPTURED } else { KING_EXPLODED };
            Outcome { winner: Some(side.opponent()), reason: EndReason::Rule(reason) }
        })
    }
}

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
//! square the capturing pawn arrives on. An exploded piece is gone for good, and so are
//! the castling rights that needed it.
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

use chimera_engine::module::{Editor, Hooks, Legality, ModuleParams, ParamError, PositionView, RuleModule};
use chimera_engine::{Bitboard, Color, EndReason, IllegalCode, Move, MoveError, MoveKind, Outcome, PieceType, Square};
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
    radius: u8,
    /// Bitmask of types a blast beside them spares.
    spared: u32,
    /// Bitmask of types no blast removes.
    immune: u32,
    checks: bool,
    /// Bitmask of types that may not capture their own type.
    mutually_immune: u32,
    /// The variant has royal pieces at all (without, no king can be lost).
    royals: bool,
    /// Every royal type is `immune`: a king is lost only by being captured.
    royals_immune: bool,
}

/// Builds the module from its `[modules.atomic]` table.
pub fn build(params: &ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError> {
    let p = params.parse::<Params>()?;
    let mask = |key: &str, names: &[String]| -> Result<u32, ParamError> {
        names.iter().try_fold(0u32, |m, name| Ok(m | 1 << params.piece_type(key, name)?))
    };
    let spared = match &p.spared {
        Some(names) => mask("spared", names)?,
        None => params.pieces().iter().enumerate().filter(|(_, d)| d.pawn).fold(0, |m, (i, _)| m | 1 << i),
    };
    let immune = mask("immune", &p.immune)?;
    let royal_types = params.pieces().iter().enumerate().filter(|(_, d)| d.royal).fold(0u32, |m, (i, _)| m | 1 << i);
    Ok(Arc::new(Atomic {
        radius: p.radius,
        spared,
        immune,
        checks: p.checks,
        mutually_immune: mask("mutually_immune", &p.mutually_immune)?,
        royals: royal_types != 0,
        royals_immune: royal_types != 0 && royal_types & !immune == 0,
    }))
}

/// Why a move is refused, found while looking at the position it leads to.
enum Verdict {
    Fine,
    KingCaptures,
    BlastsOwnKing,
    LeavesInCheck,
}

impl Atomic {
    fn is(mask: u32, t: PieceType) -> bool {
        mask & (1 << t) != 0
    }

    /// The squares a capture on `center` blows up (before sparing anything).
    fn blast_area(&self, pos: &dyn PositionView, center: Square) -> impl Iterator<Item = Square> {
        let g = pos.rules().geometry;
        let r = self.radius as i32;
        (-r..=r).flat_map(move |dy| (-r..=r).filter_map(move |dx| g.offset(center, dx, dy)))
    }

    /// Whether a piece of `side` standing on `sq` is beyond the enemy's reach: taking it
    /// would blow up an enemy king.
    fn shielded(&self, pos: &dyn PositionView, sq: Square, side: Color) -> bool {
        self.blast_area(pos, sq).any(|s| {
            pos.piece_at(s).is_some_and(|p| p.color != side && !Self::is(self.immune, p.kind)) && pos.royals(side.opponent()).has(s)
        })
    }

    /// Whether `side` has a king attacked by a piece that may take it.
    fn in_check(&self, pos: &dyn PositionView, side: Color) -> bool {
        pos.royals(side).squares().any(|k| pos.attacked(k, side.opponent()) && !self.shielded(pos, k, side))
    }

    fn judge(&self, pos: &dyn PositionView, m: Move) -> Verdict {
        let us = pos.turn();
        let them = us.opponent();
        let (ours, theirs) = (pos.royals(us).count(), pos.royals(them).count());
        let king_moves = pos.royals(us).has(m.from);
        let captures = m.kind == MoveKind::EnPassant || pos.piece_at(m.to).is_some_and(|p| p.color == them);
        let mut verdict = Verdict::Fine;
        pos.after(m, &mut |after| {
            verdict = if after.royals(us).count() < ours {
                if king_moves && captures {
                    Verdict::KingCaptures
                } else {
                    Verdict::BlastsOwnKing
                }
            } else if after.royals(them).count() < theirs || !self.in_check(after, us) {
                Verdict::Fine
            } else {
                Verdict::LeavesInCheck
            };
        });
        verdict
    }

    /// Why `m` is refused for taking a piece of its own, mutually immune type, if it is.
    fn own_kind_refusal(&self, pos: &dyn PositionView, m: Move) -> Option<MoveError> {
        let (mover, target) = (pos.piece_at(m.from)?, pos.piece_at(m.to)?);
        if m.kind == MoveKind::Castle || target.color == mover.color || mover.kind != target.kind || !Self::is(self.mutually_immune, mover.kind) {
            return None;
        }
        let name = &pos.rules().piece(mover.kind).name;
        Some(MoveError {
            code: IllegalCode::Rule("immune-to-its-kind"),
            message: format!("a {name} cannot capture a {name}: they are immune to each other"),
        })
    }

    /// Why castling `m` is refused by the squares its king passes, if it is.
    fn castle_refusal(&self, pos: &dyn PositionView, m: Move) -> Option<MoveError> {
        let g = pos.rules().geometry;
        let us = pos.turn();
        let (cs, safe) = pos.castle(m.piece as usize)?;
        let attacked = safe.iter().copied().find(|&sq| {
            (sq != cs.king_to || sq == cs.king_from) && pos.attacked_without(sq, us.opponent(), cs.king_from) && !self.shielded(pos, sq, us)
        })?;
        Some(if attacked == cs.king_from {
            MoveError { code: IllegalCode::CastlingInCheck, message: format!("{} cannot castle out of check", us) }
        } else {
            MoveError {
                code: IllegalCode::CastlingThroughCheck,
                message: format!("{us} cannot castle through {}: it is attacked", g.square_name(attacked)),
            }
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
        let area: Vec<Square> = self.blast_area(&*edit, m.to).collect();
        for sq in area {
            let Some(p) = edit.piece_at(sq) else { continue };
            let survives = Self::is(self.immune, p.kind) || (sq != m.to && Self::is(self.spared, p.kind));
            if !survives {
                edit.remove(sq);
            }
        }
    }

    fn refuse(&self, pos: &dyn PositionView, m: Move) -> Option<MoveError> {
        if let Some(e) = self.own_kind_refusal(pos, m) {
            return Some(e);
        }
        if !self.checks {
            return None;
        }
        if m.kind == MoveKind::Castle {
            if let Some(e) = self.castle_refusal(pos, m) {
                return Some(e);
            }
        }
        let rules = pos.rules();
        let king = pos.royals(pos.turn()).squares().next().and_then(|k| pos.piece_at(k)).map_or("king", |p| rules.piece(p.kind).name.as_str());
        let square = rules.geometry.square_name(m.to);
        match self.judge(pos, m) {
            Verdict::Fine => None,
            Verdict::KingCaptures => Some(MoveError {
                code: IllegalCode::Rule("king-cannot-capture"),
                message: format!("a {king} cannot capture in atomic chess: it would explode on {square}"),
            }),
            Verdict::BlastsOwnKing => Some(MoveError {
                code: IllegalCode::Rule("blasts-own-king"),
                message: format!("the capture on {square} would blow up {}'s own {king}", pos.turn()),
            }),
            Verdict::LeavesInCheck => Some(MoveError {
                code: IllegalCode::LeavesRoyalInCheck,
                message: format!("the move to {square} leaves the {king} in check"),
            }),
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
        [mover, pos.turn()]
            .into_iter()
            .find(|&side| pos.royals(side).is_empty())
            .map(|side| {
                let reason = if self.royals_immune { KING_CAPTURED } else { KING_EXPLODED };
                Outcome { winner: Some(side.opponent()), reason: EndReason::Rule(reason) }
            })
    }
}

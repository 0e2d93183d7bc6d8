//! The perpetual rules: who a repetition favours when a side checked, or chased a
//! piece, with every move of the repeated cycle. Xiangqi's rules of the Asian Xiangqi
//! Federation (perpetual check and perpetual chase lose) and Shogi's sennichite
//! (fourfold repetition draws, but perpetual check loses), as Fairy-Stockfish decides
//! them (`perpetualCheckIllegal`, `chasingRule = axf`; `Position::is_optional_game_end`
//! and `Position::chased`).
//!
//! Keys of `[end]`:
//! * `perpetual_check = "loss"`: for the side that gave check with every one of its
//!   moves in the repetition.
//! * `[end.perpetual_chase]`: `verdict` (for the side that chased one piece with every
//!   one of its moves), `chasers` (the pieces whose attacks chase, each with a strength:
//!   `{ chariot = 3, horse = 2, … }`) and `immune` (pieces never chased on a region of
//!   theirs: `{ soldier = [1, 2, 3, 4, 5] }`, a soldier before it crosses the river).
//!   The royal piece is never chased (an attack on it is a check).
//! * `[end.perpetual_attack]`: `verdict` (for the side that completes a repetition having
//!   attacked with every one of its moves in it and with the move that first reached the
//!   position), `royals` (pieces an attack on which counts as a check where the variant
//!   has no royal piece). Chu shogi as lishogi plays it (scalashogi,
//!   `variant/Chushogi.scala`: `isAttacked`; `Variant.perpetualCheck`): a move attacks
//!   when the opponent is then in check, one of `royals` is attacked, or the piece moved
//!   can take a piece from where it stands (as it captures, with the board as it is:
//!   lishogi also leaves out a lion it may not take for the lion-trading rules). Only the
//!   side that completed the repetition is judged, as there.
//!
//! The repetition looked at spans every move since the earliest of the occurrences the
//! repetition rule counts (three in Xiangqi: two cycles). When both sides checked
//! throughout, or both chased, it is a draw; a perpetual check is looked at before a
//! chase. A side chases when one and the same piece of the opponent (followed as it
//! moves) is chased by each of its moves, including the move that first reached the
//! repeated position.
//!
//! A move chases a piece of the opponent (not the royal, not an immune piece) that a
//! chaser now attacks — the moved piece (its attacks along the line it moved on are not
//! new when it rides, as Fairy-Stockfish simplifies) or a piece it uncovered — when the
//! target has greater strength than the chaser, or is unprotected: none of its own
//! pieces but pinned ones (blockers of its royal) could take back on its square, or only
//! its royal could, onto a square facing the other royal (`flying_royals`). A piece of
//! the chaser's own type that attacks back is not chased, unless it is pinned. A move
//! also chases a piece whose protector it pins, if the mover attacks it with a piece
//! that is not pinned itself; and a piece that a newly uncovered check threatens to take
//! where the royal could not take back.
//!
//! Nothing is tracked while moves are played: the verdict, asked only when a repetition
//! ends or may end the game, replays the cycle on a copy of the position.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::regions::{compile_region, RawRegion};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{Attack, Chase, Perpetual, Verdict};
use crate::ruleset::context::{Context, RawVerdict};
use crate::ruleset::error::RulesetError;
use crate::types::{Color, PieceType, Square};

/// `[end.perpetual_chase]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawChase {
    verdict: RawVerdict,
    chasers: Spanned<IndexMap<String, Spanned<u8>>>,
    #[serde(default)]
    immune: IndexMap<String, Spanned<RawRegion>>,
}

/// `[end.perpetual_attack]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawAttack {
    verdict: RawVerdict,
    #[serde(default)]
    royals: Vec<Spanned<String>>,
}

/// Compiles `perpetual_check`, `[end.perpetual_chase]` and `[end.perpetual_attack]`.
pub(crate) fn compile(
    check: Option<RawVerdict>,
    chase: Option<&RawChase>,
    attack: Option<&RawAttack>,
    cx: &Context,
) -> Result<Perpetual, RulesetError> {
    const KEY: &str = "end.perpetual_chase";
    let chase = match chase {
        None => None,
        Some(raw) => {
            if raw.chasers.get_ref().is_empty() {
                return Err(cx.r.span(&raw.chasers, format!("{KEY}.chasers"), "name at least one piece that chases (`{ chariot = 3 }`)"));
            }
            let chasers = raw
                .chasers
                .get_ref()
                .iter()
                .map(|(name, strength)| Ok((cx.type_named(name, strength, &format!("{KEY}.chasers"))?, *strength.get_ref())))
                .collect::<Result<_, RulesetError>>()?;
            let immune = raw
                .immune
                .iter()
                .map(|(name, region)| {
                    let key = format!("{KEY}.immune.{name}");
                    Ok((cx.type_named(name, region, &key)?, compile_region(region, cx, &key)?))
                })
                .collect::<Result<_, RulesetError>>()?;
            Some(Chase { verdict: raw.verdict.into(), chasers, immune })
        }
    };
    let attack = match attack {
        None => None,
        Some(raw) => {
            let royals = raw
                .royals
                .iter()
                .map(|name| cx.type_named(name.get_ref(), name, "end.perpetual_attack.royals"))
                .collect::<Result<_, _>>()?;
            Some(Attack { verdict: raw.verdict.into(), royals })
        }
    };
    Ok(Perpetual { check: check.map(Verdict::from), chase, attack })
}

/// What the position looked like before a move, for telling which of its attacks and
/// pins the move made.
struct Before<B> {
    occupied: B,
    /// The blockers of the royal of the side that did not move.
    blockers: B,
}

/// One move of the replayed repetition.
struct Ply<B> {
    mv: Move,
    check: bool,
    /// Whether the move attacked (`[end.perpetual_attack]`; false without that rule).
    attacked: bool,
    chased: B,
}

impl<B: Bitboard> Pos<B> {
    /// The outcome a perpetual rule gives the repetition the position is in, or `None`
    /// (no such rule, no repetition, or no side checked or chased throughout: a plain
    /// repetition).
    pub(crate) fn perpetual_verdict(&self) -> Option<Outcome> {
        let rules = &self.t.rules.end.perpetual;
        if !rules.any() {
            return None;
        }
        let span = self.repetition_span()?;
        // The move that first reached the repeated position counts for a chase too.
        let plies = self.replay(span + usize::from(self.history.len() > span));
        let mover = self.turn.opponent();
        // The last ply is the mover's; the cycle's plies alternate back from it.
        let cycle = &plies[plies.len() - span..];
        let every = |side_last: usize| cycle.iter().rev().skip(side_last).step_by(2).all(|p| p.check);
        if let Some(v) = rules.check {
            let (them, us) = (every(0), every(1));
            if them || us {
                return Some(decide(v, mover, them, us, EndReason::PerpetualCheck));
            }
        }
        if let Some(attack) = &rules.attack {
            // The mover's moves, the one that first reached the position included (which
            // a game from a FEN may not have: then no perpetual attack, as lishogi counts).
            if plies.len() > span && plies.iter().rev().step_by(2).all(|p| p.attacked) {
                return Some(decide(attack.verdict, mover, true, false, EndReason::PerpetualAttack));
            }
        }
        let chase = rules.chase.as_ref()?;
        let them = followed_chase(&plies);
        let us = followed_chase(&cycle[..span - 1]);
        (them || us).then(|| decide(chase.verdict, mover, them, us, EndReason::PerpetualChase))
    }

    /// How many plies back the earliest occurrence of the current position lies that the
    /// repetition rule counts (the `n - 1`-th before this one, n the first count at which
    /// the rule applies, by claim or by itself; or the earliest there is), within the
    /// plies a repetition may span.
    fn repetition_span(&self) -> Option<usize> {
        let window = self.repetition_window();
        let wanted = (self.t.rules.end.repetition.first() as usize).max(2) - 1;
        let mut found = None;
        let mut count = 0;
        for back in (2..=window).step_by(2) {
            if self.history[self.history.len() - back].before.hash == self.status.hash {
                found = Some(back);
                count += 1;
                if count == wanted {
                    break;
                }
            }
        }
        found
    }

    /// The last `n` moves played again on a copy, with whether each gave check and the
    /// pieces it chased.
    fn replay(&self, n: usize) -> Vec<Ply<B>> {
        let mut p = self.clone();
        let mut moves: Vec<Move> = (0..n).filter_map(|_| p.undo()).collect();
        moves.reverse();
        let chasing = self.t.rules.end.perpetual.chase.is_some();
        let attack = self.t.rules.end.perpetual.attack.as_ref();
        moves
            .into_iter()
            .map(|mv| {
                let before = chasing.then(|| Before { occupied: p.occupied(), blockers: p.blockers(p.turn.opponent()) });
                p.play_unchecked(mv);
                let chased = before.map_or(B::EMPTY, |before| p.chased(mv, &before));
                let attacked = attack.is_some_and(|rule| p.attacked_by(mv, rule));
                Ply { mv, check: p.is_check(), attacked, chased }
            })
            .collect()
    }

    /// Whether the last move, `m`, attacked: the side to move is in check, one of its
    /// `royals` is attacked, or the piece `m` moved can take one of its pieces.
    fn attacked_by(&self, m: Move, rule: &Attack) -> bool {
        let victim = self.turn;
        let mover = victim.opponent();
        let occ = self.occupied();
        let ours = self.board.by_color[mover];
        if self.is_check()
            || rule.royals.iter().any(|&kind| self.pieces(victim, kind).squares().any(|s| self.attacked(s, mover, occ, ours)))
        {
            return true;
        }
        let moved = match self.piece_at(m.to) {
            Some(p) if p.color == mover => B::bit(m.to),
            _ => return false,
        };
        self.board.by_color[victim].squares().any(|s| self.attacked(s, mover, occ, moved))
    }

    /// The pieces of the side to move that the last move, `m`, chased.
    fn chased(&self, m: Move, before: &Before<B>) -> B {
        let Some(rule) = self.t.rules.end.perpetual.chase.as_ref() else { return B::EMPTY };
        let victim = self.turn;
        let mover = victim.opponent();
        let occ = self.occupied();
        let theirs = self.board.by_color[victim];
        let blockers = self.blockers(victim);
        let cx = ChaseContext { rule, victim, occ, pins: blockers | self.facing_pins(), immune: self.immune(rule, victim) };
        let mut chased = B::EMPTY;

        // The moved piece's attacks.
        if matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Drop) {
            if let Some(p) = self.piece_at(m.to).filter(|p| cx.strength(p.kind).is_some()) {
                let mut attacks = self.capture_reach(mover, p.kind, m.to, occ) & theirs;
                if m.kind != MoveKind::Drop && self.rides(mover, p.kind) {
                    attacks &= !self.line_through(m.from, m.to);
                }
                self.add_chased(&cx, &mut chased, m.to, p.kind, attacks);
            }
        }
        // Attacks the move uncovered.
        for s in (self.board.by_color[mover] & !B::bit(m.to)).squares() {
            let Some(p) = self.piece_at(s).filter(|p| cx.strength(p.kind).is_some()) else { continue };
            let uncovered = theirs
                .squares()
                .filter(|&t| self.hits(s, mover, t, occ) && !self.hits(s, mover, t, before.occupied))
                .fold(B::EMPTY, |b, t| b | B::bit(t));
            self.add_chased(&cx, &mut chased, s, p.kind, uncovered);
        }
        // Protectors the move pinned: what they protected is chased where the mover
        // attacks it with a piece that is not pinned itself.
        let new_blockers = blockers & !before.blockers;
        let mover_blockers = self.blockers(mover);
        for s in (new_blockers & theirs).squares() {
            for t in (theirs & !cx.immune & !B::bit(s)).squares() {
                if self.hits(s, victim, t, occ) && (self.attackers_to(t, mover, occ) & !mover_blockers).any() {
                    chased |= B::bit(t);
                }
            }
        }
        // A check the move made ready to uncover: the uncovering piece's captures, but
        // where the royal could take back.
        let royals = self.royals(victim);
        if royals.is_single() {
            let k = royals.lsb();
            let royal = self.piece_at(k).map(|p| p.kind).expect("royal piece");
            let guarded = self.capture_reach(victim, royal, k, occ);
            for s in (new_blockers & self.board.by_color[mover]).squares() {
                let kind = self.piece_at(s).expect("a blocker stands on a square").kind;
                let attacks = self.capture_reach(mover, kind, s, occ) & theirs;
                chased |= attacks & !guarded;
                for t in (attacks & guarded).squares() {
                    if (self.attackers_to(t, mover, occ ^ B::bit(s) ^ B::bit(k)) & !B::bit(s)).any() {
                        chased |= B::bit(t);
                    }
                }
            }
        }
        chased
    }

    /// Adds to `chased` what a chaser on `from` chases among the pieces it `attacks`.
    fn add_chased(&self, cx: &ChaseContext<'_, B>, chased: &mut B, from: Square, kind: PieceType, attacks: B) {
        let strength = cx.strength(kind).unwrap_or(0);
        let attacks = attacks & !cx.immune;
        for t in attacks.squares() {
            let target = self.piece_at(t).expect("an attacked piece").kind;
            if cx.strength(target).unwrap_or(0) > strength {
                *chased |= B::bit(t);
                continue;
            }
            // Mutual attacks between pieces of a type do not chase, unless the
            // attacked one is pinned.
            if target == kind && !cx.pins.has(t) && self.hits(t, cx.victim, from, cx.occ) {
                continue;
            }
            let roots = self.attackers_to(t, cx.victim, cx.occ ^ B::bit(from)) & !cx.pins;
            if roots.is_empty() || (roots == self.royals(cx.victim) && self.faces_royal(t, cx.victim.opponent(), cx.occ ^ B::bit(from))) {
                *chased |= B::bit(t);
            }
        }
    }

    /// Whether the piece of `by` on `from` attacks `target` with `occ` as the
    /// occupancy: as it captures (within its `moves_within` region, as Fairy-Stockfish's
    /// `attackers_to`), without the flying royal's facing.
    fn hits(&self, from: Square, by: Color, target: Square, occ: B) -> bool {
        let Some(p) = self.piece_at(from) else { return false };
        let one = B::bit(from);
        self.leap_attacked(target, by, one)
            || self.lame_attacked(target, by, occ, one)
            || self.capture_reach(by, p.kind, from, occ).has(target)
    }

    /// The pieces of `by` that attack `sq` (see [`Pos::hits`]).
    fn attackers_to(&self, sq: Square, by: Color, occ: B) -> B {
        self.board.by_color[by].squares().filter(|&s| s != sq && self.hits(s, by, sq, occ)).fold(B::EMPTY, |b, s| b | B::bit(s))
    }

    /// The pieces (of either side) that stand between `side`'s royal and an enemy piece
    /// that would attack it without them (Fairy-Stockfish's `blockers_for_king`): two
    /// between a cannon and the royal are both blockers.
    fn blockers(&self, side: Color) -> B {
        let royals = self.royals(side);
        if !royals.is_single() {
            return B::EMPTY;
        }
        let k = royals.lsb();
        let occ = self.occupied();
        let enemy = side.opponent();
        let attacking = self.attackers_to(k, enemy, occ);
        (self.with_pieces() & !royals)
            .squares()
            .filter(|&s| (self.attackers_to(k, enemy, occ ^ B::bit(s)) & !attacking & !B::bit(s)).any())
            .fold(B::EMPTY, |b, s| b | B::bit(s))
    }

    /// With flying royals, the side to move's pieces pinned by the facing royals: on the
    /// file of the mover's royal, its own royal there too, the only other one of its
    /// pieces there (Fairy-Stockfish's reading, whatever stands between).
    fn facing_pins(&self) -> B {
        let t = &*self.t;
        let victim = self.turn;
        let (ours, theirs) = (self.royals(victim), self.royals(victim.opponent()));
        if !t.rules.flying_royals || !ours.is_single() || !theirs.is_single() {
            return B::EMPTY;
        }
        let g = t.geometry;
        let file = g.file(theirs.lsb());
        let on_file = self.board.by_color[victim].squares().filter(|&s| g.file(s) == file).fold(B::EMPTY, |b, s| b | B::bit(s));
        let others = on_file & !ours;
        if (on_file & ours).any() && (others.is_empty() || others.is_single()) {
            others
        } else {
            B::EMPTY
        }
    }

    /// Whether `sq` faces `side`'s royal along a line where royals fly, with `occ` as
    /// the occupancy (a royal taking back there would face it).
    fn faces_royal(&self, sq: Square, side: Color, occ: B) -> bool {
        let t = &*self.t;
        let royals = self.royals(side);
        t.rules.flying_royals && t.flying.iter().any(|&ray| t.first_blocker(ray, sq, occ).is_some_and(|b| royals.has(b)))
    }

    /// The pieces of `side` never chased: its royals, and the immune ones on their regions.
    fn immune(&self, rule: &Chase, side: Color) -> B {
        let g = self.t.geometry;
        rule.immune.iter().fold(self.royals(side), |b, (kind, region)| b | (self.pieces(side, *kind) & region.bitboard(g, side)))
    }

    /// Whether a type rides or hops (its attacks reach along lines).
    fn rides(&self, side: Color, kind: PieceType) -> bool {
        let m = self.t.mobility(side, kind);
        !m.plain.walk.is_empty() || !m.plain.magic.is_empty() || !m.sliders.is_empty() || !m.hops.is_empty()
    }

    /// Every square of the board on the line through `a` and `b` (a rank, a file or a
    /// diagonal), or none if they are not on one.
    fn line_through(&self, a: Square, b: Square) -> B {
        let g = self.t.geometry;
        let (fa, ra) = (g.file(a) as i32, g.rank(a) as i32);
        let (fb, rb) = (g.file(b) as i32, g.rank(b) as i32);
        let (df, dr) = (fb - fa, rb - ra);
        if a == b || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return B::EMPTY;
        }
        g.all()
            .filter(|&s| {
                let (f, r) = (g.file(s) as i32 - fa, g.rank(s) as i32 - ra);
                f * dr == r * df
            })
            .fold(B::EMPTY, |acc, s| acc | B::bit(s))
    }
}

/// What [`Pos::add_chased`] needs of the position after the move.
struct ChaseContext<'a, B> {
    rule: &'a Chase,
    victim: Color,
    occ: B,
    pins: B,
    immune: B,
}

impl<B> ChaseContext<'_, B> {
    fn strength(&self, kind: PieceType) -> Option<u8> {
        self.rule.chasers.iter().find(|(k, _)| *k == kind).map(|&(_, s)| s)
    }
}

/// Whether one and the same piece was chased by every other ply of `plies`, counting
/// back from the last (the chasing side's), followed back through its own moves in
/// between.
fn followed_chase<B: Bitboard>(plies: &[Ply<B>]) -> bool {
    let mut rev = plies.iter().rev();
    let Some(last) = rev.next() else { return false };
    let mut set = last.chased;
    for (i, p) in rev.enumerate() {
        if set.is_empty() {
            return false;
        }
        if i % 2 == 0 {
            // The chased side's move: follow its piece back to where it came from.
            if p.mv.kind != MoveKind::Drop && set.has(p.mv.to) {
                set = (set ^ B::bit(p.mv.to)) | B::bit(p.mv.from);
            }
        } else {
            set &= p.chased;
        }
    }
    set.any()
}

/// The outcome when `them` (the side that just moved) or `us` (the side to move), or
/// both, checked or chased throughout: `v` for the one that did, a draw for both.
fn decide(v: Verdict, mover: Color, them: bool, us: bool, reason: EndReason) -> Outcome {
    match (them, us) {
        (true, true) => Outcome { winner: None, reason },
        (true, false) => Outcome::for_side(v, mover, reason),
        _ => Outcome::for_side(v, mover.opponent(), reason),
    }
}

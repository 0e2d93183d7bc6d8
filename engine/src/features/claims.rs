//! The rules that count: repetition and the move rule (`[end] repetition`,
//! `[end] move_rule`), each with two thresholds — from `claim` on the side to move may
//! claim the draw, at `automatic` the game ends by itself (FIDE 9.2, 9.3 and 9.6: claim
//! at threefold and fifty moves, automatic at fivefold and seventy-five). This file owns
//! their schema, the automatic ends, and the claims a player may make (now, or by
//! announcing the move that brings the count about, FIDE 9.2.1.1 and 9.3.1).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::{Pos, Undo};
use crate::rules::Threshold;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Tables;
use crate::types::{Color, Piece, PieceSet, NO_PIECE};

/// A threshold as a ruleset writes it: `repetition = 4` (the game ends by itself at the
/// fourth occurrence) or `repetition = { claim = 3, automatic = 5 }`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RawThreshold {
    claim: Option<u64>,
    automatic: Option<u64>,
}

impl<'de> Deserialize<'de> for RawThreshold {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawThreshold;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a count (the game ends by itself there) or a table `{ claim = n, automatic = m }`")
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RawThreshold, E> {
                let n = u64::try_from(n).map_err(|_| E::custom(format!("{n} is negative; use 0 for never")))?;
                Ok(RawThreshold { claim: None, automatic: Some(n) })
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RawThreshold, E> {
                Ok(RawThreshold { claim: None, automatic: Some(n) })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawThreshold, A::Error> {
                let mut t = RawThreshold::default();
                while let Some(key) = map.next_key::<String>()? {
                    let slot = match key.as_str() {
                        "claim" => &mut t.claim,
                        "automatic" => &mut t.automatic,
                        other => return Err(de::Error::unknown_field(other, &["claim", "automatic"])),
                    };
                    if slot.is_some() {
                        return Err(de::Error::custom(format!("`{key}` is given twice")));
                    }
                    *slot = Some(map.next_value()?);
                }
                if t.claim.is_none() && t.automatic.is_none() {
                    return Err(de::Error::custom("give `claim`, `automatic` or both"));
                }
                Ok(t)
            }
        }
        d.deserialize_any(V)
    }
}

/// Compiles one threshold of `key`; `limit` is the largest count the position can
/// track, `min` the smallest meaningful count, `unit` follows a count in messages
/// (`-fold repetition`, ` moves`).
pub(crate) fn compile(
    raw: Option<&Spanned<RawThreshold>>,
    key: &str,
    min: u64,
    limit: u64,
    unit: &str,
    cx: &Context,
) -> Result<Threshold, RulesetError> {
    let Some(s) = raw else { return Ok(Threshold::NEVER) };
    let t = *s.get_ref();
    for n in [t.claim, t.automatic].into_iter().flatten() {
        if n != 0 && n < min {
            return Err(cx.r.span(s, key, format!("{n}{unit} would end every game at once; use 0 (never) or {min} or more")));
        }
        if n > limit {
            return Err(cx.r.span(s, key, format!("{n}{unit} is over the limit of {limit}")));
        }
    }
    let (claim, automatic) = (t.claim.unwrap_or(0) as u16, t.automatic.unwrap_or(0) as u16);
    if claim != 0 && automatic != 0 && claim > automatic {
        return Err(cx.r.span(s, key, format!("a claim at {claim} comes after the automatic end at {automatic}: it could never be made")));
    }
    Ok(Threshold { claim, automatic })
}

/// A result the side to move may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// The result the claim gives, and the rule it rests on ([`EndReason::Repetition`],
    /// [`EndReason::MoveRule`], [`EndReason::Counting`], or a perpetual rule's reason).
    pub outcome: Outcome,
    /// `None` when the position on the board qualifies; else the move the claimant
    /// announces (and does not play) that would bring the count about.
    pub by: Option<Move>,
}

/// The types among those whose moves reset the move rule's clock (`move_rule_reset`)
/// that some quiet move takes back towards their own side: a move of theirs may be
/// undone whatever rank it reached. A type that never retreats undoes only its moves
/// along a rank (Pawn Sideways' and Petrified chess's pawns, `fsmW`): see
/// [`Pos::repetition_window`]. Built once with the tables.
pub(crate) fn retreating_types<B: Bitboard>(t: &Tables<B>) -> PieceSet {
    let g = t.geometry;
    let back = |c: Color, from, to| if c == Color::White { g.rank(to) < g.rank(from) } else { g.rank(to) > g.rank(from) };
    t.resets_by
        .iter()
        .filter(|&pt| {
            Color::BOTH.iter().any(|&c| {
                g.all().any(|from| {
                    crate::reach::reach(t, c, pt, from).iter().any(|(to, ways)| back(c, from, *to) && ways.iter().any(|w| !w.capture))
                })
            })
        })
        .collect()
}

impl<B: Bitboard> Pos<B> {
    /// How many plies back a position may lie that the current one repeats: the plies
    /// since the last move that cannot be undone. The halfmove clock counts them where
    /// every move that resets it is irreversible (a capture, a chess pawn's step); a
    /// reset by a move that can be taken back — a plain step without capture or
    /// promotion of a type that retreats, or that stays on its rank (a sideways pawn
    /// step) — is looked past, to the reset before it. Positions further back could
    /// still be compared (their hashes would differ); this keeps the look short.
    pub(crate) fn repetition_window(&self) -> usize {
        let h = &self.history;
        let mut window = (self.status.halfmove as usize).min(h.len());
        while window < h.len() {
            // The move that reset the clock, the plies since its position's own reset.
            let reset = &h[h.len() - window - 1];
            if !self.undoable(reset) {
                break;
            }
            window = (window + 1 + reset.before.halfmove as usize).min(h.len());
        }
        window
    }

    /// Whether the move of `u` could be taken back (see [`Pos::repetition_window`]).
    fn undoable(&self, u: &Undo<B>) -> bool {
        if u.captured != NO_PIECE || u.mv.kind != MoveKind::Normal || u.mv.promotion().is_some() {
            return false;
        }
        let Some(p) = Piece::from_code(u.moved) else { return false };
        let g = self.t.geometry;
        self.t.retreating.contains(p.kind) || g.rank(u.mv.from) == g.rank(u.mv.to)
    }

    /// The end by repetition or the move rule that has come about by itself, if any.
    /// Shuttling (`features/shuttle.rs`) comes first: it is met before the repetition.
    pub(crate) fn automatic_draw(&self) -> Option<Outcome> {
        let end = &self.t.rules.end;
        if let Some(o) = self.shuttle_end().or_else(|| self.forced_promotion_end()) {
            return Some(o);
        }
        if end.repetition.automatic != 0 && self.repetitions() >= end.repetition.automatic as usize {
            return Some(self.repetition_outcome());
        }
        if self.move_rule_met(end.move_rule.automatic) {
            return Some(self.counted(EndReason::MoveRule));
        }
        None
    }

    /// Whether the move rule's count `n` (moves by each side; 0: never) has come about.
    fn move_rule_met(&self, n: u16) -> bool {
        n != 0 && self.status.halfmove >= 2 * n && self.status.halfmove >= 2 * n + self.move_rule_extension()
    }

    /// The plies by which checks beyond `move_rule_checks_counted` lengthen the move rule:
    /// two for each check past that count by the side that checked more, among the
    /// positions since the last reset (Fairy-Stockfish's window: the position before the
    /// reset too when their number is odd). Replays the game on a copy, so only asked
    /// once the plain count is reached.
    fn move_rule_extension(&self) -> u16 {
        let Some(counted) = self.t.rules.end.move_rule_checks_counted else { return 0 };
        let end = (self.status.halfmove as usize).min(self.history.len());
        let last = if end % 2 == 1 { end } else { end.saturating_sub(1) };
        let mut p = self.clone();
        let mut checks = [0u16; 2];
        for j in 0..=last {
            if j > 0 && p.undo().is_none() {
                break;
            }
            checks[j % 2] += u16::from(p.is_check());
        }
        2 * checks[0].max(checks[1]).saturating_sub(counted)
    }

    /// What a repetition gives: `repetition_verdict` for the side to move (a draw by
    /// default), unless a perpetual rule decides it (`features/perpetual.rs`); a draw is
    /// scored by the material count where the variant has one (`[end.material_count]`).
    fn repetition_outcome(&self) -> Outcome {
        let verdict = self.t.rules.end.repetition_verdict[self.turn];
        let o = self.perpetual_verdict().unwrap_or_else(|| Outcome::for_side(verdict, self.turn, EndReason::Repetition));
        if o.winner.is_none() {
            self.counted(o.reason)
        } else {
            o
        }
    }

    /// The claims that the position on the board allows.
    fn claims_now(&self) -> impl Iterator<Item = Outcome> + '_ {
        let end = &self.t.rules.end;
        let repetition =
            (end.repetition.claim != 0 && self.repetitions() >= end.repetition.claim as usize).then(|| self.repetition_outcome());
        let move_rule = self.move_rule_met(end.move_rule.claim).then(|| self.counted(EndReason::MoveRule));
        repetition.into_iter().chain(move_rule)
    }

    /// What the draw rules (the move rule, shuttling, repetition, counting) give the
    /// position as it stands, at their claim or automatic counts, whether or not the game has ended
    /// otherwise (a dead position still repeats): the move rule's first, as a claim of
    /// both rests on it. Not in check without a move (checkmate), which the move rule
    /// cannot draw (FIDE 9.3).
    pub fn draw_rules_met(&self) -> Vec<Outcome> {
        // In check with no move left (mated, or in check when a rule ended the game).
        let mated = self.is_check() && self.count_moves() == 0;
        let end = &self.t.rules.end;
        let first_of = |t: Threshold| if t.claim != 0 { t.claim } else { t.automatic };
        let move_rule = (self.move_rule_met(first_of(end.move_rule)) && !mated).then(|| self.counted(EndReason::MoveRule));
        let n = first_of(end.repetition);
        let repetition = (n != 0 && self.repetitions() >= n as usize).then(|| self.repetition_outcome());
        move_rule
            .into_iter()
            .chain(self.shuttle_end())
            .chain(self.forced_promotion_end())
            .chain(repetition)
            .chain(self.counting_draw().filter(|_| !mated))
            .collect()
    }

    /// Every claim the side to move may make, each rule once: now, or else by the first
    /// legal move (in generation order) that brings it about. None once the game is over.
    pub fn claims(&mut self) -> Vec<Claim> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        // The counting rules' draw (`features/counting.rs`): claimed on the position alone.
        let counting = self.counting_draw().map(|outcome| Claim { outcome, by: None });
        let end = &self.t.rules.end;
        if end.repetition.claim == 0 && end.move_rule.claim == 0 {
            return counting.into_iter().collect();
        }
        let rules = usize::from(end.repetition.claim != 0) + usize::from(end.move_rule.claim != 0);
        let mut claims: Vec<Claim> = self.claims_now().map(|outcome| Claim { outcome, by: None }).collect();
        let open = |claims: &[Claim], r: EndReason| !claims.iter().any(|c| c.outcome.reason.is_move_rule() == r.is_move_rule());
        for m in self.legal_moves() {
            if claims.len() == rules {
                break;
            }
            self.play_unchecked(m);
            let after: Vec<Outcome> = self.claims_now().collect();
            self.undo();
            for outcome in after {
                if open(&claims, outcome.reason) {
                    claims.push(Claim { outcome, by: Some(m) });
                }
            }
        }
        claims.extend(counting);
        claims
    }
}

//! Extinction: the game ends when a side has too few pieces of a kind left — all its
//! pieces (capture-all, a bare king in Shatranj), or any one listed type (Extinction
//! chess, three kings). Fairy-Stockfish's `extinction…` options, one rule per
//! `[[end.extinction]]` table; `army_captured` is the rule for the whole army at zero.
//!
//! This file owns the schema, its compile step and the verdict.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{Extinction, Rules, Verdict};
use crate::ruleset::context::{Context, RawVerdict};
use crate::ruleset::error::RulesetError;
use crate::types::{Color, PieceSet, PieceType};

/// `[[end.extinction]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawExtinction {
    /// The types, each counted alone; absent: the whole army, counted together.
    of: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    at_most: u8,
    #[serde(default)]
    opponent_at_least: u8,
    #[serde(default)]
    reply: bool,
    verdict: RawVerdict,
    #[serde(default = "yes")]
    include_hand: bool,
    #[serde(default)]
    together: bool,
    royal_when_last: Option<Spanned<bool>>,
}

fn yes() -> bool {
    true
}

/// Compiles one `[[end.extinction]]` table; `key` is where it stands (`end.extinction[0]`).
pub(crate) fn compile(raw: &RawExtinction, cx: &Context, key: &str) -> Result<Extinction, RulesetError> {
    let of = match &raw.of {
        None => None,
        Some(list) if list.get_ref().is_empty() => {
            return Err(cx.r.span(list, format!("{key}.of"), "name at least one piece, or leave `of` out for the whole army"))
        }
        Some(list) => Some(cx.types_of(list.get_ref(), &format!("{key}.of"))?.into_iter().collect()),
    };
    let royal_when_last = raw.royal_when_last.as_ref().is_some_and(|r| *r.get_ref());
    if let Some(r) = raw.royal_when_last.as_ref().filter(|_| royal_when_last && of.is_none()) {
        return Err(cx.r.span(r, format!("{key}.royal_when_last"), "name the royal kind with `of`: the whole army cannot be royal"));
    }
    Ok(Extinction {
        of,
        at_most: raw.at_most,
        opponent_at_least: raw.opponent_at_least,
        reply: raw.reply,
        verdict: raw.verdict.into(),
        include_hand: raw.include_hand,
        together: raw.together,
        royal_when_last,
    })
}

/// The kinds whose last pieces are royal, each as its types and the most pieces of them
/// a side may have for them to be royal: an extinction rule's (`royal_when_last`,
/// `at_most` + 1; a rule of types counted alone gives one kind per type) and a piece's
/// own (`royal_while_at_most`).
pub(crate) fn pseudo_royal_kinds(rules: &Rules) -> Vec<(PieceSet, u32)> {
    let mut kinds = Vec::new();
    for (t, p) in rules.pieces.iter().enumerate() {
        if let Some(n) = p.royal_while_at_most {
            kinds.push((PieceSet::from_iter([PieceType::new(t as u8)]), u32::from(n)));
        }
    }
    for rule in rules.end.extinction.iter().filter(|r| r.royal_when_last) {
        let Some(types) = rule.of else { continue };
        let last = u32::from(rule.at_most) + 1;
        if rule.together {
            kinds.push((types, last));
        } else {
            kinds.extend(types.iter().map(|t| (PieceSet::from_iter([t]), last)));
        }
    }
    kinds
}

/// The rule `army_captured = "<verdict>"` stands for.
fn army_captured(verdict: Verdict, include_hand: bool) -> Extinction {
    Extinction { of: None, at_most: 0, opponent_at_least: 0, reply: false, verdict, include_hand, together: false, royal_when_last: false }
}

impl<B: Bitboard> Pos<B> {
    /// The first extinction rule that ends the game. The side not to move is looked at
    /// first (its loss came with the last move), as Fairy-Stockfish does.
    pub(crate) fn extinct(&self) -> Option<Outcome> {
        let end = &self.t.rules.end;
        // Asked at every node: most positions leave both sides more of every rule's
        // pieces on the board than it allows, which one count per rule and side tells.
        if end.army_captured.is_none() && end.extinction.iter().all(|rule| self.beyond_extinction(rule)) {
            return None;
        }
        self.extinct_by_rule()
    }

    /// Whether both sides have more of `rule`'s pieces on the board than it allows (the
    /// pieces in hand only add to them, its other conditions only narrow it): then it
    /// does not end the game.
    #[inline]
    fn beyond_extinction(&self, rule: &Extinction) -> bool {
        let most = u32::from(rule.at_most);
        // (A rule of none left, the most common, asks for one piece: no count.)
        let more = |pieces: B| if most == 0 { pieces.any() } else { pieces.count() > most };
        Color::BOTH.into_iter().all(|c| {
            let side = self.board.by_color[c];
            match rule.of {
                None => more(side),
                Some(types) if rule.together => more(self.of_types(types) & side),
                Some(types) => types.iter().all(|t| more(self.board.by_type[t] & side)),
            }
        })
    }

    /// [`Pos::extinct`], each rule counted in full (out of line).
    #[inline(never)]
    fn extinct_by_rule(&self) -> Option<Outcome> {
        let us = self.turn;
        let end = &self.t.rules.end;
        let army = end.army_captured.map(|v| army_captured(v, end.army_includes_hand));
        for rule in army.iter().chain(&end.extinction) {
            for c in [us.opponent(), us] {
                let reply = u32::from(rule.reply && c == us);
                let gone = |types: Option<PieceSet>| {
                    self.count_of(c, types, rule.include_hand) <= u32::from(rule.at_most)
                        && self.count_of(c.opponent(), types, rule.include_hand) >= u32::from(rule.opponent_at_least) + reply
                };
                let extinct = match rule.of {
                    None => gone(None),
                    Some(types) if rule.together => gone(Some(types)),
                    Some(types) => types.iter().any(|t| gone(Some(PieceSet::from_iter([t])))),
                };
                if extinct {
                    let reason = if rule.of.is_none() && rule.at_most == 0 { EndReason::ArmyCaptured } else { EndReason::Extinction };
                    return Some(Outcome::for_side(rule.verdict, c, reason));
                }
            }
        }
        None
    }

    /// The pieces of `c` that are royal by being the last of their kind (on the board,
    /// as Fairy-Stockfish counts them).
    #[inline(never)]
    pub(crate) fn pseudo_royals(&self, c: Color) -> B {
        let mut royal = B::EMPTY;
        for &(types, last) in &self.t.pseudo_royal_kinds {
            let pieces = self.of_types(types) & self.board.by_color[c];
            if pieces.count() <= last {
                royal |= pieces;
            }
        }
        royal
    }

    /// How many pieces of `types` (all, if `None`) `c` has on the board, and in hand if
    /// `hand`.
    fn count_of(&self, c: Color, types: Option<PieceSet>, hand: bool) -> u32 {
        let board = match types {
            None => self.board.by_color[c],
            Some(set) => self.of_types(set) & self.board.by_color[c],
        };
        let in_hand = &self.hands[c];
        // (The whole hand, slots past the variant's types too (always empty), summed at
        // once: this runs at every node.)
        let held: u32 = match (hand, types) {
            (false, _) => 0,
            (true, None) => in_hand.iter().map(|&n| u32::from(n)).sum(),
            (true, Some(set)) => set.iter().filter_map(|t| in_hand.get(t.index())).map(|&n| u32::from(n)).sum(),
        };
        board.count() + held
    }
}

//! The end rules (the `[end]` table, its schema and compile step, and the verdicts):
//! checkmate, stalemate, capture of the whole army, automatic repetition and move-rule
//! draws (`claims.rs`, which also owns what a player may claim) and dead positions by
//! material, in that order of precedence; a rule module's ending comes before all of them.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::{EndRules, InsufficientMaterial, PieceDef, ResetEvent, Verdict};
use crate::ruleset::context::{Context, RawVerdict};
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, Color, PieceType};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEnd {
    #[serde(default = "loss")]
    checkmate: RawVerdict,
    #[serde(default = "draw")]
    stalemate: RawVerdict,
    repetition: Option<Spanned<super::claims::RawThreshold>>,
    #[serde(default)]
    repetition_verdict: RawSideVerdict,
    move_rule: Option<Spanned<super::claims::RawThreshold>>,
    #[serde(default)]
    move_rule_reset: Vec<Spanned<String>>,
    move_rule_checks_counted: Option<u16>,
    insufficient_material: Option<RawInsufficient>,
    army_captured: Option<RawVerdict>,
    #[serde(default = "yes")]
    army_includes_hand: bool,
    #[serde(default)]
    extinction: Vec<super::extinction::RawExtinction>,
    region_win: Option<super::region_win::RawRegionWin>,
    connect: Option<Spanned<super::connect::RawConnect>>,
    perpetual_check: Option<RawVerdict>,
    perpetual_chase: Option<super::perpetual::RawChase>,
    perpetual_attack: Option<super::perpetual::RawAttack>,
    counting: Option<super::counting::RawCounting>,
    mate_rule: Option<super::mate_rule::RawMateRule>,
    #[serde(default)]
    bikjang: bool,
    material_count: Option<super::material_count::RawMaterialCount>,
    #[serde(default)]
    full_board: bool,
    #[serde(default)]
    stalemate_by_count: bool,
    shuttling: Option<RawVerdict>,
    forced_promotion: Option<RawVerdict>,
    checks: Option<Spanned<u16>>,
    /// Compiled with the castles (`features/castling.rs`).
    #[serde(default)]
    pub(crate) castling_wins: Vec<Spanned<String>>,
}

/// A verdict for the side to move, the same for both (`"loss"`) or by its colour
/// (`{ white = "loss", black = "win" }`: Minishogi's repetition loses for White,
/// whoever is to move).
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RawSideVerdict {
    Both(RawVerdict),
    Each { white: RawVerdict, black: RawVerdict },
}

impl Default for RawSideVerdict {
    fn default() -> Self {
        RawSideVerdict::Both(RawVerdict::Draw)
    }
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInsufficient {
    #[serde(default)]
    lone: Vec<Spanned<String>>,
    #[serde(default)]
    same_color: Vec<Spanned<String>>,
}

impl Default for RawEnd {
    fn default() -> Self {
        RawEnd {
            checkmate: RawVerdict::Loss,
            stalemate: RawVerdict::Draw,
            repetition: None,
            repetition_verdict: RawSideVerdict::default(),
            move_rule: None,
            move_rule_reset: Vec::new(),
            move_rule_checks_counted: None,
            insufficient_material: None,
            army_captured: None,
            army_includes_hand: true,
            extinction: Vec::new(),
            region_win: None,
            connect: None,
            perpetual_check: None,
            perpetual_chase: None,
            perpetual_attack: None,
            counting: None,
            mate_rule: None,
            bikjang: false,
            material_count: None,
            shuttling: None,
            forced_promotion: None,
            full_board: false,
            stalemate_by_count: false,
            checks: None,
            castling_wins: Vec::new(),
        }
    }
}

fn loss() -> RawVerdict {
    RawVerdict::Loss
}

fn draw() -> RawVerdict {
    RawVerdict::Draw
}

/// The longest move rule: twice it, in plies, must fit the halfmove clock (`u16`).
const MAX_MOVE_RULE: u64 = u16::MAX as u64 / 2;

/// Compiles the `[end]` table.
pub(crate) fn compile(end: &RawEnd, cx: &Context, pieces: &[PieceDef]) -> Result<EndRules, RulesetError> {
    use super::claims::compile as threshold;
    let repetition = threshold(end.repetition.as_ref(), "end.repetition", 2, u16::MAX as u64, "-fold repetition", cx)?;
    let move_rule = threshold(end.move_rule.as_ref(), "end.move_rule", 1, MAX_MOVE_RULE, " moves", cx)?;
    let mut resets = Vec::new();
    let mut reset_by = Vec::new();
    for s in &end.move_rule_reset {
        if let Some((event, _)) = ResetEvent::ALL.iter().find(|(_, n)| n == s.get_ref()) {
            resets.push(*event);
        } else {
            reset_by.push(cx.type_of(s, "end.move_rule_reset").map_err(|mut e| {
                let events: Vec<&str> = ResetEvent::ALL.iter().map(|(_, n)| *n).collect();
                e.message = format!(
                    "`{}` is neither an event ({}) nor a piece of this variant (pieces: {})",
                    s.get_ref(),
                    events.join(", "),
                    cx.piece_list()
                );
                e
            })?);
        }
    }
    let insufficient_material = match &end.insufficient_material {
        None => None,
        Some(im) => {
            let lone = cx.types_of(&im.lone, "end.insufficient_material.lone")?;
            let same_color = cx.types_of(&im.same_color, "end.insufficient_material.same_color")?;
            Some(InsufficientMaterial { lone, same_color })
        }
    };

    let extinction = end
        .extinction
        .iter()
        .enumerate()
        .map(|(i, raw)| super::extinction::compile(raw, cx, &format!("end.extinction[{i}]")))
        .collect::<Result<_, _>>()?;
    Ok(EndRules {
        checkmate: end.checkmate.into(),
        stalemate: end.stalemate.into(),
        repetition,
        repetition_verdict: match end.repetition_verdict {
            RawSideVerdict::Both(v) => ByColor::both(v.into()),
            RawSideVerdict::Each { white, black } => ByColor::new(white.into(), black.into()),
        },
        move_rule,
        move_rule_resets: resets,
        move_rule_reset_by: reset_by,
        move_rule_checks_counted: end.move_rule_checks_counted.filter(|&n| n != 0),
        insufficient_material,
        army_captured: end.army_captured.map(Verdict::from),
        army_includes_hand: end.army_includes_hand,
        extinction,
        region_win: end.region_win.as_ref().map(|r| super::region_win::compile(r, cx)).transpose()?,
        connect: end.connect.as_ref().map(|c| super::connect::compile(c.get_ref(), c.span(), cx)).transpose()?,
        perpetual: super::perpetual::compile(end.perpetual_check, end.perpetual_chase.as_ref(), end.perpetual_attack.as_ref(), cx)?,
        counting: end.counting.as_ref().map(|c| super::counting::compile(c, cx, pieces)).transpose()?,
        mate_rule: end.mate_rule.as_ref().map(|m| super::mate_rule::compile(m, cx)).transpose()?,
        bikjang: end.bikjang,
        material_count: end.material_count.as_ref().map(|m| super::material_count::compile_count(m, cx, pieces.len())).transpose()?,
        full_board: end.full_board,
        castling_wins: 0,
        stalemate_by_count: end.stalemate_by_count,
        shuttling: end.shuttling.map(Verdict::from),
        forced_promotion: end.forced_promotion.map(Verdict::from),
        checks: match &end.checks {
            Some(n) if *n.get_ref() == 0 => return Err(cx.r.span(n, "end.checks", "must be at least 1 (the check that wins)")),
            n => n.as_ref().map(|n| *n.get_ref()),
        },
    })
}

impl<B: Bitboard> Pos<B> {
    /// The game's result, if the position ends it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(|| self.count_moves())
    }

    /// [`Pos::outcome`], asking `legal` for the number of legal moves only where it
    /// matters: a caller that has generated them already passes their count.
    pub fn outcome_given(&self, legal: impl FnOnce() -> u64) -> Option<Outcome> {
        if self.status.part != 0 {
            // The end rules judge whole turns (`features/turns.rs`), but a series may
            // stall with no move left (`features/series.rs`).
            return self.stalled_mid_turn().then(|| self.stalemate_outcome());
        }
        if let Some(o) = self.ended_by_rule() {
            return Some(o);
        }
        if legal() == 0 {
            return Some(if self.is_check() { self.checkmate_outcome() } else { self.stalemate_outcome() });
        }
        if let Some(o) = self.automatic_draw() {
            return Some(o);
        }
        if self.insufficient_material() {
            return Some(Outcome { winner: None, reason: EndReason::InsufficientMaterial });
        }
        // A count run out is a claim (`Pos::claims`), not an end by itself.
        None
    }

    /// The end of the game by a rule that leaves the side to move no moves at all: a
    /// rule module's ending, the capture of the whole army (or extinction), a goal
    /// region reached, a connection made, two passes, bikjang, a full board. (Checkmate and stalemate
    /// follow from having no moves; repetition and the move rule leave moves on the
    /// board for a game that goes on past them.) The generator asks only where the
    /// tables say some rule may end the game; the check count, asked at every node of a
    /// check-counting variant, is told in line, the rest out of line.
    #[inline]
    pub(crate) fn ended_by_rule(&self) -> Option<Outcome> {
        if self.t.counts_checks {
            if let Some(o) = self.checks_won() {
                return Some(o);
            }
            if !self.t.ends_otherwise {
                return None;
            }
        }
        self.ended_otherwise()
    }

    /// [`Pos::ended_by_rule`]'s rules but the check count.
    #[inline(never)]
    fn ended_otherwise(&self) -> Option<Outcome> {
        let t = &*self.t;
        // The fewest pieces a side has, counted once for the modules that ask only near
        // the end (`Hooks::outcome_at_most`).
        let mut fewest = None;
        for &i in &t.modules.with_outcome {
            if let Some(most) = t.modules.hooks[i].outcome_at_most {
                let fewest =
                    *fewest.get_or_insert_with(|| self.board.by_color[Color::White].count().min(self.board.by_color[Color::Black].count()));
                if fewest > most {
                    continue;
                }
            }
            if let Some(o) = self.module_outcome(i) {
                return Some(o);
            }
        }
        // A variant whose only ending rules are modules pays nothing more.
        if !t.ends_on_board {
            return None;
        }
        self.ended_on_board()
    }

    /// Module `i`'s ending, if it ends the game (out of line: the view it is shown
    /// takes a large frame, which the kernel's own tests above do without).
    #[inline(never)]
    fn module_outcome(&self, i: usize) -> Option<Outcome> {
        self.t.modules.all[i].outcome(&self.view(i))
    }

    /// [`Pos::ended_by_rule`]'s rules of the kernel (not the modules').
    fn ended_on_board(&self) -> Option<Outcome> {
        // Fairy-Stockfish's order (`Position::is_immediate_game_end`): extinction, the
        // goal region and connections before two passes, bikjang and a full board.
        if let Some(o) = self.extinct().or_else(|| self.region_won()).or_else(|| self.castle_won()).or_else(|| self.connected()) {
            return Some(o);
        }
        if self.t.passes {
            if let Some(o) = self.passed_twice() {
                return Some(o);
            }
        }
        if self.t.rules.end.bikjang {
            if let Some(o) = self.bikjang_end() {
                return Some(o);
            }
        }
        if self.t.rules.end.full_board {
            if let Some(o) = self.full_board_end() {
                return Some(o);
            }
        }
        None
    }

    /// Whether the material on the board is one of the ruleset's dead cases.
    pub fn insufficient_material(&self) -> bool {
        let t = &*self.t;
        let Some(im) = &t.rules.end.insufficient_material else { return false };
        // Material still to come: pieces in hand, or coins enough to buy or upgrade.
        if self.hands.iter().any(|(_, h)| h.iter().any(|&n| n > 0)) {
            return false;
        }
        if Color::BOTH.into_iter().any(|c| self.may_buy(c)) {
            return false;
        }
        let occupied = self.with_pieces();
        let royals = self.royals(Color::White) | self.royals(Color::Black);
        let others = occupied & !royals;
        let of_types = |types: &[PieceType]| self.of_types(types.iter().copied().collect());
        if others.is_single() && of_types(&im.lone).has(others.lsb()) {
            return true;
        }
        // Every other piece of a same-colour type, all on one colour (none at all: bare royals).
        // Round a cylinder of an odd number of files no piece keeps to one colour.
        let g = t.geometry;
        let bound = !(g.wrap_files && g.board_files() % 2 == 1);
        if (others & !of_types(&im.same_color)).any() || (others.any() && !bound) {
            return false;
        }
        let mut colours = others.squares().map(|sq| t.rules.is_light(sq));
        match colours.next() {
            None => true,
            Some(first) => colours.all(|c| c == first),
        }
    }
}

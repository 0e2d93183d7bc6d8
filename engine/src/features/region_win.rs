//! Region win: a side that brings a piece of given types onto its goal squares wins
//! (King of the Hill, Racing Kings, Breakthrough, Jeson Mor, Dobutsu's "try").
//! Fairy-Stockfish's `flagPiece`, `flagRegion`, `flagPieceCount`, `flagMove` and
//! `flagPieceSafe`, with its exact verdicts (`Position::is_immediate_game_end`), since
//! they decide which positions have no moves and so the perft counts:
//!
//! - with neither `reply` nor `safe`, reaching the goal wins at once;
//! - with `reply`, the opponent gets one more move: the win stands if the piece is still
//!   there on the reacher's next turn. When the goal piece is royal (it cannot be taken
//!   off the goal), the opponent's move can only matter if it reaches its own goal too:
//!   the game ends at once unless the opponent is Black (the second player, who may
//!   equalise) and has a legal move of its goal piece onto its goal, which draws;
//! - with `safe`, a piece on the goal counts only while not attacked (when just enough
//!   are there); with `safe` alone both sides there is a draw;
//! - with `full`, one goal piece there is enough once every goal square is occupied, by
//!   any piece (Fairy-Stockfish's `flagPieceBlockedWin`: Kono).
//!
//! The `[end.region_win]` table: its schema and compile step are here, and the verdict.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::movegen::with_scratch;
use crate::moves::MoveKind;
use crate::outcome::{EndReason, Outcome};
use crate::position::Pos;
use crate::rules::RegionWin;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::types::{ByColor, Color};

/// `piece = "king"`, or several: `piece = ["pawn", "king"]` (any of them counts).
#[derive(Deserialize)]
#[serde(untagged)]
enum RawGoalPieces {
    One(String),
    Several(Vec<String>),
}

/// `[end.region_win]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRegionWin {
    piece: Spanned<RawGoalPieces>,
    /// White's goal: squares (`e5`) or whole ranks (`rank 8`); absent: none (Fox and
    /// Hounds' hounds have no goal).
    white: Option<Spanned<Vec<Spanned<String>>>>,
    /// Black's goal, the same way (absolute squares: not mirrored).
    black: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default = "one")]
    count: Spanned<u8>,
    #[serde(default)]
    reply: bool,
    #[serde(default)]
    safe: bool,
    #[serde(default)]
    full: bool,
}

fn one() -> Spanned<u8> {
    Spanned::new(0..0, 1)
}

/// Compiles `[end.region_win]`.
pub(crate) fn compile(raw: &RawRegionWin, cx: &Context) -> Result<RegionWin, RulesetError> {
    const KEY: &str = "end.region_win";
    // (The names carry the table entry's span: an untagged list keeps no spans of its own.)
    let at = |name: &String| Spanned::new(raw.piece.span(), name.clone());
    let names: Vec<Spanned<String>> = match raw.piece.get_ref() {
        RawGoalPieces::One(name) => vec![at(name)],
        RawGoalPieces::Several(names) => names.iter().map(at).collect(),
    };
    if names.is_empty() {
        return Err(cx.r.span(&raw.piece, format!("{KEY}.piece"), "name at least one piece"));
    }
    let pieces = cx.types_of(&names, &format!("{KEY}.piece"))?.into_iter().collect();
    let goal = |list: &Option<Spanned<Vec<Spanned<String>>>>, side: &str| {
        let Some(list) = list else { return Ok(Vec::new()) };
        let squares = cx.squares(list.get_ref(), &format!("{KEY}.{side}"))?;
        if squares.is_empty() {
            return Err(cx.r.span(
                list,
                format!("{KEY}.{side}"),
                "name at least one square (`e5`) or rank (`rank 8`), or leave the side out",
            ));
        }
        Ok(squares)
    };
    let squares = ByColor::new(goal(&raw.white, "white")?, goal(&raw.black, "black")?);
    if squares[Color::White].is_empty() && squares[Color::Black].is_empty() {
        return Err(cx.r.span(&raw.piece, KEY.to_string(), "give a goal (`white`, `black`) to at least one side"));
    }
    if *raw.count.get_ref() == 0 {
        return Err(cx.r.span(&raw.count, format!("{KEY}.count"), "must be at least 1"));
    }
    Ok(RegionWin { pieces, squares, count: *raw.count.get_ref(), reply: raw.reply, safe: raw.safe, full: raw.full })
}

impl<B: Bitboard> Pos<B> {
    /// The game's end by the region rule, if it ends it now.
    pub(crate) fn region_won(&self) -> Option<Outcome> {
        let rule = self.t.rules.end.region_win.as_ref()?;
        let us = self.turn;
        let them = us.opponent();
        // Fairy-Stockfish's special cases are for its king as the one goal piece.
        let royal = rule.pieces.iter().all(|t| self.t.rules.piece(t).royal);
        let won = |c| Some(Outcome { winner: Some(c), reason: EndReason::RegionReached });
        // The reacher's win after the opponent's reply.
        if (rule.reply || rule.safe) && self.goal_reached(rule, us) {
            let both_draw = (rule.reply && us == Color::White && royal) || (rule.safe && !rule.reply);
            if both_draw && self.goal_reached(rule, them) {
                return Some(Outcome { winner: None, reason: EndReason::RegionReached });
            }
            return won(us);
        }
        // The opponent reached its goal with the last move, and no reply can change that.
        if (!rule.reply || rule.safe || royal) && self.goal_reached(rule, them) {
            let may_equalise = rule.reply && royal && us == Color::Black && !self.is_check();
            if !(may_equalise && self.can_reach_goal(rule)) {
                return won(them);
            }
        }
        None
    }

    /// Whether `c` has enough goal pieces on its goal (not attacked, where that counts).
    fn goal_reached(&self, rule: &RegionWin, c: Color) -> bool {
        let there = self.t.goals[c] & self.of_types(rule.pieces) & self.board.by_color[c];
        let n = there.count();
        // With `full`, fewer than `count` do once no goal square is left empty.
        let full = rule.full && (self.t.goals[c] & !self.occupied()).is_empty();
        if n == 0 || (n < u32::from(rule.count) && !full) {
            return false;
        }
        // Just enough there, and the opponent to move: each must be safe.
        if rule.safe && (!rule.reply || c != self.turn) && n == u32::from(rule.count) {
            let by = c.opponent();
            let (occ, attackers) = (self.occupied(), self.board.by_color[by]);
            return !there.squares().any(|sq| self.attacked(sq, by, occ, attackers));
        }
        true
    }

    /// Whether the side to move has a legal move of its goal piece onto its goal.
    fn can_reach_goal(&self, rule: &RegionWin) -> bool {
        let goal = self.t.goals[self.turn];
        with_scratch(|moves| {
            self.generate_moves(moves, &self.safety());
            moves.iter().any(|&m| {
                m.kind != MoveKind::Drop
                    && goal.has(m.to)
                    && self.piece_at(m.from).is_some_and(|p| rule.pieces.contains(p.kind))
                    && self.check_allowed(m)
            })
        })
    }
}

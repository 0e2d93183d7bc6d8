//! Moves along marked lines (Fairy-Stockfish's `diagonalLines`: Janggi's palace
//! diagonals): a piece standing on one of the squares also has some moves, which must
//! end on one of the squares.
//!
//! Key of `[pieces.<name>]`:
//! * `line_moves = { squares = ["d1", "f1", "e2", …], betza = "B" }`: from those squares
//!   (absolute, the same for both sides) it also moves by `betza`, ending on those
//!   squares only. Leaps are folded into the move and attack tables; riders and
//!   hoppers are unrolled here into leaps with a path that must be empty (and, for a
//!   hopper, one square that must hold a piece: the screen), so the generator treats
//!   them as lame leaps and pays nothing per move for them.
//!
//! Fairy-Stockfish gives these moves to the pieces that move as a wazir (as a ferz:
//! Janggi's general and advisors), the soldier (a forward ferz step), the chariot (a
//! bishop, cut at its first piece) and the cannon (a diagonal hop); Janggi's ruleset
//! writes each.

use serde::Deserialize;
use toml::Spanned;

use crate::betza::{self, Direction, Hop};
use crate::rules::LineMoves;
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;

/// `line_moves` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLineMoves {
    squares: Spanned<Vec<Spanned<String>>>,
    betza: Spanned<String>,
}

/// Compiles `line_moves` at `key`: the squares, and the moves unrolled into leaps no
/// longer than the board allows.
pub(crate) fn compile(raw: &RawLineMoves, cx: &Context, key: &str) -> Result<LineMoves, RulesetError> {
    let squares = cx.squares(raw.squares.get_ref(), &format!("{key}.squares"))?;
    if squares.len() < 2 {
        return Err(cx.r.span(&raw.squares, format!("{key}.squares"), "a line needs at least two squares".to_string()));
    }
    let text = raw.betza.get_ref();
    let bad = |offset: usize, message: String| cx.r.at(raw.betza.span().start + 1 + offset, format!("{key}.betza"), message);
    let parsed = betza::parse(text).map_err(|e| bad(e.offset, format!("bad Betza \"{text}\": {e}")))?;
    if parsed.iter().any(|d| d.initial_only || d.hop == Hop::Grasshopper || d.locust.is_some()) {
        return Err(bad(
            0,
            format!("\"{text}\": line moves may be leaps, riders or cannon hops (`p`), not `i` or `g` moves or moves that take on the way"),
        ));
    }
    let longest = cx.g.files.max(cx.g.ranks);
    // Only the leaps from one square of the line to another, for either side's orientation.
    let joins = |d: &Direction| {
        squares.iter().any(|&sq| {
            [1, -1].iter().any(|&sign| cx.g.offset(sq, d.dx as i32 * sign, d.dy as i32 * sign).is_some_and(|to| squares.contains(&to)))
        })
    };
    let directions = unroll(&parsed, longest).into_iter().filter(joins).collect();
    Ok(LineMoves { squares, betza: text.clone(), directions })
}

/// Riders and cannon hops as leaps of every length up to `longest` steps: a rider's path
/// is the squares before its target; a hop's is the same but for one, its screen.
pub(crate) fn unroll(directions: &[Direction], longest: u8) -> Vec<Direction> {
    let mut out = Vec::new();
    for d in directions {
        if d.range == 1 && d.hop == Hop::None {
            out.push(d.clone());
            continue;
        }
        let reach = if d.range == 0 { longest } else { d.range.min(longest) };
        let at = |k: u8| (d.dx * k as i8, d.dy * k as i8);
        let leap = |k: u8, path: Vec<(i8, i8)>, hurdles: Vec<(i8, i8)>| {
            let (dx, dy) = at(k);
            Direction { dx, dy, range: 1, mode: d.mode, initial_only: false, path, hop: Hop::None, hurdles, locust: None }
        };
        for k in 1..=reach {
            match d.hop {
                Hop::None => out.push(leap(k, (1..k).map(at).collect(), Vec::new())),
                _ => {
                    for screen in 1..k {
                        let path = (1..k).filter(|&i| i != screen).map(at).collect();
                        out.push(leap(k, path, vec![at(screen)]));
                    }
                }
            }
        }
    }
    out
}

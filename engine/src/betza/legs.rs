//! XBetza's multi-leg moves: legs joined by `a` ("again"), e.g. `mafsW` (the Xiangqi
//! horse: a wazir step to an empty square, then a ferz step outward) or `mafsmafW` (the
//! Janggi elephant: a wazir step, then two ferz steps outward, both squares empty).
//!
//! H.G. Muller's XBetza (chessvariants.com, "Betza notation (extended)"): the groups of
//! modifiers of each leg are joined by `a`; the atom, written once at the end, is the
//! step of every leg. The first leg's direction letters are read as usual; a later
//! leg's are relative to the leg before it, on the ring of eight king directions (W and
//! F being one ring, so that a 45° turn makes a wazir step a ferz step):
//! `f` straight on, `fr`/`fl`/`fs` 45° right/left/either, `r`/`l`/`s` 90°, `br`/`bl`/`bs`
//! 135°, `b` straight back, `v` = `f` or `b`. A leg's mode: `m` its square must be empty,
//! `p` it must hold a piece (hopped over); the last leg's `m`/`c` are the move's own.
//!
//! Every leg being one step, a multi-leg move is a leap with a condition on the squares
//! it passes: those that must be empty (the lame leaper's `path`) and those that must be
//! occupied (`hurdles`); it costs the move tables nothing more than a lame leap.
//! A two-leg move may also take on its first square and go on (`caK`: a locust capture;
//! `mc` there: take or pass through), and its last leg may come back to the origin
//! (`cabK`, igui: take without moving; `mabK`, jitto: out and back, a pass): such a move
//! is a [`Locust`] (Chu shogi's lion, eagle and falcon; ARCHITECTURE's "Moves that
//! capture on the way"). A later leg without direction letters goes every way, as in
//! XBetza. Refused, with a reason: riders in legs (bent riders), a take on the way in a
//! move of more than two legs (at most one piece is taken on the way, as in the
//! Interactive Diagram), legs that come back to a square already visited but the
//! origin, and atoms other than W, F and K.

use super::{error, expand, parts, refuse_paired_letters, Atom, BetzaError, Class, Direction, Hop, Locust, Mode};

/// The eight king directions, clockwise from forward: a leg turned by `k` eighths of a
/// turn from the direction at index `i` goes `RING[(i + k) % 8]`.
const RING: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// What a leg before the last asks of the square it ends on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// `m`: the square must be empty.
    Empty,
    /// `p`: the square must hold a piece, which the move hops over.
    Hurdle,
    /// `c`: the square must hold an enemy piece, which the move takes on its way.
    Take,
    /// `mc`: either of the two above, `m` and `c`: two moves.
    EmptyOrTake,
}

/// Expands a multi-leg move, its legs' modifier offsets in `legs` (the last being the final
/// leg's), into its leaps, appended to `out`.
pub(super) fn expand_legs(
    text: &str,
    legs: &[Vec<usize>],
    atom: &Atom,
    range: u8,
    span: (usize, usize),
    out: &mut Vec<Direction>,
) -> Result<(), BetzaError> {
    let bytes = text.as_bytes();
    let fragment = &text[span.0..span.1];
    if range != 1 {
        return Err(error(
            span.0,
            fragment,
            "multi-leg moves (`a`) with riding legs (bent riders) are not supported; every leg is one step",
        ));
    }
    if !matches!(atom.letter, b'W' | b'F' | b'K') {
        return Err(error(span.0, fragment, "multi-leg moves (`a`) are supported on W, F and K legs only (one king step per leg)"));
    }
    let last = legs.len() - 1;
    let mut stops = Vec::with_capacity(last);
    let mut turns = Vec::with_capacity(last);
    let mut initial = false;
    let (mut only_move, mut only_capture) = (false, false);
    for (k, leg) in legs.iter().enumerate() {
        let (mut m, mut c, mut p) = (false, false, false);
        for &at in leg {
            match bytes[at] {
                b'm' => m = true,
                b'c' => c = true,
                b'p' => p = true,
                b'i' => initial = true,
                b'n' | b'g' => {
                    return Err(error(at, &text[at..=at], "`n` and `g` have no meaning inside a multi-leg move"));
                }
                _ => {}
            }
        }
        if k == last {
            if p {
                return Err(error(span.0, fragment, "the last leg cannot hop (`p`); hop on a leg before it"));
            }
            (only_move, only_capture) = (m, c);
            if k > 0 {
                turns.push(relative_turns(text, leg, atom.letter));
            }
            continue;
        }
        if c && legs.len() != 2 {
            return Err(error(
                span.0,
                fragment,
                "a take on the way (`c` on a leg before the last) is supported in two-leg moves only: \
                 a move takes at most one piece on its way",
            ));
        }
        stops.push(match (m, c, p) {
            (true, false, false) => Stop::Empty,
            (false, false, true) => Stop::Hurdle,
            (false, true, false) => Stop::Take,
            (true, true, false) => Stop::EmptyOrTake,
            _ => {
                return Err(error(
                    span.0,
                    fragment,
                    "each leg before the last needs a mode: `m` (an empty square), `c` (take an enemy \
                     and go on), `mc` (either) or `p` (hop over a piece)",
                ));
            }
        });
        if k > 0 {
            turns.push(relative_turns(text, leg, atom.letter));
        }
    }
    let mode = match (only_move, only_capture) {
        (true, false) => Mode::Move,
        (false, true) => Mode::Capture,
        _ => Mode::Both,
    };

    // The first leg's directions, read as a one-leg move of the atom.
    let first_mods: Vec<usize> = legs[0].iter().copied().filter(|&o| super::dir_index(bytes[o]).is_some()).collect();
    if atom.class == Class::Compound {
        refuse_paired_letters(text, &first_mods)?;
    }
    let mut first = Vec::new();
    for part in parts(atom) {
        expand(text, &first_mods, part, 1, span, &mut first)?;
    }

    for d in &first {
        let start = RING.iter().position(|&r| r == (d.dx, d.dy)).unwrap_or(0);
        walk(start, &turns, &stops, (mode, initial), (0, 0), &mut Vec::new(), out).map_err(|reason| error(span.0, fragment, reason))?;
    }
    Ok(())
}

/// Walks every choice of turns from `heading` (a `RING` index), leg after leg, pushing
/// one leap per complete walk. `visited` holds the squares of the legs taken so far.
fn walk(
    heading: usize,
    turns: &[u8],
    stops: &[Stop],
    how: (Mode, bool),
    at: (i8, i8),
    visited: &mut Vec<(i8, i8)>,
    out: &mut Vec<Direction>,
) -> Result<(), &'static str> {
    let (sx, sy) = RING[heading];
    let here = (at.0 + sx, at.1 + sy);
    // Only the last leg of a two-leg move may come back to the origin (igui, jitto).
    let returns = here == (0, 0) && turns.is_empty() && stops.len() == 1 && stops[0] != Stop::Hurdle;
    if returns && how.0 == Mode::Capture {
        return Err("a last leg back to the origin cannot take (`c`): the origin is empty then");
    }
    if (here == (0, 0) && !returns) || visited.contains(&here) {
        return Err("a leg that comes back to a square already visited is not supported (but for the last leg \
                    of a two-leg move, back to the origin: the lion's igui)");
    }
    let Some((&turn_set, later)) = turns.split_first() else {
        leaves(here, stops, how, visited, out);
        return Ok(());
    };
    visited.push(here);
    for turn in 0..8 {
        if turn_set & (1 << turn) != 0 {
            walk((heading + turn) % 8, later, stops, how, here, visited, out)?;
        }
    }
    visited.pop();
    Ok(())
}

/// The moves of one complete walk ending on `here`, its earlier legs on `visited`: a leap
/// with conditions on the squares passed, or, where the first leg takes or the walk comes
/// back to the origin, a [`Locust`] (both for an `mc` first leg).
fn leaves(here: (i8, i8), stops: &[Stop], (mode, initial_only): (Mode, bool), visited: &[(i8, i8)], out: &mut Vec<Direction>) {
    let leap = |mode, path, hurdles, locust| Direction {
        dx: here.0,
        dy: here.1,
        range: 1,
        mode,
        initial_only,
        path,
        hop: Hop::None,
        hurdles,
        locust,
    };
    if let [first @ (Stop::Take | Stop::EmptyOrTake)] = stops {
        // Coming back, the move ends on the square it left: empty then.
        let landing = if here == (0, 0) { Mode::Move } else { mode };
        out.push(leap(landing, Vec::new(), Vec::new(), Some(Locust { via: visited[0], takes: true })));
        if *first == Stop::Take {
            return;
        }
    }
    if here == (0, 0) {
        // Out to an empty square and back: a pass (jitto).
        out.push(leap(Mode::Move, Vec::new(), Vec::new(), Some(Locust { via: visited[0], takes: false })));
        return;
    }
    let (mut path, mut hurdles) = (Vec::new(), Vec::new());
    for (&sq, &stop) in visited.iter().zip(stops) {
        match stop {
            Stop::Hurdle => hurdles.push(sq),
            _ => path.push(sq),
        }
    }
    out.push(leap(mode, path, hurdles, None));
}

/// A later leg's direction letters as a set of turns (bit k: k eighths clockwise).
fn relative_turns(text: &str, leg: &[usize], atom: u8) -> u8 {
    let bytes = text.as_bytes();
    let letters: Vec<u8> = leg.iter().map(|&o| bytes[o]).filter(|&c| super::dir_index(c).is_some()).collect();
    if letters.is_empty() {
        // No direction letters: every way of the atom, back included (XBetza's default):
        // a king's eight, a wazir's or ferz's four (straight on, right, back, left).
        return if atom == b'K' { 0xFF } else { 0b0101_0101 };
    }
    let single = |c: u8| match c {
        b'f' => 0b0000_0001,
        b'r' => 0b0000_0100,
        b'b' => 0b0001_0000,
        b'l' => 0b0100_0000,
        b's' => 0b0100_0100,
        _ => 0b0001_0001, // v
    };
    let mut set = 0u8;
    let mut k = 0;
    while k < letters.len() {
        let (c, next) = (letters[k], letters.get(k + 1).copied());
        let pair = match (c, next) {
            (b'f', Some(b'r')) | (b'r', Some(b'f')) => Some(0b0000_0010),
            (b'f', Some(b'l')) | (b'l', Some(b'f')) => Some(0b1000_0000),
            (b'f', Some(b's')) => Some(0b1000_0010),
            (b'b', Some(b'r')) | (b'r', Some(b'b')) => Some(0b0000_1000),
            (b'b', Some(b'l')) | (b'l', Some(b'b')) => Some(0b0010_0000),
            (b'b', Some(b's')) => Some(0b0010_1000),
            (b'r', Some(b'v')) => Some(0b0000_1010),
            (b'l', Some(b'v')) => Some(0b1010_0000),
            _ => None,
        };
        match pair {
            Some(p) => {
                set |= p;
                k += 2;
            }
            None => {
                set |= single(c);
                // A doubled letter is the letter once.
                k += if next == Some(c) { 2 } else { 1 };
            }
        }
    }
    set
}

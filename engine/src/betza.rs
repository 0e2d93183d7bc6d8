//! Betza notation: a piece's movement written as atoms (W, F, N, …) with modifiers.
//!
//! [`parse`] turns a Betza string into the list of concrete directions the piece
//! may move in, in White's orientation (forward = +dy, right = +dx). Black's
//! directions are the same with dy negated; the caller does that.

/// Whether a direction may go to an empty square, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `m`: only to an empty square.
    Move,
    /// `c`: only onto an enemy piece.
    Capture,
    /// neither `m` nor `c`: either.
    Both,
}

/// How a rider treats the pieces in its way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hop {
    /// A plain rider: it stops at the first piece (capturing it if it may).
    #[default]
    None,
    /// `p`: it must jump exactly one piece (the screen) and then rides on, to any empty
    /// square beyond or onto the next piece (the xiangqi cannon's capture).
    Cannon,
    /// `g`: it must jump the first piece and lands on the square just beyond it.
    Grasshopper,
}

/// The first leg of a two-leg move that stops on a square and goes on from it (see
/// `betza/legs.rs`): XBetza's locust capture (`caK`: take on the first square, then step
/// on) and the legs that come back to the origin (`cabK`, igui: take without moving;
/// `mabK`, jitto: step out and back, a pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Locust {
    /// The first leg's square, relative to the origin.
    pub via: (i8, i8),
    /// Whether the via square must hold an enemy piece, which the move takes; else it
    /// must be empty (kept only for a move that comes back: any other is a lame leap).
    pub takes: bool,
}

/// One direction of one atom.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction {
    /// Files moved per step (+ = towards the h-file).
    pub dx: i8,
    /// Ranks moved per step (+ = forward for the mover).
    pub dy: i8,
    /// 1 for a leaper; 0 for an unlimited rider; n > 1 for a rider limited to n steps.
    pub range: u8,
    /// Whether it moves to empty squares, captures, or both.
    pub mode: Mode,
    /// `i`: only while the piece has never moved.
    pub initial_only: bool,
    /// For a lame (`n`) leaper: the squares, relative to the origin, that must be empty.
    /// Empty for jumping leapers and for riders.
    pub path: Vec<(i8, i8)>,
    /// For a rider: whether it hops over a piece (`p`, `g`) or stops at it.
    pub hop: Hop,
    /// For a multi-leg move with `p` legs (`mpafW`…): the squares, relative to the origin,
    /// that must be occupied (by any piece). Empty for every other move.
    pub hurdles: Vec<(i8, i8)>,
    /// For a move that stops on its first square and goes on ([`Locust`]): that square.
    /// The target (`dx`, `dy`) may then be the origin itself, `(0, 0)`.
    pub locust: Option<Locust>,
}

impl Direction {
    /// Whether the move depends on other squares than its target (a lame leap, a
    /// multi-leg move, a locust move): such a leap is not a plain table lookup.
    pub fn is_conditional(&self) -> bool {
        !self.path.is_empty() || !self.hurdles.is_empty() || self.locust.is_some()
    }
}

/// A Betza string that cannot be read: where, what, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset of the offending part in the input.
    pub offset: usize,
    /// The offending part itself.
    pub fragment: String,
    /// Why it was refused, as a sentence fragment ("unsupported modifier `p` (hopper)").
    pub reason: String,
}

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` at offset {}: {}", self.fragment, self.offset, self.reason)
    }
}

impl std::error::Error for BetzaError {}

mod legs;

/// Parses a Betza string into its directions (deduplicated, in a deterministic order).
///
/// Grammar: `move+` where `move = modifier* ATOM (ATOM | range)?`, a repeated atom letter
/// (`NN`) being an unlimited rider and `range` a decimal number 0..=255 (0 = unlimited).
/// Modifiers: directions `f b l r s v`, modes `m c`, `i` (initial move only), `n` (lame),
/// hoppers `p` (cannon) and `g` (grasshopper) on unlimited riders.
/// See the comments on the tables below for how direction letters are read per atom.
///
/// Dialect: XBoard's (its parser `MovesFromString` in moves.c), with these choices:
/// * `NN`, `WW`, … are unlimited riders (classic Betza, Fairy-Stockfish); XBoard's parser
///   would read the atom twice. `RR`, `BB`, `QQ`, `KK` and a range after a doubled atom
///   are errors.
/// * `K` is `WF` and `Q` is `RB` with every modifier applying to both parts, as in
///   Fairy-Stockfish and the README: `fK` = `fWfF` (the three forward steps). XBoard reads
///   `fK` as the single forward step instead. Paired letters (`fsK`, `flQ`) are errors:
///   the two programs read them differently, and neither reading is the W/F pair's.
/// * Modifiers may come in any order; XBoard wants `i`, directions, `m`, `c`, `n` and
///   silently drops letters out of that order.
/// * Anything not listed above (multi-leg `a`, `j`, `h`, `o`, `e`, grouping,
///   L/J, …), and spellings that XBoard and Fairy-Stockfish read differently, are errors.
#[allow(clippy::match_overlapping_arm)] // the letter arms come before the range of all letters: the overlap is the point
pub fn parse(text: &str) -> Result<Vec<Direction>, BetzaError> {
    if text.is_empty() {
        return Err(error(0, "", "empty Betza string"));
    }
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    // Byte offsets of the modifiers seen since the last atom. They are always contiguous:
    // anything else between them and the atom is either an atom or an error.
    let mut mods: Vec<usize> = Vec::new();
    // A multi-leg move (XBetza's `a`, "again"): the modifiers of the legs before the
    // last, and where the move starts.
    let mut legs: Vec<Vec<usize>> = Vec::new();
    let mut move_start: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'f' | b'b' | b'l' | b'r' | b's' | b'v' | b'm' | b'c' | b'i' | b'n' | b'p' | b'g' => {
                move_start.get_or_insert(i);
                mods.push(i);
                i += 1;
            }
            b'a' => {
                move_start.get_or_insert(i);
                legs.push(std::mem::take(&mut mods));
                i += 1;
            }
            // Every letter the arms above did not take (they come first: the overlap is the point).
            b'a'..=b'z' => return Err(error(i, &text[i..=i], &unsupported_modifier(c))),
            b'A'..=b'Z' => {
                let atom = match ATOMS.iter().find(|a| a.letter == c) {
                    Some(atom) => atom,
                    None => return Err(error(i, &text[i..=i], &unsupported_atom(c))),
                };
                let (range, end) = read_range(text, i, atom)?;
                let start = move_start.take().unwrap_or(i);
                if !legs.is_empty() {
                    legs.push(std::mem::take(&mut mods));
                    legs::expand_legs(text, &legs, atom, range, (start, end), &mut found)?;
                    legs.clear();
                    i = end;
                    continue;
                }
                if atom.class == Class::Compound {
                    refuse_paired_letters(text, &mods)?;
                }
                for part in parts(atom) {
                    expand(text, &mods, part, range, (start, end), &mut found)?;
                }
                mods.clear();
                i = end;
            }
            b'0'..=b'9' => {
                let end = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                return Err(error(i, &text[i..end], "range without an atom before it"));
            }
            _ => {
                // Any other character, reported whole (it may be non-ASCII). `i` is a char
                // boundary because every byte before it was ASCII.
                let ch = text[i..].chars().next().unwrap_or('?');
                let reason = match ch {
                    ' ' | '\t' | '\n' | '\r' => "whitespace is not allowed",
                    '(' | ')' => "grouping with parentheses is not supported",
                    '[' | ']' => "bracket (bent-rider) notation is not supported",
                    '-' | '+' | '?' | '!' => "chaining operators are not supported",
                    _ => "unexpected character",
                };
                return Err(error(i, &ch.to_string(), reason));
            }
        }
    }
    if let Some(start) = move_start {
        return Err(error(start, &text[start..], "modifiers without an atom after them"));
    }
    Ok(normalise(found))
}

/// How direction letters are read on an atom (XBoard's `symmetry[]` classes in moves.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// W, D, H, R: four directions; every letter is one direction, letters form a union.
    Orth,
    /// F, A, G, B: four directions; f/b/l/r name two diagonals, a perpendicular pair one.
    Diag,
    /// N, C, Z: eight directions; see the NARROW/WIDE tables.
    Oblique,
    /// K, Q: compounds, read as their orthogonal and diagonal parts (see [`parts`]).
    Compound,
}

struct Atom {
    letter: u8,
    /// The step as XBoard tabulates it (x sideways <= y forward); images via `ROT`.
    step: (i8, i8),
    class: Class,
    /// R, B and Q slide without a range written.
    rider: bool,
}

const fn atom(letter: u8, step: (i8, i8), class: Class, rider: bool) -> Atom {
    Atom { letter, step, class, rider }
}

const ATOMS: &[Atom] = &[
    atom(b'W', (0, 1), Class::Orth, false),
    atom(b'F', (1, 1), Class::Diag, false),
    atom(b'D', (0, 2), Class::Orth, false),
    atom(b'N', (1, 2), Class::Oblique, false),
    atom(b'A', (2, 2), Class::Diag, false),
    atom(b'H', (0, 3), Class::Orth, false),
    atom(b'C', (1, 3), Class::Oblique, false),
    atom(b'Z', (2, 3), Class::Oblique, false),
    atom(b'G', (3, 3), Class::Diag, false),
    atom(b'K', (0, 1), Class::Compound, false),
    atom(b'R', (0, 1), Class::Orth, true),
    atom(b'B', (1, 1), Class::Diag, true),
    atom(b'Q', (0, 1), Class::Compound, true),
];

/// The atoms a letter stands for: K is W and F, Q is R and B (a range written after K or Q
/// applies to both parts); every other atom stands for itself.
fn parts(atom: &Atom) -> &[Atom] {
    match atom.letter {
        b'K' => &ATOMS[0..2],
        b'Q' => &ATOMS[10..12],
        _ => std::slice::from_ref(atom),
    }
}

/// Bit k of a direction set is the step (x, y) turned by ROT[k] = [a, b, c, d]:
/// (a·x + b·y, c·x + d·y). For N = (1,2) the bits are, in order,
/// (1,2) (2,1) (2,-1) (1,-2) (-1,-2) (-2,-1) (-2,1) (-1,2): clockwise from forward-right.
/// Orthogonal atoms use the even bits (0x55), diagonal atoms the odd bits (0xAA).
/// Copied from XBoard's moves.c (`rot[][4]`) so that its direction masks can be used as is.
const ROT: [[i8; 4]; 8] =
    [[1, 0, 0, 1], [0, 1, 1, 0], [0, 1, -1, 0], [1, 0, 0, -1], [-1, 0, 0, -1], [0, -1, -1, 0], [0, -1, 1, 0], [-1, 0, 0, 1]];

// Direction masks, from XBoard's moves.c (`dirs1`..`dirs4`), for the letters f b l r s v.
// NARROW: the moves most in that direction (for N: f = (±1,2), s = (±2,±1)).
// WIDE: every move going that way at all (for N: f = the four forward moves).
// For XBoard's diagonal atoms the wide table has no entry for s and v, so they add nothing
// (and a lone `sF` falls back to all four); we use their documented meaning s = l+r,
// v = f+b instead, which is the same for `sF`/`vF` and differs only in odd mixes like `lsF`.
const NARROW: [u8; 6] = [0x81, 0x18, 0x60, 0x06, 0x66, 0x99];
const WIDE: [u8; 6] = [0xC3, 0x3C, 0xF0, 0x0F, 0xFF, 0xFF];

fn dir_index(c: u8) -> Option<usize> {
    b"fblrsv".iter().position(|&d| d == c)
}

/// XBoard reads two adjacent direction letters as one direction (the intersection) when the
/// first is f/b/l/r and the second is perpendicular to it: fl, fr, fs, lf, rb, lv, …
fn pairs(first: u8, second: u8) -> bool {
    match first {
        b'f' | b'b' => matches!(second, b'l' | b'r' | b's'),
        b'l' | b'r' => matches!(second, b'f' | b'b' | b'v'),
        _ => false,
    }
}

/// On K and Q a pair of direction letters (`fsK`) has no reading both programs share:
/// XBoard takes compass directions (`fsK` = the forward diagonals), Fairy-Stockfish applies
/// the pair to W and F alike (sideways steps and forward diagonals).
fn refuse_paired_letters(text: &str, mods: &[usize]) -> Result<(), BetzaError> {
    let bytes = text.as_bytes();
    for pair in mods.windows(2) {
        let (a, b) = (bytes[pair[0]], bytes[pair[1]]);
        if pairs(a, b) {
            let reason = "paired direction letters on K or Q are read differently by XBoard and \
                          Fairy-Stockfish; write the parts apart (e.g. `sWfF`)";
            return Err(error(pair[0], &text[pair[0]..=pair[1]], reason));
        }
    }
    Ok(())
}

/// One direction letter, or a pair read as one direction.
enum Dir {
    One(usize),
    Pair(usize, usize),
}

impl Dir {
    fn mask(&self, class: Class) -> u8 {
        match (class, self) {
            // Orthogonal atoms: XBoard takes each letter alone, so a pair is just a union.
            (Class::Orth, Dir::One(a)) => NARROW[*a],
            (Class::Orth, Dir::Pair(a, b)) => NARROW[*a] | NARROW[*b],
            (Class::Diag, Dir::One(a)) => WIDE[*a],
            (Class::Diag, Dir::Pair(a, b)) => WIDE[*a] & WIDE[*b],
            // Oblique: `fs` = wide f ∩ narrow s = (±2,1); `fl` = (-2,1) but `lf` = (-1,2).
            (Class::Oblique, Dir::One(a)) => NARROW[*a],
            (Class::Oblique, Dir::Pair(a, b)) => WIDE[*a] & NARROW[*b],
            // `parts` splits K and Q before their directions are read.
            (Class::Compound, _) => 0xFF,
        }
    }
}

/// Reads what follows the atom letter at `at`: a doubled letter (unlimited rider) or a range.
/// Returns the range and the offset just past the atom.
fn read_range(text: &str, at: usize, atom: &Atom) -> Result<(u8, usize), BetzaError> {
    let bytes = text.as_bytes();
    let mut end = at + 1;
    let doubled = bytes.get(end) == Some(&atom.letter);
    if doubled {
        if atom.rider || atom.letter == b'K' {
            // XBoard reads `RR`/`KK` as the atom twice, Fairy-Stockfish `KK` as a queen:
            // refuse rather than guess.
            return Err(error(
                at,
                &text[at..at + 2],
                "doubled R, B, Q or K is meaningless or ambiguous (R, B, Q already slide; \
                 write a range such as R4, or Q for a sliding K)",
            ));
        }
        end += 1;
    }
    let digits = bytes[end..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        let range = if doubled || atom.rider { 0 } else { 1 };
        return Ok((range, end));
    }
    let (start, stop) = (end, end + digits);
    let number = &text[start..stop];
    if doubled {
        return Err(error(start, number, "a doubled atom is already an unlimited rider; it takes no range"));
    }
    if digits > 1 && number.starts_with('0') {
        return Err(error(start, number, "range with a leading zero"));
    }
    match number.parse::<u8>() {
        Ok(range) => Ok((range, stop)),
        Err(_) => Err(error(start, number, "range above 255")),
    }
}

/// Turns one atom with its modifiers into directions, appended to `out`.
/// `span` is the byte range of the whole move (modifiers, atom, range), for errors.
fn expand(text: &str, mods: &[usize], atom: &Atom, range: u8, span: (usize, usize), out: &mut Vec<Direction>) -> Result<(), BetzaError> {
    let bytes = text.as_bytes();
    let (mut only_move, mut only_capture, mut initial, mut lame) = (false, false, false, false);
    let mut hop = Hop::None;
    let mut dirs = Vec::new();
    // Modifiers may come in any order (Fairy-Stockfish does the same); XBoard expects
    // i, directions, m, c, …, n and silently ignores letters out of that order.
    let mut k = 0;
    while k < mods.len() {
        let at = mods[k];
        let c = bytes[at];
        k += 1;
        match c {
            b'm' => only_move = true,
            b'c' => only_capture = true,
            b'n' => lame = true,
            b'p' | b'g' if hop != Hop::None => {
                return Err(error(at, &text[at..=at], "one hopper modifier (`p` or `g`) per atom"));
            }
            b'p' => hop = Hop::Cannon,
            b'g' => hop = Hop::Grasshopper,
            b'i' if initial => {
                let reason = "repeated `i` is not supported (XBoard's `ii` means something else)";
                return Err(error(at, "i", reason));
            }
            b'i' => initial = true,
            _ => {}
        }
        let Some(dir) = dir_index(c) else { continue };
        let next = mods.get(k).map(|&o| bytes[o]).filter(|&n| dir_index(n).is_some());
        let after = mods.get(k + 1).map(|&o| bytes[o]);
        if next == Some(c) {
            // A doubled letter means the letter once (XBoard: `ffN` = `fN`; `ffK` = `fK`).
            if atom.class == Class::Oblique && (c == b's' || c == b'v') {
                return Err(error(
                    at,
                    &text[at..at + 2],
                    "doubled `s`/`v` on an oblique atom is ambiguous (XBoard reads no direction, \
                     Fairy-Stockfish the same as single); write it once",
                ));
            }
            if after.is_some_and(|a| pairs(c, a)) {
                return Err(error(at, &text[at..at + 3], "ambiguous direction letters (a doubled letter, then one it could pair with)"));
            }
            dirs.push(Dir::One(dir));
            k += 1;
        } else if let Some(n) = next.filter(|&n| pairs(c, n)) {
            dirs.push(Dir::Pair(dir, dir_index(n).unwrap_or(dir)));
            k += 1;
        } else {
            dirs.push(Dir::One(dir));
        }
    }

    let all = match atom.class {
        Class::Orth => 0x55,
        Class::Diag => 0xAA,
        Class::Oblique | Class::Compound => 0xFF,
    };
    let set = if dirs.is_empty() { all } else { dirs.iter().fold(0, |s, d| s | d.mask(atom.class)) & all };
    let fragment = &text[span.0..span.1];
    if set == 0 {
        // Unreachable with the tables above; kept so that a table change cannot go unnoticed.
        return Err(error(span.0, fragment, "the direction modifiers select no direction of this atom"));
    }

    // `n` matters only for leapers whose step passes over squares. It is a no-op on single
    // steps and on W/F-based sliders (they never jump anyway).
    let jumps = atom.step.1 > 1;
    if lame && jumps && range != 1 {
        return Err(error(span.0, fragment, "lame (`n`) riders with a jumping step (e.g. `nNN`) are not supported"));
    }
    if hop != Hop::None && (range != 0 || lame) {
        return Err(error(span.0, fragment, "hoppers (`p`, `g`) must be unlimited riders (`pR`, `gQ`, `pNN`), not lame"));
    }

    let mode = match (only_move, only_capture) {
        (true, false) => Mode::Move,
        (false, true) => Mode::Capture,
        _ => Mode::Both,
    };
    for (bit, r) in ROT.iter().enumerate() {
        if set & (1 << bit) == 0 {
            continue;
        }
        let (x, y) = atom.step;
        let (dx, dy) = (r[0] * x + r[1] * y, r[2] * x + r[3] * y);
        let path = if lame && jumps { lame_path(dx, dy) } else { Vec::new() };
        out.push(Direction { dx, dy, range, mode, initial_only: initial, path, hop, hurdles: Vec::new(), locust: None });
    }
    Ok(())
}

/// The squares a lame leaper passes over: step towards the target along the larger remaining
/// coordinate, diagonally when both are equal (Fairy-Stockfish's `lame_leaper_path`).
/// For D, A and N this is XBoard's single square (dx/2, dy/2), e.g. (0,1) for the (1,2)
/// Xiangqi horse. For H and G XBoard checks only that first square; we require both, as
/// "non-jumping" says. XBoard leaves C's and Z's open; Fairy-Stockfish's walk makes `nZ`
/// the Janggi elephant (one orthogonal step, then diagonally) and `nC` a camel that passes
/// the two squares straight ahead. The walk commutes with the board's symmetries, so the
/// path of each image is the image of the path.
fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let (mut x, mut y) = (0i8, 0i8);
    let mut path = Vec::new();
    loop {
        let (rx, ry) = (dx - x, dy - y);
        if rx.abs() >= ry.abs() {
            x += rx.signum();
        }
        if ry.abs() >= rx.abs() {
            y += ry.signum();
        }
        if (x, y) == (dx, dy) {
            return path;
        }
        path.push((x, y));
    }
}

/// Merges duplicates (a Move and a Capture of the same direction become Both; Both absorbs
/// either) and sorts.
fn normalise(found: Vec<Direction>) -> Vec<Direction> {
    let mut merged: std::collections::BTreeMap<Direction, Mode> = std::collections::BTreeMap::new();
    for d in found {
        let mode = d.mode;
        merged
            .entry(Direction { mode: Mode::Both, ..d })
            .and_modify(|m| {
                if *m != mode {
                    *m = Mode::Both
                }
            })
            .or_insert(mode);
    }
    let mut out: Vec<Direction> = merged.into_iter().map(|(d, mode)| Direction { mode, ..d }).collect();
    out.sort();
    out
}

fn error(offset: usize, fragment: &str, reason: &str) -> BetzaError {
    BetzaError { offset, fragment: fragment.to_string(), reason: reason.to_string() }
}

fn unsupported_modifier(c: u8) -> String {
    let why = match c {
        b'j' => "jumping (`j`) moves are not supported",
        b'o' => "cylinder (wrap-around) moves are not supported",
        b'e' => "en-passant capture is not supported here",
        b'd' => "capturing own pieces is not supported",
        b'h' => "half-sets (`fh`, `hr`, …) are not supported",
        b't' | b'x' | b'y' | b'z' | b'q' | b'k' | b'u' | b'w' => "this XBetza extension is not supported",
        _ => return format!("unknown modifier `{}`", c as char),
    };
    format!("unsupported modifier `{}` ({why})", c as char)
}

fn unsupported_atom(c: u8) -> String {
    let why = match c {
        b'L' | b'J' => "legacy camel/zebra letter, read differently by different programs; write C or Z",
        b'O' => "castling and null moves are not supported",
        b'U' => "the universal leaper is not supported",
        b'I' => "the imitator is not supported",
        b'X' => "extended atoms are not supported",
        _ => return format!("unknown atom `{}`", c as char),
    };
    format!("unsupported atom `{}` ({why})", c as char)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn ok(text: &str) -> Vec<Direction> {
        parse(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
    }

    /// The (dx, dy) steps of a parse result.
    fn steps(text: &str) -> BTreeSet<(i8, i8)> {
        ok(text).iter().map(|d| (d.dx, d.dy)).collect()
    }

    fn set(list: &[(i8, i8)]) -> BTreeSet<(i8, i8)> {
        list.iter().copied().collect()
    }

    /// All 8 symmetric images of (a, b).
    fn images(a: i8, b: i8) -> BTreeSet<(i8, i8)> {
        let mut s = BTreeSet::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [-1, 1] {
                for sy in [-1, 1] {
                    s.insert((x * sx, y * sy));
                }
            }
        }
        s
    }

    fn dir(dx: i8, dy: i8, range: u8, mode: Mode) -> Direction {
        Direction { dx, dy, range, mode, initial_only: false, path: Vec::new(), hop: Hop::None, hurdles: Vec::new(), locust: None }
    }

    fn err(text: &str) -> BetzaError {
        match parse(text) {
            Ok(v) => panic!("{text:?} should fail, got {v:?}"),
            Err(e) => e,
        }
    }

    fn assert_err(text: &str, offset: usize, fragment: &str, reason_part: &str) {
        let e = err(text);
        assert_eq!((e.offset, e.fragment.as_str()), (offset, fragment), "{text:?}: {e}");
        assert!(e.reason.contains(reason_part), "{text:?}: reason {:?} lacks {reason_part:?}", e.reason);
    }

    #[test]
    fn every_atom_gives_its_symmetric_images() {
        for (letter, a, b, count) in [
            ("W", 1, 0, 4),
            ("F", 1, 1, 4),
            ("D", 2, 0, 4),
            ("N", 2, 1, 8),
            ("A", 2, 2, 4),
            ("H", 3, 0, 4),
            ("C", 3, 1, 8),
            ("Z", 3, 2, 8),
            ("G", 3, 3, 4),
        ] {
            let v = ok(letter);
            assert_eq!(v.len(), count, "{letter}");
            assert_eq!(steps(letter), images(a, b), "{letter}");
            for d in &v {
                assert_eq!((d.range, d.mode, d.initial_only, d.path.len()), (1, Mode::Both, false, 0), "{letter}");
            }
        }
    }

    #[test]
    fn compounds_stand_for_their_parts() {
        let letters = |a: &Atom| parts(a).iter().map(|p| p.letter as char).collect::<String>();
        let find = |c: u8| ATOMS.iter().find(|a| a.letter == c).unwrap();
        assert_eq!(letters(find(b'K')), "WF");
        assert_eq!(letters(find(b'Q')), "RB");
        assert_eq!(letters(find(b'N')), "N");
    }

    #[test]
    fn king_rook_bishop_queen() {
        let k = ok("K");
        assert_eq!(k.len(), 8);
        assert!(k.iter().all(|d| d.range == 1));
        assert_eq!(steps("K"), &images(1, 0) | &images(1, 1));
        for (text, atom_steps) in [("R", images(1, 0)), ("B", images(1, 1)), ("Q", &images(1, 0) | &images(1, 1))] {
            let v = ok(text);
            assert_eq!(v.len(), atom_steps.len(), "{text}");
            assert!(v.iter().all(|d| d.range == 0 && d.mode == Mode::Both), "{text}");
            assert_eq!(steps(text), atom_steps, "{text}");
        }
    }

    #[test]
    fn riders_and_ranges() {
        let nn = ok("NN");
        assert_eq!(nn.len(), 8);
        assert!(nn.iter().all(|d| d.range == 0));
        assert_eq!(steps("NN"), images(2, 1));
        assert_eq!(ok("N0"), nn);
        assert_eq!(ok("W0"), ok("R"));
        assert_eq!(ok("WW"), ok("R"));
        assert_eq!(ok("FF"), ok("B"));
        assert_eq!(ok("R0"), ok("R"));
        assert_eq!(ok("W1"), ok("W"));
        assert!(ok("DD").iter().all(|d| d.range == 0));
        let w3 = ok("W3");
        assert_eq!(w3.len(), 4);
        assert!(w3.iter().all(|d| d.range == 3));
        let r4 = ok("R4");
        assert_eq!(r4, ok("W4"));
        assert!(r4.iter().all(|d| d.range == 4));
        assert!(ok("B2").iter().all(|d| d.range == 2));
        assert!(ok("Q7").iter().all(|d| d.range == 7) && ok("Q7").len() == 8);
        assert!(ok("W255").iter().all(|d| d.range == 255));
        assert!(ok("W12").iter().all(|d| d.range == 12));
        // K with a range is a short-range queen, as in XBoard.
        assert_eq!(ok("K0"), ok("Q"));
    }

    #[test]
    fn pawn_and_mode_modifiers() {
        assert_eq!(ok("fmWfcF"), vec![dir(-1, 1, 1, Mode::Capture), dir(0, 1, 1, Mode::Move), dir(1, 1, 1, Mode::Capture)]);
        let v = ok("mWcF");
        assert_eq!(v.len(), 8);
        for d in &v {
            let expected = if d.dx == 0 || d.dy == 0 { Mode::Move } else { Mode::Capture };
            assert_eq!(d.mode, expected, "{d:?}");
        }
        assert_eq!(ok("mcW"), ok("W"));
        assert_eq!(ok("cmW"), ok("W"));
        // Order of modifiers does not matter.
        assert_eq!(ok("mfW"), ok("fmW"));
        assert_eq!(ok("nfimD"), ok("ifmnD"));
        // The FIDE pawn in XBoard's own description (minus e.p.).
        let fide = ok("fmWfcFifmnD");
        assert_eq!(fide.len(), 4);
        assert!(fide.contains(&Direction {
            dx: 0,
            dy: 2,
            range: 1,
            mode: Mode::Move,
            initial_only: true,
            path: vec![(0, 1)],
            hop: Hop::None,
            hurdles: Vec::new(),
            locust: None,
        }));
    }

    #[test]
    fn initial_lame_double_step() {
        assert_eq!(
            ok("ifmnD"),
            vec![Direction {
                dx: 0,
                dy: 2,
                range: 1,
                mode: Mode::Move,
                initial_only: true,
                path: vec![(0, 1)],
                hop: Hop::None,
                hurdles: Vec::new(),
                locust: None,
            }]
        );
        assert!(ok("iW").iter().all(|d| d.initial_only));
    }

    #[test]
    fn oblique_direction_modifiers() {
        // Single letters and doubled letters: the two moves most in that direction.
        assert_eq!(steps("fN"), set(&[(-1, 2), (1, 2)]));
        assert_eq!(steps("ffN"), set(&[(-1, 2), (1, 2)]));
        assert_eq!(steps("bN"), set(&[(-1, -2), (1, -2)]));
        assert_eq!(steps("bbN"), steps("bN"));
        assert_eq!(steps("lN"), set(&[(-2, -1), (-2, 1)]));
        assert_eq!(steps("llN"), steps("lN"));
        assert_eq!(steps("rN"), set(&[(2, -1), (2, 1)]));
        assert_eq!(steps("rrN"), steps("rN"));
        assert_eq!(steps("sN"), set(&[(-2, -1), (-2, 1), (2, -1), (2, 1)]));
        assert_eq!(steps("vN"), set(&[(-1, -2), (-1, 2), (1, -2), (1, 2)]));
        // Perpendicular pairs: wide first letter ∩ narrow second letter.
        assert_eq!(steps("fsN"), set(&[(-2, 1), (2, 1)]));
        assert_eq!(steps("bsN"), set(&[(-2, -1), (2, -1)]));
        assert_eq!(steps("flN"), set(&[(-2, 1)]));
        assert_eq!(steps("lfN"), set(&[(-1, 2)]));
        assert_eq!(steps("frN"), set(&[(2, 1)]));
        assert_eq!(steps("rfN"), set(&[(1, 2)]));
        assert_eq!(steps("blN"), set(&[(-2, -1)]));
        assert_eq!(steps("lbN"), set(&[(-1, -2)]));
        assert_eq!(steps("brN"), set(&[(2, -1)]));
        assert_eq!(steps("rbN"), set(&[(1, -2)]));
        assert_eq!(steps("lvN"), set(&[(-1, -2), (-1, 2)]));
        assert_eq!(steps("rvN"), set(&[(1, -2), (1, 2)]));
        // Unions of several tokens.
        assert_eq!(steps("ffNbsN"), set(&[(-1, 2), (1, 2), (-2, -1), (2, -1)]));
        assert_eq!(steps("fbN"), steps("vN"));
        assert_eq!(steps("lrN"), steps("sN"));
        assert_eq!(steps("sfN"), &steps("sN") | &steps("fN")); // s does not start a pair
        assert_eq!(steps("fsbsN"), steps("sN"));
        assert_eq!(steps("ffNN"), set(&[(-1, 2), (1, 2)]));
        assert!(ok("ffNN").iter().all(|d| d.range == 0));
        // Camel and zebra follow the same rules.
        assert_eq!(steps("fC"), set(&[(-1, 3), (1, 3)]));
        assert_eq!(steps("fsZ"), set(&[(-3, 2), (3, 2)]));
    }

    #[test]
    fn diagonal_direction_modifiers() {
        assert_eq!(steps("fF"), set(&[(-1, 1), (1, 1)]));
        assert_eq!(steps("bF"), set(&[(-1, -1), (1, -1)]));
        assert_eq!(steps("lF"), set(&[(-1, -1), (-1, 1)]));
        assert_eq!(steps("rF"), set(&[(1, -1), (1, 1)]));
        assert_eq!(steps("flF"), set(&[(-1, 1)]));
        assert_eq!(steps("lfF"), set(&[(-1, 1)]));
        assert_eq!(steps("frF"), set(&[(1, 1)]));
        assert_eq!(steps("blF"), set(&[(-1, -1)]));
        assert_eq!(steps("brF"), set(&[(1, -1)]));
        assert_eq!(steps("flbrF"), set(&[(-1, 1), (1, -1)]));
        assert_eq!(steps("sF"), steps("F"));
        assert_eq!(steps("vF"), steps("F"));
        assert_eq!(steps("fsF"), steps("fF"));
        assert_eq!(steps("fbF"), steps("F"));
        assert_eq!(steps("fA"), set(&[(-2, 2), (2, 2)]));
        assert_eq!(steps("flG"), set(&[(-3, 3)]));
        let fb = ok("fB");
        assert_eq!(fb, vec![dir(-1, 1, 0, Mode::Both), dir(1, 1, 0, Mode::Both)]);
        assert_eq!(steps("frB"), set(&[(1, 1)]));
    }

    #[test]
    fn orthogonal_direction_modifiers() {
        assert_eq!(steps("fW"), set(&[(0, 1)]));
        assert_eq!(steps("bW"), set(&[(0, -1)]));
        assert_eq!(steps("lW"), set(&[(-1, 0)]));
        assert_eq!(steps("rW"), set(&[(1, 0)]));
        assert_eq!(steps("sW"), set(&[(-1, 0), (1, 0)]));
        assert_eq!(steps("vW"), set(&[(0, -1), (0, 1)]));
        assert_eq!(steps("fbW"), steps("vW"));
        assert_eq!(steps("ssW"), steps("sW"));
        // Xiangqi soldier: a union, no pairing on orthogonal atoms.
        assert_eq!(steps("fsW"), set(&[(0, 1), (-1, 0), (1, 0)]));
        assert_eq!(steps("flW"), set(&[(0, 1), (-1, 0)]));
        assert_eq!(steps("flrW"), set(&[(0, 1), (-1, 0), (1, 0)]));
        assert_eq!(steps("fD"), set(&[(0, 2)]));
        assert_eq!(steps("sH"), set(&[(-3, 0), (3, 0)]));
        assert_eq!(ok("fR"), vec![dir(0, 1, 0, Mode::Both)]);
        assert_eq!(steps("vR"), set(&[(0, -1), (0, 1)]));
    }

    #[test]
    fn king_and_queen_use_eight_compass_directions() {
        // K = WF and Q = RB, every modifier applying to both parts (Fairy-Stockfish, README).
        assert_eq!(steps("fK"), set(&[(-1, 1), (0, 1), (1, 1)]));
        assert_eq!(ok("fK"), ok("fWfF"));
        assert_eq!(ok("bK"), ok("bWbF"));
        assert_eq!(ok("sK"), ok("sWsF"));
        assert_eq!(ok("vK"), ok("vWvF"));
        assert_eq!(ok("fK2"), ok("fW2fF2"));
        assert_eq!(ok("ffK"), ok("fK"));
        assert_eq!(ok("fQ"), ok("fRfB"));
        assert_eq!(ok("vQ"), ok("vRvB"));
        assert_eq!(ok("fKbR"), ok("fWfFbR")); // Fairy-Stockfish's Yari shogi silver
        assert_eq!(ok("mfK"), ok("mfWmfF"));
    }

    #[test]
    fn compounds() {
        assert_eq!(steps("WfF"), set(&[(0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, 1)]));
        assert_eq!(steps("FfW"), set(&[(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1)]));
        let rf = ok("RF");
        assert_eq!(rf.len(), 8);
        assert_eq!(rf.iter().filter(|d| d.range == 0).count(), 4);
        assert!(rf.iter().all(|d| (d.range == 0) == (d.dx == 0 || d.dy == 0)));
        let bw = ok("BW");
        assert!(bw.iter().all(|d| (d.range == 0) == (d.dx != 0 && d.dy != 0)));
        assert_eq!(bw.len(), 8);
        let bnnw = ok("BNNW");
        assert_eq!(bnnw.len(), 16);
        assert_eq!(bnnw.iter().filter(|d| d.range == 0).count(), 12);
        assert_eq!(ok("RN").len(), 12);
        assert_eq!(ok("QNN").len(), 16);
        assert_eq!(ok("RNF").len(), 16);
        assert_eq!(ok("KNAD").len(), 24);
        // A rider and a leaper with the same step stay distinct.
        assert_eq!(ok("RW").len(), 8);
    }

    #[test]
    fn duplicates_are_merged() {
        assert_eq!(ok("WK"), ok("K"));
        assert_eq!(ok("KWF"), ok("K"));
        assert_eq!(ok("mWcW"), ok("W"));
        assert_eq!(ok("WmW"), ok("W"));
        assert_eq!(ok("mWW"), ok("mR")); // a doubled atom, not W twice
        assert_eq!(ok("fmWbmWsmW"), ok("mW"));
        assert_eq!(ok("NfN"), ok("N"));
        assert_eq!(ok("RQB"), ok("Q"));
        // Initial-only moves are not merged into ordinary ones.
        assert_eq!(ok("WiW").len(), 8);
    }

    #[test]
    fn output_is_sorted_and_deterministic() {
        for text in ["QNN", "fmWfcFifmnD", "nNnA", "KNAD", "ffNbsNcR"] {
            let v = ok(text);
            let mut sorted = v.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(v, sorted, "{text}");
            assert_eq!(v, ok(text));
        }
    }

    #[test]
    fn lame_leapers() {
        // Xiangqi horse: the leg is the orthogonal neighbour in the long direction.
        let horse = ok("nN");
        assert_eq!(horse.len(), 8);
        for d in &horse {
            let leg = if d.dy.abs() == 2 { (0, d.dy / 2) } else { (d.dx / 2, 0) };
            assert_eq!(d.path, vec![leg], "{d:?}");
        }
        for d in ok("nA") {
            assert_eq!(d.path, vec![(d.dx / 2, d.dy / 2)]); // Xiangqi elephant
        }
        for d in ok("nD") {
            assert_eq!(d.path, vec![(d.dx / 2, d.dy / 2)]);
        }
        for d in ok("nH") {
            assert_eq!(d.path, vec![(d.dx / 3, d.dy / 3), (2 * d.dx / 3, 2 * d.dy / 3)]);
        }
        for d in ok("nG") {
            assert_eq!(d.path, vec![(d.dx / 3, d.dy / 3), (2 * d.dx / 3, 2 * d.dy / 3)]);
        }
        // Fairy-Stockfish's paths where XBoard has none: the camel passes the two squares
        // straight ahead along its long side; the zebra steps that way once, then
        // diagonally (the Janggi elephant: the same squares as `mafsmafW`).
        let sign = |v: i8, k: i8| v.signum() * k;
        for d in ok("nC") {
            let long = if d.dx.abs() == 3 { [(sign(d.dx, 1), 0), (sign(d.dx, 2), 0)] } else { [(0, sign(d.dy, 1)), (0, sign(d.dy, 2))] };
            assert_eq!(d.path, long, "{d:?}");
        }
        for d in ok("nZ") {
            let first = if d.dx.abs() == 3 { (sign(d.dx, 1), 0) } else { (0, sign(d.dy, 1)) };
            assert_eq!(d.path, vec![first, (first.0 + sign(d.dx, 1), first.1 + sign(d.dy, 1))], "{d:?}");
        }
        let elephant: std::collections::BTreeSet<_> = ok("mafsmafW").into_iter().map(|d| (d.dx, d.dy)).collect();
        assert_eq!(elephant, ok("nZ").into_iter().map(|d| (d.dx, d.dy)).collect());
        assert_eq!(
            ok("fnN"),
            vec![
                Direction {
                    dx: -1,
                    dy: 2,
                    range: 1,
                    mode: Mode::Both,
                    initial_only: false,
                    path: vec![(0, 1)],
                    hop: Hop::None,
                    hurdles: Vec::new(),
                    locust: None,
                },
                Direction {
                    dx: 1,
                    dy: 2,
                    range: 1,
                    mode: Mode::Both,
                    initial_only: false,
                    path: vec![(0, 1)],
                    hop: Hop::None,
                    hurdles: Vec::new(),
                    locust: None,
                },
            ]
        );
        assert_eq!(steps("rsnN"), steps("rsN"));
        // Lame and jumping knights are different directions.
        assert_eq!(ok("NnN").len(), 16);
        // No-op on single steps and on W/F-based sliders.
        for (lame, plain) in [("nW", "W"), ("nF", "F"), ("nK", "K"), ("nR", "R"), ("nB", "B"), ("nQ", "Q"), ("nW3", "W3")] {
            assert_eq!(ok(lame), ok(plain), "{lame}");
        }
    }

    #[test]
    fn error_positions_and_fragments() {
        assert_err("", 0, "", "empty");
        assert_err("fm", 0, "fm", "without an atom");
        assert_err("WfcF fm", 4, " ", "whitespace");
        assert_err("Wfm", 1, "fm", "without an atom");
        assert_err("pW", 0, "pW", "unlimited riders");
        assert_err("WgR3", 1, "gR3", "unlimited riders");
        assert_err("pgR", 1, "g", "one hopper modifier");
        assert_err("afsW", 0, "afsW", "needs a mode");
        assert_err("jR", 0, "j", "jumping");
        assert_err("oW", 0, "o", "cylinder");
        assert_err("fmWfceF", 5, "e", "en-passant");
        assert_err("fhN", 1, "h", "half");
        assert_err("xR", 0, "x", "unsupported modifier `x`");
        assert_err("WyR", 1, "y", "unsupported modifier `y`");
        assert_err("zW", 0, "z", "unsupported");
        assert_err("tW", 0, "t", "unsupported");
        assert_err("Y", 0, "Y", "unknown atom `Y`");
        assert_err("WE", 1, "E", "unknown atom `E`");
        assert_err("L", 0, "L", "C or Z");
        assert_err("NJ", 1, "J", "C or Z");
        assert_err("O2", 0, "O", "castling");
        assert_err("KNAD(", 4, "(", "parentheses");
        assert_err("(W)", 0, "(", "parentheses");
        assert_err("[W?B]", 0, "[", "bracket");
        assert_err("W-F", 1, "-", "chaining");
        assert_err("W*", 1, "*", "unexpected character");
        assert_err("W F", 1, " ", "whitespace");
        assert_err("Wé", 1, "é", "unexpected character");
        assert_err("ßW", 0, "ß", "unexpected character");
        assert_err("3W", 0, "3", "without an atom");
        assert_err("f3W", 1, "3", "without an atom");
        assert_err("R300", 1, "300", "255");
        assert_err("W256", 1, "256", "255");
        assert_err("NW99999999999999999999", 2, "99999999999999999999", "255");
        assert_err("W03", 1, "03", "leading zero");
        assert_err("W00", 1, "00", "leading zero");
        assert_err("RR", 0, "RR", "doubled");
        assert_err("NBB", 1, "BB", "doubled");
        assert_err("QQ", 0, "QQ", "doubled");
        assert_err("KK", 0, "KK", "doubled");
        assert_err("NN2", 2, "2", "doubled atom");
        assert_err("iiW", 1, "i", "repeated `i`");
        assert_err("ssN", 0, "ss", "ambiguous");
        assert_err("WvvC", 1, "vv", "ambiguous");
        assert_err("fflN", 0, "ffl", "ambiguous");
        assert_err("ffsK", 1, "fs", "paired direction letters on K or Q");
        assert_err("fsK", 0, "fs", "paired direction letters on K or Q");
        assert_err("WflQ", 1, "fl", "write the parts apart");
        assert_err("nNN", 0, "nNN", "lame");
        assert_err("KnD3", 1, "nD3", "lame");
        assert_err("nA0", 0, "nA0", "lame");
        let e = err("pnR");
        assert_eq!(e.to_string(), "`pnR` at offset 0: hoppers (`p`, `g`) must be unlimited riders (`pR`, `gQ`, `pNN`), not lame");
    }

    #[test]
    fn hoppers() {
        // The xiangqi cannon: moves as a rook, captures by hopping; the two stay apart.
        let cannon = ok("mRcpR");
        assert_eq!(cannon.len(), 8);
        assert_eq!(cannon.iter().filter(|d| d.hop == Hop::Cannon && d.mode == Mode::Capture).count(), 4);
        assert_eq!(cannon.iter().filter(|d| d.hop == Hop::None && d.mode == Mode::Move).count(), 4);
        let grasshopper = ok("gQ");
        assert_eq!(grasshopper.len(), 8);
        assert!(grasshopper.iter().all(|d| d.hop == Hop::Grasshopper && d.range == 0 && d.mode == Mode::Both));
        assert_eq!(ok("fpR"), vec![Direction { hop: Hop::Cannon, ..dir(0, 1, 0, Mode::Both) }]);
    }

    /// A multi-leg move's leaps as (target, squares that must be empty, squares that
    /// must be occupied), sorted.
    fn leaps(text: &str) -> Vec<((i8, i8), Vec<(i8, i8)>, Vec<(i8, i8)>)> {
        let mut v: Vec<_> = ok(text).into_iter().map(|d| ((d.dx, d.dy), d.path, d.hurdles)).collect();
        v.sort();
        v
    }

    #[test]
    fn multi_leg_lame_leapers_agree_with_n() {
        // The Xiangqi horse: a wazir step to an empty square, then a ferz step outward
        // (45° either way) — XBetza's own spelling of `nN`.
        assert_eq!(ok("mafsW"), ok("nN"));
        // The Xiangqi elephant: a ferz step, then straight on — `nA`.
        assert_eq!(ok("mafF"), ok("nA"));
        // The lame dabbaba: two wazir steps straight on — `nD`.
        assert_eq!(ok("mafW"), ok("nD"));
    }

    #[test]
    fn janggi_elephant_by_hand() {
        // `mafsmafW` from the origin: W to (0,1) empty; then 45° to (±1,2) empty; then
        // straight on to (±2,3). Eight leaps in all, each with its two empty squares.
        let mut expected = Vec::new();
        for (wx, wy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            // The two diagonals outward from the wazir step.
            let turns: [(i8, i8); 2] = if wx == 0 { [(1, wy), (-1, wy)] } else { [(wx, 1), (wx, -1)] };
            for (fx, fy) in turns {
                let mid = (wx + fx, wy + fy);
                expected.push(((mid.0 + fx, mid.1 + fy), vec![(wx, wy), mid], vec![]));
            }
        }
        expected.sort();
        assert_eq!(leaps("mafsmafW"), expected);
        assert_eq!(expected.iter().map(|l| l.0).collect::<BTreeSet<_>>(), images(3, 2), "the elephant's targets are the zebra's");
        assert!(ok("mafsmafW").iter().all(|d| d.mode == Mode::Both && d.range == 1 && !d.initial_only));
        // Only its forward leaps: the first leg forward, then either way, then on.
        assert_eq!(leaps("mfafsmafW"), vec![((-2, 3), vec![(0, 1), (-1, 2)], vec![]), ((2, 3), vec![(0, 1), (1, 2)], vec![])]);
    }

    #[test]
    fn relative_directions_of_later_legs() {
        // From a forward wazir step (0,1): f on to (0,2); r/l 90° to (±1,1); b back is
        // refused (it returns to the origin); fr/fl 45° to (±1,2); br/bl 135° to (±1,0).
        assert_eq!(steps("mfafW"), set(&[(0, 2)]));
        assert_eq!(steps("mfarW"), set(&[(1, 1)]));
        assert_eq!(steps("mfalW"), set(&[(-1, 1)]));
        assert_eq!(steps("mfasW"), set(&[(-1, 1), (1, 1)]));
        assert_eq!(steps("mfafrW"), set(&[(1, 2)]));
        assert_eq!(steps("mfarfW"), set(&[(1, 2)]));
        assert_eq!(steps("mfaflW"), set(&[(-1, 2)]));
        assert_eq!(steps("mfabrW"), set(&[(1, 0)]));
        assert_eq!(steps("mfabsW"), set(&[(-1, 0), (1, 0)]));
        // `b` (and so `v`) comes back to the origin: out and back, a pass (jitto).
        assert_eq!(steps("mfabW"), set(&[(0, 0)]));
        assert_eq!(steps("mfavW"), set(&[(0, 0), (0, 2)]));
        assert_err("mfabmafW", 0, "mfabmafW", "already visited");
        // A ferz first leg turned 45° becomes a wazir step: the knight's other spelling.
        assert_eq!(steps("mafsF"), images(2, 1));
        // Three legs: a forward step, then a 90° turn, then on: (±2, 1).
        assert_eq!(steps("mfasmafW"), set(&[(-2, 1), (2, 1)]));
        // Black's moves are the tables' business: the parse is White's.
        assert_eq!(ok("mfafW")[0].path, vec![(0, 1)]);
    }

    #[test]
    fn hopping_legs_need_an_occupied_square() {
        // `pafW`: over an adjacent piece, straight on — a leaping dabbaba that must hop.
        assert_eq!(
            leaps("pafW"),
            vec![
                ((-2, 0), vec![], vec![(-1, 0)]),
                ((0, -2), vec![], vec![(0, -1)]),
                ((0, 2), vec![], vec![(0, 1)]),
                ((2, 0), vec![], vec![(1, 0)])
            ]
        );
        // One step to an empty square, then over a piece, then on: both conditions kept.
        assert_eq!(leaps("mfapfafW"), vec![((0, 3), vec![(0, 1)], vec![(0, 2)])]);
        // Modes of the final leg are the move's own.
        assert!(ok("pafcW").iter().all(|d| d.mode == Mode::Capture));
        assert!(ok("pafmW").iter().all(|d| d.mode == Mode::Move));
        // Hurdles keep moves apart from the plain leaps of the same step.
        assert_eq!(ok("DpafW").len(), 8);
    }

    #[test]
    fn multi_leg_refusals() {
        assert_err("afW", 0, "afW", "needs a mode");
        assert_err("mpafW", 0, "mpafW", "needs a mode");
        assert_err("cafcafW", 0, "cafcafW", "two-leg moves only");
        assert_err("mafpW", 0, "mafpW", "last leg cannot hop");
        assert_err("mafN", 0, "mafN", "W, F and K");
        assert_err("mafR", 0, "mafR", "bent riders");
        assert_err("mafW3", 0, "mafW3", "bent riders");
        assert_err("manfW", 2, "n", "no meaning");
        assert_err("Wmaf", 1, "maf", "without an atom");
        assert_err("ma", 0, "ma", "without an atom");
        assert_err("mafsmafsmabW", 0, "mafsmafsmabW", "already visited");
        assert_err("pabW", 0, "pabW", "already visited");
    }

    /// The moves that take on the way or come back (`betza/legs.rs`), read from XBetza's
    /// definition: the leg after `a` turns relative to the first, `b` being back.
    #[test]
    fn locust_and_returning_legs() {
        let locust = |via: (i8, i8), takes: bool| Some(Locust { via, takes });
        // Take on the square ahead, then step straight on: one move, to (0, 2).
        assert_eq!(ok("fcafW"), vec![Direction { locust: locust((0, 1), true), ..dir(0, 2, 1, Mode::Both) }]);
        // Take and come back (igui): ending on the origin, which is empty then.
        assert_eq!(ok("fcabW"), vec![Direction { locust: locust((0, 1), true), ..dir(0, 0, 1, Mode::Move) }]);
        // Out and back through an empty square: a pass (jitto); a capture there is none.
        assert_eq!(ok("fmabW"), vec![Direction { locust: locust((0, 1), false), ..dir(0, 0, 1, Mode::Move) }]);
        assert_err("fmabcW", 0, "fmabcW", "cannot take");
        // `mc` on the way: the lame leap through an empty square and the locust move.
        assert_eq!(
            ok("fmcafW"),
            vec![
                Direction { locust: locust((0, 1), true), ..dir(0, 2, 1, Mode::Both) },
                Direction { path: vec![(0, 1)], ..dir(0, 2, 1, Mode::Both) },
            ]
        );
        // A later leg without direction letters goes every way of its atom: a wazir's
        // four from the square ahead (on, right, back to the origin, left).
        let any = ok("fcaW");
        assert_eq!(any.len(), 4, "{any:?}");
        let lion = ok("KNADcaKmcabK");
        let (plain, locusts): (Vec<_>, Vec<_>) = lion.iter().partition(|d| d.locust.is_none());
        // K, N, A and D: 8 + 8 + 4 + 4 leaps.
        assert_eq!(plain.len(), 24);
        // caK: 8 first steps, each then 7 steps on and one back (igui, also mcabK's);
        // mcabK adds the 8 passes (jitto).
        assert_eq!(locusts.len(), 8 * 8 + 8);
        assert_eq!(locusts.iter().filter(|d| (d.dx, d.dy) == (0, 0)).count(), 16);
        assert!(locusts.iter().all(|d| d.dx.abs() <= 2 && d.dy.abs() <= 2 && d.path.is_empty()));
        assert!(lion.contains(&Direction { locust: locust((1, 1), true), ..dir(2, 2, 1, Mode::Both) }));
        assert!(lion.contains(&Direction { locust: locust((1, 1), true), ..dir(1, 0, 1, Mode::Both) }));
        assert!(lion.contains(&Direction { locust: locust((-1, 0), false), ..dir(0, 0, 1, Mode::Move) }));
    }

    /// Small xorshift generator, so the garbage test needs no crates and is repeatable.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn pick<T: Copy>(&mut self, items: &[T]) -> T {
            items[(self.next() % items.len() as u64) as usize]
        }
    }

    #[test]
    fn garbage_never_panics() {
        let betza: Vec<char> = "WFDNAHCZGKRBQfblrsvmcinpha0123456789LJOX".chars().collect();
        let mut any: Vec<char> = (0u8..128).map(char::from).collect();
        any.extend("éß中€😀\u{0}\u{7f}\u{fffd}ǅ".chars());
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut parsed = 0;
        for round in 0..40_000 {
            let alphabet = if round % 2 == 0 { &betza } else { &any };
            let len = (rng.next() % 14) as usize;
            let text: String = (0..len).map(|_| rng.pick(alphabet)).collect();
            match parse(&text) {
                Ok(v) => {
                    parsed += 1;
                    assert!(!v.is_empty(), "{text:?}");
                    assert!(v.windows(2).all(|w| w[0] < w[1]), "{text:?} not sorted/deduped");
                }
                Err(e) => {
                    assert!(e.offset <= text.len(), "{text:?}: {e}");
                    assert!(text[e.offset..].starts_with(&e.fragment), "{text:?}: {e}");
                }
            }
        }
        assert!(parsed > 100, "the generator should also produce valid strings ({parsed})");
    }
}

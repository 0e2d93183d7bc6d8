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

/// The letters of the atoms `letter` stands for ([`parts`]), for the tests through
/// `crate::testing`. Panics on a letter that is no atom.
pub(crate) fn part_letters(letter: u8) -> String {
    let atom = ATOMS.iter().find(|a| a.letter == letter).unwrap();
    parts(atom).iter().map(|p| p.letter as char).collect()
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

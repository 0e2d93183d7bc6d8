//! Fairy-Stockfish's Betza dialect (its reader `from_betza` in src/piece.cpp) to
//! Chimera's. The translation works on meaning, not text: the Fairy-Stockfish string is
//! read the way Fairy-Stockfish reads it into concrete moves, Chimera's string is written
//! from those moves, and Chimera's reader must give back exactly the same moves — else the
//! piece is refused. So a letter the two dialects read differently (`fN`, `K` with paired
//! directions, …) can never slip through.

use std::collections::{BTreeMap, BTreeSet};

use crate::betza::{self, Mode};

/// One concrete move of a piece, in White's orientation (forward = +dy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Step {
    dx: i8,
    dy: i8,
    /// 1 = a leap; 0 = an unlimited ride; n > 1 = a ride of at most n steps.
    range: u8,
    /// Only to an empty square (false: only a capture).
    quiet: bool,
    lame: bool,
    /// 0: no hop; 1: over one piece, riding on beyond it (`p`, the cannon); 2: landing
    /// just beyond it (`g`, the grasshopper).
    hop: u8,
}

/// Chimera's Betza for a Fairy-Stockfish Betza string, or why there is none.
pub fn translate(fsf: &str) -> Result<String, String> {
    let steps = read_fsf(fsf)?;
    let text = write_chimera(&steps);
    let back = read_chimera(&text).map_err(|e| format!("Chimera cannot read `{text}`: {e}"))?;
    if back != steps {
        return Err(format!("Chimera reads `{text}` differently from Fairy-Stockfish's `{fsf}`"));
    }
    Ok(text)
}

/// Fairy-Stockfish's initial double step `ifmnD` (its four modifiers in any order) taken
/// out of a Betza string: the rest, and whether it was there. Fairy-Stockfish allows a
/// piece's initial moves from the double-step region, not only before its first move, so
/// this one move is Chimera's `double_step_ranks`; any other initial move stays in the
/// string for [`translate`] to refuse.
pub fn split_double_step(fsf: &str) -> (String, bool) {
    let chars: Vec<char> = fsf.chars().collect();
    let (mut rest, mut found, mut start) = (String::new(), false, 0);
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_uppercase() {
            i += 1;
            continue;
        }
        // A group ends after its atom and the atom's count or doubled letter.
        let mut end = i + 1;
        if chars.get(end).is_some_and(|&n| n.is_ascii_digit() || n == chars[i]) {
            end += 1;
        }
        let mut modifiers: Vec<char> = chars[start..i].to_vec();
        modifiers.sort_unstable();
        if chars[i] == 'D' && end == i + 1 && modifiers == ['f', 'i', 'm', 'n'] {
            found = true;
        } else {
            rest.extend(&chars[start..end]);
        }
        start = end;
        i = end;
    }
    rest.extend(&chars[start..]);
    (rest, found)
}

/// The (dx, dy) of an atom's first leap: Fairy-Stockfish's (ranks, files) pair turned round.
fn atom(c: char) -> Option<(&'static [(i8, i8)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// Fairy-Stockfish's reading, step for step as `from_betza` does it. Hoppers, initial
/// moves (Fairy-Stockfish ties them to the double-step region, not to the piece's first
/// move) and letters it skips are refused — but for `e`, which it skips as a letter
/// that changes nothing.
fn read_fsf(text: &str) -> Result<BTreeSet<Step>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut steps = BTreeSet::new();
    let (mut modes, mut dirs, mut lame): (Vec<bool>, Vec<[char; 2]>, bool) = (Vec::new(), Vec::new(), false);
    let mut hop = 0u8;
    let vertical = |c: char| "fbvh".contains(c);
    let horizontal = |c: char| "rlsh".contains(c);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' | 'c' => modes.push(c == 'm'),
            'n' => lame = true,
            'p' => hop = 1,
            'g' => hop = 2,
            'i' => {
                return Err("`i`: Fairy-Stockfish allows initial moves from the double-step region, \
                            Chimera while the piece has never moved"
                    .into())
            }
            // Not a letter of Fairy-Stockfish's reader, which skips it: who takes en
            // passant is its `enPassantTypes`.
            'e' => {}
            _ if vertical(c) || horizontal(c) => match chars.get(i + 1) {
                Some(&c2) if c2 == c || (vertical(c) && horizontal(c2)) || (horizontal(c) && vertical(c2)) => {
                    dirs.push([c, c2]);
                    i += 1;
                }
                _ => dirs.push([c, c]),
            },
            _ => {
                let Some((atoms, mut rider)) = atom(c) else {
                    return Err(format!("`{c}` is not a letter Fairy-Stockfish reads (it would skip it)"));
                };
                let mut distance = 0u8;
                if let Some(&next) = chars.get(i + 1) {
                    if next.is_ascii_digit() || next == c {
                        rider = true;
                        distance = next.to_digit(10).unwrap_or(0) as u8;
                        i += 1;
                    }
                }
                // Hoppers: riders that ride on to the hurdle (`pR`, `gB`); and Fairy-Stockfish's
                // cannon with a range (`pB2`: the hurdle and the landing square both within
                // two steps), which Chimera writes as multi-leg moves (`pafF`). A `p` on a
                // leaper, or a grasshopper with a range, is neither.
                let limited_cannon = hop == 1 && distance >= 2 && !lame && atoms.iter().all(|&(f, _)| f == 1);
                if hop != 0 && (!rider || distance != 0 || lame) && !limited_cannon {
                    return Err(format!(
                        "`{}{c}`: a hopper that is not an unlimited rider is not supported",
                        if hop == 1 { 'p' } else { 'g' }
                    ));
                }
                let range = if hop != 0 {
                    distance
                } else if rider {
                    if distance == 1 {
                        1
                    } else {
                        distance
                    }
                } else {
                    1
                };
                let modalities: Vec<bool> = if modes.is_empty() { vec![true, false] } else { modes.clone() };
                for &(f, s) in atoms {
                    let mut ds: Vec<[char; 2]> = Vec::new();
                    for d in &dirs {
                        if atoms.len() == 1 && s == 0 && d[0] != d[1] {
                            ds.push([d[0], d[0]]);
                            ds.push([d[1], d[1]]);
                        } else {
                            ds.push(*d);
                        }
                    }
                    for (dx, dy) in fsf_directions(f, s, &ds) {
                        for &quiet in &modalities {
                            steps.insert(Step { dx, dy, range, quiet, lame: lame && !rider, hop });
                        }
                    }
                }
                modes.clear();
                dirs.clear();
                lame = false;
                hop = 0;
            }
        }
        i += 1;
    }
    Ok(steps)
}

/// The eight leaps of atom (f ranks, s files) that the direction pairs select, with the
/// same tests as `from_betza`.
fn fsf_directions(f: i8, s: i8, dirs: &[[char; 2]]) -> Vec<(i8, i8)> {
    let has = |list: &[&str]| {
        dirs.is_empty() || list.iter().any(|l| dirs.iter().any(|d| d[0] as u8 == l.as_bytes()[0] && d[1] as u8 == l.as_bytes()[1]))
    };
    let table: [((i8, i8), &[&str]); 8] = [
        ((s, f), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-s, -f), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((f, -s), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-f, s), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((f, s), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-f, -s), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((s, -f), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-s, f), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    table.iter().filter(|(_, l)| has(l)).map(|(v, _)| *v).collect()
}

/// Chimera's reading of its own Betza, in the same terms.
fn read_chimera(text: &str) -> Result<BTreeSet<Step>, betza::BetzaError> {
    let mut steps = BTreeSet::new();
    // An empty Betza is a piece that never moves, in both programs (Fairy-Stockfish's
    // `immobile`; Chimera's loader reads it so, though `betza::parse` wants a move).
    if text.is_empty() {
        return Ok(steps);
    }
    // Limited cannons' legs by (step, quiet): the (hurdle, landing) distances seen.
    let mut legs: BTreeMap<(i8, i8, bool), BTreeSet<(u8, u8)>> = BTreeMap::new();
    for d in betza::parse(text)? {
        let quiet: &[bool] = match d.mode {
            Mode::Move => &[true],
            Mode::Capture => &[false],
            Mode::Both => &[true, false],
        };
        if !d.hurdles.is_empty() {
            let shape = cannon_leg(&d);
            for &q in quiet {
                match shape {
                    Some((dx, dy, h, k)) => {
                        legs.entry((dx, dy, q)).or_default().insert((h, k));
                    }
                    // No move Fairy-Stockfish's reader gives: the round trip fails.
                    None => {
                        steps.insert(Step { dx: d.dx, dy: d.dy, range: u8::MAX, quiet: q, lame: true, hop: 1 });
                    }
                }
            }
            continue;
        }
        for &q in quiet {
            let hop = match d.hop {
                betza::Hop::None => 0,
                betza::Hop::Cannon => 1,
                betza::Hop::Grasshopper => 2,
            };
            steps.insert(Step { dx: d.dx, dy: d.dy, range: d.range, quiet: q, lame: !d.path.is_empty(), hop });
        }
    }
    // A limited cannon of range n is every hurdle h and landing k with 1 <= h < k <= n.
    for ((dx, dy, quiet), seen) in legs {
        let n = seen.iter().map(|&(_, k)| k).max().unwrap_or(0);
        let whole: BTreeSet<(u8, u8)> = (2..=n).flat_map(|k| (1..k).map(move |h| (h, k))).collect();
        let range = if seen == whole { n } else { u8::MAX };
        steps.insert(Step { dx, dy, range, quiet, lame: seen != whole, hop: 1 });
    }
    Ok(steps)
}

/// A multi-leg leap that is one move of a limited cannon: straight on along a king step,
/// one hurdle on the way and every other square passed empty. Its step, the hurdle's
/// distance and the landing's.
fn cannon_leg(d: &betza::Direction) -> Option<(i8, i8, u8, u8)> {
    let k = d.dx.unsigned_abs().max(d.dy.unsigned_abs());
    let (ux, uy) = (d.dx / k as i8, d.dy / k as i8);
    let on_line = (ux * k as i8, uy * k as i8) == (d.dx, d.dy);
    let [(hx, hy)] = d.hurdles[..] else { return None };
    let h = hx.unsigned_abs().max(hy.unsigned_abs());
    let mut passed: Vec<(i8, i8)> = d.path.iter().copied().chain([(hx, hy)]).collect();
    passed.sort_unstable();
    let mut line: Vec<(i8, i8)> = (1..k as i8).map(|i| (ux * i, uy * i)).collect();
    line.sort_unstable();
    (on_line && d.locust.is_none() && passed == line).then_some((ux, uy, h, k))
}

/// (atom letter, range, lame, hop, quiet?, capture?): the steps written as one Betza token.
type Group = (char, u8, bool, u8, bool, bool);

/// Writes the steps as Chimera Betza: one token per atom, range, lameness and mode,
/// its directions named by the fewest modifier letters that give exactly them.
fn write_chimera(steps: &BTreeSet<Step>) -> String {
    let mut groups: Vec<(Group, BTreeSet<(i8, i8)>)> = Vec::new();
    let mut seen = BTreeSet::new();
    for s in steps {
        if !seen.insert((s.dx, s.dy, s.range, s.lame, s.hop)) {
            continue;
        }
        let quiet = steps.contains(&Step { quiet: true, ..*s });
        let capture = steps.contains(&Step { quiet: false, ..*s });
        let key = (atom_letter(s.dx, s.dy), s.range, s.lame, s.hop, quiet, capture);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, set)) => {
                set.insert((s.dx, s.dy));
            }
            None => groups.push((key, BTreeSet::from([(s.dx, s.dy)]))),
        }
    }
    let mut out = String::new();
    for ((letter, range, lame, hop, quiet, capture), dirs) in groups {
        let mode = match (quiet, capture) {
            (true, false) => "m",
            (false, true) => "c",
            _ => "",
        };
        if hop == 1 && range > 1 {
            for dirs in directions(&letter.to_string(), &dirs) {
                out += &limited_cannon(letter, range, mode, &dirs);
            }
            continue;
        }
        let body = match (letter, range) {
            (_, 1) => letter.to_string(),
            ('W', 0) => "R".to_string(),
            ('F', 0) => "B".to_string(),
            (_, 0) => format!("{letter}{letter}"),
            ('W', n) => format!("R{n}"),
            ('F', n) => format!("B{n}"),
            (_, n) => format!("{letter}{n}"),
        };
        let lame = if lame { "n" } else { "" };
        let hop = ["", "p", "g"][hop as usize];
        // A token per group of direction letters: run together, two groups may read
        // otherwise (`rrff` is ambiguous, `rrFffF` is not).
        for dirs in directions(&body, &dirs) {
            out += &format!("{mode}{hop}{lame}{dirs}{body}");
        }
    }
    out
}

/// A cannon of range `range` (Fairy-Stockfish's `pB2`) as XBetza multi-leg moves, one per
/// hurdle distance and landing distance (`pafF`; `pafmafW`, `mafpafW` for `pR3`): one step
/// per leg, straight on, the hurdle's leg `p`, the others `m`, the last with `mode`.
fn limited_cannon(letter: char, range: u8, mode: &str, dirs: &str) -> String {
    let mut out = String::new();
    for k in 2..=range {
        for h in 1..k {
            for leg in 1..k {
                let turn = if leg == 1 { dirs } else { "f" };
                out += &format!("{}{turn}a", if leg == h { "p" } else { "m" });
            }
            out += &format!("f{mode}{letter}");
        }
    }
    out
}

/// The fewest groups of direction letters that select exactly `dirs` of the atom written `body`.
fn directions(body: &str, dirs: &BTreeSet<(i8, i8)>) -> Vec<String> {
    let set_of = |m: &str| -> BTreeSet<(i8, i8)> {
        betza::parse(&format!("{m}{body}")).map(|ds| ds.iter().map(|d| (d.dx, d.dy)).collect()).unwrap_or_default()
    };
    if set_of("") == *dirs {
        return vec![String::new()];
    }
    const CANDIDATES: [&str; 24] = [
        "v", "s", "f", "b", "l", "r", "fs", "bs", "lv", "rv", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "ff", "bb", "ll", "rr", "ss",
        "vv",
    ];
    let mut left = dirs.clone();
    let mut out = Vec::new();
    while !left.is_empty() {
        let best = CANDIDATES
            .iter()
            .map(|c| (c, set_of(c)))
            .filter(|(_, s)| !s.is_empty() && s.is_subset(dirs) && s.iter().any(|d| left.contains(d)))
            .max_by_key(|(_, s)| s.intersection(&left).count());
        match best {
            Some((c, s)) => {
                out.push(c.to_string());
                left = &left - &s;
            }
            // Unreachable for the atoms `atom_letter` names; the round trip catches it anyway.
            None => break,
        }
    }
    out
}

fn atom_letter(dx: i8, dy: i8) -> char {
    let (a, b) = (dx.unsigned_abs().min(dy.unsigned_abs()), dx.unsigned_abs().max(dy.unsigned_abs()));
    match (a, b) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => '?',
    }
}

/// Fairy-Stockfish's Betza for a Chimera Betza string (`chimera export-ini`), or why there
/// is none: Chimera's string itself, else the string written from its moves, whichever
/// Fairy-Stockfish reads to exactly the moves Chimera reads — the inverse of [`translate`],
/// checked the same way.
pub fn to_fsf(chimera: &str) -> Result<String, String> {
    let steps = read_chimera(chimera).map_err(|e| format!("Chimera cannot read `{chimera}`: {e}"))?;
    let rewritten = write_chimera(&steps);
    for candidate in [chimera.to_string(), rewritten] {
        if read_fsf(&candidate).is_ok_and(|fsf| fsf == steps) {
            return Ok(candidate);
        }
    }
    Err(format!("Fairy-Stockfish reads no Betza string to the moves of Chimera's `{chimera}`"))
}

/// Whether Fairy-Stockfish's Betza `fsf` gives exactly the moves of Chimera's `chimera`.
pub fn same_moves(fsf: &str, chimera: &str) -> bool {
    matches!((read_fsf(fsf), read_chimera(chimera)), (Ok(a), Ok(b)) if a == b)
}

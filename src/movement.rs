//! A piece's movement in words, from its parsed Betza directions (the piece card's
//! summary): `mRcpR` reads "moves any distance orthogonally (not capturing); captures
//! any distance orthogonally by hopping over exactly one piece".

use crate::betza::{Direction, Hop, Mode};
use crate::rules::{PieceDef, Rules};
use crate::Color;

/// What a group of directions shares: all but the direction itself.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Kind {
    /// The leap, as (longer, shorter) of its two components.
    atom: (u8, u8),
    range: u8,
    mode: Mode,
    hop: Hop,
    initial: bool,
    lame: bool,
}

/// The piece's movement as sentences: one clause per kind of move, then its rules
/// that change movement (royal, confined to a region, double steps, extra moves).
pub fn describe_piece(rules: &Rules, def: &PieceDef) -> String {
    let mut clauses = describe_directions(&def.directions);
    if !def.double_step_ranks.is_empty() {
        clauses.push(
            "from its double-step ranks it may also move two squares straight forward (not capturing) when both are empty".to_string(),
        );
    }
    if let Some((_, dirs)) = &def.extra_moves {
        let extra = describe_directions(dirs);
        if !extra.is_empty() {
            clauses.push(format!("on some squares it also {}", extra.join("; ")));
        }
    }
    if let Some(region) = &def.moves_within {
        let n = region.squares(rules.geometry, Color::White).count();
        clauses.push(format!("its moves end only inside its region ({n} squares)"));
    }
    if def.royal {
        clauses.push("it is royal: it may not be left attacked".to_string());
    }
    if clauses.is_empty() {
        return "It cannot move.".to_string();
    }
    let mut s = clauses.join("; ");
    if let Some(first) = s.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    s.push('.');
    s
}

/// One clause per kind of move.
pub(crate) fn describe_directions(directions: &[Direction]) -> Vec<String> {
    let mut kinds: Vec<(Kind, Vec<(i8, i8)>)> = Vec::new();
    for d in directions {
        let (a, b) = (d.dx.unsigned_abs(), d.dy.unsigned_abs());
        let kind = Kind {
            atom: (a.max(b), a.min(b)),
            range: d.range,
            mode: d.mode,
            hop: d.hop,
            initial: d.initial_only,
            lame: !d.path.is_empty(),
        };
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, dirs)) => dirs.push((d.dx, d.dy)),
            None => kinds.push((kind, vec![(d.dx, d.dy)])),
        }
    }
    // Parsing sorts the directions; the clauses go from the freest moves to the most
    // limited: moves-and-captures, moves, captures, plain before hops, first moves last.
    let mode_rank = |m: Mode| match m {
        Mode::Both => 0,
        Mode::Move => 1,
        Mode::Capture => 2,
    };
    kinds.sort_by_key(|(k, _)| (k.initial, mode_rank(k.mode), k.hop, k.atom, k.range == 0, k.range));
    kinds.iter().map(|(k, dirs)| clause(k, dirs)).collect()
}

fn clause(k: &Kind, dirs: &[(i8, i8)]) -> String {
    let verb = match k.mode {
        Mode::Move => "moves",
        Mode::Capture => "captures",
        Mode::Both => "moves and captures",
    };
    let (a, b) = k.atom;
    let how_far = match (k.range, a == b, b == 0) {
        (1, _, _) if a == 1 => "one square".to_string(),
        (1, _, _) => format!("by a ({a},{b}) leap{}", leap_name(a, b).map(|n| format!(" ({n})")).unwrap_or_default()),
        (0, _, _) if a == 1 => "any distance".to_string(),
        (0, _, _) => {
            format!("by any number of ({a},{b}) leaps in a line{}", leap_name(a, b).map(|n| format!(" ({n}-rider)")).unwrap_or_default())
        }
        (n, _, _) if a == 1 => format!("up to {n} squares"),
        (n, _, _) => format!("by up to {n} ({a},{b}) leaps in a line"),
    };
    let line = if a == b {
        "diagonally"
    } else if b == 0 {
        "orthogonally"
    } else {
        ""
    };
    let which = directions_word(dirs, a, b);
    let mut s = String::new();
    if k.initial {
        s += "as its first move only, ";
    }
    s += verb;
    s.push(' ');
    s += &how_far;
    for w in [which.as_str(), line] {
        if !w.is_empty() {
            s.push(' ');
            s += w;
        }
    }
    match k.hop {
        Hop::Cannon => s += " by hopping over exactly one piece",
        Hop::Grasshopper => s += ", landing just beyond the first piece in its way",
        Hop::None => {}
    }
    if k.lame && k.range == 1 && a > 1 {
        s += ", blocked by a piece in between";
    }
    if k.mode == Mode::Move {
        s += " (not capturing)";
    }
    s
}

/// The classic names of leaps.
fn leap_name(a: u8, b: u8) -> Option<&'static str> {
    Some(match (a, b) {
        (2, 0) => "dabbaba",
        (2, 1) => "knight",
        (2, 2) => "alfil",
        (3, 0) => "threeleaper",
        (3, 1) => "camel",
        (3, 2) => "zebra",
        (3, 3) => "tripper",
        (4, 1) => "giraffe",
        _ => return None,
    })
}

/// Which of an atom's directions are taken, in words ("" for all of them).
fn directions_word(dirs: &[(i8, i8)], a: u8, b: u8) -> String {
    let all = if b == 0 || a == b { 4 } else { 8 };
    if dirs.len() >= all {
        return String::new();
    }
    let forward = dirs.iter().all(|&(_, y)| y > 0);
    let backward = dirs.iter().all(|&(_, y)| y < 0);
    let sideways = dirs.iter().all(|&(_, y)| y == 0);
    let word = if forward {
        "forward"
    } else if backward {
        "backward"
    } else if sideways {
        "sideways"
    } else if dirs.iter().all(|&(_, y)| y >= 0) {
        "forward and sideways"
    } else if dirs.iter().all(|&(_, y)| y <= 0) {
        "backward and sideways"
    } else if dirs.iter().all(|&(_, y)| y != 0) && b == 0 {
        "forward and backward"
    } else {
        return format!("in {} of its {all} directions", dirs.len());
    };
    word.to_string()
}

//! Betza notation (`engine/src/betza.rs`): the atoms, riders, modifiers, hoppers and
//! multi-leg moves a text parses to, and where and why a bad text is refused.

use std::collections::BTreeSet;

use chimera::betza::{parse, BetzaError, Direction, Hop, Locust, Mode};
use chimera::testing::betza_parts;

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
    assert_eq!(betza_parts(b'K'), "WF");
    assert_eq!(betza_parts(b'Q'), "RB");
    assert_eq!(betza_parts(b'N'), "N");
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

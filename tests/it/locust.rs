//! Moves that take on the way or come back (`engine/src/features/locust.rs`): Chu shogi's
//! lion, `KNADcaKmcabK` in XBetza (H. G. Muller's Chu shogi page writes it
//! `KADN(cK-aK)(K-bK)`: the leaps to every square two steps away, a king step that takes
//! and then steps again, anywhere or back, and a king step out and back). The counts
//! below are derived by hand from that definition.

use chimera::{Action, MoveKind, Variant};

// (No `move_rule_reset`: the halfmove clock counts every move.)
const LION: &str = r#"
name = "liontest"
board = { files = 8, ranks = 8 }
start = "4k3/8/8/8/3L4/8/8/4K3 w - - 0 1"
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.lion]
letter = "L"
betza = "KNADcaKmcabK"
[pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
"#;

fn lion() -> Variant {
    Variant::from_toml(LION, "lion.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn moves_of(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    let pos = v.position(fen).unwrap();
    let mut list: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).filter(|u| u.starts_with(from)).collect();
    list.sort();
    list
}

#[test]
fn a_lion_alone_leaps_and_passes() {
    // d4, nothing to take: the 24 squares two steps round it (K, N, A and D leaps), and
    // 8 passes out to an empty neighbour and back (jitto); nothing is taken on the way.
    let list = moves_of(&lion(), "4k3/8/8/8/3L4/8/8/4K3 w - - 0 1", "d4");
    assert_eq!(list.len(), 24 + 8, "{list:?}");
    assert_eq!(list.iter().filter(|u| u.len() == 6).count(), 8);
    assert!(list.contains(&"d4e5d4".to_string()) && list.contains(&"d4b2".to_string()));
}

#[test]
fn a_lion_takes_on_the_way() {
    // A black pawn on e5: the 24 leaps (e5 taken by the step there), the pawn taken and
    // then each of e5's eight neighbours reached (seven squares on, and d4 itself: igui),
    // and the 7 passes through the other, empty, neighbours.
    let v = lion();
    let fen = "4k3/8/8/4p3/3L4/8/8/4K3 w - - 0 1";
    let list = moves_of(&v, fen, "d4");
    assert_eq!(list.len(), 24 + 8 + 7, "{list:?}");
    let through: Vec<&String> = list.iter().filter(|u| u.starts_with("d4e5") && u.len() == 6).collect();
    assert_eq!(through, ["d4e5d4", "d4e5d5", "d4e5d6", "d4e5e4", "d4e5e6", "d4e5f4", "d4e5f5", "d4e5f6"]);

    let mut pos = v.position(fen).unwrap();
    let before = (pos.fen(), pos.hash());
    let m = pos.parse_move("d4e5f6").unwrap();
    assert_eq!(m.kind, MoveKind::Locust);
    assert_eq!(m.action(), Action::Locust { from: m.from, via: m.piece_square(), to: m.to });
    // The lion on f6 covers every square round e8: mate.
    assert_eq!(pos.san(m), "Lxe5-f6#");
    assert!(pos.is_capture(m));
    pos.play(m).unwrap();
    assert_eq!(pos.fen(), "4k3/8/5L2/8/8/8/8/4K3 b - - 1 1");
    pos.undo();
    assert_eq!((pos.fen(), pos.hash()), before);

    // Igui: the pawn taken, the lion still on d4; SAN names both legs.
    let igui = pos.parse_move("Lxe5-d4").unwrap();
    assert_eq!(pos.uci(igui), "d4e5d4");
    pos.play(igui).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/3L4/8/8/4K3 b - - 1 1");
}

#[test]
fn a_lion_takes_twice() {
    // Pawns on e5 and f6: one move takes both (`Lxe5xf6`), besides the leap to f6.
    let v = lion();
    let mut pos = v.position("4k3/8/5p2/4p3/3L4/8/8/4K3 w - - 0 1").unwrap();
    let m = pos.parse_move("Lxe5xf6").unwrap();
    assert_eq!(pos.uci(m), "d4e5f6");
    pos.play(m).unwrap();
    assert_eq!(pos.fen(), "4k3/8/5L2/8/8/8/8/4K3 b - - 1 1");
    pos.undo();
    let leap = pos.parse_move("Lxf6").unwrap();
    assert_eq!((leap.kind, pos.uci(leap)), (MoveKind::Normal, "d4f6".to_string()));
}

#[test]
fn a_lion_checks_and_is_judged_by_its_reach() {
    // The black king on e7 and a white pawn on e6 between it and the lion on e5: the king
    // may take the pawn only where the lion does not reach — nowhere within two steps of
    // e5 — so it flees to d8, e8 or f8 (rank 8 is three steps away: out of reach).
    let v = lion();
    let pos = v.position("8/4k3/4P3/4L3/8/8/8/4K3 b - - 0 1").unwrap();
    assert!(pos.is_check());
    let mut list: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    list.sort();
    assert_eq!(list, ["e7d8", "e7e8", "e7f8"]);
}

#[test]
fn locust_moves_need_a_piece_that_does_not_promote() {
    let text =
        LION.replace("betza = \"fmWfcF\"\npawn = true", "betza = \"fmWfcFcaW\"\npawn = true\npromotion = { ranks = [8], to = [\"lion\"] }");
    let err = Variant::from_toml(&text, "lion.toml").unwrap_err().to_string();
    assert!(err.contains("does not promote"), "{err}");
    let err = Variant::from_toml(&LION.replace("KNADcaKmcabK", "KcafcafW"), "lion.toml").unwrap_err().to_string();
    assert!(err.contains("two-leg moves only"), "{err}");
}

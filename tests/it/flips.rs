//! The Reversi and Ataxx families (`flips`, `[drops] placement`, `unlimited`,
//! `first_squares`, `features/flips.rs`): refused drops say which rule they break, flips
//! are undone with their move, and the hash kept move by move is the one a FEN gives.
//! Move lists are pinned by `tests/cases/{ataxx,flipello,flipello10,flipersi}/`; the
//! suite's perft counts by `fsf_suite.rs`.

use chimera::variants::load;
use chimera::Position;

fn position(variant: &str, fen: &str) -> Position {
    load(variant).unwrap().position(fen).unwrap()
}

#[test]
fn a_refused_drop_names_the_placement_rule() {
    for (variant, fen, text, says) in [
        ("ataxx", "P5p/7/7/7/7/7/p5P w 0 1", "P@d4", "a drop goes next to one of white's own pieces, and d4 is not"),
        ("flipello", "8/8/8/3pP3/3Pp3/8/8/8[PPpp] w 0 1", "P@a1", "a drop on a1 would enclose no line of enemy pieces"),
        ("flipersi", "8/8/8/8/8/8/8/8[PPpp] w 0 1", "P@a1", "the first drops fill d4 e4 d5 e5 before any other square"),
    ] {
        let e = position(variant, fen).parse_move(text).expect_err(text);
        assert_eq!((e.code.as_str(), e.message.as_str()), ("drop-zone", says), "{variant} {text}");
    }
}

#[test]
fn flips_are_undone_and_hashed_as_a_fen_would_be() {
    for (variant, fen) in [("flipello", "8/8/8/3pP3/3Pp3/2p5/pp6/1pP5[PPPPPPPPpppppppp] w 0 1"), ("ataxx", "7/7/2pp3/7/2P4/7/7 w 0 1")] {
        let mut p = position(variant, fen);
        let mut fens = vec![p.fen()];
        // Twelve plies, each a different pick among the legal moves.
        for ply in 0..12 {
            let moves = p.legal_moves();
            let Some(&m) = moves.get((ply * 7) % moves.len().max(1)) else { break };
            p.play(m).unwrap();
            let fresh = position(variant, &p.fen());
            assert_eq!(p.hash(), fresh.hash(), "{variant} ply {ply}: {}", p.fen());
            fens.push(p.fen());
        }
        assert!(fens.len() > 6, "{variant}: the game went on");
        fens.pop();
        while let Some(before) = fens.pop() {
            p.undo();
            assert_eq!(p.fen(), before, "{variant}: undone");
            assert_eq!(p.hash(), position(variant, &before).hash());
        }
    }
}

#[test]
fn an_unlimited_supply_writes_no_hand() {
    let mut p = position("ataxx", "P5p/7/7/7/7/7/p5P w 0 1");
    let m = p.parse_move("P@b6").unwrap();
    p.play(m).unwrap();
    assert_eq!(p.fen(), "P5p/1P5/7/7/7/7/p5P b - - 0 1");
}

/// A 5x5 board of stones (`W` steps, none at the start, drops from an endless supply)
/// with `drops` added to its `[drops]` table and `top` to the top level.
fn stones(top: &str, drops: &str) -> chimera::Variant {
    let text = format!(
        "name = \"stones\"\nroyal = \"none\"\nboard = {{ files = 5, ranks = 5 }}\nstart = \"5/5/5/5/5 w - - 0 1\"\n{top}\n\
         [drops]\ncaptures_to_hand = false\nunlimited = true\n{drops}\n[pieces.stone]\nletter = \"S\"\nbetza = \"W\"\n"
    );
    chimera::variants::from_toml(&text, "stones.toml").unwrap()
}

fn drop_squares(v: &chimera::Variant, fen: &str) -> Vec<String> {
    let p = v.position(fen).unwrap();
    let mut squares: Vec<String> =
        p.legal_moves().iter().map(|&m| p.uci(m)).filter_map(|u| u.strip_prefix("S@").map(str::to_string)).collect();
    squares.sort();
    squares
}

#[test]
fn on_top_drops_fall_to_the_bottom_or_onto_a_piece() {
    let v = stones("", "placement = \"on-top\"");
    // Black's drops fall the same way as White's: the bottom is White's first rank.
    assert_eq!(drop_squares(&v, "5/5/5/5/5 b - - 0 1"), ["a1", "b1", "c1", "d1", "e1"]);
    // On a1 (a white stone) and on b1 and b2 (a column of two): a2, b3, and the empty bottom.
    assert_eq!(drop_squares(&v, "5/5/5/1s3/Ss3 w - - 0 1"), ["a2", "b3", "c1", "d1", "e1"]);
    let e = v.position("5/5/5/5/5 w - - 0 1").unwrap().parse_move("S@c3").unwrap_err();
    assert_eq!(e.message, "a drop goes on the bottom rank or on top of a piece, and c3 is neither");
}

#[test]
fn apart_drops_keep_a_wazir_step_from_every_enemy_piece() {
    let v = stones("", "placement = \"apart\"");
    // A black stone on c3 bars c2, c4, b3 and d3 to White; diagonals and own pieces do not bar.
    let free: Vec<String> = drop_squares(&v, "5/5/2s2/5/4S w - - 0 1");
    for barred in ["c2", "c4", "b3", "d3"] {
        assert!(!free.contains(&barred.to_string()), "{barred}: {free:?}");
    }
    for open in ["b2", "d4", "e2", "d1"] {
        assert!(free.contains(&open.to_string()), "{open}: {free:?}");
    }
    assert_eq!(free.len(), 25 - 2 - 4);
    let e = v.position("5/5/2s2/5/4S w - - 0 1").unwrap().parse_move("S@c4").unwrap_err();
    assert_eq!(e.message, "a drop may not go beside an enemy piece, and c4 is");
}

#[test]
fn a_joined_drop_flips_its_neighbours_and_a_lone_one_does_not() {
    let v = stones("flips = \"adjacent-joined\"", "");
    let after = |fen: &str, text: &str| {
        let mut p = v.position(fen).unwrap();
        let m = p.parse_move(text).unwrap();
        p.play(m).unwrap();
        // The board and the side to move (the clocks are not this test's).
        p.fen().split(' ').take(2).collect::<Vec<_>>().join(" ")
    };
    // Lone: c3 touches no white stone, so the black stones beside it stay black.
    assert_eq!(after("5/5/1s3/2s2/S4 w - - 0 1", "S@c3"), "5/5/1sS2/2s2/S4 b");
    // Joined: b2 touches a1, so its black neighbours b3 and c2 turn white.
    assert_eq!(after("5/5/1s3/2s2/S4 w - - 0 1", "S@b2"), "5/5/1S3/1SS2/S4 b");
    // A move always flips: the a1 stone steps to a2, beside b3.
    assert_eq!(after("5/5/1s3/5/S4 w - - 0 1", "a1a2"), "5/5/1S3/S4/5 b");
}

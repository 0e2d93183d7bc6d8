//! The Universal Chess Interface (`search/src/uci.rs`): a script of commands and the
//! answers it gets.

use std::sync::{Arc, Mutex};

use chimera_search::uci::run;

/// The answers to a script of commands.
fn answers(script: &str) -> Vec<String> {
    let buffer: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    run(script.as_bytes(), buffer.clone());
    let bytes = buffer.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap().lines().map(str::to_string).collect()
}

fn bestmove(lines: &[String]) -> &str {
    lines.iter().rev().find_map(|l| l.strip_prefix("bestmove ")).expect("a bestmove")
}

#[test]
fn the_handshake_lists_the_variants() {
    let lines = answers("uci\nisready\n");
    assert!(lines[0].starts_with("id name Chimera"));
    let variants = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).unwrap();
    assert!(variants.contains(" var chess") && variants.contains(" var crazyhouse") && variants.contains(" var mischia"));
    assert_eq!(lines[lines.len() - 2..], ["uciok".to_string(), "readyok".to_string()]);
}

#[test]
fn it_mates_in_one_in_chess_and_in_crazyhouse() {
    let lines = answers("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmove(&lines), "a1a8");
    assert!(lines.iter().any(|l| l.starts_with("info depth") && l.contains("score mate 1")), "{lines:?}");
    let lines = answers("setoption name UCI_Variant value crazyhouse\nposition fen 6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1\ngo depth 3\n");
    // A rook dropped on a8 to e8 mates (on f8 the king takes it).
    assert!(["R@a8", "R@b8", "R@c8", "R@d8", "R@e8"].contains(&bestmove(&lines)), "{lines:?}");
}

#[test]
fn moves_are_played_and_a_node_limit_gives_a_legal_move() {
    let lines = answers("position startpos moves e2e4 e7e5 g1f3\ngo nodes 2000\nd\n");
    let best = bestmove(&lines).to_string();
    let mut pos = chimera::variants::load("chess").unwrap().start();
    for m in ["e2e4", "e7e5", "g1f3"] {
        let m = pos.parse_move(m).unwrap();
        pos.play(m).unwrap();
    }
    assert!(pos.parse_move(&best).is_ok(), "{best} legal after 1.e4 e5 2.Nf3");
    assert!(lines.iter().any(|l| l == &format!("fen {}", pos.fen())));
}

#[test]
fn shogi_promotions_are_written_and_read_as_fairy_stockfish_writes_them() {
    // The pawn turns to its promoted face: `a6a7+`, not Chimera's own `a6a7t`.
    let fen = "4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1";
    let lines = answers(&format!("setoption name UCI_Variant value shogi\nposition fen {fen}\ngo depth 3\n"));
    assert_eq!(bestmove(&lines), "a6a7+", "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3") && l.ends_with("pv a6a7+ e9d8 a7b7")), "{lines:?}");
    let lines = answers(&format!("setoption name UCI_Variant value shogi\nposition fen {fen} moves a6a7+ e9d8\nd\n"));
    assert!(lines.contains(&"fen 9/3k5/T8/9/9/9/9/9/4K4[] w - - 2 2".to_string()), "{lines:?}");
}

#[test]
fn a_turn_of_two_parts_is_read_and_answered_with_commas() {
    let lines = answers("setoption name UCI_Variant value duck\nposition startpos moves e2e4,e4e5\ngo depth 2\n");
    let best = bestmove(&lines);
    assert_eq!(best.split(',').count(), 2, "a move and the duck's: {best}");
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let lines = answers("position startpos\ngo infinite\nisready\nstop\n");
    assert!(lines.iter().any(|l| l == "readyok"));
    assert_eq!(bestmove(&lines).len(), 4);
}

#[test]
fn bad_input_is_reported_not_fatal() {
    let lines = answers("setoption name UCI_Variant value nosuch\nposition startpos moves e2e5\nposition fen xyz\nisready\n");
    assert!(lines.iter().any(|l| l.starts_with("info string unknown variant nosuch")));
    assert!(lines.iter().any(|l| l.starts_with("info string illegal move e2e5")));
    assert!(lines.iter().any(|l| l.starts_with("info string bad position")));
    assert_eq!(lines.last().unwrap(), "readyok");
}

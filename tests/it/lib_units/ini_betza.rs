//! Fairy-Stockfish's Betza read into Chimera's (`src/ini/betza.rs`).

use chimera::ini::betza::{split_double_step, translate};

#[test]
fn plain_pieces_keep_their_letters() {
    for (fsf, chimera) in [("N", "N"), ("R", "R"), ("B", "B"), ("Q", "RB"), ("K", "WF"), ("RN", "RN"), ("NN", "NN")] {
        let got = translate(fsf).unwrap();
        assert_eq!(chimera::betza::parse(&got).unwrap(), chimera::betza::parse(chimera).unwrap(), "{fsf} -> {got}");
    }
}

#[test]
fn directions_follow_fairy_stockfish() {
    // Fairy-Stockfish's `fN` is the shogi knight: the two narrow forward leaps, which
    // Chimera writes `ffN`; `fK` applies to both parts: the three forward steps.
    let same = |fsf: &str, chimera: &str| {
        let got = translate(fsf).unwrap();
        assert_eq!(chimera::betza::parse(&got).unwrap(), chimera::betza::parse(chimera).unwrap(), "{fsf} -> {got}");
    };
    same("fN", "ffN");
    same("fmWfcF", "fmWfcF");
    same("fsW", "fsW");
    same("fK", "fWfF");
    same("W2", "R2");
    same("nN", "nN");
    // Hoppers: the cannon (`p`) and the grasshopper (`g`), riders only.
    same("mRcpR", "mRcpR");
    same("pB", "pB");
    same("gQ", "gQ");
    // A cannon of range n: hurdle and landing within n steps, as multi-leg moves.
    same("pB2", "pafF");
    same("mRpR3", "mRpafWpafmafWmafpafW");
    same("fcpR2", "fpafcW");
    // Yokai's oni: groups of letters that would read otherwise run together.
    same("fFbrFvrW", "rrFffFrvW");
    // `h` pairs as Fairy-Stockfish reads them: `fh` is the forward half (the four
    // forward knight leaps).
    same("fhN", "ffNfsN");
    same("fhW", "fW");
    // `e` is no move of its own: it makes a custom piece one of `enPassantTypes` (pawns.rs).
    same("mWfceF", "mWfcF");
}

#[test]
fn the_initial_double_step_is_taken_out() {
    assert_eq!(split_double_step("mWfceFifmnD"), ("mWfceF".to_string(), true));
    assert_eq!(split_double_step("KnmfiD"), ("K".to_string(), true));
    assert_eq!(split_double_step("ifmnD2"), ("ifmnD2".to_string(), false));
    assert_eq!(split_double_step("ifmW2fcF"), ("ifmW2fcF".to_string(), false));
    assert_eq!(split_double_step("fmWfcF"), ("fmWfcF".to_string(), false));
}

#[test]
fn what_chimera_lacks_is_refused() {
    assert!(translate("gR2").unwrap_err().contains("hopper"));
    assert!(translate("pW").unwrap_err().contains("hopper"));
    assert!(translate("ifmW2").unwrap_err().contains("initial"));
    assert!(translate("afsW").unwrap_err().contains("skip"));
    assert_eq!(translate("nZ").as_deref(), Ok("nZ"));
}

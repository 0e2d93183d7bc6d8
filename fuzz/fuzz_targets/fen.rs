//! The FEN reader of every built-in on any text: an error or a position, never a panic;
//! a position writes a FEN that reads back to itself, and its moves can be listed,
//! played and taken back.
#![no_main]

use chimera_fuzz::variant_and_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((variant, text)) = variant_and_text(data) else { return };
    let Ok(mut pos) = variant.position(text) else { return };
    let fen = pos.fen();
    let again = variant.position(&fen).unwrap_or_else(|e| panic!("`{fen}` written, but not read back: {e}"));
    assert_eq!(again.fen(), fen);
    let _ = pos.outcome();
    for m in pos.legal_moves() {
        let (uci, san) = (pos.uci(m), pos.san(m));
        pos.play_unchecked(m);
        let after = pos.fen();
        let _ = variant.position(&after).unwrap_or_else(|e| panic!("after {uci} ({san}) `{after}` is not read back: {e}"));
        pos.undo();
    }
    assert_eq!(pos.fen(), fen);
});

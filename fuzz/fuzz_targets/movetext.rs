//! Movetext, SAN and long algebraic on any text: the movetext reader and the move reader
//! of a built-in answer every word with a move or an error, never a panic; whatever is
//! played can be taken back, part by part.
#![no_main]

use chimera::movetext::{self, Token};
use chimera_fuzz::variant_and_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((variant, text)) = variant_and_text(data) else { return };
    let mut pos = variant.start();
    // Every word as one move too, whatever the movetext reader makes of the text.
    for word in text.split_whitespace().take(64) {
        let _ = pos.parse_move(word);
    }
    let Ok(tokens) = movetext::read(text) else { return };
    for t in &tokens {
        let Token::Move(m) = t else { break };
        if pos.play_str(&m.text).is_err() {
            break;
        }
        let _ = pos.outcome();
    }
    // A whole turn (`e2e4,e4e5`) plays several parts, each taken back by one undo.
    for _ in 0..pos.plies() {
        assert!(pos.undo().is_some());
    }
    assert_eq!(pos.fen(), variant.start().fen());
});

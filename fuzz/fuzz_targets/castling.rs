//! FENs with castling rights, read both ways: in the standard reading and in Chess960's,
//! a FEN is refused with the castling field's or another field's reason, or read into a
//! position whose FEN — with castle letters and with rook files — reads back to itself in
//! the same mode, and whose castles can be played and taken back.
#![no_main]

use chimera::{CastlingLetters, CastlingMode, MoveKind};
use chimera_fuzz::variant_and_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((variant, text)) = variant_and_text(data) else { return };
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let mut pos = match variant.position_in(text, mode) {
            Ok(pos) => pos,
            Err(e) => {
                assert!(!e.message.is_empty(), "a refusal says why");
                continue;
            }
        };
        for letters in [CastlingLetters::Castles, CastlingLetters::RookFiles] {
            let fen = pos.fen_with(letters);
            let again = variant.position_in(&fen, mode).unwrap_or_else(|e| panic!("{mode:?}: `{fen}` written, but not read back: {e}"));
            assert_eq!(again.fen_with(letters), fen, "{mode:?}");
        }
        let before = pos.fen();
        for m in pos.legal_moves().into_iter().filter(|m| m.kind == MoveKind::Castle) {
            pos.play_unchecked(m);
            let after = pos.fen();
            variant.position_in(&after, mode).unwrap_or_else(|e| panic!("{mode:?}: after a castle `{after}` is not read back: {e}"));
            pos.undo();
            assert_eq!(pos.fen(), before);
        }
    }
});

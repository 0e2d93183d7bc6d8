//! The ruleset loader on any text: an error or a variant, never a panic; a variant
//! compiled from it gives a start position whose moves and FEN are readable.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Tables above this are not built (the loader's own answer, `TableSize`, is what is
/// tested; building 100 MB tables is only slow).
const MAX_TABLE_BYTES: usize = 4 << 20;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(plan) = chimera::variants::plan_untrusted(text, "fuzz.toml") else { return };
    if plan.table_size().bytes > MAX_TABLE_BYTES {
        return;
    }
    let Ok(variant) = plan.compile() else { return };
    let mut pos = variant.start();
    let fen = pos.fen();
    assert_eq!(variant.position(&fen).expect("the start FEN reads back").fen(), fen);
    for (m, uci, san) in pos.moves_with_notation() {
        assert_eq!(pos.parse_move(&uci).ok(), Some(m), "{uci}");
        assert_eq!(pos.parse_move(&san).ok(), Some(m), "{san}");
    }
    let _ = pos.outcome();
});

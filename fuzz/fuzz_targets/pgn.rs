//! PGN files as raw bytes (not UTF-8 included): the streaming game reader and the checker
//! give a verdict for every game, never a panic, and never more games than the input
//! could hold.
#![no_main]

use chimera::pgn::Checker;
use chimera_fuzz::builtins;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let all = builtins();
    let default = &all[data.first().map_or(0, |&b| b as usize) % all.len()];
    let mut games = 0;
    for (n, verdict) in Checker::new(default).games(data).enumerate() {
        assert_eq!(verdict.game, n + 1);
        assert!(verdict.line >= 1);
        games += 1;
    }
    // A game begins with a tag pair or a word: at least one byte and a separator each.
    assert!(games <= data.len() / 2 + 1, "{games} games in {} bytes", data.len());
});

//! `import-ini` on any text: every section converted or refused, never a panic; a
//! converted section's name is an id (it names a file) and its ruleset compiles.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (sections, _) = chimera::ini::import(text);
    for s in sections {
        if let Ok(toml) = &s.result {
            assert!(chimera::ini::id_error(&s.name).is_none(), "converted a section named `{}`", s.name.escape_debug());
            chimera::variants::from_toml(toml, "x.toml").unwrap_or_else(|e| panic!("[{}] converted but does not compile: {e}", s.name));
        }
    }
});

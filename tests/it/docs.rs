//! The book in `docs/` kept true: every key of the ruleset schema is in its reference,
//! the variant catalogue is what `chimera variants --markdown` writes, the README stays
//! short.

use std::collections::BTreeSet;

use toml::{Table, Value};

/// The fields of the table at `path` in the schema, as the loader names them when it
/// meets an unknown one (``unknown field `zzz`, expected one of `a`, `b` ``); `None`
/// where the loader wants no table of fields there.
fn fields_at(base: &Table, path: &[&str], as_array: bool) -> Option<Vec<String>> {
    let mut doc = base.clone();
    let mut probe = Table::new();
    probe.insert("zzz_probe".to_string(), Value::Integer(1));
    let value = if as_array { Value::Array(vec![Value::Table(probe)]) } else { Value::Table(probe) };
    let mut t = &mut doc;
    for (i, key) in path.iter().enumerate() {
        if i + 1 == path.len() {
            t.insert(key.to_string(), value);
            break;
        }
        let next = t.entry(key.to_string()).or_insert_with(|| Value::Table(Table::new()));
        t = next.as_table_mut()?;
    }
    let text = toml::to_string(&doc).unwrap();
    let message = match chimera::variants::from_toml(&text, "probe.toml") {
        Ok(_) => return None,
        Err(e) => e.message,
    };
    let expected = message.strip_prefix("unknown field `zzz_probe`, ")?;
    if expected.contains("there are no fields") {
        return Some(Vec::new());
    }
    Some(expected.split('`').skip(1).step_by(2).map(str::to_string).collect())
}

/// Every key the ruleset schema knows, as dotted paths, found by asking the loader
/// itself: each table it knows is probed with an unknown field, and each field it then
/// names is probed in turn as a table (or an array of tables) of its own.
fn schema_keys() -> BTreeSet<String> {
    let base: Table = include_str!("../../rulesets/chess.toml").parse().unwrap();
    let mut keys = BTreeSet::new();
    // A piece's table is reached through a piece that exists; modules through their names.
    let mut todo: Vec<Vec<String>> = vec![vec![], vec!["pieces".into(), "pawn".into()]];
    for (name, _) in chimera::variants::modules::registry().names() {
        todo.push(vec!["modules".into(), name.into()]);
    }
    while let Some(path) = todo.pop() {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        let fields = if refs.is_empty() {
            // The top level: an unknown key there.
            fields_at(&base, &["zzz_probe"], false).or_else(|| {
                let mut doc = base.clone();
                doc.insert("zzz_probe".into(), Value::Integer(1));
                let message = chimera::variants::from_toml(&toml::to_string(&doc).unwrap(), "probe.toml").err()?.message;
                let expected = message.strip_prefix("unknown field `zzz_probe`, ")?.to_string();
                Some(expected.split('`').skip(1).step_by(2).map(str::to_string).collect())
            })
        } else {
            fields_at(&base, &refs, false).or_else(|| fields_at(&base, &refs, true))
        };
        for field in fields.unwrap_or_default() {
            let mut next = path.clone();
            next.push(field);
            // The probed piece is any piece; its own `pawn` key is a key.
            let shown: Vec<&str> =
                next.iter().enumerate().map(|(i, s)| if i == 1 && next[0] == "pieces" { "<name>" } else { s.as_str() }).collect();
            // `pieces` and `modules` are maps by name, probed through a name above.
            let by_name = next.len() == 1 && (next[0] == "pieces" || next[0] == "modules");
            if keys.insert(shown.join(".")) && next.len() < 6 && !by_name {
                todo.push(next);
            }
        }
    }
    keys
}

#[test]
fn the_schema_is_found_by_probing() {
    let keys = schema_keys();
    for key in [
        "name",
        "pieces.<name>.betza",
        "pieces.<name>.promotion.on_capture",
        "castling.safe",
        "end.region_win.reply",
        "drops.must_drop",
        "end.checks",
    ] {
        assert!(keys.contains(key), "{key} not found among {keys:?}");
    }
}

/// Every key of the schema is named (in backticks) in the book's ruleset reference.
#[test]
fn every_schema_key_appears_in_the_reference() {
    let reference = std::fs::read_to_string("docs/src/rulesets.md").unwrap();
    let missing: Vec<String> = schema_keys()
        .into_iter()
        .filter(|key| {
            // Named in code: `must_capture = true`, `[end.counting]`, `promotion.from_zone`.
            let last = key.rsplit('.').next().unwrap();
            let word = regex_free_word(&reference, last);
            !word
        })
        .collect();
    assert!(missing.is_empty(), "keys of the schema the reference (docs/src/rulesets.md) does not name: {missing:?}");
}

/// Whether `word` stands as a whole word inside some inline code of `text`.
fn regex_free_word(text: &str, word: &str) -> bool {
    text.split('`').skip(1).step_by(2).any(|code| code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).any(|w| w == word))
}

/// The catalogue page is what `chimera variants --markdown` writes today.
#[test]
fn the_variant_catalogue_is_current() {
    let r = crate::cli::run(&["variants", "--markdown"], None).ok();
    let page = std::fs::read_to_string("docs/src/catalogue.md").unwrap();
    assert!(page == r.stdout, "docs/src/catalogue.md is stale: run `cargo run --release -- variants --markdown > docs/src/catalogue.md`");
}

#[test]
fn the_readme_stays_short() {
    let lines = std::fs::read_to_string("README.md").unwrap().lines().count();
    assert!(lines <= 350, "README.md has {lines} lines: move detail to the book in docs/");
}

/// ARCHITECTURE.md's layer table names each engine file in the layer its imports put it
/// in (`scripts/engine_layers.py`, which computes the layers, checks the table).
#[test]
fn the_architecture_layer_table_matches_the_imports() {
    let out = std::process::Command::new("python3")
        .args(["scripts/engine_layers.py", "--check", "ARCHITECTURE.md"])
        .output()
        .expect("python3 runs scripts/engine_layers.py");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "ARCHITECTURE.md's layer table is stale:\n{text}");
    assert!(text.contains("agrees with the code"), "{text}");
}

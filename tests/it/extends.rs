//! Ruleset inheritance (`extends`): the merge rule, chains, cycles and the depth cap, errors
//! that point into the file they come from, built-in ids as bases, and a pin on the
//! built-ins written with it (the Mitred family).

use std::collections::HashMap;
use std::process::Command;

use chimera::ruleset::{Resolve, Source};
use chimera::variants::{self, BUILTINS};
use chimera::{RulesetError, Variant};

const BASE: &str = r#"name = "base"
description = "the base"
board = { files = 8, ranks = 8 }
start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"

[pieces.king]
letter = "K"
betza = "K"
royal = true

[pieces.rook]
letter = "R"
betza = "R"

[pieces.wazir]
letter = "W"
betza = "W"

[[castling]]
king = "e1"
king_to = "g1"
rook = "h1"
rook_to = "f1"
notation = "O-O"

[[castling]]
king = "e1"
king_to = "c1"
rook = "a1"
rook_to = "d1"
notation = "O-O-O"
"#;

/// In-memory files, found by their name as written after `extends`.
struct Files(HashMap<&'static str, String>);

impl Resolve for Files {
    fn resolve(&self, name: &str, _from: &str) -> Result<Source, String> {
        self.0.get(name).map(|text| Source { file: name.to_string(), text: text.clone() }).ok_or(format!("no file `{name}`"))
    }
}

fn files(list: &[(&'static str, &str)]) -> Files {
    Files(list.iter().map(|(n, t)| (*n, t.to_string())).collect())
}

fn load(text: &str, files: &Files) -> Result<Variant, RulesetError> {
    Variant::from_toml_resolving(text, "top.toml", &variants::modules::registry(), files)
}

#[test]
fn tables_merge_key_by_key_and_arrays_replace() {
    let top = r#"extends = "base.toml"
name = "top"
start = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
[pieces.rook]
betza = "RN"
[[castling]]
king = "e1"
king_to = "g1"
rook = "h1"
rook_to = "f1"
notation = "0-0"
"#;
    let v = load(top, &files(&[("base.toml", BASE)])).unwrap();
    let rules = v.rules();
    assert_eq!(rules.name, "top");
    assert_eq!(rules.description, "the base");
    let rook = &rules.pieces[1];
    assert_eq!((rook.name.as_str(), rook.letter, rook.betza.as_str()), ("rook", Some('R'), "RN"));
    assert_eq!(rules.castles.len(), 1);
    assert_eq!(rules.castles[0].notation, "0-0");
}

#[test]
fn none_removes_an_inherited_table_and_is_a_plain_string_elsewhere() {
    let top = r#"extends = "base.toml"
name = "top"
start = "4k3/8/8/8/8/8/8/4K2W w - - 0 1"
castling = []
pieces = { rook = "none" }
"#;
    let v = load(top, &files(&[("base.toml", BASE)])).unwrap();
    let names: Vec<&str> = v.rules().pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["king", "wazir"], "the base's order, less the removed piece");

    // Over a string (or over nothing) "none" is just a value: here `captured_as`'s word.
    let top = r#"extends = "base.toml"
name = "top"
[drops]
[pieces.wazir]
captured_as = "none"
"#;
    let v = load(top, &files(&[("base.toml", BASE)])).unwrap();
    assert_eq!(v.rules().pieces[2].captured_as, chimera::rules::Captured::Removed);
}

#[test]
fn a_chain_of_two_bases() {
    let middle = "extends = \"base.toml\"\nname = \"middle\"\ndescription = \"the middle\"\n[pieces.wazir]\nbetza = \"WF\"\n";
    let top = "extends = \"middle.toml\"\nname = \"top\"\n[pieces.wazir]\nletter = \"V\"\n";
    let v = load(top, &files(&[("base.toml", BASE), ("middle.toml", middle)])).unwrap();
    let rules = v.rules();
    assert_eq!((rules.name.as_str(), rules.description.as_str()), ("top", "the middle"));
    let wazir = &rules.pieces[2];
    assert_eq!((wazir.letter, wazir.betza.as_str()), (Some('V'), "WF"));
    assert_eq!(rules.castles.len(), 2);
}

#[test]
fn a_cycle_is_an_error_naming_the_chain_where_it_closes() {
    let a = "name = \"a\"\nextends = \"b.toml\"\n";
    let b = "# b\nextends = \"top.toml\"\n";
    let top = "extends = \"a.toml\"\n";
    let e = load(top, &files(&[("a.toml", a), ("b.toml", b), ("top.toml", top)])).unwrap_err();
    assert_eq!(e.to_string(), "b.toml:2:11: extends: `extends` goes round in a circle: top.toml -> a.toml -> b.toml -> top.toml");
}

#[test]
fn chains_are_capped() {
    let mut list = Vec::new();
    let names: Vec<&'static str> = (0..12).map(|i| &*Box::leak(format!("f{i}.toml").into_boxed_str())).collect();
    for i in 0..11 {
        list.push((names[i], format!("extends = \"{}\"\n", names[i + 1])));
    }
    list.push((names[11], BASE.to_string()));
    let files = Files(list.into_iter().collect());
    let e = load("extends = \"f0.toml\"\n", &files).unwrap_err();
    assert_eq!(e.to_string(), "f7.toml:1:1: extends: more than 8 levels of `extends`");
}

#[test]
fn an_unknown_base_is_an_error_at_the_extends_key() {
    let e = load("name = \"x\"\n\nextends   = \"nowhere.toml\"\n", &files(&[])).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.column, e.key.as_str()), ("top.toml", 3, 13, "extends"));
    assert_eq!(e.message, "no file `nowhere.toml`");
}

#[test]
fn an_error_inside_a_base_points_into_the_base() {
    let bad = BASE.replace("betza = \"W\"", "betza = \"pW\"");
    let e = load("extends = \"base.toml\"\nname = \"top\"\n", &files(&[("base.toml", &bad)])).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.column, e.key.as_str()), ("base.toml", 17, 10, "pieces.wazir.betza"));

    let syntax = "name = \"base\"\nboard = { files = 8\n";
    let e = load("extends = \"base.toml\"\n", &files(&[("base.toml", syntax)])).unwrap_err();
    assert_eq!((e.file.as_str(), e.line), ("base.toml", 2));

    // A key only the base has, of the wrong type.
    let wrong = BASE.replace("files = 8", "files = \"eight\"");
    let e = load("extends = \"base.toml\"\nname = \"top\"\n", &files(&[("base.toml", &wrong)])).unwrap_err();
    assert_eq!(e.to_string(), "base.toml:3:19: board.files: invalid type: string \"eight\", expected u8");
}

#[test]
fn an_error_in_the_overlay_points_into_the_overlay() {
    let top = "extends = \"base.toml\"\n\n[pieces.wazir]\nletter = \"K\"\n";
    let e = load(top, &files(&[("base.toml", BASE)])).unwrap_err();
    assert_eq!(e.to_string(), "top.toml:4:10: pieces.wazir.letter: letter `K` is already used by `king`");

    let top = "extends = \"base.toml\"\n[end]\nstalemate = \"victory\"\n";
    let e = load(top, &files(&[("base.toml", BASE)])).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.column, e.key.as_str()), ("top.toml", 3, 13, "end.stalemate"));
}

#[test]
fn the_default_resolver_reads_paths_relative_to_the_including_file() {
    let top = "extends = \"../data/extends/kings-and-rooks.toml\"\nname = \"top\"\n";
    let v = Variant::from_toml(top, "tests/broken/top.toml").unwrap();
    assert_eq!((v.name(), v.rules().castles.len()), ("top", 2));
}

#[test]
fn built_in_ids_are_bases_for_files_on_disk() {
    let v = variants::from_toml("extends = \"chess\"\nname = \"my-chess\"\nend = { move_rule = 0 }\n", "my.toml").unwrap();
    let chess = variants::load("chess").unwrap();
    assert_eq!(v.rules().pieces, chess.rules().pieces);
    assert_eq!((v.name(), v.rules().end.move_rule), ("my-chess", chimera::Threshold::NEVER));
}

/// `chimera variants` reads descriptions without compiling: they must be the compiled ones.
#[test]
fn built_in_descriptions_read_cheaply_match_the_compiled_ones() {
    for b in BUILTINS {
        assert_eq!(b.description().unwrap(), b.variant().unwrap().rules().description, "{}", b.id);
    }
}

/// The rulesets written with `extends` pinned by `chimera check`'s summary of each (pieces,
/// moves, promotions, capture maps, hands, end rules, start), taken before they were
/// rewritten as bases and overlays.
#[test]
fn rulesets_written_with_extends_compile_as_before() {
    let mut report = String::new();
    for b in BUILTINS.iter().filter(|b| b.id.starts_with("mitred-") || b.id.starts_with("los-generales")) {
        let out = Command::new(env!("CARGO_BIN_EXE_chimera")).args(["check", b.id]).output().unwrap();
        assert!(out.status.success(), "{}: {}", b.id, String::from_utf8_lossy(&out.stderr));
        report += &String::from_utf8(out.stdout).unwrap();
        report += "\n";
    }
    insta::assert_snapshot!(report);
}

//! The snapshot-test kit: every `tests/cases/<variant>/<name>.toml` becomes a snapshot
//! of its position's legal moves (sorted, each with its SAN and the FEN after it), in
//! the text `chimera moves --snapshot` prints.
//!
//! The case files and their text are `chimera::cases`' (what `chimera cases` runs for
//! rule authors elsewhere). New or changed snapshots are reviewed with `cargo insta review`.

use std::fs;
use std::path::Path;

#[test]
fn every_case_matches_its_snapshot() {
    let root = Path::new("tests/cases");
    let mut variants: Vec<_> = fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    variants.sort();
    let mut count = 0;
    for dir in variants {
        let variant = dir.file_name().unwrap().to_string_lossy().to_string();
        let mut files: Vec<_> =
            fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
        files.sort();
        for file in files {
            let name = format!("{variant}__{}", file.file_stem().unwrap().to_string_lossy());
            let text = chimera::cases::render_case(&file, &variant).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            insta::with_settings!({ snapshot_path => "../cases/snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
                insta::assert_snapshot!(name, text);
            });
            count += 1;
        }
    }
    assert!(count > 0, "no cases found");
}

/// Every built-in variant has at least one case.
#[test]
fn every_builtin_variant_has_cases() {
    for b in chimera::variants::BUILTINS {
        let dir = Path::new("tests/cases").join(b.id);
        let has = dir.is_dir() && fs::read_dir(&dir).unwrap().any(|e| e.unwrap().path().extension().is_some_and(|x| x == "toml"));
        assert!(has, "no case for the built-in variant `{}` in tests/cases/{}/", b.id, b.id);
    }
}

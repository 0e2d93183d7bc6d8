//! `variants.ini` read into sections (`src/ini/parse.rs`).

use chimera::ini::parse::parse;

#[test]
fn sections_keep_parents_and_lines() {
    let f = parse("# c\n[a]\nmaxRank = 6\n\n[b:a]\n; x\nstartFen = 8/8 w - - 0 1\n");
    assert!(f.errors.is_empty());
    assert_eq!(f.sections.len(), 2);
    assert_eq!(f.sections[1].parent.as_deref(), Some("a"));
    assert_eq!(f.sections[1].get("startFen").unwrap().line, 7);
    assert_eq!(f.sections[0].get("maxRank").unwrap().value, "6");
}

#[test]
fn stray_lines_are_errors() {
    let f = parse("x = 1\n[a]\nnonsense\n");
    assert_eq!(f.errors.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 3]);
}

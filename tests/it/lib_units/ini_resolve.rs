//! A section's chain of ancestors among the built-ins (`src/ini/resolve.rs`).

use chimera::ini::parse::parse;
use chimera::ini::resolve::{builtin_chain, builtins};

#[test]
fn chains_reach_builtins() {
    let file = parse("[a:crazyhouse]\nx = 1\n[d:sittuyin]\n");
    let b = builtins();
    let c = builtin_chain("crazyhouse", &file.sections[0], &b).unwrap();
    let names: Vec<_> = c.layers.iter().map(|l| l.section.name.as_str()).collect();
    assert_eq!(names, ["chess", "crazyhouse", "a"]);
    assert!(!c.fairy_root);
    assert!(builtin_chain("sittuyin", &file.sections[1], &b).is_none());
}

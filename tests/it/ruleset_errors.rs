//! Every deliberately broken ruleset in `tests/broken/` gives one clear error that
//! names file, line, column and key (pinned as a snapshot), and never panics.

use std::fs;

#[test]
fn broken_rulesets_report_where_and_why() {
    let mut files: Vec<_> = fs::read_dir("tests/broken").unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 15);
    let mut report = String::new();
    for path in files {
        let name = path.to_string_lossy().replace('\\', "/");
        let text = fs::read_to_string(&path).unwrap();
        match chimera::Variant::from_toml_with(&text, &name, &chimera::variants::modules::registry()) {
            Ok(_) => panic!("{name} loaded, but it is broken on purpose"),
            Err(e) => {
                assert!(e.to_string().starts_with(&format!("{name}:{}:{}: ", e.line, e.column)));
                report += &format!("{e}\n");
            }
        }
    }
    insta::assert_snapshot!(report);
}

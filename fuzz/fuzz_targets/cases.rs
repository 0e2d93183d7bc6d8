//! A folder of case files from anyone (issue 54): the input is cut at NUL bytes into case
//! files (`a.toml`, `b.toml`, ...) and a snapshot for the first, written into a folder
//! named after a built-in (`chess`). `Kit::run` answers every case with a verdict or the
//! folder with an error, never a panic; once `--accept` has written the snapshots, a run
//! passes (or fails only on cases that fail without a snapshot: a bad file, a count).
#![no_main]

use std::fs;
use std::path::PathBuf;

use chimera::cases::{Kit, Status};
use libfuzzer_sys::fuzz_target;

/// The folder this process fuzzes in, emptied for each input.
fn folder() -> PathBuf {
    let root = std::env::temp_dir().join(format!("chimera-fuzz-cases-{}", std::process::id()));
    let dir = root.join("chess");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(dir.join("snapshots")).unwrap();
    dir
}

fuzz_target!(|data: &[u8]| {
    let dir = folder();
    let mut parts = data.split(|&b| b == 0);
    let snapshot = parts.next().unwrap_or_default();
    for (n, case) in parts.take(4).enumerate() {
        fs::write(dir.join(format!("{}.toml", (b'a' + n as u8) as char)), case).unwrap();
    }
    fs::write(dir.join("snapshots").join("chess__a.snap"), snapshot).unwrap();
    let kit = Kit::new(&dir);
    let Ok(first) = kit.run(false) else { return };
    kit.run(true).expect("the folder read once reads again");
    let again = kit.run(false).expect("and again");
    assert_eq!(first.cases.len(), again.cases.len());
    // Accepting wrote every snapshot and count: each case is now the same, or fails as it
    // did (a file that is no case).
    for case in &again.cases {
        match &case.status {
            Status::Same => assert!(case.legal.is_none(), "{}: the count accepted differs", case.file.display()),
            Status::Failed(_) => {}
            _ => panic!("{}: not the same once accepted", case.file.display()),
        }
    }
});

//! Files, streams and input from anyone (issue 54): `chimera cases` never reads or writes
//! through a link out of its folder and refuses oversized files; a game of endless moves
//! is cut at the per-game cap and reading goes on at the next game; every file-taking
//! option refuses what is no regular file. Each test is a reproducer of the issue.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn chimera(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera")).args(args).current_dir(dir).output().expect("chimera runs")
}

/// A fresh empty folder under the temp directory, unique to this process and `name`.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-file-safety-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const CASE: &str = "note = \"the start\"\nlegal = 3\n";

/// A folder `cases` (a case of chess whose `legal` count is wrong) beside a file `secret`
/// that no run may read or write.
fn kit(name: &str) -> (PathBuf, PathBuf) {
    let root = temp_dir(name);
    let cases = root.join("chess");
    fs::create_dir_all(cases.join("snapshots")).unwrap();
    fs::write(cases.join("a.toml"), CASE).unwrap();
    fs::write(root.join("secret"), "SECRET TEXT\n").unwrap();
    (root, cases)
}

#[track_caller]
fn secret_untouched(root: &Path, out: &Output) {
    assert_eq!(fs::read_to_string(root.join("secret")).unwrap(), "SECRET TEXT\n");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!all.contains("SECRET"), "{all}");
}

#[test]
fn cases_never_follow_a_snapshot_link_out_of_the_folder() {
    let (root, cases) = kit("snapshot-link");
    symlink(root.join("secret"), cases.join("snapshots/chess__a.snap")).unwrap();
    for args in [&["cases", "chess"][..], &["cases", "chess", "--accept"]] {
        let out = chimera(args, &root);
        secret_untouched(&root, &out);
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stdout).contains("leads out of"), "{out:?}");
    }
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn cases_never_follow_a_case_file_link_out_of_the_folder() {
    let (root, cases) = kit("case-link");
    fs::write(root.join("secret"), "SECRET TEXT\n").unwrap();
    fs::write(root.join("outside.toml"), CASE).unwrap();
    symlink(root.join("outside.toml"), cases.join("b.toml")).unwrap();
    let out = chimera(&["cases", "chess", "--accept"], &root);
    // The link's target keeps its wrong count; the case inside is mended.
    assert_eq!(fs::read_to_string(root.join("outside.toml")).unwrap(), CASE);
    assert!(fs::read_to_string(cases.join("a.toml")).unwrap().contains("legal = 20"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("b.toml: error:") && stdout.contains("leads out of"), "{stdout}");
    assert_eq!(out.status.code(), Some(1));
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn cases_refuse_a_snapshots_folder_that_leads_out() {
    let (root, cases) = kit("folder-link");
    fs::remove_dir(cases.join("snapshots")).unwrap();
    fs::create_dir(root.join("elsewhere")).unwrap();
    symlink(root.join("elsewhere"), cases.join("snapshots")).unwrap();
    let out = chimera(&["cases", "chess", "--accept"], &root);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("leads out of"), "{out:?}");
    assert_eq!(fs::read_dir(root.join("elsewhere")).unwrap().count(), 0);
    assert_eq!(fs::read_to_string(cases.join("a.toml")).unwrap(), CASE);
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn accept_replaces_a_link_inside_the_folder_and_leaves_its_target() {
    // A snapshot that links to another file of the folder: the accepted snapshot takes
    // the link's place, and the file it pointed to is left as it was.
    let (root, cases) = kit("inner-link");
    fs::write(cases.join("snapshots/other.snap"), "kept\n").unwrap();
    symlink(cases.join("snapshots/other.snap"), cases.join("snapshots/chess__a.snap")).unwrap();
    let out = chimera(&["cases", "chess", "--accept"], &root);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(fs::read_to_string(cases.join("snapshots/other.snap")).unwrap(), "kept\n");
    let snap = cases.join("snapshots/chess__a.snap");
    assert!(!snap.symlink_metadata().unwrap().file_type().is_symlink());
    assert!(fs::read_to_string(snap).unwrap().contains("moves: 20"));
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn cases_over_the_size_cap_fail_unread() {
    let (root, cases) = kit("cap");
    fs::write(cases.join("a.toml"), "note = \"the start\"\n").unwrap();
    // A case file of 10 kB under a cap of 4 kB (the default cap is megabytes; a test
    // lowers it rather than write such a file).
    fs::write(cases.join("big.toml"), format!("note = \"big\"\n{}", "# padding\n".repeat(1000))).unwrap();
    let mut kit = chimera::cases::Kit::new(&cases);
    kit.max_bytes = 4096;
    let report = kit.run(false).unwrap();
    let big = report.cases.iter().find(|c| c.file.ends_with("big.toml")).unwrap();
    assert!(matches!(&big.status, chimera::cases::Status::Failed(why) if why.contains("larger than 4096 bytes")), "{:?}", big.status);
    // The default cap: a sparse file past it is refused by its size, not read.
    let sparse = fs::File::create(cases.join("huge.toml")).unwrap();
    sparse.set_len(chimera::cases::MAX_CASE_BYTES + 1).unwrap();
    let out = chimera(&["cases", "chess"], &root);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("huge.toml: error: cannot read it: larger than"), "{stdout}");
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn cases_report_escapes_control_characters() {
    let (root, cases) = kit("escapes");
    fs::write(cases.join("a.toml"), "note = \"red \\u001b[31m text\"\n").unwrap();
    let out = chimera(&["cases", "chess"], &root);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains('\u{1b}') && stdout.contains("\\u{1b}[31m"), "{stdout}");
    let _ = fs::remove_dir_all(&root);
}

/// A `.pgn.zst` of tens of kilobytes holding one endless game (the reproducer:
/// 67 kB that grew to 2.1 GB in memory), then a good game.
fn endless_game_zst(dir: &Path) -> PathBuf {
    let mut pgn = String::from("[Event \"endless\"]\n");
    let mut n = 1;
    while pgn.len() < chimera::movetext::MAX_GAME_BYTES + (1 << 20) {
        pgn += &format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1);
        n += 2;
    }
    pgn += "\n\n[Event \"after\"]\n1. e4 e5 *\n";
    let path = dir.join("endless.pgn.zst");
    fs::write(&path, zstd::encode_all(pgn.as_bytes(), 3).unwrap()).unwrap();
    path
}

#[test]
fn validate_cuts_an_endless_game_at_the_cap_and_reads_on() {
    let dir = temp_dir("endless");
    endless_game_zst(&dir);
    let out = chimera(&["validate", "--json", "chess", "endless.pgn.zst"], &dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).expect(l)).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    // The repetition ends the game before the cap is reached: the cap is the bound on
    // what is read past it, so the first game fails (by the move after the end or by the
    // cap, whichever comes first) and the next is read.
    assert_eq!(lines[0]["ok"], false);
    assert_eq!(lines[1]["ok"], true);
    assert_eq!(lines[1]["plies"], 2);
    let _ = fs::remove_dir_all(&dir);
}

/// `import-ini --json` is JSON lines only, whatever the file holds (a bad line of 1 MB
/// quoted in 80 characters); a byte-order mark does not cost the first section.
#[test]
fn import_ini_json_is_json_lines_and_a_bom_is_read() {
    let dir = temp_dir("ini-json");
    let long = "x".repeat(1 << 20);
    fs::write(dir.join("v.ini"), format!("\u{feff}[first:chess]\nmaxRank = 8\n{long}\n[second:chess]\n")).unwrap();
    let out = chimera(&["import-ini", "v.ini", "--json"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:.100}"))).collect();
    let names: Vec<&str> = lines.iter().filter_map(|v| v["name"].as_str()).collect();
    assert_eq!(names, ["first", "second"]);
    let skipped = lines.iter().find(|v| v["skipped"] == true).expect("the bad line is reported");
    let message = skipped["message"].as_str().unwrap();
    assert!(message.len() < 200 && message.contains("1048496 more characters"), "{message}");
}

/// `chimera check` prints a ruleset's own words with their control characters escaped.
#[test]
fn check_escapes_a_ruleset_s_words() {
    let dir = temp_dir("check-escape");
    fs::write(dir.join("v.toml"), "extends = \"chess\"\nname = \"evil\\u001b[2J\"\ndescription = \"\\u001b]0;owned\\u0007\"\n").unwrap();
    let out = chimera(&["check", "v.toml"], &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
    assert!(text.contains("\\u{1b}]0;owned"), "{text}");
}

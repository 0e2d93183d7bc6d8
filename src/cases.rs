//! The snapshot kit for rule edge cases: a folder of case files (each a position and
//! a note on the rule it pins) whose legal moves are kept as snapshots, so that a change
//! of the rules that changes them shows up as a diff.
//!
//! A case file (`<folder>/<name>.toml`):
//!
//! ```toml
//! note = "what rule this pins"              # required: why the case exists
//! fen = "1k4/4P1/6/6/6/R2K2 w - - 0 1"      # optional: default the variant's start
//! moves = "e4 e5 Nf3"                       # optional: played first (SAN or long algebraic)
//! legal = 15                                # optional: the number of legal moves, asserted
//! variant = "mischia"                       # optional: a built-in id or a ruleset path
//! chess960 = true                           # optional: read the FEN as Chess960
//! ```
//!
//! A case's variant is its `variant` key (a built-in's id, or a ruleset file relative to
//! the case), else the kit's [`Kit::variant`], else the one ruleset in the folder (a
//! `.toml` file without `note`), else the folder's name as a built-in id. Its snapshot is
//! `<snapshots>/<folder>__<name>.snap` in insta's format, so that a Rust project can pin
//! the same cases with `insta` and review them with `cargo insta review`; the text is
//! [`snapshot::render`](crate::snapshot::render)'s under a `variant:` and `note:` header.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use chimera_engine::{CastlingMode, Variant};
use serde::Deserialize;

/// One case file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    note: String,
    fen: Option<String>,
    moves: Option<String>,
    legal: Option<usize>,
    variant: Option<String>,
    #[serde(default)]
    chess960: bool,
}

/// A folder of case files and where their snapshots are.
#[derive(Clone, Debug)]
pub struct Kit {
    /// The folder of case files.
    pub dir: PathBuf,
    /// The folder of snapshots (default `<dir>/snapshots`).
    pub snapshots: PathBuf,
    /// The variant of cases without a `variant` key: a built-in's id or a ruleset path.
    pub variant: Option<String>,
}

/// What became of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Its listing is its snapshot's.
    Same,
    /// It has no snapshot yet; this is its listing.
    New(String),
    /// Its listing differs from its snapshot.
    Changed {
        /// The snapshot's text.
        old: String,
        /// The listing now.
        new: String,
    },
    /// It could not be run: the reason (a bad case file, FEN or move, a ruleset error,
    /// a `legal` count that does not hold).
    Failed(String),
}

/// One case's result.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The case file.
    pub file: PathBuf,
    /// Its snapshot file.
    pub snapshot: PathBuf,
    /// What became of it.
    pub status: Status,
    /// The case's `legal = n` and the count now, when they differ (with `accept`, the
    /// case file now says the count).
    pub legal: Option<(usize, usize)>,
}

/// Every case's result, in file-name order.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The cases.
    pub cases: Vec<CaseResult>,
    /// Whether new and changed snapshots were written (`accept`).
    pub accepted: bool,
}

impl Report {
    /// Whether every case ran and matched its snapshot (after `accept`: every case ran).
    pub fn passed(&self) -> bool {
        self.cases.iter().all(|c| match c.status {
            Status::Same => c.legal.is_none() || self.accepted,
            Status::New(_) | Status::Changed { .. } => self.accepted,
            Status::Failed(_) => false,
        })
    }
}

impl fmt::Display for Report {
    /// A diff per changed case (`-` the snapshot's lines, `+` the listing's), the new
    /// and failed cases, then a count.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mut same, mut new, mut changed, mut failed) = (0, 0, 0, 0);
        for c in &self.cases {
            let file = c.file.display();
            match &c.status {
                Status::Same if c.legal.is_none() => same += 1,
                Status::Same => {
                    changed += 1;
                    writeln!(f, "{file}: its `legal` count differs ({})", c.snapshot.display())?;
                }
                Status::New(text) => {
                    new += 1;
                    let verb = if self.accepted { "written" } else { "no snapshot yet" };
                    writeln!(f, "{file}: new case ({verb}: {})", c.snapshot.display())?;
                    for line in text.lines() {
                        writeln!(f, "+{line}")?;
                    }
                }
                Status::Changed { old, new } => {
                    changed += 1;
                    let verb = if self.accepted { "accepted" } else { "changed" };
                    writeln!(f, "{file}: {verb} ({})", c.snapshot.display())?;
                    f.write_str(&diff(old, new))?;
                }
                Status::Failed(why) => {
                    failed += 1;
                    writeln!(f, "{file}: error: {why}")?;
                }
            }
            if let Some((was, now)) = c.legal {
                let verb = if self.accepted { "now says" } else { "found" };
                writeln!(f, "-legal = {was}\n+legal = {now}  (the case's count; {verb} {now})")?;
            }
        }
        let accepted = if self.accepted { ", accepted" } else { "" };
        writeln!(f, "{} cases: {same} unchanged, {changed} changed, {new} new{accepted}, {failed} failed", self.cases.len())
    }
}

/// The lines only one side has, in order: `-` the old, `+` the new. A listing is sorted
/// by move, so a multiset difference is the diff a reader wants.
fn diff(old: &str, new: &str) -> String {
    let mut out = String::new();
    let (old, new): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
    let mut rest: Vec<&str> = new.clone();
    for line in &old {
        match rest.iter().position(|l| l == line) {
            Some(i) => {
                rest.remove(i);
            }
            None => out += &format!("-{line}\n"),
        }
    }
    let mut gone: Vec<&str> = old;
    for line in &new {
        match gone.iter().position(|l| l == line) {
            Some(i) => {
                gone.remove(i);
            }
            None => out += &format!("+{line}\n"),
        }
    }
    out
}

impl Kit {
    /// The kit of folder `dir`, its snapshots in `<dir>/snapshots`.
    pub fn new(dir: impl Into<PathBuf>) -> Kit {
        let dir = dir.into();
        Kit { snapshots: dir.join("snapshots"), dir, variant: None }
    }

    /// Runs every case of the folder against its snapshot; with `accept`, writes the
    /// snapshots of new and changed cases. An error is a folder that cannot be read.
    pub fn run(&self, accept: bool) -> Result<Report, String> {
        let files = self.case_files()?;
        let folder = self.dir.canonicalize().ok().and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).unwrap_or_default();
        let default = self.default_variant(&folder);
        let mut report = Report { cases: Vec::new(), accepted: accept };
        for file in files {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let snapshot = self.snapshots.join(format!("{folder}__{stem}.snap"));
            let (status, legal) = match render(&file, &default) {
                Err(why) => (Status::Failed(why), None),
                Ok((text, legal)) => (compare(&snapshot, &text), legal),
            };
            if accept {
                if let Status::New(text) | Status::Changed { new: text, .. } = &status {
                    write_snapshot(&snapshot, &file, text).map_err(|e| format!("cannot write {}: {e}", snapshot.display()))?;
                }
                if let Some((_, now)) = legal {
                    set_legal(&file, now).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                }
            }
            report.cases.push(CaseResult { file, snapshot, status, legal });
        }
        Ok(report)
    }

    /// The case files: `.toml` files with a `note`, sorted by name.
    fn case_files(&self) -> Result<Vec<PathBuf>, String> {
        let mut files: Vec<PathBuf> = self.tomls()?.into_iter().filter(|p| is_case(p)).collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("{}: no case files (`.toml` files with a `note`)", self.dir.display()));
        }
        Ok(files)
    }

    fn tomls(&self) -> Result<Vec<PathBuf>, String> {
        let entries = fs::read_dir(&self.dir).map_err(|e| format!("cannot read {}: {e}", self.dir.display()))?;
        Ok(entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml")).collect())
    }

    /// The variant of cases without a `variant` key.
    fn default_variant(&self, folder: &str) -> String {
        if let Some(v) = &self.variant {
            return v.clone();
        }
        let rulesets: Vec<PathBuf> = self.tomls().unwrap_or_default().into_iter().filter(|p| !is_case(p)).collect();
        match &rulesets[..] {
            [one] => one.to_string_lossy().into_owned(),
            _ => folder.to_string(),
        }
    }
}

/// Whether a `.toml` file is a case file (it has a `note`); a ruleset never has one.
fn is_case(path: &Path) -> bool {
    let Ok(text) = fs::read_to_string(path) else { return true };
    text.parse::<toml::Table>().map_or(true, |t| t.contains_key("note"))
}

/// A case's snapshot text: a `variant:` and `note:` header (and `after:` with the moves
/// played first), then the position's listing. `default` is the variant of a case that
/// names none: a built-in's id or a ruleset path. A `legal = n` the position does not
/// have is an error.
pub fn render_case(file: &Path, default: &str) -> Result<String, String> {
    match render(file, default)? {
        (text, None) => Ok(text),
        (_, Some((was, now))) => Err(format!("`legal = {was}`, but the position has {now} legal moves")),
    }
}

/// A case's snapshot text, and its `legal = n` with the count found when they differ.
fn render(file: &Path, default: &str) -> Result<(String, Option<(usize, usize)>), String> {
    let text = fs::read_to_string(file).map_err(|e| format!("cannot read it: {e}"))?;
    let case: Case = toml::from_str(&text).map_err(|e| e.message().to_string())?;
    let (label, variant) = match &case.variant {
        Some(v) => {
            let beside = file.parent().unwrap_or(Path::new(".")).join(v);
            let path = if beside.is_file() { beside.to_string_lossy().into_owned() } else { v.clone() };
            (v.clone(), load(&path)?)
        }
        None => {
            let variant = load(default)?;
            let label = if crate::variants::builtin(default).is_some() { default.to_string() } else { variant.name().to_string() };
            (label, variant)
        }
    };
    let mut pos = match &case.fen {
        Some(fen) => {
            let mode = if case.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            variant.position_in(fen, mode).map_err(|e| format!("fen: {e}"))?
        }
        None => variant.start(),
    };
    if let Some(moves) = &case.moves {
        let tokens = crate::movetext::read(moves).map_err(|e| format!("moves: {e}"))?;
        let moves = tokens.iter().filter_map(|t| match t {
            crate::movetext::Token::Move(m) => Some(m),
            _ => None,
        });
        crate::game::play_movetext(&mut pos, moves).map_err(|e| format!("moves: {e}"))?;
    }
    let mut out = format!("variant: {label}\nnote: {}\n", case.note);
    if let Some(moves) = &case.moves {
        out += &format!("after: {moves}\n");
    }
    let listing = crate::snapshot::render(&mut pos);
    let found = if pos.outcome().is_some() { 0 } else { pos.legal_moves().len() };
    let legal = case.legal.filter(|&n| n != found).map(|n| (n, found));
    Ok((out + &listing, legal))
}

/// Rewrites a case file's `legal = n` line to the count found, leaving the rest as written.
fn set_legal(file: &Path, now: usize) -> std::io::Result<()> {
    let text = fs::read_to_string(file)?;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let is_legal = line.trim_start().strip_prefix("legal").is_some_and(|rest| rest.trim_start().starts_with('='));
            if is_legal {
                format!("legal = {now}")
            } else {
                line.to_string()
            }
        })
        .collect();
    fs::write(file, lines.join("\n") + "\n")
}

fn load(name: &str) -> Result<Variant, String> {
    crate::variants::load(name).map_err(|e| e.to_string())
}

/// The snapshot's contents as insta compares them: after the `---` header, trailing
/// blanks trimmed, line ends made `\n`.
pub fn read_snapshot(path: &Path) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    Some(normalize(body(&text)))
}

/// The text after a snapshot's metadata header, if it has one.
fn body(text: &str) -> &str {
    let Some(rest) = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n")) else { return text };
    let mut at = 0;
    for line in rest.split_inclusive('\n') {
        at += line.len();
        if line.trim_end() == "---" {
            return &rest[at..];
        }
    }
    text
}

fn normalize(text: &str) -> String {
    text.trim_end().replace("\r\n", "\n")
}

fn compare(snapshot: &Path, text: &str) -> Status {
    match read_snapshot(snapshot) {
        None => Status::New(text.to_string()),
        Some(old) if old == normalize(text) => Status::Same,
        Some(old) => Status::Changed { old, new: normalize(text) },
    }
}

/// Writes a snapshot in insta's format, keeping the header of the one it replaces.
fn write_snapshot(path: &Path, case: &Path, text: &str) -> std::io::Result<()> {
    let old = fs::read_to_string(path).ok();
    let header = match old.as_deref().filter(|t| t.starts_with("---")) {
        Some(t) => t[..t.len() - body(t).len()].to_string(),
        None => format!("---\nsource: chimera cases\ninput_file: {}\n---\n", case.display()),
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::write(path, format!("{header}{}\n", normalize(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_follows_insta_s_header() {
        assert_eq!(body("---\nsource: x\nexpression: y\n---\nfen: a\nmoves: 0\n"), "fen: a\nmoves: 0\n");
        assert_eq!(body("fen: a\n"), "fen: a\n");
    }

    #[test]
    fn a_diff_lists_the_lines_each_side_alone_has() {
        assert_eq!(diff("moves: 2\na\nb\n", "moves: 2\na\nc\n"), "-b\n+c\n");
        assert_eq!(diff("a\n", "a\n"), "");
    }
}

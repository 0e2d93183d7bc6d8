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
//!
//! The folder may come from anyone, so a run never leaves it ([`crate::files`]): a case
//! file, snapshot or `snapshots` folder that is a link out of its folder is refused (the
//! case fails, and nothing is read or written through it), files over
//! [`MAX_CASE_BYTES`] are refused unread, and a snapshot or count is written by a new
//! file renamed over the old one.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::files::{self, Folder};

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
    /// The largest case file or snapshot read (default [`MAX_CASE_BYTES`]).
    pub max_bytes: u64,
}

/// The largest case file or snapshot a kit reads: a case is a few lines, a snapshot a
/// listing of some hundreds of moves (Chu shogi's start: 36 kB); a larger file is
/// refused unread rather than held in memory.
pub const MAX_CASE_BYTES: u64 = 4 << 20;

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
pub(crate) fn diff(old: &str, new: &str) -> String {
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
        Kit { snapshots: dir.join("snapshots"), dir, variant: None, max_bytes: MAX_CASE_BYTES }
    }

    /// Runs every case of the folder against its snapshot; with `accept`, writes the
    /// snapshots of new and changed cases. An error is a folder that cannot be read.
    pub fn run(&self, accept: bool) -> Result<Report, String> {
        self.run_with(accept, &mut |_, _| {})
    }

    /// [`Kit::run`], calling `progress(done, total)` after each case: a front end's
    /// progress line for a folder of many cases.
    pub fn run_with(&self, accept: bool, progress: &mut dyn FnMut(usize, usize)) -> Result<Report, String> {
        let places = self.places()?;
        let files = self.case_files(&places)?;
        let folder = self.dir.canonicalize().ok().and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned())).unwrap_or_default();
        let default = self.default_variant(&folder, &places);
        let mut variants = HashMap::new();
        let mut report = Report { cases: Vec::new(), accepted: accept };
        let total = files.len();
        for (done, file) in files.into_iter().enumerate() {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let snapshot = self.snapshots.join(format!("{folder}__{stem}.snap"));
            let outcome = places.case(&file).and_then(|_| {
                let (text, legal) = render_with(&file, &default, self.max_bytes, &mut variants)?;
                Ok((places.compare(&snapshot, &text, self.max_bytes)?, legal))
            });
            let (status, legal) = outcome.unwrap_or_else(|why| (Status::Failed(why), None));
            if accept {
                if let Status::New(text) | Status::Changed { new: text, .. } = &status {
                    write_snapshot(&snapshot, &file, text, self.max_bytes)
                        .map_err(|e| format!("cannot write {}: {e}", snapshot.display()))?;
                }
                if let Some((_, now)) = legal {
                    set_legal(&file, now, self.max_bytes).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
                }
            }
            report.cases.push(CaseResult { file, snapshot, status, legal });
            progress(done + 1, total);
        }
        Ok(report)
    }

    /// The folders a run reads and writes in; the default `snapshots` folder must be
    /// inside the folder of cases (a link out of it is refused), one given explicitly is
    /// the caller's choice.
    fn places(&self) -> Result<Places, String> {
        let cases = Folder::new(&self.dir)?;
        let snapshots = if self.snapshots == self.dir.join("snapshots") {
            cases.inside(&self.snapshots)?;
            None
        } else {
            self.snapshots.is_dir().then(|| Folder::new(&self.snapshots)).transpose()?
        };
        Ok(Places { cases, snapshots })
    }

    /// The case files: `.toml` files with a `note`, sorted by name.
    fn case_files(&self, places: &Places) -> Result<Vec<PathBuf>, String> {
        let mut files: Vec<PathBuf> = self.tomls()?.into_iter().filter(|p| is_case(p, places, self.max_bytes)).collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("{}: no case files (`.toml` files with a `note`)", self.dir.display()));
        }
        Ok(files)
    }

    fn tomls(&self) -> Result<Vec<PathBuf>, String> {
        let entries = fs::read_dir(&self.dir).map_err(|e| format!("cannot read {}: {}", self.dir.display(), files::phrase(&e)))?;
        Ok(entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml")).collect())
    }

    /// The variant of cases without a `variant` key.
    fn default_variant(&self, folder: &str, places: &Places) -> String {
        if let Some(v) = &self.variant {
            return v.clone();
        }
        let rulesets: Vec<PathBuf> = self.tomls().unwrap_or_default().into_iter().filter(|p| !is_case(p, places, self.max_bytes)).collect();
        match &rulesets[..] {
            [one] => one.to_string_lossy().into_owned(),
            _ => folder.to_string(),
        }
    }
}

/// The folders of a run: the cases', and the snapshots' when given apart (else the
/// snapshots are checked against the cases' folder).
struct Places {
    cases: Folder,
    snapshots: Option<Folder>,
}

impl Places {
    /// A case file that stays inside the folder of cases.
    fn case(&self, file: &Path) -> Result<PathBuf, String> {
        self.cases.inside(file)
    }

    /// A snapshot file that stays inside the folder of snapshots.
    fn snapshot(&self, file: &Path) -> Result<PathBuf, String> {
        self.snapshots.as_ref().unwrap_or(&self.cases).inside(file)
    }

    /// The listing against its snapshot (none yet: new); a snapshot that leads out of
    /// its folder, or cannot be read, fails the case.
    fn compare(&self, snapshot: &Path, text: &str, cap: u64) -> Result<Status, String> {
        self.snapshot(snapshot)?;
        let old = match snapshot.symlink_metadata() {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            _ => Some(read_body(snapshot, cap).map_err(|why| format!("cannot read {}: {why}", snapshot.display()))?),
        };
        Ok(match old {
            None => Status::New(text.to_string()),
            Some(old) if old == normalize(text) => Status::Same,
            Some(old) => Status::Changed { old, new: normalize(text) },
        })
    }
}

/// Whether a `.toml` file is a case file (it has a `note`); a ruleset never has one.
/// A file that cannot be read (too large, or a link out of the folder) counts as a case,
/// so that the run names it as a failure rather than skip it.
fn is_case(path: &Path, places: &Places, cap: u64) -> bool {
    if places.case(path).is_err() {
        return true;
    }
    let Ok(text) = files::read_capped(path, cap) else { return true };
    text.parse::<toml::Table>().map_or(true, |t| t.contains_key("note"))
}

/// A case's snapshot text: a `variant:` and `note:` header (and `after:` with the moves
/// played first), then the position's listing. `default` is the variant of a case that
/// names none: a built-in's id or a ruleset path. A `legal = n` the position does not
/// have is an error.
pub fn render_case(file: &Path, default: &str) -> Result<String, String> {
    match render_with(file, default, MAX_CASE_BYTES, &mut HashMap::new())? {
        (text, None) => Ok(text),
        (_, Some((was, now))) => Err(format!("`legal = {was}`, but the position has {now} legal moves")),
    }
}

/// A case's snapshot text, and its `legal = n` with the count found when they differ.
/// `variants` keeps each variant loaded, by name, for the next case that names it.
fn render_with(
    file: &Path,
    default: &str,
    cap: u64,
    variants: &mut HashMap<String, Variant>,
) -> Result<(String, Option<(usize, usize)>), String> {
    let text = files::read_capped(file, cap).map_err(|why| format!("cannot read it: {why}"))?;
    let case: Case = toml::from_str(&text).map_err(|e| e.message().to_string())?;
    let (label, variant) = match &case.variant {
        Some(v) => {
            let beside = file.parent().unwrap_or(Path::new(".")).join(v);
            let path = if beside.is_file() { beside.to_string_lossy().into_owned() } else { v.clone() };
            (v.clone(), load(&path, variants)?)
        }
        None => {
            let variant = load(default, variants)?;
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
fn set_legal(file: &Path, now: usize, cap: u64) -> Result<(), String> {
    let text = files::read_capped(file, cap)?;
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
    files::replace(file, (lines.join("\n") + "\n").as_bytes()).map_err(|e| files::phrase(&e))
}

/// A built-in or ruleset file, loaded once per run (a folder of many cases of one variant
/// compiles it once).
fn load(name: &str, variants: &mut HashMap<String, Variant>) -> Result<Variant, String> {
    if let Some(v) = variants.get(name) {
        return Ok(v.clone());
    }
    let variant = crate::variants::load(name).map_err(|e| e.to_string())?;
    variants.insert(name.to_string(), variant.clone());
    Ok(variant)
}

/// The snapshot's contents as insta compares them: after the `---` header, trailing
/// blanks trimmed, line ends made `\n`.
pub fn read_snapshot(path: &Path) -> Option<String> {
    read_body(path, MAX_CASE_BYTES).ok()
}

fn read_body(path: &Path, cap: u64) -> Result<String, String> {
    Ok(normalize(body(&files::read_capped(path, cap)?)))
}

/// The text after a snapshot's metadata header, if it has one.
pub(crate) fn body(text: &str) -> &str {
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

/// Writes a snapshot in insta's format, keeping the header of the one it replaces.
fn write_snapshot(path: &Path, case: &Path, text: &str, cap: u64) -> Result<(), String> {
    let old = files::read_capped(path, cap).ok();
    let header = match old.as_deref().filter(|t| t.starts_with("---")) {
        Some(t) => t[..t.len() - body(t).len()].to_string(),
        None => format!("---\nsource: chimera cases\ninput_file: {}\n---\n", case.display()),
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| files::phrase(&e))?;
    }
    files::replace(path, format!("{header}{}\n", normalize(text)).as_bytes()).map_err(|e| files::phrase(&e))
}

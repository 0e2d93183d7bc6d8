//! `chimera import-ini FILE [--out DIR] [--json]`: converts Fairy-Stockfish variant
//! definitions into Chimera rulesets, one per section; the sections it cannot express
//! exactly are listed with the section, line, option and reason.

use std::io::Write;
use std::path::{Path, PathBuf};

use chimera::ini::{id_error, import, Imported};

use super::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// A Fairy-Stockfish variants file (variants.ini).
    pub file: String,
    /// Write each converted ruleset to DIR/<name>.toml (without it, they are printed).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// One JSON object per section instead: name, line, converted, and file or refusal.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let text = super::read_input(&args.file, super::MAX_INI_BYTES)?;
    let (sections, line_errors) = import(&text);
    let bad_names: Vec<&str> = sections.iter().filter(|s| id_error(&s.name).is_some()).map(|s| s.name.as_str()).collect();
    if args.out.is_some() && !bad_names.is_empty() {
        let names: Vec<String> = bad_names.iter().map(|n| format!("[{}]", n.escape_debug())).collect();
        return Err(Failure::Message(format!(
            "nothing written: these sections' names are not ids (`a`-`z`, `0`-`9`, `-`), so they cannot name files: {}",
            names.join(", ")
        )));
    }
    let written = match &args.out {
        Some(dir) => write_all(dir, &sections)?,
        None => Vec::new(),
    };
    for e in &line_errors {
        if args.json {
            writeln!(out, "{}", serde_json::json!({ "skipped": true, "line": e.line, "message": e.message }))?;
        } else {
            writeln!(out, "{}:{}: skipped: {}", args.file, e.line, super::printable(&e.message))?;
        }
    }
    let mut converted = 0;
    for s in &sections {
        let path = written.iter().find(|(name, _)| *name == s.name).map(|(_, p)| p);
        converted += s.result.is_ok() as usize;
        if args.json {
            writeln!(out, "{}", json(s, path))?;
        } else {
            match (&s.result, &path) {
                (Ok(_), Some(p)) => writeln!(out, "converted {} -> {}", s.name, p.display())?,
                (Ok(toml), None) => writeln!(out, "### converted {}\n{toml}", s.name)?,
                (Err(r), _) => writeln!(out, "refused {}: {}", s.name, super::printable(&r.to_string()))?,
            }
        }
    }
    if !args.json {
        writeln!(out, "{converted} of {} sections converted", sections.len())?;
    }
    Ok(())
}

/// Writes every converted section to `dir/<id>.toml`, all or nothing: into a fresh folder
/// beside `dir` first, then moved into place (one rename if `dir` is new, else one per
/// file), so a failure leaves no half-written output. Returns (name, final path).
fn write_all<'a>(dir: &Path, sections: &'a [Imported]) -> Result<Vec<(&'a str, PathBuf)>, Failure> {
    let fail =
        |what: &str, path: &Path, e: std::io::Error| Failure::Message(format!("nothing written: cannot {what} {}: {e}", path.display()));
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(|e| fail("create", &parent, e))?;
    let leaf = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let staging = Staging::new(&parent, &leaf).map_err(|e| fail("create a folder in", &parent, e))?;
    let mut files = Vec::new();
    for s in sections {
        if let Ok(toml) = &s.result {
            // `import` refuses every name that is not an id, so this is a file name.
            let name = format!("{}.toml", s.name);
            let path = staging.path().join(&name);
            std::fs::write(&path, toml).map_err(|e| fail("write", &path, e))?;
            files.push((s.name.as_str(), name));
        }
    }
    if !dir.exists() {
        std::fs::rename(staging.path(), dir).map_err(|e| fail("create", dir, e))?;
    } else {
        if !dir.is_dir() {
            return Err(Failure::Message(format!("nothing written: {} is not a folder", dir.display())));
        }
        for (done, (_, name)) in files.iter().enumerate() {
            std::fs::rename(staging.path().join(name), dir.join(name)).map_err(|e| {
                // Those moved before it are written: say so, not "nothing written".
                let target = dir.join(name);
                Failure::Message(format!(
                    "{done} of {} files written to {}, then cannot write {}: {e}",
                    files.len(),
                    dir.display(),
                    target.display()
                ))
            })?;
        }
    }
    Ok(files.into_iter().map(|(n, f)| (n, dir.join(f))).collect())
}

fn json(s: &Imported, path: Option<&PathBuf>) -> serde_json::Value {
    match &s.result {
        Ok(toml) => serde_json::json!({
            "name": s.name, "line": s.line, "converted": true,
            "file": path.map(|p| p.display().to_string()),
            "toml": if path.is_none() { Some(toml) } else { None },
        }),
        Err(r) => serde_json::json!({
            "name": s.name, "line": s.line, "converted": false,
            "refusal": { "section": r.section, "line": r.line, "option": r.option, "reason": r.reason },
        }),
    }
}

/// A fresh folder, removed with whatever it still holds when dropped.
struct Staging(PathBuf);

impl Staging {
    fn new(parent: &Path, leaf: &str) -> std::io::Result<Staging> {
        let mut n = 0u32;
        loop {
            let path = parent.join(format!(".{leaf}.import-{}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Staging(path)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => return Err(e),
            }
        }
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        // After a rename into place there is nothing left here to remove.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

//! `chimera import-ini FILE [--out DIR] [--json]`: converts Fairy-Stockfish variant
//! definitions into Chimera rulesets, one per section; the sections it cannot express
//! exactly are listed with the section, line, option and reason.

use std::io::Write;
use std::path::PathBuf;

use chimera::ini::{import, Imported};

use super::{read_error, Failure};

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
    let text = std::fs::read_to_string(&args.file).map_err(|e| read_error(&args.file, &e))?;
    let (sections, line_errors) = import(&text);
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| read_error(&dir.display().to_string(), &e))?;
    }
    for e in &line_errors {
        writeln!(out, "{}:{}: skipped: {}", args.file, e.line, e.message)?;
    }
    let mut converted = 0;
    for s in &sections {
        let path = match (&s.result, &args.out) {
            (Ok(toml), Some(dir)) => {
                let path = dir.join(format!("{}.toml", s.name));
                std::fs::write(&path, toml).map_err(|e| Failure::Message(format!("cannot write {}: {e}", path.display())))?;
                Some(path)
            }
            _ => None,
        };
        converted += s.result.is_ok() as usize;
        if args.json {
            writeln!(out, "{}", json(s, path.as_ref()))?;
        } else {
            match (&s.result, &path) {
                (Ok(_), Some(p)) => writeln!(out, "converted {} -> {}", s.name, p.display())?,
                (Ok(toml), None) => writeln!(out, "### converted {}\n{toml}", s.name)?,
                (Err(r), _) => writeln!(out, "refused {}: {r}", s.name)?,
            }
        }
    }
    if !args.json {
        writeln!(out, "{converted} of {} sections converted", sections.len())?;
    }
    Ok(())
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

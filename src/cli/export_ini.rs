//! `chimera export-ini VARIANT [--json]`: writes a ruleset (a built-in's id or a file) as a
//! Fairy-Stockfish `variants.ini` section, or says which key Fairy-Stockfish cannot express
//! and why (exit status 1).

use std::io::Write;

use chimera::ini::export::{builtin_doc, export, file_doc};

use super::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant's id or a ruleset file.
    pub variant: String,
    /// One JSON object instead: name, exported, and the section and notes, or the refusal (key, reason); the exit status is 0 either way.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let doc = if chimera::variants::builtin(&args.variant).is_some() {
        builtin_doc(&args.variant)?
    } else {
        // Chimera's own loader first: a ruleset it refuses is no variant to export.
        super::load_variant(&args.variant)?;
        file_doc(&args.variant)?
    };
    let result = export(&doc);
    if args.json {
        let name = doc.get("name").and_then(toml::Value::as_str).unwrap_or("");
        let value = match &result {
            Ok(e) => serde_json::json!({
                "name": e.name, "exported": true, "parent": e.parent, "section": e.text, "notes": e.notes,
            }),
            Err(r) => serde_json::json!({ "name": name, "exported": false, "refusal": { "key": r.key, "reason": r.reason } }),
        };
        writeln!(out, "{value}")?;
        return Ok(());
    }
    match result {
        Ok(e) => {
            write!(out, "{}", e.text)?;
            Ok(())
        }
        Err(r) => Err(Failure::Message(format!("cannot export `{}`: {r}", args.variant))),
    }
}

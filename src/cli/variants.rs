//! `chimera variants`: the built-in rulesets, as a listing or as the book's catalogue.

use std::io::Write;

use chimera::variants::{Builtin, BUILTINS};

use super::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// Write the variant catalogue of the book (docs/src/catalogue.md) instead: each
    /// built-in with its description, the notes at the head of its ruleset, its board and
    /// its pieces.
    #[arg(long)]
    pub markdown: bool,
}

/// One line per built-in: its id, then its description, aligned.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    if args.markdown {
        return catalogue(out);
    }
    let width = BUILTINS.iter().map(|b| b.id.len()).max().unwrap_or(0);
    for b in BUILTINS {
        let description = match b.description() {
            Ok(d) => d,
            Err(e) => format!("(broken: {e})"),
        };
        let line = format!("{:width$}  {description}", b.id);
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The catalogue page: an index table, then a section per built-in.
fn catalogue(out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out, "# Variant catalogue\n")?;
    writeln!(out, "<!-- Written by `chimera variants --markdown > docs/src/catalogue.md`; a test keeps it current. -->\n")?;
    writeln!(
        out,
        "Every built-in variant, from its ruleset in `rulesets/`. `chimera check <id>` prints any of\n\
         them in full, rule by rule; [Built-in variants](variants.md) says where each comes from.\n"
    )?;
    writeln!(out, "| id | board | description |\n|---|---|---|")?;
    let mut sections = String::new();
    for b in BUILTINS {
        let variant = b.variant().map_err(|e| Failure::Message(e.to_string()))?;
        let rules = variant.rules();
        let g = rules.geometry;
        let mut board = format!("{}x{}", g.files, g.ranks);
        if rules.drops.is_some() {
            board += ", hands";
        }
        if rules.economy.is_some() {
            board += ", coins";
        }
        writeln!(out, "| [`{}`](#{}) | {board} | {} |", b.id, b.id, rules.description.replace('|', "\\|"))?;
        sections += &section(b, &board, rules);
    }
    writeln!(out, "\n{}", sections.trim_end())?;
    Ok(())
}

fn section(b: &Builtin, board: &str, rules: &chimera::Rules) -> String {
    let mut s = format!("\n## {}\n\n{}\n\n", b.id, rules.description);
    let notes = head_comment(b.toml);
    if !notes.is_empty() {
        s += &format!("{notes}\n\n");
    }
    let pieces: Vec<String> =
        rules.piece_types().zip(&rules.pieces).map(|(t, p)| format!("{} `{}` (`{}`)", p.name, rules.symbol(t), p.betza)).collect();
    s += &format!("Board {board}. Pieces: {}.\n", pieces.join(", "));
    s
}

/// The comment at the head of a ruleset file, as one paragraph.
fn head_comment(toml: &str) -> String {
    let lines: Vec<&str> =
        toml.lines().take_while(|l| l.starts_with('#')).map(|l| l.trim_start_matches('#').trim()).filter(|l| !l.is_empty()).collect();
    lines.join(" ")
}

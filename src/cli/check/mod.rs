//! `chimera check <file.toml>`: load a ruleset and summarise it in words.

mod summary;

use std::io::Write;

use super::{load_variant, Failure};

use summary::summary;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset file (a built-in's id also works).
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.file)?;
    // A ruleset's names and description are the file author's: escaped for the terminal.
    out.write_all(super::printable(&summary(variant.rules())).as_bytes())?;
    out.write_all(super::printable(&values(&variant)).as_bytes())?;
    Ok(())
}

/// The pieces' worth as the computer opponent (`chimera uci`, `playtest`) counts it, in
/// pawns: estimated from each piece's moves, or the ruleset's `value` where it gives one.
fn values(variant: &chimera::Variant) -> String {
    let values = chimera_search::Values::new(variant);
    let rules = variant.rules();
    let each: Vec<String> = rules
        .pieces
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let t = chimera::PieceType::new(t as u8);
            let worth = match p.value {
                Some(_) => format!("{:.2} (given)", f64::from(values.value(t)) / 100.0),
                None if values.value(t) == 0 && p.royal => "royal".to_string(),
                None => format!("{:.2}", f64::from(values.value(t)) / 100.0),
            };
            format!("{} {worth}", p.name)
        })
        .collect();
    format!("values for the computer opponent, in pawns (`value` sets one): {}\n", each.join(", "))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use chimera::variants::{Builtin, BASES, BUILTINS};
    use toml::{Table, Value};

    /// The texts of a built-in and of the bases it extends, nearest first.
    fn chain(b: &Builtin) -> Vec<(String, Table)> {
        let mut out = Vec::new();
        let (mut file, mut text) = (b.file(), b.toml.to_string());
        loop {
            let table: Table = text.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
            let next = table.get("extends").and_then(Value::as_str).map(str::to_string);
            out.push((file.clone(), table));
            let Some(name) = next else { return out };
            if let Some(base) = chimera::variants::builtin(&name) {
                (file, text) = (base.file(), base.toml.to_string());
            } else {
                let path = chimera::ruleset::relative_to(&file, &name);
                let (_, base) = BASES.iter().find(|(f, _)| *f == path).unwrap_or_else(|| panic!("{file}: no base {path}"));
                (file, text) = (path, base.to_string());
            }
        }
    }

    /// The tables whose keys are piece names (`economy.buy.pawn`).
    const BY_PIECE: [&str; 6] = [
        "pieces",
        "economy.buy",
        "drops.per_file",
        "end.perpetual_chase.chasers",
        "end.perpetual_chase.immune",
        "end.material_count.weights",
    ];

    /// Adds the keys a ruleset file sets to `out`, merged as `extends` merges: a value
    /// that is no table replaces what a base had under its key, and `"none"` in place of
    /// a base's table removes it. A key is a path, a piece's name `*`; a trailing piece
    /// name (`economy.buy.pawn`) or side (`promotion.to.white`) is its key's value. An
    /// empty list sets nothing.
    fn keys(table: &Table, pieces: &BTreeSet<String>, prefix: &mut Vec<String>, tables: &mut BTreeSet<String>, out: &mut BTreeSet<String>) {
        for (k, v) in table {
            let by_piece = BY_PIECE.contains(&prefix.join(".").as_str());
            prefix.push(if by_piece && pieces.contains(k) { "*".to_string() } else { k.clone() });
            let path = prefix.join(".");
            match v {
                Value::Table(t) if !t.is_empty() => {
                    tables.insert(path);
                    keys(t, pieces, prefix, tables, out);
                }
                _ => {
                    out.retain(|key| *key != path && !key.starts_with(&format!("{path}.")));
                    match v {
                        Value::Array(a) if !a.is_empty() && a.iter().all(Value::is_table) => {
                            for t in a.iter().filter_map(Value::as_table) {
                                keys(t, pieces, prefix, tables, out);
                            }
                        }
                        Value::Array(a) if a.is_empty() => {}
                        Value::String(s) if s == "none" && tables.contains(&path) => {}
                        _ => {
                            let mut key = prefix.clone();
                            while key.len() > 2 && ["*", "white", "black"].contains(&key.last().unwrap().as_str()) {
                                key.pop();
                            }
                            out.insert(key.join("."));
                        }
                    }
                }
            }
            prefix.pop();
        }
    }

    /// `chimera check` explains every key a built-in ruleset (or a base it extends)
    /// sets: a rule that changes play and is missing from the summary fails here.
    #[test]
    fn the_summary_explains_every_key_of_every_builtin() {
        let mut missing = Vec::new();
        for b in BUILTINS {
            let chain = chain(b);
            let pieces: BTreeSet<String> =
                chain.iter().filter_map(|(_, t)| t.get("pieces")?.as_table()).flat_map(|p| p.keys().cloned()).collect();
            let (mut set, mut tables) = (BTreeSet::new(), BTreeSet::new());
            for (_, table) in chain.iter().rev() {
                keys(table, &pieces, &mut Vec::new(), &mut tables, &mut set);
            }
            // `extends` is no rule: the summary is of the merged ruleset.
            set.remove("extends");
            let variant = b.variant().unwrap();
            let explained = super::summary::explain(variant.rules());
            for key in set {
                if !explained.keys.contains(&key) {
                    missing.push(format!("{}: {key}", b.id));
                }
            }
        }
        assert!(missing.is_empty(), "keys the summary does not explain:\n{}", missing.join("\n"));
    }
}

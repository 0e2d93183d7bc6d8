//! `chimera variants`: the built-in rulesets.

use std::io::Write;

use chimera::variants::BUILTINS;

use super::Failure;

/// One line per built-in: its id, then its description, aligned.
pub fn run(out: &mut dyn Write) -> Result<(), Failure> {
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

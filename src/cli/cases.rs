//! `chimera cases DIR`: a folder of rule edge cases checked against their snapshots
//! (see [`chimera::cases`]), for rule authors outside this repository.

use std::io::Write;
use std::path::PathBuf;

use chimera::cases::Kit;

use super::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// The folder of case files (`<name>.toml`, each with a `note`), beside the ruleset
    /// they test.
    pub dir: PathBuf,
    /// Write the snapshots of new and changed cases (after reading the diff).
    #[arg(long)]
    pub accept: bool,
    /// The folder of snapshots (default `DIR/snapshots`).
    #[arg(long)]
    pub snapshots: Option<PathBuf>,
    /// The variant of cases that name none: a built-in's id or a ruleset file (default:
    /// the one ruleset in DIR, else DIR's name as a built-in's id).
    #[arg(long)]
    pub variant: Option<String>,
}

/// Prints a diff per changed case and a count; fails when a case changed, is new or
/// cannot run (with `--accept`, only when one cannot run).
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let mut kit = Kit::new(&args.dir);
    if let Some(s) = &args.snapshots {
        kit.snapshots = s.clone();
    }
    kit.variant = args.variant.clone();
    let report = kit.run(args.accept)?;
    write!(out, "{report}")?;
    if report.passed() {
        Ok(())
    } else if args.accept {
        Err(Failure::Message("some cases could not run".to_string()))
    } else {
        Err(Failure::Message(
            "some cases differ from their snapshots: read the diff, then `chimera cases --accept` to keep them".to_string(),
        ))
    }
}

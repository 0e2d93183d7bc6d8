//! `chimera cases DIR`: a folder of rule edge cases checked against their snapshots
//! (see [`chimera::cases`]), for rule authors outside this repository.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use chimera::cases::Kit;
use indicatif::{ProgressBar, ProgressStyle};

use super::{printable, Failure};

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
    // A folder of thousands of cases takes minutes: a count on standard error when that
    // is a terminal, cleared at the end (indicatif draws at most a few times a second).
    let bar = if std::io::stderr().is_terminal() { ProgressBar::new(0) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} cases, {eta} left")
            .map_err(|e| Failure::Message(format!("progress bar: {e}")))?
            .progress_chars("=> "),
    );
    let report = kit.run_with(args.accept, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let report = report?;
    // Notes and file names are the folder's text: a terminal must not obey them.
    write!(out, "{}", printable(&report.to_string()))?;
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

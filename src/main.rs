//! `chimera`: the command-line interface to the rules engine.
//!
//! Each subcommand is one function in [`cli`]; this file only parses the command
//! line and turns a subcommand's result into output and an exit code.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use cli::Failure;

#[derive(Parser)]
#[command(name = "chimera", version, about = "A rules engine for chess variants defined in TOML")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in variants (`--markdown`: the book's variant catalogue).
    Variants(cli::variants::Args),
    /// Load a ruleset file and summarise it, or report where it is wrong.
    Check(cli::check::Args),
    /// Convert Fairy-Stockfish variant definitions (variants.ini) into rulesets; sections it cannot express exactly are refused with the reason.
    ImportIni(cli::import_ini::Args),
    /// Write a ruleset as a Fairy-Stockfish variants.ini section; a rule Fairy-Stockfish cannot express is refused, naming the ruleset key.
    ExportIni(cli::export_ini::Args),
    /// Check a folder of rule edge cases (case files beside a ruleset) against their snapshots; `--accept` keeps the changes.
    Cases(cli::cases::Args),
    /// Count the leaf nodes of the legal move tree.
    Perft(cli::perft::Args),
    /// List the legal moves of a position, after playing some moves.
    Moves(cli::moves::Args),
    /// Check every move of a game's movetext (a file, or `-` for stdin).
    Validate(cli::validate::Args),
    /// Answer JSON requests on stdin, one per line, with one JSON response per line (the README documents the protocol).
    Serve(cli::serve::Args),
    /// Serve the variant workbench, a page to write, see and play a ruleset, and the serve protocol over HTTP (POST /api).
    Web(cli::web::Args),
    /// Self-play from randomised openings on every core: who the rules favour, how games end and last, and with --imbalance what a piece is worth; a report (or JSON), a chart and the games as PGN.
    Playtest(cli::playtest::Args),
    /// Play as a UCI engine (the Universal Chess Interface with `UCI_Variant`, as Fairy-Stockfish speaks it) on stdin and stdout, for cutechess-cli, python-chess's `chess.engine` and GUIs.
    Uci(cli::uci::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` are answers, not errors.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        // A usage error exits 1 like every other error (clap's own code is 2).
        Err(e) => {
            let _ = e.print();
            return ExitCode::FAILURE;
        }
    };
    // UCI answers from the search's thread as well, a line at a time: not through this
    // thread's locked, buffered stdout.
    if let Command::Uci(args) = &cli.command {
        return exit(cli::uci::run(args), &mut io::sink());
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = match cli.command {
        Command::Variants(args) => cli::variants::run(&args, &mut out),
        Command::Check(args) => cli::check::run(&args, &mut out),
        Command::ImportIni(args) => cli::import_ini::run(&args, &mut out),
        Command::ExportIni(args) => cli::export_ini::run(&args, &mut out),
        Command::Cases(args) => cli::cases::run(&args, &mut out),
        Command::Perft(args) => cli::perft::run(&args, &mut out),
        Command::Moves(args) => cli::moves::run(&args, &mut out),
        Command::Validate(args) => cli::validate::run(&args, &mut out),
        Command::Serve(args) => cli::serve::run(&args, &mut out),
        Command::Web(args) => cli::web::run(&args, &mut out),
        Command::Playtest(args) => cli::playtest::run(&args, &mut out),
        Command::Uci(_) => unreachable!("answered above"),
    };
    let result = result.and_then(|()| out.flush().map_err(Failure::from));
    exit(result, &mut out)
}

/// The exit code of a subcommand's `result`, its error (if any) on stderr after whatever
/// `out` still holds.
fn exit(result: Result<(), Failure>, out: &mut impl Write) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`chimera moves chess | head -1`): not an error of ours.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            // Whatever was already written stays in order before the error.
            let _ = out.flush();
            let _ = writeln!(io::stderr(), "{}", cli::printable(&failure.to_string()));
            ExitCode::FAILURE
        }
    }
}

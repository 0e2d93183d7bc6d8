//! `chimera moves <variant>`: the legal moves of a position.

use std::io::{self, Write};

use chimera::movetext::{self, Token};
use chimera::Notation;

use super::{describe_outcome, load_variant, parse_notation, play_moves, start_position, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant or a ruleset file.
    pub variant: String,
    /// Start from this position instead of the variant's start.
    #[arg(long)]
    pub fen: Option<String>,
    /// Read the FEN as Chess960: king and rooks anywhere on their first rank, castling
    /// rights by rook file (`HAha`) or X-FEN (`KQkq`), castles written king-takes-rook.
    #[arg(long)]
    pub chess960: bool,
    /// Moves to play first (SAN or long algebraic; move numbers and comments are skipped).
    #[arg(long)]
    pub moves: Option<String>,
    /// Print the canonical snapshot text instead: FEN, check, result, then each legal
    /// move with its SAN and the FEN after it (what `tests/cases/` pins).
    #[arg(long)]
    pub snapshot: bool,
    /// Write each move in this notation instead of SAN: san, long, lan, shogi-hosking,
    /// shogi-hodges, shogi-hodges-number, janggi, xiangqi-wxf, thai-san, thai-lan, or
    /// `default` (the variant's own).
    #[arg(long)]
    pub notation: Option<String>,
    /// List whole turns instead of the parts legal now, where a turn has several
    /// (`e2e4,e4e5 e4,e5` in Duck chess: Fairy-Stockfish's form).
    #[arg(long)]
    pub turns: bool,
}

/// Prints `<long algebraic> <SAN>` (or `--notation`'s form) per legal move, sorted by
/// the former. When the game is over ([`chimera::Position::outcome`], as every front end
/// decides it) it lists none and says why on stderr; a draw the side to move may claim
/// is said on stderr too.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    let mut pos = start_position(&variant, args.fen.as_deref(), args.chess960)?;
    if let Some(text) = &args.moves {
        let tokens = movetext::read(text).map_err(|e| Failure::Message(format!("--moves: {}", e.message)))?;
        play_moves(
            &mut pos,
            tokens.iter().filter_map(|t| match t {
                Token::Move(m) => Some(m),
                _ => None,
            }),
        )?;
    }
    if args.snapshot {
        write!(out, "{}", chimera::snapshot::render(&mut pos))?;
        return Ok(());
    }
    let notation = args.notation.as_deref().map(|name| parse_notation(name, &variant)).transpose()?;
    if let Some(o) = pos.outcome() {
        let _ = writeln!(io::stderr(), "game over: {}", describe_outcome(o, &pos));
        return Ok(());
    }
    if args.turns {
        let mut listed: Vec<(String, String)> = pos
            .legal_turns()
            .into_iter()
            .map(|turn| match notation {
                None | Some(Notation::San) => (pos.turn_uci(&turn), pos.turn_san(&turn)),
                Some(n) => (pos.turn_uci(&turn), pos.turn_text_in(&turn, n)),
            })
            .collect();
        listed.sort();
        for (uci, written) in listed {
            writeln!(out, "{uci} {written}")?;
        }
        out.flush()?;
        return Ok(());
    }
    for (m, uci, san) in pos.moves_with_notation() {
        match notation {
            None | Some(Notation::San) => writeln!(out, "{uci} {san}")?,
            Some(n) => {
                let written = pos.notate(m, n);
                writeln!(out, "{uci} {written}")?
            }
        }
    }
    out.flush()?;
    for c in pos.claims() {
        let _ = writeln!(io::stderr(), "claimable: {}", chimera::game::describe_claim(c, &mut pos));
    }
    Ok(())
}

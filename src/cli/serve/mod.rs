//! `chimera serve`: a JSON-lines protocol on stdin/stdout, for programs that drive the
//! engine from another process. One request per line, one response per line, in order.
//! The protocol is documented in the README, section "For other programs".
//!
//! Every problem is a response (`"ok": false` with an error code), never an exit: bad
//! JSON, an unknown op, an unknown game, a line over the limit, even a panic in the
//! engine (the game it happened in is closed).
//!
//! Three layers, so that another front end can reuse the two inner ones (`chimera web`
//! does, over HTTP):
//! - [`transport`]: lines in from stdin, lines out, the line limit and the wait for input;
//! - [`protocol`]: the wire format, requests decoded and responses encoded, with no
//!   knowledge of games or of the engine;
//! - [`handler`]: the [`Server`](handler::Server), which owns the games and variants and
//!   answers a typed request with a typed response.

pub(crate) mod budget;
pub(crate) mod handler;
pub(crate) mod pace;
pub(crate) mod protocol;
mod transport;

use std::io::Write;
use std::time::Duration;

use super::Failure;
use handler::{Limits, Server};

#[derive(clap::Args)]
pub struct Args {
    /// Longest request line accepted, in bytes; a longer line is answered with an error and skipped.
    #[arg(long, default_value_t = 1 << 20)]
    pub max_line_bytes: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// After answering, watch for the next request this many microseconds before
    /// sleeping: on a virtual machine an idle core takes longer to wake than a request
    /// takes to answer. 0 sleeps at once.
    #[arg(long, default_value_t = 1000)]
    pub spin_micros: u64,
}

/// What requests may cost: the options every front end of the [`Server`] shares (the
/// workbench reports them as they are named here, at `GET /api/limits`).
#[derive(clap::Args, serde::Serialize, Clone, Copy)]
pub struct LimitArgs {
    /// Deepest perft a request may ask for.
    #[arg(long, default_value_t = 8)]
    pub max_perft_depth: u32,
    /// CPU time budget of one request, in milliseconds, checked wherever its work grows
    /// (perft and divide at every ply, `open`'s moves); past it the work is abandoned.
    #[arg(long, alias = "perft-millis", default_value_t = 10_000)]
    pub request_millis: u64,
    /// Most games open at once.
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
    /// Most moves one game holds.
    #[arg(long, default_value_t = 10_000)]
    pub max_plies: usize,
    /// Most moves all open games hold together.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_total_plies: usize,
    /// Most variants kept compiled at once (built-ins count too).
    #[arg(long, default_value_t = 256)]
    pub max_variants: usize,
    /// Largest lookup tables one loaded ruleset may build, in bytes.
    #[arg(long, default_value_t = 32 << 20)]
    pub max_variant_bytes: usize,
    /// Most bytes all compiled variants may take together (replaced ones that open games
    /// still play included).
    #[arg(long, default_value_t = 256 << 20)]
    pub max_variants_bytes: usize,
}

impl LimitArgs {
    pub fn limits(&self) -> Limits {
        Limits {
            max_perft_depth: self.max_perft_depth,
            budget: Duration::from_millis(self.request_millis),
            max_games: self.max_games,
            max_plies: self.max_plies,
            max_total_plies: self.max_total_plies,
            max_variants: self.max_variants,
            max_variant_bytes: self.max_variant_bytes,
            max_variants_bytes: self.max_variants_bytes,
        }
    }
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let mut server = Server::new(args.limits.limits());
    let framing = transport::Framing { max_line_bytes: args.max_line_bytes, spin: Duration::from_micros(args.spin_micros) };
    transport::serve_stdio(&mut server, framing, out)
}

/// Answers the requests in `input` as `run` answers standard input's, in this process
/// (for the fuzz target of a request sequence).
#[allow(dead_code)]
pub fn run_on(args: &Args, input: &[u8], out: &mut dyn Write) -> Result<(), Failure> {
    let framing = transport::Framing { max_line_bytes: args.max_line_bytes, spin: Duration::ZERO };
    transport::serve(&mut Server::new(args.limits.limits()), framing, input, out)
}

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

pub(crate) mod handler;
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

/// What one request may cost: the options every front end of the [`Server`] shares.
#[derive(clap::Args)]
pub struct LimitArgs {
    /// Deepest perft a request may ask for.
    #[arg(long, default_value_t = 8)]
    pub max_perft_depth: u32,
    /// Time budget of one perft request, in milliseconds; past it the count is abandoned.
    #[arg(long, default_value_t = 10_000)]
    pub perft_millis: u64,
    /// Most games open at once.
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
}

impl LimitArgs {
    pub fn limits(&self) -> Limits {
        Limits {
            max_perft_depth: self.max_perft_depth,
            perft_budget: Duration::from_millis(self.perft_millis),
            max_games: self.max_games,
        }
    }
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let mut server = Server::new(args.limits.limits());
    let framing = transport::Framing { max_line_bytes: args.max_line_bytes, spin: Duration::from_micros(args.spin_micros) };
    transport::serve_stdio(&mut server, framing, out)
}

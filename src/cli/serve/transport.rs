//! How requests reach `chimera serve` and answers leave it: one JSON value per line on
//! stdin, one per line on stdout, in order. This module owns the line framing (the
//! limit on a line's length, `\r\n`, a last line without `\n`) and the wait for the next
//! line (spin, then sleep), the parts that another front end would do differently.
//! What a line means is the protocol's business, what it does the handler's.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use serde_json::Value;

use super::handler::Server;
use super::protocol::{Error, Reply, Request};
use crate::cli::Failure;

/// How lines are read.
pub struct Framing {
    /// Longest request line accepted, in bytes.
    pub max_line_bytes: usize,
    /// How long to watch for the next request before a blocking read.
    pub spin: Duration,
}

/// Answers stdin's requests on `out` until the input ends or a `quit` is answered.
pub fn serve_stdio(server: &mut Server, framing: Framing, out: &mut dyn Write) -> Result<(), Failure> {
    serve(server, framing, io::stdin().lock(), out)
}

/// Answers the requests read from `input` on `out` until the input ends or a `quit` is
/// answered (the waiting watches standard input: give other input a `spin` of zero).
pub fn serve(server: &mut Server, framing: Framing, input: impl io::Read, out: &mut dyn Write) -> Result<(), Failure> {
    // Our own buffer, larger than the standard one (whose reads then go straight to
    // the descriptor), so that we can see whether a request is already waiting in it.
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    let mut line = Vec::new();
    // Each reply is written here first, then handed on in one write: serde's many small
    // writes go to a vector rather than through `out`'s dynamic calls.
    let mut reply = Vec::with_capacity(1 << 12);
    loop {
        if input.buffer().is_empty() {
            await_input(framing.spin);
        }
        let read = read_line(&mut input, &mut line, framing.max_line_bytes)
            .map_err(|e| Failure::Message(format!("cannot read standard input: {e}")))?;
        let (id, request) = match read {
            Line::End => return Ok(()),
            Line::TooLong(bytes) => (
                Value::Null,
                Err(Error::new(
                    "line-too-long",
                    format!("a request line of {bytes} bytes is over the limit of {} bytes; skipped", framing.max_line_bytes),
                )),
            ),
            Line::Text if line.iter().all(u8::is_ascii_whitespace) => continue,
            Line::Text => Request::decode(&line),
        };
        // Quitting ends this session, which is the transport's to end; the handler only answers it.
        let quit = matches!(request, Ok(Request::Quit));
        let result = request.and_then(|r| server.handle(r));
        reply.clear();
        serde_json::to_writer(&mut reply, &Reply::new(&id, result)).map_err(io::Error::from)?;
        reply.push(b'\n');
        out.write_all(&reply)?;
        out.flush()?;
        if quit {
            return Ok(());
        }
    }
}

/// Polls standard input for up to `spin` before a blocking read would put the process
/// to sleep.
#[cfg(unix)]
fn await_input(spin: Duration) {
    let start = std::time::Instant::now();
    while start.elapsed() < spin {
        let mut fd = libc::pollfd { fd: 0, events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid pollfd, a zero timeout.
        if unsafe { libc::poll(&mut fd, 1, 0) } != 0 {
            return;
        }
        std::hint::spin_loop();
    }
}

#[cfg(not(unix))]
fn await_input(_: Duration) {}

#[derive(Debug, PartialEq)]
enum Line {
    /// `buf` holds one line, without its `\n` (or `\r\n`).
    Text,
    /// The line (this many bytes) was longer than the limit; it was skipped.
    TooLong(usize),
    End,
}

/// Reads one line into `buf`, never holding more than `max` bytes of it: a longer line
/// is consumed chunk by chunk and dropped. A last line without `\n` still counts.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    buf.clear();
    let mut skipped = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (skipped, buf.is_empty()) {
                (0, true) => Line::End,
                (0, false) => Line::Text,
                _ => Line::TooLong(skipped),
            });
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(chunk.len());
        if skipped > 0 || buf.len() + take > max {
            skipped += buf.len() + take;
            buf.clear();
        } else {
            buf.extend_from_slice(&chunk[..take]);
        }
        input.consume(take + newline.map_or(0, |_| 1));
        if newline.is_some() {
            if skipped > 0 {
                return Ok(Line::TooLong(skipped));
            }
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Line::Text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` as read through a buffer of `capacity` bytes, so that lines
    /// straddle chunks.
    fn lines(input: &str, capacity: usize, max: usize) -> Vec<(Line, String)> {
        let mut reader = io::BufReader::with_capacity(capacity, input.as_bytes());
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, &mut buf, max).unwrap();
            if line == Line::End {
                return out;
            }
            out.push((line, String::from_utf8(buf.clone()).unwrap()));
        }
    }

    #[test]
    fn lines_within_the_limit_lose_only_their_ending() {
        for capacity in [1, 3, 64] {
            let got = lines("ab\r\n\ncdef\nlast", capacity, 4);
            let want = [(Line::Text, "ab"), (Line::Text, ""), (Line::Text, "cdef"), (Line::Text, "last")];
            assert_eq!(got, want.map(|(l, s)| (l, s.to_string())), "capacity {capacity}");
        }
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_and_measured() {
        for capacity in [1, 3, 64] {
            let got = lines("abcdef\nok\nghijklm", capacity, 5);
            let want = [(Line::TooLong(6), ""), (Line::Text, "ok"), (Line::TooLong(7), "")];
            assert_eq!(got, want.map(|(l, s)| (l, s.to_string())), "capacity {capacity}");
        }
    }
}

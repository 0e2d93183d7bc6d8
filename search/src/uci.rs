//! The Universal Chess Interface over [`crate::Searcher`], as Fairy-Stockfish speaks it
//! for variants, so that cutechess-cli, python-chess's `chess.engine`, lichess-bot and
//! the GUIs that drive Fairy-Stockfish can drive Chimera (`chimera uci`).
//!
//! * `setoption name UCI_Variant value <id>`: any built-in (`uci` lists them), or a
//!   variant loaded through `VariantPath`;
//! * `setoption name VariantPath value <file.toml>`: loads a ruleset file (several,
//!   separated by `;` or `:`), whose `name`s become `UCI_Variant` values;
//! * `position startpos|fen <fen> [moves ...]`: moves in long algebraic form as
//!   Fairy-Stockfish writes it (Shogi's promotion `b7b8+`, a promoted piece dropped
//!   `+P@c3`; Chimera's own form is read too), a turn of several parts joined by commas
//!   (`e2e4,e4e5` in Duck chess); `bestmove` and `pv` are written so;
//! * `go [nodes N] [depth D] [movetime MS] [wtime/btime/winc/binc/movestogo] [infinite]`,
//!   `stop`, `isready` (answered while searching), `ucinewgame`, `quit`, and `d` (the FEN).
//!
//! The search runs on its own thread; `info` lines report each completed depth (score in
//! centipawns or `mate N` turns, nodes, time, the principal variation) and `bestmove`
//! gives the whole turn. At the end of the input a running search is finished, not
//! stopped: a script of commands gets every answer.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use chimera_engine::{Move, Position, Variant};

use crate::{Info, Limits, Score, Searcher};

/// Where the engine's answers go, shared with the search thread.
type Out = Arc<Mutex<dyn Write + Send>>;

/// The engine's state between commands.
struct Engine {
    out: Out,
    /// Variants loaded through `VariantPath`, by name.
    loaded: Vec<Variant>,
    variant: Variant,
    pos: Position,
    /// Kept between searches of one game (its transposition table); taken by a search.
    searcher: Option<Searcher>,
    running: Option<(Arc<AtomicBool>, JoinHandle<Searcher>)>,
}

/// Answers the commands read from `input` on `out` until `quit` or the end of the input.
pub fn run(input: impl BufRead, out: Out) {
    let chess = chimera_variants::load("chess").expect("chess is built in");
    let mut engine =
        Engine { out, loaded: Vec::new(), pos: chess.start(), searcher: Some(Searcher::new(&chess)), variant: chess, running: None };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => engine.identify(),
            Some("isready") => engine.say("readyok"),
            Some("setoption") => engine.set_option(&words[1..]),
            Some("ucinewgame") => {
                engine.finish();
                engine.searcher = Some(Searcher::new(&engine.variant));
            }
            Some("position") => engine.set_position(&words[1..]),
            Some("go") => engine.go(&words[1..]),
            Some("stop") => engine.stop(),
            Some("d") => engine.say(&format!("fen {}", engine.pos.fen())),
            Some("quit") => {
                engine.stop();
                return;
            }
            // Unknown commands are ignored, as the protocol asks.
            _ => {}
        }
    }
    engine.finish();
}

impl Engine {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn identify(&self) {
        self.say(&format!("id name Chimera {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Chimera authors");
        let mut names: Vec<&str> = chimera_variants::BUILTINS.iter().map(|b| b.id).collect();
        names.extend(self.loaded.iter().map(Variant::name));
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.say(&format!("option name UCI_Variant type combo default chess{vars}"));
        self.say("option name VariantPath type string default <empty>");
        self.say("uciok");
    }

    fn set_option(&mut self, words: &[&str]) {
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else { return };
        let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
        match name.trim() {
            "UCI_Variant" => {
                let found = self.loaded.iter().find(|v| v.name() == value.trim()).cloned();
                match found.map_or_else(|| chimera_variants::load(value.trim()).map_err(|e| e.to_string()), Ok) {
                    Ok(v) => self.select(v),
                    Err(e) => self.say(&format!("info string unknown variant {}: {e}", value.trim())),
                }
            }
            "VariantPath" => {
                for path in value.split([';', ':']).map(str::trim).filter(|p| !p.is_empty() && *p != "<empty>") {
                    match chimera_variants::from_file(path) {
                        Ok(v) => {
                            self.loaded.retain(|l| l.name() != v.name());
                            self.loaded.push(v);
                        }
                        Err(e) => self.say(&format!("info string {path}: {e}")),
                    }
                }
            }
            _ => {}
        }
    }

    fn select(&mut self, v: Variant) {
        self.finish();
        self.pos = v.start();
        self.searcher = Some(Searcher::new(&v));
        self.variant = v;
    }

    fn set_position(&mut self, words: &[&str]) {
        self.finish();
        let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
        let pos = match words.first().copied() {
            Some("startpos") => Ok(self.variant.start()),
            Some("fen") => self.variant.position(&words[1..moves_at].join(" ")).map_err(|e| e.to_string()),
            _ => Err("expected `startpos` or `fen`".to_string()),
        };
        let mut pos = match pos {
            Ok(pos) => pos,
            Err(e) => return self.say(&format!("info string bad position: {e}")),
        };
        for text in words.iter().skip(moves_at + 1) {
            // A turn of several parts: its parts joined by commas.
            for part in text.split(',') {
                match pos.parse_fsf_long(part).and_then(|m| pos.play(m)) {
                    Ok(()) => {}
                    Err(e) => return self.say(&format!("info string illegal move {part}: {e}")),
                }
            }
        }
        self.pos = pos;
    }

    fn go(&mut self, words: &[&str]) {
        self.finish();
        let limits = limits(words, self.pos.turn() == chimera_engine::Color::White);
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, out, pos) = (stop.clone(), self.out.clone(), self.pos.clone());
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(&self.variant));
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&pos, &limits, &*flag, |info| say(&out, &info_line(&pos, info)));
            let best = if result.turn.is_empty() { "(none)".to_string() } else { turn_text(&pos, &result.turn) };
            say(&out, &format!("bestmove {best}"));
            searcher
        });
        self.running = Some((stop, handle));
    }

    /// Stops a running search (it answers `bestmove`).
    fn stop(&mut self) {
        if let Some((flag, _)) = &self.running {
            flag.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    /// Waits for a running search to answer, and keeps its searcher.
    fn finish(&mut self) {
        if let Some((_, handle)) = self.running.take() {
            self.searcher = handle.join().ok();
        }
    }
}

fn say(out: &Out, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// The limits `go`'s words set; with a clock, a share of the mover's remaining time.
fn limits(words: &[&str], white: bool) -> Limits {
    let mut limits = Limits::default();
    let number = |key: &str| words.iter().position(|&w| w == key).and_then(|i| words.get(i + 1)).and_then(|n| n.parse::<u64>().ok());
    limits.nodes = number("nodes");
    limits.depth = number("depth").map(|d| d.min(crate::MAX_PLY as u64) as u32);
    limits.movetime = number("movetime").map(Duration::from_millis);
    let (time, inc) = if white { (number("wtime"), number("winc")) } else { (number("btime"), number("binc")) };
    if let (Some(time), None) = (time, limits.movetime) {
        let moves_to_go = number("movestogo").unwrap_or(30).max(1);
        let share = time / moves_to_go + inc.unwrap_or(0) * 3 / 4;
        // Never more than half the clock, and a little kept for the answer's way back.
        limits.movetime = Some(Duration::from_millis(share.min(time / 2).saturating_sub(20).max(1)));
    }
    limits
}

/// `info depth 5 score cp 34 nodes 12345 nps 1000000 time 12 pv e2e4 e7e5`.
fn info_line(pos: &Position, info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = info.elapsed.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / ms;
    format!("info depth {} score {score} nodes {} nps {nps} time {ms} pv {}", info.depth, info.nodes, line_text(pos, &info.pv))
}

/// A line of parts in long algebraic form, the parts of one turn joined by commas.
fn line_text(pos: &Position, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut text = String::new();
    let mut same_turn = false;
    for &m in line {
        if !text.is_empty() {
            text.push(if same_turn { ',' } else { ' ' });
        }
        text += &pos.fsf_long(m);
        let mover = pos.turn();
        if pos.play(m).is_err() {
            break;
        }
        same_turn = pos.turn() == mover;
    }
    text
}

/// A whole turn in long algebraic form, its parts joined by commas.
fn turn_text(pos: &Position, turn: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut parts = Vec::new();
    for &m in turn {
        parts.push(pos.fsf_long(m));
        if pos.play(m).is_err() {
            break;
        }
    }
    parts.join(",")
}

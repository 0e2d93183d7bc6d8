//! Iterative deepening negamax with alpha-beta, a transposition table and quiescence.
//!
//! **Scores** are from the side to move's point of view, as negamax wants. A node of
//! a turn of several parts (Marseillais' second move, the duck's placement, Monster's
//! double move) is searched as a ply like any other, but the score is negated only
//! where the turn passed: after a part, if [`Position::turn`] is still the mover, the
//! child's score is the mover's own and is taken as it is, with the same window.
//!
//! **Game ends** are the kernel's: every node asks [`Position::outcome_with_moves`]
//! with the legal moves it generated anyway (so checkmate, stalemate as the variant
//! scores it, extinction, goal regions, counting, repetition and the move rule at their
//! automatic counts all come from the rules, never from this crate). A win is
//! `MATE - ply` for the winner (a faster win scores higher, a slower loss less badly),
//! a draw 0. Mid-turn the kernel reports no outcome, so an end is seen when the turn
//! that made it is complete.

use std::time::Instant;

use chimera_engine::{Move, MoveKind, Outcome, Position};

use crate::eval::Values;
use crate::order::{order, victim_value, Killers};
use crate::tt::{Bound, Entry, Table};
use crate::{Info, Limits, Score, SearchResult, Stop, STOP_POLL};

/// The score of a win now; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// Above every score.
const INF: i32 = MATE + 1;
/// The deepest line searched, parts and quiescence included: mate scores beyond
/// `MATE - MAX_PLY` are wins.
pub const MAX_PLY: usize = 128;
/// The deepest iteration when no limit says otherwise.
const MAX_DEPTH: u32 = 64;
/// Quiescence plies after the nominal depth: captures (and replies to check) only,
/// bounded, as a variant with drops or many captures could otherwise go on and on.
const QUIESCENCE_PLIES: i32 = 8;
/// Quiescence plies in which a side in check tries every reply; deeper, it stands pat
/// like any other side (in a variant of many checks and drops, such as the Mitred
/// family's, every evasion at every depth made one root move's quiescence outrun a whole
/// node budget).
const CHECK_EVASION_PLIES: i32 = 2;
/// Delta pruning: a capture is not searched in quiescence when even taking the piece
/// with this margin to spare would not lift the score to alpha.
const DELTA_MARGIN: i32 = 200;
/// After the first quiescence ply, a capture by a piece worth more than its victim by
/// over this much is not searched (without an exchange evaluation, such a capture
/// mostly loses the capturer; in the knight-crowded Mitred boards the exchanges it
/// opens made one ply of search cost 39,000 nodes).
const LOSING_CAPTURE_MARGIN: i32 = 100;

/// One search: the position it moves through, and what it has learnt.
pub(crate) struct Run<'a> {
    pos: Position,
    values: &'a Values,
    tt: &'a mut Table,
    killers: Killers,
    limits: &'a Limits,
    stop: &'a dyn Stop,
    start: Instant,
    nodes: u64,
    aborted: bool,
    /// The best root move of the iteration under way, with its score and line, set
    /// each time a root move's search completes and beats the others.
    root_best: Option<(Move, i32, Vec<Move>)>,
}

impl<'a> Run<'a> {
    pub(crate) fn new(pos: &Position, values: &'a Values, tt: &'a mut Table, limits: &'a Limits, stop: &'a dyn Stop) -> Run<'a> {
        Run {
            pos: pos.clone(),
            values,
            tt,
            killers: Killers::new(MAX_PLY + 1),
            limits,
            stop,
            start: Instant::now(),
            nodes: 0,
            aborted: false,
            root_best: None,
        }
    }

    /// Deepens until a limit or the stop flag ends it; the last complete iteration's
    /// result, or the partial one's best move where its search was completed.
    pub(crate) fn iterate(mut self, mut info: impl FnMut(&Info)) -> SearchResult {
        let legal = self.pos.legal_moves();
        if let Some(o) = self.pos.outcome_with_moves(&legal) {
            return self.result(None, self.outcome_score(o, 0), Vec::new(), 0);
        }
        if legal.is_empty() {
            let o = self.pos.stuck_outcome();
            return self.result(None, self.outcome_score(o, 0), Vec::new(), 0);
        }
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        // Before the first iteration completes, the move whose position evaluates best.
        let first = self.static_best(&legal);
        let mut best: (Move, i32, Vec<Move>, u32) = (first, 0, vec![first], 0);
        for depth in 1..=max_depth {
            self.root_best = None;
            let mut pv = Vec::new();
            let score = self.node(depth as i32, -INF, INF, 0, &mut pv);
            if self.aborted {
                if let Some((m, s, line)) = self.root_best.take() {
                    best = (m, s, line, best.3.max(depth - 1));
                }
                break;
            }
            if let Some(&m) = pv.first() {
                best = (m, score, pv.clone(), depth);
            }
            let reported = self.score_of(score, &best.2);
            info(&Info { depth, score: reported, nodes: self.nodes, pv: best.2.clone(), elapsed: self.start.elapsed() });
            // A mate found within the depth searched is the fastest there is: every
            // shorter line was searched in full by an earlier iteration.
            if score.abs() >= MATE - MAX_PLY as i32 && (MATE - score.abs()) as u32 <= depth {
                break;
            }
        }
        let (m, score, pv, depth) = best;
        self.result(Some(m), score, pv, depth)
    }

    /// The legal move after which the static evaluation is best for the mover, each
    /// evaluation counted as a node; the first move where the node limit would not allow
    /// one per move (a search too short to look at each).
    fn static_best(&mut self, legal: &[Move]) -> Move {
        if self.limits.nodes.is_some_and(|n| n < 4 * legal.len() as u64) || self.stop.stop() {
            return legal[0];
        }
        let mover = self.pos.turn();
        let mut best = (legal[0], i32::MIN);
        for &m in legal {
            self.pos.play_unchecked(m);
            let s = if self.pos.turn() == mover { self.values.evaluate(&self.pos) } else { -self.values.evaluate(&self.pos) };
            self.pos.undo();
            self.nodes += 1;
            if s > best.1 {
                best = (m, s);
            }
        }
        best.0
    }

    fn result(&self, best: Option<Move>, score: i32, pv: Vec<Move>, depth: u32) -> SearchResult {
        let mut turn = Vec::new();
        let mut p = self.pos.clone();
        let mover = p.turn();
        for &m in &pv {
            p.play_unchecked(m);
            turn.push(m);
            if p.turn() != mover || p.outcome().is_some() {
                break;
            }
        }
        if best.is_some() {
            self.complete_turn(&mut p, mover, &mut turn);
        }
        SearchResult { best_move: best, turn, score: self.score_of(score, &pv), pv, nodes: self.nodes, depth }
    }

    /// Completes a turn the line stops in the middle of (the search did not reach its
    /// end: Progressive chess's long turns): each missing part the table's move if it
    /// has one, else the part whose static evaluation is best for the mover. Beyond the
    /// node count, and a few evaluations a part.
    fn complete_turn(&self, p: &mut Position, mover: chimera_engine::Color, turn: &mut Vec<Move>) {
        while p.turn() == mover && turn.len() < MAX_PLY {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome_with_moves(&moves).is_some() {
                break;
            }
            let known = self.tt.probe(p.hash()).and_then(|e| e.best).filter(|m| moves.contains(m));
            let m = known.unwrap_or_else(|| {
                let mut best = (i32::MIN, moves[0]);
                for &m in &moves {
                    p.play_unchecked(m);
                    let s = if p.turn() == mover { self.values.evaluate(p) } else { -self.values.evaluate(p) };
                    p.undo();
                    if s > best.0 {
                        best = (s, m);
                    }
                }
                best.1
            });
            p.play_unchecked(m);
            turn.push(m);
        }
    }

    /// A score as the caller reads it: centipawns, or mate in so many of the mover's
    /// turns, counted along the line where it reaches the end (turns of several parts
    /// make plies and turns differ), else from the plies.
    fn score_of(&self, score: i32, pv: &[Move]) -> Score {
        if score.abs() < MATE - MAX_PLY as i32 {
            return Score::Cp(score);
        }
        let plies = (MATE - score.abs()) as usize;
        let mut passes = plies;
        if pv.len() >= plies && plies > 0 {
            let mut p = self.pos.clone();
            passes = 0;
            for &m in &pv[..plies] {
                let mover = p.turn();
                p.play_unchecked(m);
                passes += usize::from(p.turn() != mover);
            }
        }
        if score > 0 {
            Score::Mate(passes.div_ceil(2) as i32)
        } else {
            Score::Mate(-((passes / 2) as i32))
        }
    }

    /// Whether to stop now: the node limit (exact); the [`Stop`] and the clock, every
    /// [`STOP_POLL`] nodes (the clock costs a system call, a front end's test may cost more).
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let over = self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes % STOP_POLL == 0 && (self.stop.stop() || self.limits.movetime.is_some_and(|t| self.start.elapsed() >= t)));
        self.aborted = over;
        over
    }

    /// The score of a finished game from the side to move's point of view, `ply`
    /// plies from the root.
    fn outcome_score(&self, o: Outcome, ply: usize) -> i32 {
        match o.winner {
            None => 0,
            Some(c) if c == self.pos.turn() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The score of `m` for the side to move, searched to `depth - 1` below: the child's
    /// own score while the same side is still to move (a part of its turn), negated with
    /// the window where the turn passes. Fills `line` with the child's best line.
    fn child(&mut self, m: Move, depth: i32, alpha: i32, beta: i32, ply: usize, line: &mut Vec<Move>) -> i32 {
        let mover = self.pos.turn();
        self.pos.play_unchecked(m);
        let score = if self.pos.turn() == mover {
            self.node(depth - 1, alpha, beta, ply + 1, line)
        } else {
            -self.node(depth - 1, -beta, -alpha, ply + 1, line)
        };
        self.pos.undo();
        score
    }

    /// Searches the position to `depth` plies (parts), then quiescence; fills `pv`
    /// with the best line found from here.
    fn node(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize, pv: &mut Vec<Move>) -> i32 {
        pv.clear();
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        let mut moves = self.pos.legal_moves();
        if let Some(o) = self.pos.outcome_with_moves(&moves) {
            return self.outcome_score(o, ply);
        }
        if moves.is_empty() {
            return self.outcome_score(self.pos.stuck_outcome(), ply);
        }
        if ply >= MAX_PLY {
            return self.values.evaluate(&self.pos);
        }
        // A position met again inside the search is scored as the draw its repetition
        // would become (where the rules draw a repetition and no perpetual rule decides
        // it): a side ahead steers away from it, one behind steers into it.
        if ply > 0 && self.values.repetition_draws() && self.pos.repetitions() >= 2 {
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(depth, alpha, beta, ply, moves, pv);
        }

        let key = self.pos.hash();
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            // The move is checked against this position's moves: two positions may share
            // a key, and a move of the other is no move here.
            hash_move = e.best.filter(|m| moves.contains(m));
            if ply > 0 && e.depth >= depth {
                let s = from_tt(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }

        order(&self.pos, self.values, &self.killers, ply, hash_move, &mut moves);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut line = Vec::new();
        for m in moves {
            let quiet = !self.pos.is_capture(m);
            let score = self.child(m, depth, alpha, beta, ply, &mut line);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&line);
                    if ply == 0 {
                        self.root_best = Some((m, score, pv.clone()));
                    }
                    if alpha >= beta {
                        if quiet {
                            self.killers.add(ply, m);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry { key, best: best_move, score: to_tt(best, ply), depth, bound });
        best
    }

    /// Captures (and every reply when in check) until the position is quiet, standing
    /// pat on the evaluation otherwise. `moves` are the node's legal moves.
    fn quiesce(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize, mut moves: Vec<Move>, pv: &mut Vec<Move>) -> i32 {
        let in_check = self.pos.is_check();
        if -depth >= QUIESCENCE_PLIES {
            return self.values.evaluate(&self.pos);
        }
        // A turn's wall part (the duck's) captures nothing, but the turn must end for the
        // kernel to judge it (a royal taken by the move part): it is closed by its first
        // placement rather than standing pat in the middle of a turn.
        let closing_wall = self.pos.part() > 0 && moves.iter().all(|m| m.kind == MoveKind::Wall);
        let mut best = -INF;
        if closing_wall {
            moves.truncate(1);
        } else if in_check && -depth < CHECK_EVASION_PLIES {
            // Every reply, so that a mate at the horizon is seen as one.
        } else {
            let stand = self.values.evaluate(&self.pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            let pos = &self.pos;
            let values = self.values;
            let first_ply = depth == 0;
            moves.retain(|&m| {
                if m.promotion().is_some() {
                    return true;
                }
                if !pos.is_capture(m) {
                    return false;
                }
                let victim = victim_value(pos, values, m);
                let attacker = if m.kind == MoveKind::Drop { 0 } else { pos.piece_at(m.from).map_or(0, |p| values.value(p.kind)) };
                stand + victim + DELTA_MARGIN >= alpha && (first_ply || attacker <= victim + LOSING_CAPTURE_MARGIN)
            });
            if moves.is_empty() {
                return stand;
            }
        }
        order(&self.pos, self.values, &self.killers, ply, None, &mut moves);
        let mut line = Vec::new();
        for m in moves {
            let score = self.child(m, depth, alpha, beta, ply, &mut line);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&line);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A mate score stored relative to the node (plies to the mate from here), so that it
/// reads right wherever in the tree the position comes again.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(MATE - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}

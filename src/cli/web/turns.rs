//! Fair turns at the engine between `chimera web`'s sessions.
//!
//! A request works only while it holds a turn; there are as many turns as cores. Each
//! session answers one request at a time (its server's lock), so the requests waiting for
//! a turn are each of a different session, and they get turns in the order they asked:
//! round robin between sessions. A request that has worked a [`SLICE`] while others wait
//! gives its turn up at its next look at the clock (perft and divide look at every ply,
//! `open` at every move) and waits for another at the back of the queue, so one
//! session's perfts delay another's `moves` by a slice or so, never by their length.

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::cli::serve::pace::Pacer;

/// How long a request works before it lets a waiting one have its turn.
pub(super) const SLICE: Duration = Duration::from_millis(20);
/// How often a request waiting for a turn looks whether its client went away.
const LOOK: Duration = Duration::from_millis(25);

pub(super) struct Turns {
    queue: Mutex<Queue>,
    changed: Condvar,
}

struct Queue {
    /// Turns not held.
    free: usize,
    /// The requests waiting for a turn, by ticket, first come first.
    waiting: VecDeque<u64>,
    next: u64,
}

impl Turns {
    pub(super) fn new(turns: usize) -> Turns {
        Turns { queue: Mutex::new(Queue { free: turns.max(1), waiting: VecDeque::new(), next: 0 }), changed: Condvar::new() }
    }

    /// The number of turns: one per core the process may use.
    pub(super) fn per_core() -> Turns {
        Turns::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for a turn, at the back of the queue; `None` if `cancelled` is set first.
    pub(super) fn take<'a>(&'a self, cancelled: &'a AtomicBool) -> Option<Turn<'a>> {
        self.wait(cancelled).then(|| Turn { turns: self, cancelled, since: Cell::new(Instant::now()), held: Cell::new(true) })
    }

    fn wait(&self, cancelled: &AtomicBool) -> bool {
        let mut queue = self.queue();
        let ticket = queue.next;
        queue.next += 1;
        queue.waiting.push_back(ticket);
        loop {
            if queue.free > 0 && queue.waiting.front() == Some(&ticket) {
                queue.waiting.pop_front();
                queue.free -= 1;
                // The next in line may have a free turn too.
                self.changed.notify_all();
                return true;
            }
            if cancelled.load(Ordering::Relaxed) {
                queue.waiting.retain(|&t| t != ticket);
                self.changed.notify_all();
                return false;
            }
            queue = self.changed.wait_timeout(queue, LOOK).unwrap_or_else(PoisonError::into_inner).0;
        }
    }

    fn give_back(&self) {
        self.queue().free += 1;
        self.changed.notify_all();
    }

    fn others_wait(&self) -> bool {
        !self.queue().waiting.is_empty()
    }
}

/// A turn held by a request's work; given back when dropped.
pub(super) struct Turn<'a> {
    turns: &'a Turns,
    cancelled: &'a AtomicBool,
    since: Cell<Instant>,
    held: Cell<bool>,
}

impl Pacer for Turn<'_> {
    fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || !self.held.get()
    }

    fn pause(&self) {
        if !self.held.get() || self.since.get().elapsed() < SLICE || !self.turns.others_wait() {
            return;
        }
        self.turns.give_back();
        self.held.set(self.turns.wait(self.cancelled));
        self.since.set(Instant::now());
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if self.held.get() {
            self.turns.give_back();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn turns_go_round_in_the_order_asked_and_a_cancelled_wait_leaves_the_queue() {
        let turns = Arc::new(Turns::new(1));
        let stay = AtomicBool::new(false);
        let first = turns.take(&stay).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let gone = Arc::new(AtomicBool::new(false));
        let waiters: Vec<_> = (0..3)
            .map(|i| {
                let (mine, order, gone) = (Arc::clone(&turns), Arc::clone(&order), Arc::clone(&gone));
                let handle = std::thread::spawn(move || {
                    let never = AtomicBool::new(false);
                    let cancel = if i == 1 { &*gone } else { &never };
                    let turn = mine.take(cancel);
                    if turn.is_some() {
                        order.lock().unwrap().push(i);
                    }
                });
                // Queued before the next one asks.
                while turns.queue().waiting.len() <= i {
                    std::thread::yield_now();
                }
                handle
            })
            .collect();
        gone.store(true, Ordering::Relaxed);
        while turns.queue().waiting.len() > 2 {
            std::thread::yield_now();
        }
        drop(first);
        waiters.into_iter().for_each(|w| w.join().unwrap());
        assert_eq!(*order.lock().unwrap(), vec![0, 2]);
        assert_eq!(turns.queue().free, 1);
    }
}

//! A request's budget of CPU time, and the points where its work looks at it.
//!
//! The budget is the CPU time of the thread that answers the request (on Unix; elsewhere
//! the time since it started), so time spent waiting — for the machine, or for other
//! sessions' requests while `chimera web` shares the engine — is not spent from it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What a front end lets a request's work consult as it goes.
pub trait Pacer {
    /// Whether nobody waits for the answer any more (an HTTP client went away).
    fn cancelled(&self) -> bool;
    /// A point where the work may wait a while, to let other requests run.
    fn pause(&self);
}

/// A client that may go away, and never makes the work wait.
impl Pacer for AtomicBool {
    fn cancelled(&self) -> bool {
        self.load(Ordering::Relaxed)
    }
    fn pause(&self) {}
}

/// A request's deadline. The clock is read every few dozen steps: reading it costs
/// more than the shortest steps (a count of moves at perft's last ply).
pub(super) struct Deadline<'a> {
    budget: Duration,
    started: Clock,
    steps: u32,
    pacer: Option<&'a dyn Pacer>,
}

impl<'a> Deadline<'a> {
    pub(super) fn new(budget: Duration, pacer: Option<&'a dyn Pacer>) -> Deadline<'a> {
        Deadline { budget, started: Clock::now(), steps: 0, pacer }
    }

    /// One step of work done; whether the budget is spent (or the request abandoned).
    pub(super) fn passed(&mut self) -> bool {
        self.steps = self.steps.wrapping_add(1);
        if self.steps % 64 != 0 {
            return false;
        }
        self.look()
    }

    /// Whether the budget is spent (or the request abandoned), read now: for work whose
    /// steps are coarse already (the search asks every few hundred nodes). The request
    /// may wait here for its next turn at the cores.
    pub(super) fn look(&self) -> bool {
        if let Some(p) = self.pacer {
            p.pause();
            if p.cancelled() {
                return true;
            }
        }
        self.started.spent() > self.budget
    }
}

/// The CPU time of the calling thread, where the system tells it.
enum Clock {
    #[cfg(unix)]
    Cpu(Duration),
    #[allow(dead_code)]
    Wall(Instant),
}

impl Clock {
    fn now() -> Clock {
        #[cfg(unix)]
        if let Some(t) = thread_cpu() {
            return Clock::Cpu(t);
        }
        Clock::Wall(Instant::now())
    }

    /// The time spent since `now` was read.
    fn spent(&self) -> Duration {
        match self {
            #[cfg(unix)]
            Clock::Cpu(t) => thread_cpu().map_or(Duration::ZERO, |now| now.saturating_sub(*t)),
            Clock::Wall(t) => t.elapsed(),
        }
    }
}

/// A request's deadline is what stops its search (`go`): spent, or its client gone.
impl chimera_search::Stop for Deadline<'_> {
    fn stop(&self) -> bool {
        self.look()
    }
}

#[cfg(unix)]
fn thread_cpu() -> Option<Duration> {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the struct it is given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_spent_waiting_is_not_spent_from_the_budget() {
        let mut clock = Deadline::new(Duration::from_millis(50), None);
        std::thread::sleep(Duration::from_millis(120));
        assert!(!(0..64).any(|_| clock.passed()), "a sleeping thread spends no CPU time");
        let busy = Instant::now();
        let mut spins = 0u64;
        while !clock.passed() {
            spins = std::hint::black_box(spins + 1);
            assert!(busy.elapsed() < Duration::from_secs(60), "the budget runs out as the thread works");
        }
    }

    #[test]
    fn a_cancelled_request_stops_at_the_next_look() {
        let gone = AtomicBool::new(true);
        let mut clock = Deadline::new(Duration::from_secs(3600), Some(&gone));
        assert!((0..64).any(|_| clock.passed()));
    }
}

//! One memory budget shared by several [`Server`](super::handler::Server)s: `chimera
//! web`'s sessions. Each server counts what it holds (compiled variants, games, the moves
//! they keep) and takes those bytes from the [`Pool`] before it builds anything, within
//! its own share; it gives them back as it frees them, and all of them when it is
//! dropped. `chimera serve`'s one server has no pool: its limits alone bound it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// What an open game holds besides its moves: a position of about 6 KB (7 KB on boards
/// over 128 squares, the figure counted here), as measured by the peak RSS of 10,000 games.
pub const GAME_BYTES: usize = 7 << 10;
/// What one move kept for undo holds: the record that undoes it (60 bytes, 105 over 128
/// squares, the figure counted here).
pub const PLY_BYTES: usize = 105;
/// What an empty session holds (its server's maps, its entry in the session table).
pub const SESSION_BYTES: usize = 4 << 10;

/// Frees room in a full pool (web: drops idle sessions that are on probation); returns
/// whether it freed anything.
pub type Reclaim = Box<dyn Fn() -> bool + Send + Sync>;

/// The bytes every server of the pool holds together, and their limit.
pub struct Pool {
    used: AtomicUsize,
    limit: usize,
    reclaim: OnceLock<Reclaim>,
}

impl Pool {
    pub fn new(limit: usize) -> Arc<Pool> {
        Arc::new(Pool { used: AtomicUsize::new(0), limit, reclaim: OnceLock::new() })
    }

    /// Sets what a full pool calls to make room (once).
    pub fn on_full(&self, reclaim: Reclaim) {
        let _ = self.reclaim.set(reclaim);
    }

    pub fn used(&self) -> usize {
        self.used.load(Ordering::Acquire)
    }

    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Takes `n` bytes if they fit under the limit, reclaiming room first if they do not.
    fn take(&self, n: usize) -> bool {
        loop {
            if self.try_take(n) {
                return true;
            }
            match self.reclaim.get() {
                Some(reclaim) if reclaim() => continue,
                _ => return false,
            }
        }
    }

    fn try_take(&self, n: usize) -> bool {
        self.used.fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| used.checked_add(n).filter(|&u| u <= self.limit)).is_ok()
    }

    fn give(&self, n: usize) {
        self.used.fetch_sub(n, Ordering::AcqRel);
    }
}

/// One server's part of a pool: what it has taken, and the most it may take.
pub struct Share {
    pool: Arc<Pool>,
    most: usize,
    taken: usize,
}

/// Why a share could not grow.
pub enum Short {
    /// Past the server's own share.
    Share { taken: usize, most: usize },
    /// The pool is spent (every session together).
    Pool { used: usize, limit: usize },
}

impl Share {
    /// A share of at most `most` bytes, holding `SESSION_BYTES` from the start (taken
    /// whether or not they fit: a session is only made where the caller allows one).
    pub fn new(pool: Arc<Pool>, most: usize) -> Share {
        pool.used.fetch_add(SESSION_BYTES, Ordering::AcqRel);
        Share { pool, most, taken: SESSION_BYTES }
    }

    /// Takes `n` more bytes, or says why not.
    pub fn take(&mut self, n: usize) -> Result<(), Short> {
        if self.taken + n > self.most {
            return Err(Short::Share { taken: self.taken, most: self.most });
        }
        if !self.pool.take(n) {
            return Err(Short::Pool { used: self.pool.used(), limit: self.pool.limit });
        }
        self.taken += n;
        Ok(())
    }

    /// Makes the share what the server holds now: gives back what it freed (or takes
    /// what it holds beyond its share, which a request only does between a `take` and
    /// this call).
    pub fn settle(&mut self, holds: usize) {
        let holds = holds + SESSION_BYTES;
        if holds < self.taken {
            self.pool.give(self.taken - holds);
        } else {
            self.pool.used.fetch_add(holds - self.taken, Ordering::AcqRel);
        }
        self.taken = holds;
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        self.pool.give(self.taken);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_take_within_their_own_limit_and_the_pools() {
        let pool = Pool::new(SESSION_BYTES * 2 + 1000);
        let mut a = Share::new(Arc::clone(&pool), SESSION_BYTES + 800);
        let mut b = Share::new(Arc::clone(&pool), usize::MAX);
        assert!(matches!(a.take(900), Err(Short::Share { .. })));
        assert!(a.take(700).is_ok());
        assert!(matches!(b.take(400), Err(Short::Pool { .. })));
        a.settle(100);
        assert!(b.take(400).is_ok());
        drop(a);
        assert_eq!(pool.used(), SESSION_BYTES + 400);
        drop(b);
        assert_eq!(pool.used(), 0);
    }

    #[test]
    fn a_full_pool_reclaims_before_it_refuses() {
        let pool = Pool::new(SESSION_BYTES + 100);
        let held = std::sync::Mutex::new(Some(Share::new(Arc::clone(&pool), usize::MAX)));
        let held = Arc::new(held);
        let dropper = Arc::clone(&held);
        pool.on_full(Box::new(move || dropper.lock().unwrap().take().is_some()));
        let mut other = Share { pool: Arc::clone(&pool), most: usize::MAX, taken: 0 };
        assert!(other.take(SESSION_BYTES).is_ok(), "the held share was dropped to make room");
        assert!(held.lock().unwrap().is_none());
        assert!(other.take(200).is_err(), "nothing more to reclaim");
    }
}

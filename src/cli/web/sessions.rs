//! `chimera web`'s sessions: each a `Server` of its own (its loaded variants and games),
//! named by an id the server made, kept in a table of bounded size under one memory
//! budget.
//!
//! Only the server names sessions. A page gets its id in a cookie with `index.html`; a
//! request whose cookie names no session held (forged, or forgotten) gets a fresh one,
//! whose id comes back in `Set-Cookie`. A new session is **on probation** until a later
//! request brings its id back (the client keeps its cookie): sessions on probation make
//! way for each other, and for memory, so a client that sends a new cookie with every
//! request churns at most [`PROBATION`] of them and never pushes out a session in real
//! use. Kept sessions ([`MAX_KEPT`]) are dropped least recently used first, only to make
//! room for another; a session with a request running or waiting is never dropped.
//! Clients that send no cookie (tools) share one session.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use serde::Serialize;

use crate::cli::serve::budget::{Pool, Share};
use crate::cli::serve::handler::{Limits, Server};

/// Sessions kept once their client came back with their id.
pub(super) const MAX_KEPT: usize = 64;
/// Sessions on probation: made, their id not yet brought back.
pub(super) const PROBATION: usize = 16;
/// Requests of one session that may wait or run at once; more get 429.
pub(super) const PER_SESSION: usize = 4;
/// The same for the session of clients that send no cookie: tools, perhaps several.
pub(super) const PER_SHARED: usize = 16;

pub(super) struct Session {
    /// One request of the session at a time (in the order they came).
    pub(super) server: Arc<tokio::sync::Mutex<Server>>,
    /// Its requests waiting or running: while any is, it is not dropped.
    /// ([`PER_SESSION`] at most, [`PER_SHARED`] for the shared session.)
    busy: AtomicUsize,
}

struct Entry {
    session: Arc<Session>,
    /// The table's clock at its last use.
    used: u64,
    probation: bool,
}

struct Table {
    shared: Arc<Session>,
    named: HashMap<String, Entry>,
    clock: u64,
}

pub(super) struct Sessions {
    table: Mutex<Table>,
    limits: Limits,
    pool: Arc<Pool>,
    /// The most one session may hold, in bytes.
    share: usize,
}

/// A session a request uses, counted busy until dropped; `issued` if the server just made it.
pub(super) struct InUse {
    pub(super) session: Arc<Session>,
    pub(super) issued: Option<String>,
}

impl Drop for InUse {
    fn drop(&mut self) {
        self.session.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Why a request got no session.
pub(super) enum Refused {
    /// Its session has [`PER_SESSION`] requests waiting or running already.
    Queue,
    /// Every session on probation has a request running: none can make way.
    Full,
}

#[derive(Serialize)]
pub(super) struct Stats {
    pub(super) sessions: usize,
    pub(super) on_probation: usize,
    pub(super) memory_bytes: usize,
    pub(super) max_memory_bytes: usize,
    pub(super) max_session_bytes: usize,
}

impl Sessions {
    pub(super) fn new(limits: Limits, pool: Arc<Pool>, share: usize) -> Arc<Sessions> {
        let shared = Sessions::session(limits, &pool, share);
        let table = Table { shared, named: HashMap::new(), clock: 0 };
        let sessions = Arc::new(Sessions { table: Mutex::new(table), limits, pool: Arc::clone(&pool), share });
        // A full budget first makes the sessions on probation make way.
        let weak: Weak<Sessions> = Arc::downgrade(&sessions);
        pool.on_full(Box::new(move || weak.upgrade().is_some_and(|s| s.drop_idle(true, None))));
        sessions
    }

    fn session(limits: Limits, pool: &Arc<Pool>, share: usize) -> Arc<Session> {
        let server = Server::sharing(limits, Share::new(Arc::clone(pool), share));
        Arc::new(Session { server: Arc::new(tokio::sync::Mutex::new(server)), busy: AtomicUsize::new(0) })
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The session a request's cookie names: the shared one without a cookie, a fresh one
    /// (`issued`) for a cookie that names none held.
    pub(super) fn enter(&self, cookie: Option<&str>) -> Result<InUse, Refused> {
        let Some(id) = cookie else {
            let shared = Arc::clone(&self.table().shared);
            return use_session(shared, None, PER_SHARED);
        };
        let found = {
            let mut table = self.table();
            table.clock += 1;
            let clock = table.clock;
            let kept = table.named.values().filter(|e| !e.probation).count();
            match table.named.get_mut(id) {
                Some(entry) => {
                    entry.used = clock;
                    let promote = entry.probation;
                    let session = Arc::clone(&entry.session);
                    // Counted busy before the table is let go, so that nothing drops it.
                    let in_use = use_session(session, None, PER_SESSION);
                    if promote {
                        drop(table);
                        self.promote(id, kept);
                    }
                    Some(in_use)
                }
                None => None,
            }
        };
        match found {
            Some(in_use) => in_use,
            None => self.issue_busy().map(|(id, session)| InUse { session, issued: Some(id) }).ok_or(Refused::Full),
        }
    }

    /// Takes a session off probation: its client kept its id. Past [`MAX_KEPT`] the least
    /// recently used idle kept session makes way; if none is idle, it stays on probation.
    fn promote(&self, id: &str, kept: usize) {
        if kept >= MAX_KEPT && !self.drop_idle(false, Some(id)) {
            return;
        }
        if let Some(entry) = self.table().named.get_mut(id) {
            entry.probation = false;
        }
    }

    /// Makes a session on probation and its id (`None` if every one on probation is busy).
    pub(super) fn issue(&self) -> Option<(String, Arc<Session>)> {
        self.make(0)
    }

    /// [`Sessions::issue`], the session counted busy for the request that asked for it
    /// before any other request can see it (and so push it out).
    fn issue_busy(&self) -> Option<(String, Arc<Session>)> {
        self.make(1)
    }

    fn make(&self, busy: usize) -> Option<(String, Arc<Session>)> {
        let on_probation = self.table().named.values().filter(|e| e.probation).count();
        if on_probation >= PROBATION && !self.drop_idle(true, None) {
            return None;
        }
        let session = Sessions::session(self.limits, &self.pool, self.share);
        session.busy.store(busy, Ordering::Release);
        let id = new_session_id();
        let mut table = self.table();
        table.clock += 1;
        let used = table.clock;
        table.named.insert(id.clone(), Entry { session: Arc::clone(&session), used, probation: true });
        Some((id, session))
    }

    /// Drops the least recently used idle session on probation (or kept, with `probation`
    /// false), but not `except`; whether there was one. Its memory goes back to the pool.
    fn drop_idle(&self, probation: bool, except: Option<&str>) -> bool {
        let dropped = {
            let mut table = self.table();
            let oldest = table
                .named
                .iter()
                .filter(|(id, e)| e.probation == probation && e.session.busy.load(Ordering::Acquire) == 0 && Some(id.as_str()) != except)
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone());
            oldest.and_then(|id| table.named.remove(&id))
        };
        // Dropped here, outside the table's lock (the server gives its bytes back).
        dropped.is_some()
    }

    /// Whether `id` names a session held.
    pub(super) fn holds(&self, id: &str) -> bool {
        self.table().named.contains_key(id)
    }

    pub(super) fn stats(&self) -> Stats {
        let table = self.table();
        Stats {
            sessions: table.named.len(),
            on_probation: table.named.values().filter(|e| e.probation).count(),
            memory_bytes: self.pool.used(),
            max_memory_bytes: self.pool.limit(),
            max_session_bytes: self.share,
        }
    }
}

/// Counts a request in its session, unless the session has its fill (`most`) of requests.
fn use_session(session: Arc<Session>, issued: Option<String>, most: usize) -> Result<InUse, Refused> {
    if session.busy.fetch_add(1, Ordering::AcqRel) >= most {
        session.busy.fetch_sub(1, Ordering::AcqRel);
        return Err(Refused::Queue);
    }
    Ok(InUse { session, issued })
}

/// The cookie's value: a session id is 32 hexadecimal digits; anything else names none.
pub(super) fn well_formed(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A new session's name: 128 bits from the process's random hash keys and a counter.
pub(super) fn new_session_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let half = |salt: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.write_u64(salt);
        h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        h.finish()
    };
    format!("{:016x}{:016x}", half(1), half(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sessions() -> Arc<Sessions> {
        Sessions::new(Limits::default(), Pool::new(1 << 30), 1 << 28)
    }

    #[test]
    fn an_unknown_cookie_gets_a_session_the_server_names() {
        let s = sessions();
        let chosen = "0123456789abcdef0123456789abcdef";
        let fresh = s.enter(Some(chosen)).ok().unwrap();
        let id = fresh.issued.clone().expect("a fresh id");
        assert_ne!(id, chosen);
        drop(fresh);
        let again = s.enter(Some(&id)).ok().unwrap();
        assert!(again.issued.is_none(), "the issued id names its session");
        assert!(Arc::ptr_eq(&again.session, &s.table().named[&id].session));
    }

    #[test]
    fn cookie_floods_churn_the_probation_and_spare_kept_sessions() {
        let s = sessions();
        let (real, _) = s.issue().unwrap();
        drop(s.enter(Some(&real)).ok().unwrap());
        assert!(!s.table().named[&real].probation, "its client came back: kept");
        for _ in 0..200 {
            drop(s.enter(Some("ffffffffffffffffffffffffffffffff")).ok().unwrap());
        }
        let stats = s.stats();
        assert_eq!((stats.sessions, stats.on_probation), (PROBATION + 1, PROBATION));
        assert!(s.table().named.contains_key(&real));
    }

    #[test]
    fn a_busy_session_is_never_dropped_and_each_session_queues_a_few() {
        let s = sessions();
        let busy: Vec<InUse> = (0..PROBATION).map(|_| s.enter(Some("x")).ok().unwrap()).collect();
        assert!(matches!(s.enter(Some("x")), Err(Refused::Full)), "every one on probation is in use");
        let id = busy[0].issued.clone().unwrap();
        let more: Vec<InUse> = (1..PER_SESSION).map(|_| s.enter(Some(&id)).ok().unwrap()).collect();
        assert!(matches!(s.enter(Some(&id)), Err(Refused::Queue)));
        drop((busy, more));
        assert!(s.enter(Some("x")).is_ok());
    }
}

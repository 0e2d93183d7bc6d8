//! `chimera web`: the variant workbench, a page and the `serve` protocol over HTTP.
//!
//! `POST /api` takes one request object and answers its response object: the body is
//! decoded and the answer encoded by serve's protocol module and the request answered by
//! serve's [`Server`], so both front ends have one implementation, one set of codes and
//! the same limits. What differs is only the framing: a request body instead of a line.
//!
//! Sessions ([`sessions`]): each page gets its own `Server` (its games and loaded
//! variants), named by an id the server made and sent in a cookie; tools that send no
//! cookie share one. So a client's loaded `chess` never replaces another's built-in. All
//! sessions hold their memory under one budget, each within its share. Each session
//! answers one request at a time, on tokio's blocking pool (a perft may take seconds and
//! must not stall the runtime that reads the other connections), and the sessions take
//! turns at the cores ([`turns`]); a session may have [`sessions::PER_SESSION`] requests
//! waiting or running (the shared one [`sessions::PER_SHARED`]) and the server [`QUEUE`]
//! (more get 429), and a request whose client
//! went away stops waiting, or stops working at its next look at the clock.
//!
//! Connections (see [`accept_loop`]): hyper serves each with a deadline for a request's
//! head (idle keep-alive included) and axum reads bodies within [`BODY_TIMEOUT`]. Their
//! number is capped below the process's file limit: a new connection pushes out the
//! oldest one that has no request running, and gets a 503 when every one has. Running out
//! of file descriptors in `accept` costs a pause, never the server.
//!
//! Every request must name this server: `Host` the address the connection arrived on (or
//! a loopback name, on loopback) and `Origin`, if any, that same host — or one of
//! `--allow-origin` — against cross-site pages and DNS rebinding, on every bind address.
//!
//! The page's sources (`web/`) are embedded in the binary: there is no build step and
//! nothing to install to run it.

mod sessions;
mod turns;

use std::collections::VecDeque;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::body::Body as HttpBody;
use axum::extract::{DefaultBodyLimit, Path, Request as HttpRequest, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, COOKIE, HOST, ORIGIN, SET_COOKIE, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;
use serde_json::Value;
use tokio::io::AsyncWriteExt;
use tokio::sync::{watch, Notify};

use super::serve::budget::Pool;
use super::serve::protocol::{Body, Error, Reply, Request};
use super::serve::LimitArgs;
use super::Failure;
use sessions::{Refused as SessionRefused, Sessions};
use turns::Turns;

#[derive(clap::Args)]
pub struct Args {
    /// Port to listen on; 0 picks a free one. The page's address is printed either way.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. The API has no authentication: keep it on loopback unless
    /// every machine that can reach the address may use it.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Largest request body accepted, in bytes (serve's --max-line-bytes).
    #[arg(long, default_value_t = 1 << 20)]
    pub max_request_bytes: usize,
    /// Most connections held at once (lowered to fit the process's file limit); past it
    /// the oldest idle connection is closed, or the new one answered 503.
    #[arg(long, default_value_t = 512)]
    pub max_connections: usize,
    /// Another origin whose pages may call the API (`http://host:port`, as browsers send
    /// it in `Origin`); its host is then accepted in `Host` too. Repeatable.
    #[arg(long)]
    pub allow_origin: Vec<String>,
    /// Most bytes all sessions may hold together: their compiled variants, games and the
    /// moves those keep (`too-much-memory` past it, once sessions on probation made way).
    #[arg(long, default_value_t = 512 << 20)]
    pub max_memory_bytes: usize,
    /// Most bytes one session may hold, within --max-memory-bytes.
    #[arg(long, default_value_t = 128 << 20)]
    pub max_session_bytes: usize,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The page's files, served at `/<name>` (`index.html` also at `/`).
macro_rules! assets {
    ($($name:literal),* $(,)?) => {
        const ASSETS: &[(&str, &[u8])] = &[$(($name, include_bytes!(concat!("../../web/", $name)))),*];
    };
}

assets![
    "index.html",
    "match.html",
    "style.css",
    "app.js",
    "match.js",
    "dialogs.js",
    "api.js",
    "board.js",
    "card.js",
    "editor.js",
    "glyphs.js",
    "store.js",
    "tree.js",
    "pieces/pieces.svg",
    "pieces/LICENSE",
    "vendor/codemirror.js",
    "vendor/LICENSE",
];

/// How long a connection may take to send a request's head, idle time between
/// requests included: a slow or silent client holds its socket no longer.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request's body may take to arrive.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Requests that may wait or run at once, every session's together; more get 429.
const QUEUE: usize = 64;
/// The most bytes of an over-size request body read (and dropped) before its answer, so
/// that the client, which sends its whole body before it reads, gets the answer: a
/// connection closed with unread bytes is reset, and the answer lost with it.
const DRAIN_BYTES: u64 = 64 << 20;
/// The cookie that names a page's session.
const SESSION_COOKIE: &str = "chimera-session";

struct App {
    sessions: Arc<Sessions>,
    /// Turns at the cores, shared fairly between sessions.
    turns: Arc<Turns>,
    /// Requests waiting or running.
    queued: AtomicUsize,
    max_request_bytes: usize,
    limits: LimitsInfo,
    /// Woken by a `quit` request: the server stops as `chimera serve` does.
    quit: Notify,
    /// `--allow-origin`: origins (`http://host:port`) accepted besides the server's own.
    allowed: Vec<String>,
    conns: Conns,
}

/// The connections held, oldest first, to push out the oldest idle one when full.
struct Conns {
    limit: usize,
    open: Mutex<VecDeque<Arc<Conn>>>,
    next: AtomicU64,
}

struct Conn {
    id: u64,
    /// Requests of this connection being answered: while any is, it is not idle.
    busy: AtomicUsize,
    /// Closes the connection (pushed out for a newer one).
    evict: Notify,
}

impl Conns {
    /// Room for one more connection: pushes out the oldest idle one if the limit is
    /// reached; `None` if every connection held is busy.
    fn admit(&self) -> Option<Arc<Conn>> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.len() >= self.limit {
            let idle = open.iter().position(|c| c.busy.load(Ordering::Acquire) == 0)?;
            if let Some(c) = open.remove(idle) {
                c.evict.notify_one();
            }
        }
        let conn = Arc::new(Conn { id: self.next.fetch_add(1, Ordering::Relaxed), busy: AtomicUsize::new(0), evict: Notify::new() });
        open.push_back(Arc::clone(&conn));
        Some(conn)
    }

    /// Closes the oldest idle connection, if any (to free a file descriptor).
    fn evict_one(&self) -> bool {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        match open.iter().position(|c| c.busy.load(Ordering::Acquire) == 0).and_then(|i| open.remove(i)) {
            Some(c) => {
                c.evict.notify_one();
                true
            }
            None => false,
        }
    }

    fn release(&self, conn: &Conn) {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).retain(|c| c.id != conn.id);
    }
}

/// The most connections this process can hold: `wanted`, but no more than its file
/// limit allows, with room kept for the runtime's own descriptors and the listener.
fn connection_limit(wanted: usize) -> usize {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes one rlimit into the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
            let files = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
            let room = files.saturating_sub(16 + files / 8);
            return wanted.min(room).max(1);
        }
    }
    wanted.max(1)
}

/// The limits, for the page to respect (`GET /api/limits`).
#[derive(Serialize, Clone, Copy)]
struct LimitsInfo {
    #[serde(flatten)]
    serve: LimitArgs,
    max_request_bytes: usize,
    max_memory_bytes: usize,
    max_session_bytes: usize,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        // Timers: hyper's head deadline, body timeouts, the pause after a failed accept.
        .enable_time()
        .build()
        .map_err(|e| Failure::Message(format!("cannot start the HTTP runtime: {e}")))?;
    runtime.block_on(serve(args, out))
}

async fn serve(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let listener = tokio::net::TcpListener::bind((args.host, args.port))
        .await
        .map_err(|e| Failure::Message(format!("cannot listen on {}: {e}", address(args.host, args.port))))?;
    let local = listener.local_addr()?;
    let app = new_app(args, connection_limit(args.max_connections));
    let url = format!("http://{}/", address(local.ip(), local.port()));
    writeln!(out, "chimera web: the workbench is at {url} (Ctrl-C or a `quit` request stops it)")?;
    out.flush()?;
    if args.open {
        if let Err(e) = open::that_detached(&url) {
            eprintln!("cannot open a browser ({e}): open {url} by hand");
        }
    }
    accept_loop(listener, app).await;
    Ok(())
}

fn new_app(args: &Args, max_connections: usize) -> Arc<App> {
    let pool = Pool::new(args.max_memory_bytes);
    Arc::new(App {
        sessions: Sessions::new(args.limits.limits(), pool, args.max_session_bytes),
        turns: Arc::new(Turns::per_core()),
        queued: AtomicUsize::new(0),
        max_request_bytes: args.max_request_bytes,
        limits: LimitsInfo {
            serve: args.limits,
            max_request_bytes: args.max_request_bytes,
            max_memory_bytes: args.max_memory_bytes,
            max_session_bytes: args.max_session_bytes,
        },
        quit: Notify::new(),
        allowed: args.allow_origin.iter().map(|o| o.trim_end_matches('/').to_ascii_lowercase()).collect(),
        conns: Conns { limit: max_connections, open: Mutex::new(VecDeque::new()), next: AtomicU64::new(0) },
    })
}

/// Accepts connections until a `quit`, then lets those with a request running finish
/// (for a while) and closes the idle ones.
async fn accept_loop(listener: tokio::net::TcpListener, app: Arc<App>) {
    let routes = router(Arc::clone(&app));
    let (stop, stopped) = watch::channel(false);
    let mut tasks = tokio::task::JoinSet::new();
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of file descriptors (or another passing failure): free one if a
                    // connection idles, and pause rather than spin.
                    app.conns.evict_one();
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = app.quit.notified() => break,
        };
        while tasks.try_join_next().is_some() {}
        match app.conns.admit() {
            Some(conn) => {
                tasks.spawn(serve_connection(stream, conn, Arc::clone(&app), routes.clone(), stopped.clone()));
            }
            None => {
                tasks.spawn(refuse_connection(stream, app.conns.limit));
            }
        }
    }
    let _ = stop.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(5), async { while tasks.join_next().await.is_some() {} }).await;
}

/// The address a request's connection arrived on (a request extension).
#[derive(Clone, Copy)]
struct Arrived(Option<SocketAddr>);

/// Marks its connection busy while a request of it is answered.
struct Busy(Arc<Conn>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

async fn serve_connection(stream: tokio::net::TcpStream, conn: Arc<Conn>, app: Arc<App>, routes: Router, stop: watch::Receiver<bool>) {
    let arrived = Arrived(stream.local_addr().ok());
    serve_io(stream, arrived, conn, app, routes, stop, false).await
}

/// Serves one connection's requests, over any stream (a socket; memory in the fuzzer).
/// Without `half_close`, a client that closes its side has gone: its request is dropped.
async fn serve_io<I>(
    stream: I,
    arrived: Arrived,
    conn: Arc<Conn>,
    app: Arc<App>,
    routes: Router,
    mut stop: watch::Receiver<bool>,
    half_close: bool,
) where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let routes = hyper_util::service::TowerToHyperService::new(routes);
    let busy_conn = Arc::clone(&conn);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        busy_conn.busy.fetch_add(1, Ordering::AcqRel);
        let busy = Busy(Arc::clone(&busy_conn));
        request.extensions_mut().insert(arrived);
        let answer = hyper::service::Service::call(&routes, request);
        async move {
            let response = answer.await;
            drop(busy);
            response
        }
    });
    let http = hyper::server::conn::http1::Builder::new()
        .half_close(half_close)
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    tokio::pin!(http);
    tokio::select! {
        _ = http.as_mut() => {}
        // Dropping the connection closes it.
        _ = conn.evict.notified() => {}
        _ = stop.changed() => {
            http.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(5), http).await;
        }
    }
    app.conns.release(&conn);
}

/// The bytes the server answers to `request`, sent on one connection from loopback that
/// then closes its side, waiting for the answers (the fuzzer's way in: the whole HTTP
/// path, in memory).
#[cfg_attr(not(test), allow(dead_code))]
pub fn answer_bytes(args: &Args, request: &[u8]) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return Vec::new() };
    runtime.block_on(async {
        let app = new_app(args, 1);
        let conn = app.conns.admit().expect("room for one connection");
        let (client, server) = tokio::io::duplex(1 << 16);
        let (_stop, stopped) = watch::channel(false);
        let local = Arrived(Some(SocketAddr::from(([127, 0, 0, 1], args.port))));
        let serving = tokio::spawn(serve_io(server, local, conn, Arc::clone(&app), router(Arc::clone(&app)), stopped, true));
        let (mut read, mut write) = tokio::io::split(client);
        let _ = write.write_all(request).await;
        let _ = write.shutdown().await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), read.read_to_end(&mut answer)).await;
        serving.abort();
        answer
    })
}

/// Answers a connection past the limit with a 503 and closes it.
async fn refuse_connection(mut stream: tokio::net::TcpStream, limit: usize) {
    let body = format!("the server holds its limit of {limit} busy connections; try again shortly\n");
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(response.as_bytes())).await;
}

/// `host:port`, with an IPv6 host in brackets as URLs write it.
fn address(host: IpAddr, port: u16) -> String {
    match host {
        IpAddr::V4(ip) => format!("{ip}:{port}"),
        IpAddr::V6(ip) => format!("[{ip}]:{port}"),
    }
}

fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api", post(api))
        .route("/api/variants", get(variants))
        .route("/api/variants/{id}", get(variant_source))
        .route("/api/limits", get(limits))
        .route("/api/stats", get(stats))
        .fallback(get(asset))
        // The body is read by `api` itself, so that a request over the limit gets a
        // protocol answer rather than axum's plain-text 413.
        .layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(Arc::clone(&app), same_origin_only))
        .with_state(app)
}

/// Refuses what a web page of another site could send to a server on this machine: a
/// request with a foreign `Origin` (a cross-site form or fetch), or whose `Host` names
/// something else than this server (a DNS-rebinding page). Every answer forbids framing.
async fn same_origin_only(State(app): State<Arc<App>>, request: HttpRequest, next: Next) -> Response {
    let arrived = request.extensions().get::<Arrived>().and_then(|a| a.0);
    let mut response = match foreign(request.headers(), arrived, &app.allowed) {
        Some(why) => (StatusCode::FORBIDDEN, why).into_response(),
        None => next.run(request).await,
    };
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static("frame-ancestors 'none'"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

fn foreign(headers: &HeaderMap, arrived: Option<SocketAddr>, allowed: &[String]) -> Option<&'static str> {
    // A header that is not visible ASCII matches no name: it reads as a lone NUL.
    let text = |h| headers.get(h).map(|v: &HeaderValue| v.to_str().unwrap_or("\u{0}").to_ascii_lowercase());
    let host = text(HOST);
    let allowed_host =
        |authority: &str| allowed.iter().any(|o| o.strip_prefix("http://").or(o.strip_prefix("https://")) == Some(authority));
    if let Some(host) = &host {
        if !names_this_server(host, arrived) && !allowed_host(host) {
            return Some("this server answers only requests addressed to it by its own address (or a loopback name on loopback); see --allow-origin\n");
        }
    }
    if let Some(origin) = text(ORIGIN) {
        let own = host.as_ref().is_some_and(|h| origin.strip_prefix("http://") == Some(h.as_str()));
        if !own && !allowed.contains(&origin) {
            return Some("cross-origin requests are refused (see --allow-origin)\n");
        }
    }
    None
}

/// Whether `host[:port]` names the address the connection arrived on: that address
/// itself, or on loopback any loopback name.
fn names_this_server(authority: &str, arrived: Option<SocketAddr>) -> bool {
    let name = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.rsplit_once(':').map_or(authority, |(name, _)| name),
    };
    let Some(local) = arrived.map(|a| a.ip()) else { return false };
    let loopback = local.is_loopback() || matches!(local, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()));
    match name.parse::<IpAddr>() {
        Ok(ip) => ip == local || (loopback && ip.is_loopback()) || canonical(ip) == canonical(local),
        Err(_) => loopback && name == "localhost",
    }
}

/// An IPv4-mapped IPv6 address as its IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The `chimera-session` cookie a request sends, if any: a well-formed id, or `""` for
/// one that cannot be an id (it names no session either way).
fn session_of(headers: &HeaderMap) -> Option<&str> {
    let cookies = headers.get_all(COOKIE).into_iter().filter_map(|v| v.to_str().ok());
    let mut pairs = cookies.flat_map(|c| c.split(';')).filter_map(|p| p.trim().split_once('='));
    let (_, id) = pairs.find(|(k, _)| *k == SESSION_COOKIE)?;
    Some(if sessions::well_formed(id) { id } else { "" })
}

/// The header that gives a client its session's id.
fn set_cookie(id: &str) -> Option<HeaderValue> {
    HeaderValue::from_str(&format!("{SESSION_COOKIE}={id}; Path=/; HttpOnly; SameSite=Strict")).ok()
}

/// `POST /api`: one request object in, its response object out (HTTP 200 whatever the
/// answer: `ok` and `error.code` say how it went, as on `chimera serve`; but 429 when its
/// session, or the server, has its fill of requests waiting already).
async fn api(State(app): State<Arc<App>>, headers: HeaderMap, body: HttpBody) -> Response {
    let max = app.max_request_bytes;
    let too_long = |size: String| {
        let message = format!("a request of {size} is over the limit of {max} bytes; skipped");
        Err(Error::new("line-too-long", message))
    };
    let (id, request) = match body_length(&body) {
        Some(n) if n > DRAIN_BYTES => (Value::Null, too_long(format!("{n} bytes"))),
        _ => match tokio::time::timeout(BODY_TIMEOUT, read_body(body, max)).await {
            Ok(Ok(bytes)) => Request::decode(&bytes),
            Ok(Err(seen)) => (Value::Null, too_long(format!("{seen} bytes or more"))),
            Err(_) => {
                let message = format!("the request's body did not arrive within {} s", BODY_TIMEOUT.as_secs());
                return (StatusCode::REQUEST_TIMEOUT, json(&Reply::new(&Value::Null, Err(Error::new("timeout", message))))).into_response();
            }
        },
    };
    let quit = matches!(request, Ok(Request::Quit));
    let (result, issued) = match request {
        Ok(request) => answer(&app, session_of(&headers), request).await,
        Err(e) => (Err(Refused::Answer(e)), None),
    };
    if quit {
        app.quit.notify_one();
    }
    with_cookie(reply(&id, result), issued)
}

/// A request's answer as HTTP: 200 with the protocol's answer, or 429 when it got no turn.
fn reply(id: &Value, result: Result<Body, Refused>) -> Response {
    match result {
        Err(Refused::Busy(e)) => {
            (StatusCode::TOO_MANY_REQUESTS, [(axum::http::header::RETRY_AFTER, "1")], json(&Reply::new(id, Err(e)))).into_response()
        }
        Err(Refused::Answer(e)) => json(&Reply::new(id, Err(e))),
        Ok(body) => json(&Reply::new(id, Ok(body))),
    }
}

/// The answer, giving the client the id of the session the server just made for it.
fn with_cookie(mut response: Response, issued: Option<String>) -> Response {
    if let Some(value) = issued.as_deref().and_then(set_cookie) {
        response.headers_mut().insert(SET_COOKIE, value);
    }
    response
}

fn body_length(body: &HttpBody) -> Option<u64> {
    use axum::body::HttpBody as _;
    body.size_hint().exact()
}

/// A request's body if it fits in `max` bytes; else the bytes it had, read to its end
/// (and dropped) up to [`DRAIN_BYTES`], so that the client gets the answer.
async fn read_body(mut body: HttpBody, max: usize) -> Result<Vec<u8>, u64> {
    use axum::body::HttpBody as _;
    let (mut bytes, mut seen) = (Vec::new(), 0u64);
    while let Some(Ok(frame)) = std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx)).await {
        let Ok(data) = frame.into_data() else { continue };
        seen += data.len() as u64;
        if seen <= max as u64 {
            bytes.extend_from_slice(&data);
        } else if !bytes.is_empty() {
            bytes = Vec::new();
        }
        if seen > DRAIN_BYTES {
            break;
        }
    }
    if seen > max as u64 {
        Err(seen)
    } else {
        Ok(bytes)
    }
}

/// Why a request got no body: the protocol's error, or no turn at the engine.
enum Refused {
    Answer(Error),
    Busy(Error),
}

impl From<Error> for Refused {
    fn from(e: Error) -> Refused {
        Refused::Answer(e)
    }
}

/// Counts a request in the queue for the engine while it lives.
struct Queued<'a>(&'a AtomicUsize);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Sets its flag when dropped: the request's future was dropped, its client gone.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs a request on its session's server, on a blocking thread, once the session's
/// earlier requests are answered and a turn at the engine is free; with the id of the
/// session the server made for it, if it made one. If the client goes away, the wait
/// ends, and the work at its next look at the clock.
async fn answer(app: &Arc<App>, cookie: Option<&str>, request: Request) -> (Result<Body, Refused>, Option<String>) {
    let busy = |message: String| (Err(Refused::Busy(Error::new("busy", message))), None);
    if app.queued.fetch_add(1, Ordering::AcqRel) >= QUEUE {
        app.queued.fetch_sub(1, Ordering::AcqRel);
        return busy(format!("{QUEUE} requests wait for the engine already; try again shortly"));
    }
    let _queued = Queued(&app.queued);
    let in_use = match app.sessions.enter(cookie) {
        Ok(in_use) => in_use,
        Err(SessionRefused::Queue) => return busy("this session has its fill of requests waiting already; try again shortly".to_string()),
        Err(SessionRefused::Full) => return busy("every new session has a request running; try again shortly".to_string()),
    };
    let issued = in_use.issued.clone();
    let mut server = Arc::clone(&in_use.session.server).lock_owned().await;
    let cancelled = Arc::new(AtomicBool::new(false));
    let _cancel = CancelOnDrop(Arc::clone(&cancelled));
    let turns = Arc::clone(&app.turns);
    let work = tokio::task::spawn_blocking(move || {
        // The session stays in use until its work ends, even if its client has gone.
        let _in_use = in_use;
        match turns.take(&cancelled) {
            Some(turn) => server.handle_paced(request, Some(&turn)),
            None => Err(Error::new("cancelled", "the client went away")),
        }
    });
    let result = work.await.unwrap_or_else(|e| Err(Error::new("internal", format!("internal error: {e}"))));
    (result.map_err(Refused::Answer), issued)
}

/// `GET /api/variants`: what `{"op":"variants"}` answers.
async fn variants(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let (result, issued) = answer(&app, session_of(&headers), Request::Variants).await;
    with_cookie(reply(&Value::Null, result), issued)
}

/// `GET /api/variants/<id>`: a built-in's ruleset text, for the page's editor.
async fn variant_source(Path(id): Path<String>) -> Response {
    match chimera::variants::builtin(&id) {
        Some(b) => ([(CONTENT_TYPE, "text/plain; charset=utf-8")], b.toml).into_response(),
        None => {
            let error =
                Error::new("unknown-variant", format!("`{id}` is not a built-in variant{}", chimera::variants::unknown_id_hint(&id)));
            (StatusCode::NOT_FOUND, json(&Reply::new(&Value::Null, Err(error)))).into_response()
        }
    }
}

async fn limits(State(app): State<Arc<App>>) -> Response {
    json(&app.limits)
}

/// `GET /api/stats`: the sessions held and the memory they hold, as the budget counts it.
async fn stats(State(app): State<Arc<App>>) -> Response {
    #[derive(Serialize)]
    struct Stats {
        #[serde(flatten)]
        sessions: sessions::Stats,
        requests: usize,
    }
    json(&Stats { sessions: app.sessions.stats(), requests: app.queued.load(Ordering::Acquire) })
}

async fn asset(State(app): State<Arc<App>>, uri: Uri, headers: HeaderMap) -> Response {
    let name = match uri.path() {
        "/" => "index.html",
        path => path.trim_start_matches('/'),
    };
    let Some((_, bytes)) = ASSETS.iter().find(|(n, _)| *n == name) else {
        return (StatusCode::NOT_FOUND, "no such page\n").into_response();
    };
    let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ if name.ends_with("LICENSE") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    // Revalidated on every load, so that a rebuilt binary's page is the one shown.
    let mut response = ([(CONTENT_TYPE, kind), (CACHE_CONTROL, "no-cache")], *bytes).into_response();
    // A page (the workbench, the match) gets a session of its own, unless its cookie
    // names one held already.
    if name.ends_with(".html") && !session_of(&headers).is_some_and(|id| app.sessions.holds(id)) {
        if let Some((id, _)) = app.sessions.issue() {
            response = with_cookie(response, Some(id));
        }
    }
    response
}

/// A JSON answer with a final newline, as serve writes its lines.
fn json(value: &impl Serialize) -> Response {
    let mut bytes = serde_json::to_vec(value).unwrap_or_else(|e| {
        format!(r#"{{"id":null,"ok":false,"error":{{"code":"internal","message":"cannot encode the answer: {e}"}}}}"#).into_bytes()
    });
    bytes.push(b'\n');
    ([(CONTENT_TYPE, "application/json")], bytes).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(axum::http::HeaderName, &str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (k.clone(), HeaderValue::from_str(v).unwrap())).collect()
    }

    fn at(ip: &str) -> Option<SocketAddr> {
        Some(SocketAddr::new(ip.parse().unwrap(), 8080))
    }

    #[test]
    fn same_origin_and_tools_without_an_origin_pass() {
        let lo = at("127.0.0.1");
        assert_eq!(foreign(&headers(&[(HOST, "127.0.0.1:8080")]), lo, &[]), None);
        assert_eq!(foreign(&headers(&[(HOST, "localhost:8080"), (ORIGIN, "http://localhost:8080")]), lo, &[]), None);
        assert_eq!(foreign(&headers(&[(HOST, "[::1]:9")]), at("::1"), &[]), None);
        assert_eq!(foreign(&headers(&[]), lo, &[]), None);
        // Bound to every address, a request names the one it arrived on.
        assert_eq!(foreign(&headers(&[(HOST, "192.168.1.5:8080"), (ORIGIN, "http://192.168.1.5:8080")]), at("192.168.1.5"), &[]), None);
    }

    #[test]
    fn other_sites_and_rebound_names_are_refused_on_every_address() {
        let lo = at("127.0.0.1");
        let cross = headers(&[(HOST, "127.0.0.1:8080"), (ORIGIN, "http://evil.example")]);
        assert!(foreign(&cross, lo, &[]).is_some());
        assert!(foreign(&headers(&[(HOST, "127.0.0.1:8080"), (ORIGIN, "null")]), lo, &[]).is_some());
        let rebound = headers(&[(HOST, "evil.example:8080"), (ORIGIN, "http://evil.example:8080")]);
        assert!(foreign(&rebound, lo, &[]).is_some());
        assert!(foreign(&rebound, at("192.168.1.5"), &[]).is_some(), "a non-loopback bind checks too");
        assert!(foreign(&headers(&[(HOST, "localhost:8080")]), at("192.168.1.5"), &[]).is_some());
        // Unless the user allows that origin.
        assert_eq!(foreign(&rebound, at("192.168.1.5"), &["http://evil.example:8080".to_string()]), None);
    }

    #[derive(clap::Parser)]
    struct Web {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn a_request_in_memory_is_answered_as_over_a_socket() {
        use clap::Parser;
        let web = Web::parse_from(["web", "--port", "8080"]);
        let body = r#"{"op":"variants"}"#;
        let request = format!("POST /api HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: {}\r\n\r\n{body}", body.len());
        let answer = String::from_utf8(answer_bytes(&web.args, request.as_bytes())).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        assert!(answer.contains("\"builtin\""), "{answer}");
        let rebound = answer_bytes(&web.args, b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n");
        assert!(rebound.starts_with(b"HTTP/1.1 403"));
    }

    #[test]
    fn the_session_cookie_is_read_and_a_malformed_one_names_none() {
        let id = sessions::new_session_id();
        assert_eq!(id.len(), 32);
        assert_ne!(id, sessions::new_session_id());
        let with = headers(&[(COOKIE, &format!("a=b; {SESSION_COOKIE}={id}"))]);
        assert_eq!(session_of(&with), Some(id.as_str()));
        assert_eq!(session_of(&headers(&[(COOKIE, "chimera-session=../x")])), Some(""));
        assert_eq!(session_of(&headers(&[(COOKIE, "a=b")])), None);
    }
}

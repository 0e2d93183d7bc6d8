//! `chimera web`: the variant workbench, a page and the `serve` protocol over HTTP.
//!
//! `POST /api` takes one request object and answers its response object: the body is
//! decoded and the answer encoded by serve's protocol module and the request answered by
//! serve's [`Server`], so both front ends have one implementation, one set of codes and
//! the same limits. What differs is only the framing: a request body instead of a line.
//!
//! Sharing: one `Server` behind a mutex holds the games and variants of every client,
//! as one `chimera serve` session would; requests are answered one at a time, each on
//! tokio's blocking pool, since a perft may take seconds and must not stall the runtime
//! that reads the other connections. The page is a single-user tool on loopback, so a
//! game handle is all a client needs to reach a game.
//!
//! The page's sources (`web/`) are embedded in the binary: there is no build step and
//! nothing to install to run it.

use std::io::Write;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Body as HttpBody;
use axum::extract::{DefaultBodyLimit, Path, Request as HttpRequest, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::Notify;

use super::serve::handler::Server;
use super::serve::protocol::{Body, Error, Reply, Request};
use super::serve::LimitArgs;
use super::Failure;

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
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The page's files, served at `/<name>` (`index.html` also at `/`).
macro_rules! assets {
    ($($name:literal),* $(,)?) => {
        const ASSETS: &[(&str, &[u8])] = &[$(($name, include_bytes!(concat!("../../web/", $name)))),*];
    };
}

assets!["index.html", "style.css", "app.js", "api.js", "board.js", "editor.js", "glyphs.js"];

struct App {
    server: Mutex<Server>,
    max_request_bytes: usize,
    limits: LimitsInfo,
    /// Woken by a `quit` request: the server stops as `chimera serve` does.
    quit: Notify,
    /// Only loopback names are accepted in `Host` (against DNS rebinding).
    loopback: bool,
}

/// The limits, for the page to respect (`GET /api/limits`).
#[derive(Serialize, Clone, Copy)]
struct LimitsInfo {
    #[serde(flatten)]
    serve: LimitArgs,
    max_request_bytes: usize,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| Failure::Message(format!("cannot start the HTTP runtime: {e}")))?;
    runtime.block_on(serve(args, out))
}

async fn serve(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let listener = tokio::net::TcpListener::bind((args.host, args.port))
        .await
        .map_err(|e| Failure::Message(format!("cannot listen on {}: {e}", address(args.host, args.port))))?;
    let local = listener.local_addr()?;
    let app = Arc::new(App {
        server: Mutex::new(Server::new(args.limits.limits())),
        max_request_bytes: args.max_request_bytes,
        limits: LimitsInfo { serve: args.limits, max_request_bytes: args.max_request_bytes },
        quit: Notify::new(),
        loopback: local.ip().is_loopback(),
    });
    let url = format!("http://{}/", address(local.ip(), local.port()));
    writeln!(out, "chimera web: the workbench is at {url} (Ctrl-C or a `quit` request stops it)")?;
    out.flush()?;
    if args.open {
        if let Err(e) = open::that_detached(&url) {
            eprintln!("cannot open a browser ({e}): open {url} by hand");
        }
    }
    let stop = Arc::clone(&app);
    axum::serve(listener, router(app))
        .with_graceful_shutdown(async move { stop.quit.notified().await })
        .await
        .map_err(|e| Failure::Message(format!("the HTTP server failed: {e}")))
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
        .fallback(get(asset))
        // The body is read by `api` itself, so that a request over the limit gets a
        // protocol answer rather than axum's plain-text 413.
        .layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(Arc::clone(&app), same_origin_only))
        .with_state(app)
}

/// Refuses what a web page of another site could send to a server on this machine: a
/// request with a foreign `Origin` (a cross-site form or fetch), and on loopback one
/// whose `Host` is not a loopback name (a DNS-rebinding page).
async fn same_origin_only(State(app): State<Arc<App>>, request: HttpRequest, next: Next) -> Response {
    match foreign(request.headers(), app.loopback) {
        Some(why) => (StatusCode::FORBIDDEN, why).into_response(),
        None => next.run(request).await,
    }
}

fn foreign(headers: &HeaderMap, loopback: bool) -> Option<&'static str> {
    // A header that is not visible ASCII matches no name: it reads as a lone NUL.
    let text = |h| headers.get(h).map(|v: &HeaderValue| v.to_str().unwrap_or("\u{0}"));
    let host = text(HOST);
    if let Some(origin) = text(ORIGIN) {
        let authority = origin.strip_prefix("http://");
        if authority.is_none() || authority != host {
            return Some("cross-origin requests are refused\n");
        }
    }
    if loopback && !host.map_or(true, is_loopback_name) {
        return Some("this server answers only requests addressed to a loopback name (localhost, 127.0.0.1, [::1])\n");
    }
    None
}

/// Whether `host[:port]` names this machine on loopback.
fn is_loopback_name(authority: &str) -> bool {
    let name = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.rsplit_once(':').map_or(authority, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// `POST /api`: one request object in, its response object out (HTTP 200 whatever the
/// answer: `ok` and `error.code` say how it went, as on `chimera serve`).
async fn api(State(app): State<Arc<App>>, body: HttpBody) -> Response {
    let max = app.max_request_bytes;
    let too_long = |size: String| {
        let message = format!("a request of {size} is over the limit of {max} bytes; skipped");
        Err(Error::new("line-too-long", message))
    };
    let declared = body_length(&body);
    let (id, request) = match declared {
        Some(n) if n > max as u64 => (Value::Null, too_long(format!("{n} bytes"))),
        // A body that stops arriving has nobody left to read the answer either, so the
        // only error worth wording is the limit.
        _ => match axum::body::to_bytes(body, max).await {
            Ok(bytes) => Request::decode(&bytes),
            Err(_) => (Value::Null, too_long("more bytes".to_string())),
        },
    };
    let quit = matches!(request, Ok(Request::Quit));
    let result = match request {
        Ok(request) => answer(&app, request).await,
        Err(e) => Err(e),
    };
    if quit {
        app.quit.notify_one();
    }
    json(&Reply::new(&id, result))
}

fn body_length(body: &HttpBody) -> Option<u64> {
    use axum::body::HttpBody as _;
    body.size_hint().exact()
}

/// Runs a request on the shared server, on a blocking thread.
async fn answer(app: &Arc<App>, request: Request) -> Result<Body, Error> {
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || app.server.lock().unwrap_or_else(PoisonError::into_inner).handle(request))
        .await
        .unwrap_or_else(|e| Err(Error::new("internal", format!("internal error: {e}"))))
}

/// `GET /api/variants`: what `{"op":"variants"}` answers.
async fn variants(State(app): State<Arc<App>>) -> Response {
    json(&Reply::new(&Value::Null, answer(&app, Request::Variants).await))
}

/// `GET /api/variants/<id>`: a built-in's ruleset text, for the page's editor.
async fn variant_source(Path(id): Path<String>) -> Response {
    match chimera::variants::builtin(&id) {
        Some(b) => ([(CONTENT_TYPE, "text/plain; charset=utf-8")], b.toml).into_response(),
        None => {
            let error = Error::new("unknown-variant", format!("`{id}` is not a built-in variant"));
            (StatusCode::NOT_FOUND, json(&Reply::new(&Value::Null, Err(error)))).into_response()
        }
    }
}

async fn limits(State(app): State<Arc<App>>) -> Response {
    json(&app.limits)
}

async fn asset(uri: Uri) -> Response {
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
        _ => "application/octet-stream",
    };
    // Revalidated on every load, so that a rebuilt binary's page is the one shown.
    ([(CONTENT_TYPE, kind), (CACHE_CONTROL, "no-cache")], *bytes).into_response()
}

/// A JSON answer with a final newline, as serve writes its lines.
fn json(value: &impl Serialize) -> Response {
    let mut bytes = serde_json::to_vec(value).unwrap_or_else(|e| {
        format!(r#"{{"id":null,"ok":false,"error":{{"code":"internal","message":"cannot encode the answer: {e}"}}}}"#)
            .into_bytes()
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

    #[test]
    fn same_origin_and_tools_without_an_origin_pass() {
        assert_eq!(foreign(&headers(&[(HOST, "127.0.0.1:8080")]), true), None);
        assert_eq!(foreign(&headers(&[(HOST, "localhost:8080"), (ORIGIN, "http://localhost:8080")]), true), None);
        assert_eq!(foreign(&headers(&[(HOST, "[::1]:9")]), true), None);
        assert_eq!(foreign(&headers(&[]), true), None);
    }

    #[test]
    fn other_sites_and_rebound_names_are_refused() {
        let cross = headers(&[(HOST, "127.0.0.1:8080"), (ORIGIN, "http://evil.example")]);
        assert!(foreign(&cross, true).is_some());
        assert!(foreign(&headers(&[(HOST, "127.0.0.1:8080"), (ORIGIN, "null")]), true).is_some());
        let rebound = headers(&[(HOST, "evil.example:8080"), (ORIGIN, "http://evil.example:8080")]);
        assert!(foreign(&rebound, true).is_some());
        // Bound to another address on purpose, any name may reach it.
        assert_eq!(foreign(&rebound, false), None);
    }
}

//! `chimera web` over plain HTTP/1.1 from a socket: the API answers as `chimera serve`
//! does, the page and its files are served, foreign pages are refused and `quit` stops
//! it. (The page itself is tested in a browser by `web/tests/run.sh`.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

pub(crate) struct Web {
    child: Child,
    address: String,
}

impl Web {
    pub(crate) fn start(args: &[&str]) -> Web {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(["web", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chimera web starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line.split("http://").nth(1).and_then(|rest| rest.split('/').next()).expect(&line).to_string();
        Web { child, address }
    }

    /// Sends one request and returns the status and the body.
    fn http(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String) {
        let (status, _, body) = self.exchange(method, path, headers, body);
        (status, body)
    }

    /// Sends one request and returns the status, the head and the body.
    fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        // A guard against a hung server, not a speed test: no answer the tests wait for
        // takes more than a few seconds even on a loaded machine.
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", self.address);
        for (k, v) in headers {
            head += &format!("{k}: {v}\r\n");
        }
        head += &format!("Content-Length: {}\r\n\r\n", body.len());
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("an answer within 60 s: the server hung");
        let (head, body) = response.split_once("\r\n\r\n").expect("an HTTP response");
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, head.to_string(), body.to_string())
    }

    pub(crate) fn api(&self, body: &str) -> Value {
        let (status, text) = self.http("POST", "/api", &[], body.as_bytes());
        assert_eq!(status, 200, "{text}");
        assert!(text.ends_with('\n'), "an answer ends its line as serve's do");
        serde_json::from_str(&text).unwrap()
    }
}

impl Drop for Web {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Each request's answer from `chimera serve`, in one session.
fn serve_answers(requests: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera")).arg("serve").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let stdout: ChildStdout = child.stdout.take().unwrap();
    let answers = BufReader::new(stdout).lines().map(|l| serde_json::from_str(&l.unwrap()).unwrap()).collect();
    child.wait().unwrap();
    answers
}

/// A perft's time is the one field that differs from run to run.
fn without_time(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("seconds");
    }
    v
}

#[test]
fn the_api_answers_every_op_as_serve_does() {
    let requests: Vec<String> = [
        json!({"id": 1, "op": "variants"}),
        json!({"id": 2, "op": "load", "variant": "mystic"}),
        json!({"id": 3, "op": "load", "toml": "name = \"tiny\"\nboard = { files = 4, ranks = 4 }\nstart = \"k3/4/4/3K w - - 0 1\"\n[pieces.king]\nletter = \"K\"\nbetza = \"Kx\"\nroyal = true\n", "name": "tiny.toml"}),
        json!({"id": "o", "op": "open", "variant": "mischia", "moves": ["b3", "e4", "Ne3", "d4", "Nc4+"]}),
        json!({"op": "validate", "game": "g1", "move": "a5a4"}),
        json!({"op": "moves", "game": "g1"}),
        json!({"op": "play", "game": "g1", "move": "Kd5"}),
        json!({"op": "undo", "game": "g1", "plies": 2}),
        json!({"op": "perft", "game": "g1", "depth": 3, "divide": true}),
        json!({"op": "perft", "game": "g1", "depth": 9}),
        json!({"op": "open", "variant": "crazyhouse", "fen": "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1"}),
        json!({"op": "position", "game": "g2"}),
        json!({"op": "close", "game": "g2"}),
        json!({"op": "position", "game": "g2"}),
        json!({"op": "dance"}),
        json!({"op": "piece", "variant": "xiangqi", "piece": "C", "square": "e5"}),
    ]
    .iter()
    .map(Value::to_string)
    .chain(["{\"op\":\"open\",\"op\":\"quit\"}".to_string(), "{\"id\":15,".to_string(), "[1]".to_string()])
    .collect();
    let web = Web::start(&[]);
    let over_http: Vec<Value> = requests.iter().map(|r| without_time(web.api(r))).collect();
    let over_pipe: Vec<Value> = serve_answers(&requests).into_iter().map(without_time).collect();
    assert_eq!(over_http.len(), requests.len());
    for ((request, http), pipe) in requests.iter().zip(&over_http).zip(&over_pipe) {
        assert_eq!(http, pipe, "{request}");
    }
    // Spot checks that the session was a real one.
    assert_eq!(over_http[4]["code"], "leaves-royal-in-check");
    assert_eq!(over_http[2]["error"]["line"], 6);
}

#[test]
fn get_api_variants_lists_the_builtins_and_serves_their_text() {
    let web = Web::start(&[]);
    let (status, listed) = web.http("GET", "/api/variants", &[], b"");
    assert_eq!(status, 200);
    let listed: Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(listed, web.api(r#"{"op":"variants"}"#));
    let (status, toml) = web.http("GET", "/api/variants/mischia", &[], b"");
    assert_eq!(status, 200);
    assert!(toml.contains("name = \"mischia\""), "{toml}");
    let (status, missing) = web.http("GET", "/api/variants/no-such-variant", &[], b"");
    assert_eq!(status, 404);
    assert!(missing.contains("unknown-variant"), "{missing}");
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let web = Web::start(&[]);
    let (status, page) = web.http("GET", "/", &[], b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Chimera workbench</title>"));
    for file in [
        "match.html",
        "match.js",
        "app.js",
        "api.js",
        "board.js",
        "card.js",
        "editor.js",
        "glyphs.js",
        "store.js",
        "tree.js",
        "style.css",
        "pieces/LICENSE",
        "vendor/codemirror.js",
        "vendor/LICENSE",
    ] {
        let (status, _) = web.http("GET", &format!("/{file}"), &[], b"");
        assert_eq!(status, 200, "{file}");
    }
    let (status, sprite) = web.http("GET", "/pieces/pieces.svg", &[], b"");
    assert_eq!(status, 200);
    assert!(sprite.contains(r#"<symbol id="knight""#), "{sprite}");
    assert_eq!(web.http("GET", "/nothing.js", &[], b"").0, 404);
    assert_eq!(web.http("GET", "/api", &[], b"").0, 405);
}

#[test]
fn a_body_over_the_limit_is_answered_like_a_line_over_the_limit() {
    let web = Web::start(&["--max-request-bytes", "64"]);
    let long = format!(r#"{{"op":"load","toml":"{}"}}"#, "x".repeat(100));
    let answer = web.api(&long);
    assert_eq!(answer["error"]["code"], "line-too-long", "{answer}");
    assert_eq!(web.api(r#"{"id":2,"op":"variants"}"#)["ok"], true, "the server goes on");
}

#[test]
fn other_sites_pages_are_refused() {
    let web = Web::start(&[]);
    let body = br#"{"op":"variants"}"#;
    assert_eq!(web.http("POST", "/api", &[("Origin", "http://evil.example")], body).0, 403);
    let own = format!("http://{}", web.address);
    assert_eq!(web.http("POST", "/api", &[("Origin", &own)], body).0, 200);
}

#[test]
fn quit_stops_the_server() {
    let mut web = Web::start(&[]);
    assert_eq!(web.api(r#"{"id":9,"op":"quit"}"#), json!({"id": 9, "ok": true}));
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = web.child.try_wait().unwrap() {
            assert!(status.success());
            break;
        }
        assert!(Instant::now() < deadline, "chimera web still runs after quit");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_port_in_use_is_an_error_with_exit_code_1() {
    let web = Web::start(&[]);
    let port = web.address.rsplit(':').next().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chimera")).args(["web", "--port", port]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(&format!("cannot listen on 127.0.0.1:{port}: ")), "{stderr}");
}

#[test]
fn get_api_limits_reports_every_limit_as_its_flag_names_it() {
    let web = Web::start(&["--request-millis", "1500", "--max-plies", "40"]);
    let (status, limits) = web.http("GET", "/api/limits", &[], b"");
    assert_eq!(status, 200);
    let limits: Value = serde_json::from_str(&limits).unwrap();
    assert_eq!(limits["request_millis"], 1500);
    assert_eq!(limits["max_plies"], 40);
    assert_eq!(limits["max_perft_depth"], 8);
    assert_eq!(limits["max_request_bytes"], 1 << 20);
    for key in ["max_games", "max_total_plies", "max_variants", "max_variant_bytes", "max_variants_bytes"] {
        assert!(limits[key].is_u64(), "{key} missing from {limits}");
    }
}

/// `chimera web` started under a shell's `ulimit -n`.
fn start_limited(files: u32) -> Web {
    let mut child = Command::new("bash")
        .args(["-c", &format!("ulimit -n {files} && exec \"$0\" web --port 0"), env!("CARGO_BIN_EXE_chimera")])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("chimera web starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.split("http://").nth(1).and_then(|rest| rest.split('/').next()).expect(&line).to_string();
    Web { child, address }
}

#[test]
fn idle_sockets_past_the_file_limit_neither_crash_nor_block_the_server() {
    // At `ulimit -n 64` the old server died (exit 101: axum's listener slept without a
    // timer when accept ran out of descriptors) or held every socket.
    let mut web = start_limited(64);
    let idle: Vec<TcpStream> = (0..200).filter_map(|_| TcpStream::connect(&web.address).ok()).collect();
    assert!(idle.len() >= 150, "{} sockets opened", idle.len());
    // The old server never answered here (`http`'s read gives up after a minute).
    for _ in 0..3 {
        assert_eq!(web.api(r#"{"op":"variants"}"#)["ok"], true);
    }
    assert!(web.child.try_wait().unwrap().is_none(), "still running");
    drop(idle);
    assert_eq!(web.api(r#"{"op":"variants"}"#)["ok"], true);
}

#[test]
fn an_abandoned_request_stops_and_the_queue_is_bounded() {
    let web = Web::start(&["--request-millis", "20000"]);
    assert_eq!(web.api(r#"{"op":"open","variant":"chess"}"#)["ok"], true);
    let perft = |n: usize| -> Vec<TcpStream> {
        (0..n)
            .map(|_| {
                let mut s = TcpStream::connect(&web.address).unwrap();
                let body = r#"{"op":"perft","game":"g1","depth":8}"#;
                let head = format!("POST /api HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}", web.address, body.len());
                s.write_all(head.as_bytes()).unwrap();
                s
            })
            .collect()
    };
    drop(perft(6));
    // Six perfts whose clients leave: the next client waits for none of them (each would
    // run its 20 s budget out: two minutes, past `http`'s one-minute guard).
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(web.api(r#"{"op":"variants"}"#)["ok"], true);
    // Past the queue's bound, a clear 429.
    let waiting = perft(30);
    std::thread::sleep(Duration::from_millis(300));
    let (status, body) = web.http("POST", "/api", &[], br#"{"op":"variants"}"#);
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("\"busy\""), "{body}");
    drop(waiting);
}

#[test]
fn loaded_variants_stay_in_their_session() {
    let web = Web::start(&[]);
    let mut s = TcpStream::connect(&web.address).unwrap();
    s.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n", web.address).as_bytes()).unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    assert!(page.contains("content-security-policy: frame-ancestors 'none'"), "{}", &page[..400]);
    let cookie =
        page.lines().find_map(|l| l.strip_prefix("set-cookie: ")).and_then(|c| c.split(';').next()).expect("a session cookie").to_string();
    let shadow =
        json!({"op": "load", "toml": "extends = \"chess\"\nname = \"chess\"\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\ncastling = []\n"})
            .to_string();
    let (status, loaded) = web.http("POST", "/api", &[("Cookie", &cookie)], shadow.as_bytes());
    assert_eq!(status, 200, "{loaded}");
    let open = br#"{"op":"open","variant":"chess"}"#;
    let (_, mine) = web.http("POST", "/api", &[("Cookie", &cookie)], open);
    assert!(mine.contains("4k3/8/8/8/8/8/8/4K3"), "{mine}");
    // Another client (and a tool without a cookie) still gets the built-in.
    let (_, theirs) = web.http("POST", "/api", &[], open);
    assert!(theirs.contains("rnbqkbnr/pppppppp"), "{theirs}");
}

#[test]
fn a_rebound_host_is_refused_on_every_bind_address() {
    let web = Web::start(&["--host", "0.0.0.0"]);
    let port = web.address.rsplit(':').next().unwrap().to_string();
    let address = format!("127.0.0.1:{port}");
    let mut s = TcpStream::connect(&address).unwrap();
    s.write_all(
        format!("POST /api HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\nContent-Length: 13\r\n\r\n{{\"op\":\"quit\"}}")
            .as_bytes(),
    )
    .unwrap();
    let mut r = String::new();
    s.read_to_string(&mut r).unwrap();
    assert!(r.starts_with("HTTP/1.1 403"), "{r}");
    let mut s = TcpStream::connect(&address).unwrap();
    s.write_all(format!("GET /api/limits HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
    let mut r = String::new();
    s.read_to_string(&mut r).unwrap();
    assert!(r.starts_with("HTTP/1.1 200"), "still running, and reached by its own address: {r}");
}

/// The `chimera-session` cookie a response sets (`chimera-session=<id>`), if any.
fn cookie_set(head: &str) -> Option<String> {
    head.lines().find_map(|l| l.strip_prefix("set-cookie: ")).and_then(|c| c.split(';').next()).map(str::to_string)
}

fn stats(web: &Web) -> Value {
    let (status, body) = web.http("GET", "/api/stats", &[], b"");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[test]
fn cookie_floods_neither_evict_a_real_session_nor_pass_the_memory_budget() {
    // The old server kept a session for any 32-hex cookie a client chose, 64 of them each
    // with 256 MiB of rulesets, and the 64th pushed a real page's session out.
    let web = Web::start(&["--max-memory-bytes", "2000000"]);
    let (_, head, _) = web.exchange("GET", "/", &[], b"");
    let real = cookie_set(&head).expect("the page gets a session");
    let mine = |body: &str| {
        let (status, head, answer) = web.exchange("POST", "/api", &[("Cookie", &real)], body.as_bytes());
        assert_eq!((status, cookie_set(&head)), (200, None), "{answer}");
        serde_json::from_str::<Value>(&answer).unwrap()
    };
    assert_eq!(mine(r#"{"op":"open","variant":"chess","moves":["e4"]}"#)["game"], "g1");
    for i in 0..65 {
        let chosen = format!("chimera-session={i:032x}");
        let body = r#"{"op":"open","variant":"shogi"}"#;
        let (status, head, answer) = web.exchange("POST", "/api", &[("Cookie", &chosen)], body.as_bytes());
        assert_eq!(status, 200, "{answer}");
        let issued = cookie_set(&head).expect("a cookie naming no session gets a session the server names");
        assert_ne!(issued, chosen);
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["ok"], true, "sessions on probation make way for memory: {answer}");
    }
    let counted = stats(&web);
    assert!(counted["memory_bytes"].as_u64().unwrap() <= 2_000_000, "{counted}");
    assert!(counted["on_probation"].as_u64().unwrap() <= 16, "{counted}");
    assert_eq!(mine(r#"{"op":"position","game":"g1"}"#)["plies"], 1, "the real session is still there");
}

#[test]
fn a_session_holds_its_share_and_gives_it_back() {
    let web = Web::start(&["--max-session-bytes", "1000000"]);
    let (_, head, _) = web.exchange("GET", "/", &[], b"");
    let cookie = cookie_set(&head).unwrap();
    let call = |body: &str| -> Value {
        let (_, answer) = web.http("POST", "/api", &[("Cookie", &cookie)], body.as_bytes());
        serde_json::from_str(&answer).unwrap()
    };
    let refused = ["chess", "shogi", "xiangqi", "crazyhouse", "janggi", "capablanca"]
        .iter()
        .map(|v| call(&format!(r#"{{"op":"load","variant":"{v}"}}"#)))
        .find(|a| a["ok"] == false)
        .expect("a session's share is bounded");
    assert_eq!(refused["error"]["code"], "too-much-memory", "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("its share"), "{refused}");
    // Other clients are not held back by it.
    assert_eq!(web.api(r#"{"op":"load","variant":"chess"}"#)["ok"], true);
    let before = stats(&web)["memory_bytes"].as_u64().unwrap();
    let opened = call(r#"{"op":"open","variant":"chess"}"#);
    assert_eq!(opened["ok"], true, "{opened}");
    assert!(stats(&web)["memory_bytes"].as_u64().unwrap() > before);
    assert_eq!(call(r#"{"op":"close","game":"g1"}"#)["ok"], true);
    assert_eq!(stats(&web)["memory_bytes"].as_u64().unwrap(), before, "a closed game's bytes go back");
}

#[test]
fn a_body_over_the_limit_is_read_to_its_end_and_answered() {
    // The old server answered at once and closed with the body unread: the client's
    // socket was reset and the answer lost (Chromium showed a network error).
    let web = Web::start(&[]);
    // Larger than the sockets' buffers: the old server's client could not even send it.
    let body = format!(r#"{{"op":"load","toml":"{}"}}"#, "x".repeat(32 << 20));
    let answer: Value = serde_json::from_str(&web.http("POST", "/api", &[], body.as_bytes()).1).unwrap();
    assert_eq!(answer["error"]["code"], "line-too-long", "{answer}");
}

#[test]
fn one_sessions_perfts_do_not_hold_up_another_session() {
    // The old server answered every session under one lock: another session waited for
    // each perft in turn (a minute and more; `http` gives up after one).
    let web = Web::start(&["--request-millis", "60000"]);
    let (_, head, _) = web.exchange("GET", "/", &[], b"");
    let busy = cookie_set(&head).unwrap();
    let (_, opened) = web.http("POST", "/api", &[("Cookie", &busy)], br#"{"op":"open","variant":"chess"}"#);
    assert!(opened.contains("\"ok\":true"), "{opened}");
    let perfts: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = TcpStream::connect(&web.address).unwrap();
            let body = r#"{"op":"perft","game":"g1","depth":8}"#;
            let head =
                format!("POST /api HTTP/1.1\r\nHost: {}\r\nCookie: {busy}\r\nContent-Length: {}\r\n\r\n{body}", web.address, body.len());
            s.write_all(head.as_bytes()).unwrap();
            s
        })
        .collect();
    while stats(&web)["requests"].as_u64().unwrap() < 4 {
        std::thread::yield_now();
    }
    // A fifth from the same session waits in no queue of others' making: it is refused.
    let (status, _) = web.http("POST", "/api", &[("Cookie", &busy)], br#"{"op":"perft","game":"g1","depth":8}"#);
    assert_eq!(status, 429);
    let (_, head, _) = web.exchange("GET", "/", &[], b"");
    let other = cookie_set(&head).unwrap();
    let (_, opened) = web.http("POST", "/api", &[("Cookie", &other)], br#"{"op":"open","variant":"chess"}"#);
    assert!(opened.contains("\"ok\":true"), "{opened}");
    let (_, moves) = web.http("POST", "/api", &[("Cookie", &other)], br#"{"op":"moves","game":"g1"}"#);
    assert!(moves.contains("\"san\":\"Nf3\""), "{moves}");
    assert_eq!(stats(&web)["requests"], 4, "answered while the perfts still run");
    drop(perfts);
}

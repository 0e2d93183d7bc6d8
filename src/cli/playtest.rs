//! `chimera playtest VARIANT`: self-play on every core ([`chimera_search::playtest`]) to
//! answer a designer's first questions: does the first move win too often, how do games
//! end, how long do they last, and (`--imbalance "Q=RR"`) what is a piece worth.
//!
//! Games are seeded (`--seed`, today's date by default, printed), so a run is replayed
//! exactly; with `--imbalance`, half the games give the traded material to White and half
//! to Black, so the first move's edge cancels out. Unfinished games (`--max-plies`) count
//! as draws in the scores and are reported apart.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use chimera::{Color, Position, Variant};
use chimera_search::playtest::{self, elo, score_interval, End, Game, Imbalance, Player, Settings};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use super::{load_variant, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// A built-in variant or a ruleset file.
    pub variant: String,
    /// Games to play (with --imbalance: per imbalance, half with each colour).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Nodes the search spends on each move.
    #[arg(long, default_value_t = 1_000)]
    pub nodes: u64,
    /// Turns played at random at the start of each game, for varied openings.
    #[arg(long, default_value_t = 4)]
    pub random_turns: u32,
    /// Plies after which a game stops unfinished (counted as a draw).
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The seed of the random openings (default: today's date, as 20261202).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Material traded for other material, as `Q=RR` (a side has a queen where the other
    /// has two rooks); several, comma-separated or repeated. Reports each trade's score.
    #[arg(long, value_delimiter = ',')]
    pub imbalance: Vec<String>,
    /// Play the search against this player instead of itself: `random` (a legal move at
    /// random) or `greedy` (the most valuable capture, else at random); the search has
    /// White in half the games.
    #[arg(long)]
    pub opponent: Option<String>,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the games as PGN (which `chimera validate` reads).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write a chart of the results and game lengths (SVG).
    #[arg(long)]
    pub chart: Option<PathBuf>,
}

/// One planned game: where it starts, and for an imbalance which colour has the traded
/// material (`instead`).
struct Plan {
    start: Position,
    imbalance: Option<(usize, Color)>,
    /// White's and Black's players.
    players: [Player; 2],
    seed: u64,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Failure> {
    let variant = load_variant(&args.variant)?;
    if args.games == 0 {
        return Err(Failure::Message("--games must be at least 1".into()));
    }
    let seed = args.seed.unwrap_or_else(today);
    let imbalances =
        args.imbalance.iter().map(|t| Imbalance::parse(&variant, t)).collect::<Result<Vec<_>, _>>().map_err(Failure::Message)?;
    let opponent = args.opponent.as_deref().map(Player::parse).transpose().map_err(Failure::Message)?;
    if opponent.is_some() && !imbalances.is_empty() {
        return Err(Failure::Message("--opponent and --imbalance: one at a time".into()));
    }
    let mut plans = plan(&variant, &imbalances, args.games, seed)?;
    if let Some(opponent) = opponent {
        for (i, p) in plans.iter_mut().enumerate() {
            p.players = if i % 2 == 0 { [Player::Search, opponent] } else { [opponent, Player::Search] };
        }
    }
    let settings = Settings { nodes: args.nodes.max(1), random_turns: args.random_turns, max_plies: args.max_plies, ..Settings::default() };
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);

    let bar = if std::io::stderr().is_terminal() && !args.json { ProgressBar::new(plans.len() as u64) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games, {eta} left")
            .map_err(|e| Failure::Message(format!("progress bar: {e}")))?
            .progress_chars("=> "),
    );
    let began = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Message(format!("cannot start {threads} threads: {e}")))?;
    let games: Vec<Game> = pool.install(|| {
        plans
            .par_iter()
            .map(|p| {
                let g = playtest::play(&p.start, &Settings { players: p.players, ..settings }, p.seed);
                bar.inc(1);
                g
            })
            .collect()
    });
    bar.finish_and_clear();
    let seconds = began.elapsed().as_secs_f64();

    let report = Report::new(&variant, args, &settings, seed, threads, seconds, &plans, &games, &imbalances);
    if let Some(path) = &args.pgn {
        let text = pgn(&variant, &plans, &games, seed);
        write_file(path, text.as_bytes())?;
    }
    if let Some(path) = &args.chart {
        let svg = report.chart().map_err(|e| Failure::Message(format!("chart: {e}")))?;
        write_file(path, svg.as_bytes())?;
    }
    if args.json {
        writeln!(out, "{}", report.json())?;
    } else {
        out.write_all(report.text().as_bytes())?;
    }
    Ok(())
}

/// Writes `bytes` to `path` whole (a temporary file renamed into place).
fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), Failure> {
    chimera::files::replace(path, bytes)
        .map_err(|e| Failure::Message(format!("cannot write {}: {}", path.display(), chimera::files::phrase(&e))))
}

/// Today's date as a number (`20261202`), the default seed: a run is new each day and
/// replayed by giving the seed it printed.
fn today() -> u64 {
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y * 10_000 + m * 100 + d) as u64
}

/// The games to play: `games` from the start, or per imbalance `games` alternating the
/// colour that has the traded material.
fn plan(variant: &Variant, imbalances: &[Imbalance], games: u32, seed: u64) -> Result<Vec<Plan>, Failure> {
    let game_seed = |i: u64| seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i;
    if imbalances.is_empty() {
        let start = variant.start();
        return Ok((0..u64::from(games))
            .map(|i| Plan { start: start.clone(), imbalance: None, players: [Player::Search; 2], seed: game_seed(i) })
            .collect());
    }
    let mut plans = Vec::new();
    for (k, imb) in imbalances.iter().enumerate() {
        let starts = [Color::White, Color::Black].map(|side| imb.start(variant, side));
        let [white, black] = starts;
        let starts = [white.map_err(Failure::Message)?, black.map_err(Failure::Message)?];
        for i in 0..u64::from(games) {
            // Pairs of games from the same random opening, the colours swapped.
            let side = if i % 2 == 0 { Color::Black } else { Color::White };
            let start = starts[if side == Color::White { 0 } else { 1 }].clone();
            plans.push(Plan {
                start,
                imbalance: Some((k, side)),
                players: [Player::Search; 2],
                seed: game_seed(((k as u64) << 32) | (i / 2)),
            });
        }
    }
    Ok(plans)
}

/// What a run found.
struct Report {
    variant: String,
    games: u32,
    nodes: u64,
    random_turns: u32,
    max_plies: u32,
    seed: u64,
    threads: usize,
    seconds: f64,
    white: u32,
    draws: u32,
    black: u32,
    unfinished: u32,
    /// Games per end reason, most frequent first.
    ends: Vec<(&'static str, u32)>,
    /// Plies of every game, sorted.
    lengths: Vec<u32>,
    /// White's share of the points (unfinished games as draws).
    white_score: Score,
    /// Per imbalance: its text, the draws, and the score of the side keeping its army.
    imbalances: Vec<(String, u32, Score)>,
    /// Against another player: its name, the search's wins, draws and losses, and its score.
    versus: Option<(&'static str, [u32; 3], Score)>,
}

/// A share of the points over some games, with its 95 % interval, computed once for the
/// text and the JSON alike.
#[derive(Clone, Copy)]
struct Score {
    games: u32,
    share: f64,
    low: f64,
    high: f64,
}

impl Score {
    fn new(points: f64, games: u32) -> Score {
        let (share, low, high) = score_interval(points, games);
        Score { games, share, low, high }
    }

    /// The share and its interval as percentages, as the text shows them.
    fn text(&self) -> String {
        format!("{:.1} % (95 % interval {:.1}-{:.1} %", 100.0 * self.share, 100.0 * self.low, 100.0 * self.high)
    }
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    fn new(
        variant: &Variant,
        args: &Args,
        settings: &Settings,
        seed: u64,
        threads: usize,
        seconds: f64,
        plans: &[Plan],
        games: &[Game],
        imbalances: &[Imbalance],
    ) -> Report {
        let count = |f: &dyn Fn(&Game) -> bool| games.iter().filter(|g| f(g)).count() as u32;
        let mut ends: Vec<(&'static str, u32)> = Vec::new();
        for g in games {
            match ends.iter_mut().find(|(r, _)| *r == g.end.reason()) {
                Some((_, n)) => *n += 1,
                None => ends.push((g.end.reason(), 1)),
            }
        }
        ends.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let mut lengths: Vec<u32> = games.iter().map(|g| g.plies).collect();
        lengths.sort_unstable();
        let imbalances = imbalances
            .iter()
            .enumerate()
            .map(|(k, imb)| {
                let (mut points, mut draws, mut n) = (0.0, 0, 0);
                for (p, g) in plans.iter().zip(games) {
                    let Some((i, instead)) = p.imbalance else { continue };
                    if i != k {
                        continue;
                    }
                    n += 1;
                    match g.end.winner() {
                        Some(w) if w != instead => points += 1.0,
                        Some(_) => {}
                        None => {
                            points += 0.5;
                            draws += 1;
                        }
                    }
                }
                (imb.text.clone(), draws, Score::new(points, n))
            })
            .collect();
        let versus = plans.iter().find_map(|p| p.players.iter().find(|&&pl| pl != Player::Search)).map(|opponent| {
            let (mut won, mut drawn, mut lost) = (0, 0, 0);
            for (p, g) in plans.iter().zip(games) {
                let search = if p.players[0] == Player::Search { Color::White } else { Color::Black };
                match g.end.winner() {
                    Some(w) if w == search => won += 1,
                    Some(_) => lost += 1,
                    None => drawn += 1,
                }
            }
            (opponent.name(), [won, drawn, lost], Score::new(f64::from(won) + 0.5 * f64::from(drawn), games.len() as u32))
        });
        let white = count(&|g| g.end.winner() == Some(Color::White));
        let draws = count(&|g| matches!(g.end, End::Decided { winner: None, .. }));
        let unfinished = count(&|g| g.end == End::Unfinished);
        Report {
            versus,
            variant: variant.name().to_string(),
            games: games.len() as u32,
            nodes: settings.nodes,
            random_turns: args.random_turns,
            max_plies: args.max_plies,
            seed,
            threads,
            seconds,
            white_score: Score::new(f64::from(white) + 0.5 * f64::from(draws + unfinished), games.len() as u32),
            white,
            black: count(&|g| g.end.winner() == Some(Color::Black)),
            draws,
            unfinished,
            ends,
            lengths,
            imbalances,
        }
    }

    fn median(&self) -> u32 {
        self.lengths.get(self.lengths.len() / 2).copied().unwrap_or(0)
    }

    fn mean(&self) -> f64 {
        self.lengths.iter().map(|&n| f64::from(n)).sum::<f64>() / self.lengths.len().max(1) as f64
    }

    fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "playtest {}: {} games at {} nodes a move, {} random turns, seed {}, {} threads, {:.1} s",
            self.variant, self.games, self.nodes, self.random_turns, self.seed, self.threads, self.seconds
        );
        let _ = writeln!(
            s,
            "White scores {}, {:+.0} Elo): White won {}, drawn {}, Black won {}, unfinished {}",
            self.white_score.text(),
            elo(self.white_score.share),
            self.white,
            self.draws,
            self.black,
            self.unfinished
        );
        let ends: Vec<String> = self.ends.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = writeln!(s, "ends: {}", ends.join(", "));
        let _ = writeln!(
            s,
            "length (plies): min {}, median {}, mean {:.1}, max {}",
            self.lengths.first().unwrap_or(&0),
            self.median(),
            self.mean(),
            self.lengths.last().unwrap_or(&0)
        );
        if let Some((opponent, [won, drawn, lost], score)) = self.versus {
            let _ = writeln!(s, "search against {opponent}: scores {}): won {won}, drawn {drawn}, lost {lost}", score.text());
        }
        for (text, _, score) in &self.imbalances {
            let kept = text.split('=').next().unwrap_or_default().trim();
            let instead = text.split('=').nth(1).unwrap_or_default().trim();
            let verdict = if score.low > 0.5 {
                format!("{kept} is worth more than {}", nothing(instead))
            } else if score.high < 0.5 {
                format!("{kept} is worth less than {}", nothing(instead))
            } else {
                format!("no difference shown between {} and {}", nothing(kept), nothing(instead))
            };
            let _ = writeln!(
                s,
                "imbalance {text}: the side with {} scores {:.1} % over {} games (95 % interval {:.1}-{:.1} %, {:+.0} Elo): {verdict}",
                nothing(kept),
                100.0 * score.share,
                score.games,
                100.0 * score.low,
                100.0 * score.high,
                elo(score.share)
            );
        }
        s
    }

    fn json(&self) -> serde_json::Value {
        let white = self.white_score;
        json!({
            "variant": self.variant,
            "games": self.games,
            "nodes": self.nodes,
            "random_turns": self.random_turns,
            "max_plies": self.max_plies,
            "seed": self.seed,
            "threads": self.threads,
            "seconds": self.seconds,
            "white_wins": self.white,
            "draws": self.draws,
            "black_wins": self.black,
            "unfinished": self.unfinished,
            "white_score": white.share,
            "white_score_interval": [white.low, white.high],
            "white_elo": elo(white.share),
            "ends": self.ends.iter().map(|(r, n)| json!({"reason": r, "games": n})).collect::<Vec<_>>(),
            "lengths": {"min": self.lengths.first(), "median": self.median(), "mean": self.mean(), "max": self.lengths.last(), "all": self.lengths},
            "versus": self.versus.map(|(opponent, [won, drawn, lost], score)| {
                json!({"opponent": opponent, "won": won, "drawn": drawn, "lost": lost, "score": score.share, "score_interval": [score.low, score.high]})
            }),
            "imbalances": self.imbalances.iter().map(|(text, draws, score)| {
                json!({"imbalance": text, "games": score.games, "draws": draws, "score": score.share, "score_interval": [score.low, score.high], "elo": elo(score.share)})
            }).collect::<Vec<_>>(),
        })
    }

    /// The chart: the results as bars, the game lengths as a histogram.
    fn chart(&self) -> Result<String, String> {
        use plotters::prelude::*;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (900, 420)).into_drawing_area();
            root.fill(&WHITE).map_err(|e| e.to_string())?;
            let (left, right) = root.split_horizontally(300);
            let results = [("White", self.white), ("Draw", self.draws + self.unfinished), ("Black", self.black)];
            let top = results.iter().map(|r| r.1).max().unwrap_or(1).max(1);
            let mut bars = ChartBuilder::on(&left)
                .caption(format!("{}: {} games", self.variant, self.games), ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(30)
                .y_label_area_size(40)
                .build_cartesian_2d((0u32..2u32).into_segmented(), 0u32..top + top / 10 + 1)
                .map_err(|e| e.to_string())?;
            bars.configure_mesh()
                .disable_x_mesh()
                .x_label_formatter(&|x| match x {
                    SegmentValue::CenterOf(i) => results.get(*i as usize).map_or(String::new(), |r| r.0.to_string()),
                    _ => String::new(),
                })
                .y_desc("games")
                .draw()
                .map_err(|e| e.to_string())?;
            bars.draw_series(
                Histogram::vertical(&bars)
                    .style(BLUE.mix(0.6).filled())
                    .margin(12)
                    .data(results.iter().enumerate().map(|(i, r)| (i as u32, r.1))),
            )
            .map_err(|e| e.to_string())?;

            let max = self.lengths.last().copied().unwrap_or(1).max(1);
            let bin = (max / 20).max(1);
            let mut bins = vec![0u32; (max / bin + 1) as usize];
            for &n in &self.lengths {
                bins[(n / bin) as usize] += 1;
            }
            let high = bins.iter().copied().max().unwrap_or(1).max(1);
            let mut hist = ChartBuilder::on(&right)
                .caption("game length (plies)", ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(30)
                .y_label_area_size(40)
                .build_cartesian_2d((0u32..max + bin).into_segmented(), 0u32..high + high / 10 + 1)
                .map_err(|e| e.to_string())?;
            hist.configure_mesh().disable_x_mesh().y_desc("games").draw().map_err(|e| e.to_string())?;
            hist.draw_series(
                Histogram::vertical(&hist)
                    .style(GREEN.mix(0.6).filled())
                    .margin(1)
                    .data(bins.iter().enumerate().map(|(i, &n)| (i as u32 * bin, n))),
            )
            .map_err(|e| e.to_string())?;
            root.present().map_err(|e| e.to_string())?;
        }
        Ok(svg)
    }
}

/// `nothing` for an empty group (`P=`: pawn odds).
fn nothing(group: &str) -> &str {
    if group.is_empty() {
        "nothing"
    } else {
        group
    }
}

/// The games as PGN: tags naming the variant, the start (`FEN`, `SetUp`), the seed, and
/// how each ended; moves in the variant's SAN.
fn pgn(variant: &Variant, plans: &[Plan], games: &[Game], seed: u64) -> String {
    let mut s = String::new();
    let standard = variant.start().fen();
    for (i, (p, g)) in plans.iter().zip(games).enumerate() {
        let _ = writeln!(s, "[Event \"chimera playtest\"]");
        let _ = writeln!(s, "[Round \"{}\"]", i + 1);
        let name = |pl: Player| if pl == Player::Search { "chimera-search" } else { pl.name() };
        let _ = writeln!(s, "[White \"{}\"]\n[Black \"{}\"]", name(p.players[0]), name(p.players[1]));
        let _ = writeln!(s, "[Variant \"{}\"]", variant.name());
        if g.start_fen != standard {
            let _ = writeln!(s, "[SetUp \"1\"]\n[FEN \"{}\"]", g.start_fen);
        }
        let _ = writeln!(s, "[Seed \"{seed}:{}\"]", p.seed);
        let _ = writeln!(s, "[Result \"{}\"]", g.end.result());
        let _ = writeln!(s, "[Termination \"{}\"]\n", g.end.reason());
        let mut line = String::new();
        let mut last: Option<Color> = None;
        for m in &g.moves {
            // A number where a side's turn begins: White's, or Black's at the very start.
            if last != Some(m.mover) && (m.mover == Color::White || last.is_none()) {
                let dots = if m.mover == Color::White { "." } else { "..." };
                let _ = write!(line, "{}{dots} ", m.number);
            }
            let _ = write!(line, "{} ", m.san);
            last = Some(m.mover);
        }
        line.push_str(g.end.result());
        let _ = writeln!(s, "{}\n", wrap(&line, 79));
    }
    s
}

/// `text` broken at spaces into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut s = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        if len > 0 && len + 1 + word.len() > width {
            s.push('\n');
            len = 0;
        } else if len > 0 {
            s.push(' ');
            len += 1;
        }
        s.push_str(word);
        len += word.len();
    }
    s
}

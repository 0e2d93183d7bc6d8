//! Perft speed, Chimera beside shakmaty (a Rust chess library, with its crazyhouse) in one run.
//!
//! `cargo bench --bench perft` runs criterion on both engines, then prints nodes per
//! second for each and the ratio. `oracle.md` §3 gives Fairy-Stockfish's figures on
//! this machine kind (chess start perft 6: 42.7 M nodes/s) as the bar to beat.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use shakmaty::fen::Fen;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, Chess, Position};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const ZH_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

/// (name, variant, fen, depth, expected nodes)
const WORKLOADS: &[(&str, &str, &str, u32, u64)] = &[
    ("chess start perft 6", "chess", START, 6, 119_060_324),
    ("kiwipete perft 5", "chess", KIWIPETE, 5, 193_690_690),
    ("crazyhouse start perft 6", "crazyhouse", ZH_START, 6, 120_812_942),
];

fn chimera_perft(variant: &str, fen: &str, depth: u32) -> u64 {
    let v = chimera::variants::load(variant).unwrap();
    v.position(fen).unwrap().perft(depth)
}

fn shakmaty_perft(variant: &str, fen: &str, depth: u32) -> u64 {
    let fen = fen.parse::<Fen>().unwrap();
    match variant {
        "chess" => perft_of::<Chess>(fen, depth),
        _ => perft_of::<Crazyhouse>(fen, depth),
    }
}

fn perft_of<P: Position + Clone + shakmaty::FromSetup>(fen: Fen, depth: u32) -> u64 {
    shakmaty::perft(&fen.into_position::<P>(CastlingMode::Standard).unwrap(), depth)
}

fn bench(c: &mut Criterion) {
    for &(name, variant, fen, depth, nodes) in WORKLOADS {
        let mut g = c.benchmark_group(name);
        g.sample_size(10).measurement_time(Duration::from_secs(15));
        g.throughput(criterion::Throughput::Elements(nodes));
        g.bench_function("chimera", |b| b.iter(|| assert_eq!(chimera_perft(variant, black_box(fen), depth), nodes)));
        g.bench_function("shakmaty", |b| b.iter(|| assert_eq!(shakmaty_perft(variant, black_box(fen), depth), nodes)));
        g.finish();
    }
}

/// Seconds of one run, checking its count.
fn timed(nodes: u64, run: impl FnOnce() -> u64) -> f64 {
    let t = Instant::now();
    assert_eq!(run(), nodes);
    t.elapsed().as_secs_f64()
}

fn median(mut secs: Vec<f64>) -> f64 {
    secs.sort_by(|a, b| a.total_cmp(b));
    secs[secs.len() / 2]
}

/// Five rounds of one Chimera run then one shakmaty run, interleaved so that a change
/// of machine load falls on both engines alike; the medians in nodes per second.
fn ratios() {
    println!("\nside by side (median of 5 interleaved rounds):");
    for &(name, variant, fen, depth, nodes) in WORKLOADS {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            ours.push(timed(nodes, || chimera_perft(variant, fen, depth)));
            theirs.push(timed(nodes, || shakmaty_perft(variant, fen, depth)));
        }
        let (ours, theirs) = (nodes as f64 / median(ours), nodes as f64 / median(theirs));
        println!(
            "{name:<26} chimera {:7.1} M nodes/s   shakmaty {:7.1} M nodes/s   chimera/shakmaty = {:.2}",
            ours / 1e6,
            theirs / 1e6,
            ours / theirs
        );
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    ratios();
}

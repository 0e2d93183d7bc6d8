//! `import-ini` over a chain of sections, each the child of the one before:
//! `cargo bench --bench import_ini`. A section is converted from its parent's model, so the
//! time is linear in the chain: 4,000 levels take about sixteen times 250 (each section
//! compiles its ruleset, some 2 ms); a quadratic walk, as it once was, took fifty times.
//! Prints the faster of three runs of each, interleaved, and their ratio. (The test suite
//! holds the structure instead: `hardening::import_ini_is_linear_in_the_parent_chain`.)

use std::time::{Duration, Instant};

fn chain(levels: usize) -> String {
    let mut ini = String::from("[v0:chess]\n");
    for i in 1..levels {
        ini += &format!("[v{i}:v{}]\n", i - 1);
    }
    ini
}

fn time(ini: &str, levels: usize) -> Duration {
    let started = Instant::now();
    let (sections, _) = chimera::ini::import(ini);
    let spent = started.elapsed();
    assert_eq!(sections.len(), levels);
    assert!(sections.iter().all(|s| s.result.is_ok()));
    spent
}

fn main() {
    let (short_ini, long_ini) = (chain(250), chain(4000));
    let (mut short, mut long) = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        short = short.min(time(&short_ini, 250));
        long = long.min(time(&long_ini, 4000));
    }
    let ratio = long.as_secs_f64() / short.as_secs_f64();
    println!("import-ini chain: 250 levels {short:.2?}, 4,000 levels {long:.2?}, ratio {ratio:.1} (linear: 16)");
}

//! Prints the piece values the evaluation estimates from each named variant's rules:
//! `cargo run --release -p chimera-search --example values -- chess xiangqi shogi`.

fn main() {
    for id in std::env::args().skip(1) {
        let v = chimera_variants::load(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let values = chimera_search::Values::new(&v);
        println!("{id}: piece, weighted mobility, value (centipawns)");
        for (t, p) in v.rules().piece_types().zip(&v.rules().pieces) {
            println!("  {:16} {:>6.2} {:>5}", p.name, values.mobility(t), values.value(t));
        }
    }
}

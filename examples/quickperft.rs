fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = chimera::variants::load(&args[1]).unwrap();
    let mut p = match args.get(3) {
        Some(f) => v.position(f).unwrap(),
        None => v.start(),
    };
    let d: u32 = args[2].parse().unwrap();
    let t = std::time::Instant::now();
    let n = p.perft(d);
    println!("nodes {n} in {:?}", t.elapsed());
}

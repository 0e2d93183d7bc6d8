fn main() {
    for f in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&f).unwrap();
        match chimera::Variant::from_toml(&text, &f) {
            Ok(_) => println!("{f}: OK"),
            Err(e) => println!("{e}"),
        }
    }
}

//! The built-in rulesets (`variants/src/lib.rs`): each loads under its id, and a misspelt
//! id gets the nearest.

use chimera::variants::{load, BUILTINS};

#[test]
fn a_misspelt_id_gets_the_nearest_builtin() {
    let e = load("crazyhose").unwrap_err().to_string();
    assert_eq!(e, "unknown variant `crazyhose`: not a built-in and not a .toml file: did you mean `crazyhouse`?");
    let e = load("nosuch").unwrap_err().to_string();
    assert_eq!(e, "unknown variant `nosuch`: not a built-in and not a .toml file (`chimera variants` lists the built-ins)");
}

#[test]
fn every_builtin_loads_and_is_named_by_its_id() {
    for b in BUILTINS {
        assert_eq!(b.variant().unwrap().name(), b.id);
    }
}

//! `chimera._native`: the Python package's Rust side. The classes and functions are
//! thin: every rule, notation, refusal and result comes from the facade crate, the same
//! code the CLI and `chimera serve` run. `chimera/__init__.py` re-exports this module,
//! and `chimera/compat.py` its `_compat` submodule.

mod api;
mod board;
mod cases;
mod compat;
mod engine;
mod errors;
mod pgn;
mod two_boards;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use chimera::variants::LoadError;
use chimera::Variant;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;

/// The built-ins, each compiled once per process: compiling one builds its tables, far
/// dearer than any call that then uses it (`chimera.compat` names a variant in every call).
fn builtin(id: &str) -> Option<Result<Variant, chimera::RulesetError>> {
    static COMPILED: OnceLock<Mutex<HashMap<&'static str, Variant>>> = OnceLock::new();
    let b = chimera::variants::builtin(id)?;
    let cache = COMPILED.get_or_init(Default::default);
    if let Some(v) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(b.id) {
        return Some(Ok(v.clone()));
    }
    // Compiled outside the lock; two threads racing here both compile, one is kept.
    let v = match b.variant() {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    cache.lock().unwrap_or_else(|e| e.into_inner()).entry(b.id).or_insert(v.clone());
    Some(Ok(v))
}

/// A built-in id (compiled once), or a path to a ruleset file (read anew each time).
fn load(name: &str) -> PyResult<Variant> {
    if let Some(v) = builtin(name) {
        return v.map_err(errors::ruleset_error);
    }
    chimera::variants::load(name).map_err(|e| match e {
        LoadError::Io(_, ref io) if io.kind() == std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(e.to_string()),
        LoadError::Io(..) => PyOSError::new_err(e.to_string()),
        LoadError::Read(_, ref why) if why == "no such file" => PyFileNotFoundError::new_err(e.to_string()),
        LoadError::Read(..) => PyOSError::new_err(e.to_string()),
        LoadError::Ruleset(e) => errors::ruleset_error(e),
        LoadError::Unknown(..) => PyValueError::new_err(e.to_string()),
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    api::register(m)?;
    board::register(m)?;
    pgn::register(m)?;
    cases::register(m)?;
    two_boards::register(m)?;
    engine::register(m)?;
    let sub = PyModule::new(py, "_compat")?;
    compat::register(&sub)?;
    m.add_submodule(&sub)?;
    Ok(())
}

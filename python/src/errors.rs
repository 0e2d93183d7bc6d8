//! The package's exceptions: each a `ValueError` (so code written for pyffish, which
//! raises `ValueError`, still catches them) carrying the facade's error fields as
//! attributes.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(chimera, RulesetError, PyValueError, "A ruleset that cannot be loaded: .file, .line, .column, .key, .message.");
create_exception!(chimera, IllegalMove, PyValueError, "A move refused: .code (stable, kebab-case) and .reason (a sentence).");
create_exception!(chimera, FenError, PyValueError, "A FEN that cannot be read: .field and .message.");
create_exception!(chimera, MovetextError, PyValueError, "Movetext that cannot be read: .line, .column, .message.");

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MovetextError", py.get_type::<MovetextError>())?;
    Ok(())
}

/// An exception of type `T` with message `message` and the given attributes.
fn with_attrs<T: pyo3::PyTypeInfo>(message: String, attrs: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<()>) -> PyErr {
    Python::attach(|py| {
        let err = PyErr::new::<T, _>(message);
        match attrs(err.value(py).as_any()) {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}

pub fn ruleset_error(e: chimera::RulesetError) -> PyErr {
    with_attrs::<RulesetError>(e.to_string(), |v| {
        v.setattr("file", &e.file)?;
        v.setattr("line", e.line)?;
        v.setattr("column", e.column)?;
        v.setattr("key", &e.key)?;
        v.setattr("message", &e.message)
    })
}

pub fn illegal_move(e: chimera::MoveError) -> PyErr {
    with_attrs::<IllegalMove>(e.message.clone(), |v| {
        v.setattr("code", e.code.as_str())?;
        v.setattr("reason", &e.message)
    })
}

pub fn fen_error(e: chimera::FenError) -> PyErr {
    with_attrs::<FenError>(e.to_string(), |v| {
        v.setattr("field", e.field.to_string())?;
        v.setattr("message", &e.message)
    })
}

pub fn movetext_error(line: usize, column: usize, message: String) -> PyErr {
    with_attrs::<MovetextError>(format!("{line}:{column}: {message}"), |v| {
        v.setattr("line", line)?;
        v.setattr("column", column)?;
        v.setattr("message", &message)
    })
}

/// The error with a `code` attribute: the code `chimera validate` reports for it
/// (`bad-fen`, `unknown-variant`, `unreadable-movetext`).
pub fn with_code(err: PyErr, code: &'static str) -> PyErr {
    Python::attach(|py| match err.value(py).setattr("code", code) {
        Ok(()) => err,
        Err(e) => e,
    })
}

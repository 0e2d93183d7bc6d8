//! `chimera.snapshot`'s native half: a folder of rule edge cases run against their
//! snapshots (`chimera::cases`, what `chimera cases` runs).

use std::path::PathBuf;

use chimera::cases::Kit;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

/// Runs the case files of `dir` against their snapshots; with `accept`, writes the new and
/// changed ones. Returns the report (a diff per changed case, then a count) and whether
/// every case passed. A folder that cannot be read raises `OSError`.
#[pyfunction]
#[pyo3(signature = (dir, accept = false, snapshots = None, variant = None))]
fn run_cases(py: Python<'_>, dir: PathBuf, accept: bool, snapshots: Option<PathBuf>, variant: Option<String>) -> PyResult<(String, bool)> {
    let mut kit = Kit::new(dir);
    if let Some(s) = snapshots {
        kit.snapshots = s;
    }
    kit.variant = variant;
    let report = py.detach(|| kit.run(accept)).map_err(PyOSError::new_err)?;
    Ok((report.to_string(), report.passed()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run_cases, m)?)
}

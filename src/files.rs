//! Files inside a folder the user named, read and written without leaving it: what
//! `chimera cases` (and `chimera.snapshot`) and `chimera import-ini --out` share.
//!
//! A folder of case files may come from anyone (a downloaded variant, a pull request),
//! so a link in it must not make a run read or overwrite a file elsewhere: every path is
//! resolved and must stay inside its folder ([`Folder::inside`]), every read is of a
//! regular file under a size cap ([`read_capped`]), and every write goes to a fresh
//! temporary file that is then renamed over the target ([`replace`]): a rename replaces
//! a link itself and never writes through it, and a reader never sees half a file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A folder, resolved once (links and `..` followed), that paths are checked against.
#[derive(Clone, Debug)]
pub struct Folder {
    /// As the user named it (for messages).
    pub named: PathBuf,
    resolved: PathBuf,
}

impl Folder {
    /// The folder `dir`, which must exist.
    pub fn new(dir: &Path) -> Result<Folder, String> {
        let resolved = dir.canonicalize().map_err(|e| format!("cannot read {}: {}", dir.display(), phrase(&e)))?;
        if !resolved.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
        Ok(Folder { named: dir.to_path_buf(), resolved })
    }

    /// `path` (inside this folder, or to be created there) if it resolves inside it: a
    /// link whose target is elsewhere is refused, as is a missing file whose parent
    /// folder resolves elsewhere.
    pub fn inside(&self, path: &Path) -> Result<PathBuf, String> {
        let resolved = match path.canonicalize() {
            Ok(p) => p,
            // Not there yet (a snapshot to write): its folder decides, if it exists.
            Err(_) => match (path.parent().map(Path::canonicalize), path.file_name()) {
                (Some(Ok(parent)), Some(name)) => parent.join(name),
                _ => return Ok(path.to_path_buf()),
            },
        };
        if resolved.starts_with(&self.resolved) {
            Ok(path.to_path_buf())
        } else {
            Err(format!("{} leads out of {} (a link): not followed", path.display(), self.named.display()))
        }
    }
}

/// A regular file's text, of at most `cap` bytes, or why not as a phrase (`not a regular
/// file`, `larger than 1048576 bytes`); a byte-order mark at its start is dropped.
pub fn read_capped(path: &Path, cap: u64) -> Result<String, String> {
    let text = chimera_engine::ruleset::read_regular_file(path, cap)?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Writes `bytes` to `path` by a fresh file beside it renamed over it: a link at `path`
/// is replaced, never written through, and `path` is never seen half-written.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let leaf = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (temp, mut file) = fresh(dir, &leaf)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all()).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// A new file `dir/.<leaf>.<pid>-<n>.tmp`, created exclusively (a link or a file already
/// there is never opened).
fn fresh(dir: &Path, leaf: &str) -> io::Result<(PathBuf, fs::File)> {
    let mut n = 0u32;
    loop {
        let temp = dir.join(format!(".{leaf}.{}-{n}.tmp", std::process::id()));
        match fs::OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// An I/O error as a phrase: `no such file`, `permission denied`, else its own words.
pub fn phrase(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::InvalidData => "not UTF-8 text".to_string(),
        _ => e.to_string(),
    }
}

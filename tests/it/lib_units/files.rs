//! Files (`src/files.rs`): replacing a file through a link.

use std::fs;

use chimera::files::replace;

#[test]
fn replace_swaps_a_link_for_a_file_and_leaves_its_target() {
    let dir = std::env::temp_dir().join(format!("chimera-files-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("target"), "kept").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("target"), dir.join("link")).unwrap();
    replace(&dir.join("link"), b"new").unwrap();
    assert_eq!(fs::read_to_string(dir.join("target")).unwrap(), "kept");
    assert_eq!(fs::read_to_string(dir.join("link")).unwrap(), "new");
    let _ = fs::remove_dir_all(&dir);
}

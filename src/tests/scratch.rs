//! A scratch directory for tests that write many small files whose
//! durability does not matter: memory-backed (`/dev/shm`) where there is
//! one, since the saves sync to the disk and only their contents count.

use std::path::Path;

pub fn scratch() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir()
        && let Ok(dir) = tempfile::Builder::new()
            .prefix("tudoku-test")
            .tempdir_in(shm)
    {
        return dir;
    }
    tempfile::tempdir().unwrap()
}

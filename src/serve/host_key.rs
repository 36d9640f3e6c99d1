//! The server's host key: made on the first start, kept in the server's
//! data directory as an OpenSSH private key file, and read on every start
//! after, so that players' `known_hosts` stays right. It is written as a
//! save is (`storage::atomic`: private to the server's user, 0600 in a
//! 0700 directory, never through a planted link), and a file that is not a
//! plain file, or not a key, is an error that names it; it is never
//! replaced, since a new key would make every player's ssh warn.

use std::fs;
use std::io;
use std::path::Path;

use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{HashAlg, PrivateKey};

use crate::storage::atomic::write_atomic;

/// The host key in `path`, made there first when there is none; and
/// whether it was made now.
pub fn load_or_make(path: &Path) -> Result<(PrivateKey, bool), String> {
    let shown = path.display();
    match fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => {
            Err(format!("{shown}: the host key is not a plain file"))
        }
        Ok(_) => {
            let text = fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
            let key = PrivateKey::from_openssh(&text)
                .map_err(|e| format!("{shown}: not an OpenSSH private key: {e}"))?;
            Ok((key, false))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let key = make();
            let text = key
                .to_openssh(LineEnding::LF)
                .map_err(|e| format!("cannot encode a host key: {e}"))?;
            write_atomic(path, text.as_bytes()).map_err(|e| format!("{shown}: {e}"))?;
            Ok((key, true))
        }
        Err(e) => Err(format!("{shown}: {e}")),
    }
}

/// A new Ed25519 key from the system's randomness.
fn make() -> PrivateKey {
    let seed: [u8; 32] = rand::random();
    let pair = Ed25519Keypair::from_seed(&seed);
    PrivateKey::new(KeypairData::Ed25519(pair), "tudoku serve").expect("an Ed25519 key")
}

/// How ssh shows the key to a player the first time: `SHA256:...`.
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_and_read_back_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server").join("host_key");
        let (made, new) = load_or_make(&path).unwrap();
        assert!(new);
        let (again, new) = load_or_make(&path).unwrap();
        assert!(!new);
        assert_eq!(fingerprint(&made), fingerprint(&again));
        assert!(fingerprint(&made).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        }
    }

    #[test]
    fn a_file_that_is_not_a_key_is_named_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("host_key");
        fs::write(&path, "not a key").unwrap();
        let why = load_or_make(&path).unwrap_err();
        assert!(
            why.contains("host_key") && why.contains("not an OpenSSH private key"),
            "{why}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "not a key");
        // a directory in its place
        let other = dir.path().join("dir_key");
        fs::create_dir(&other).unwrap();
        assert!(
            load_or_make(&other)
                .unwrap_err()
                .contains("not a plain file")
        );
    }
}

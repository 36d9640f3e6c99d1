//! Where tudoku keeps its files: `--config-dir`, else `TUDOKU_CONFIG_DIR`,
//! else the platform's config directory (e.g. `~/.config/tudoku`). Tests always
//! pass a temporary directory so they never touch the user's files.

use std::path::{Path, PathBuf};

/// The environment variable that overrides the config directory.
pub const CONFIG_DIR_ENV: &str = "TUDOKU_CONFIG_DIR";

/// The files of one config directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigDir {
    root: PathBuf,
}

impl ConfigDir {
    /// Resolves the directory: the flag, then the environment, then the
    /// platform default. `None` only when the platform has no home directory.
    pub fn resolve(flag: Option<&Path>) -> Option<ConfigDir> {
        let root = match flag {
            Some(dir) => dir.to_path_buf(),
            None => match std::env::var_os(CONFIG_DIR_ENV) {
                Some(dir) if !dir.is_empty() => PathBuf::from(dir),
                _ => directories::ProjectDirs::from("", "", "tudoku")?
                    .config_dir()
                    .to_path_buf(),
            },
        };
        Some(ConfigDir::at(root))
    }

    /// A config directory at an explicit path.
    pub fn at(root: impl Into<PathBuf>) -> ConfigDir {
        ConfigDir { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn config_file(&self) -> PathBuf {
        self.root.join("config.toml")
    }

    pub fn stats_file(&self) -> PathBuf {
        self.root.join("stats.toml")
    }

    /// What `tudoku serve` keeps: its host key and its players' games.
    pub fn server_dir(&self) -> PathBuf {
        self.root.join("server")
    }

    pub fn saves_dir(&self) -> PathBuf {
        self.root.join("saves")
    }

    /// Whether the directory may be used: the player's, writable by no one
    /// else, and `saves/` a real directory (see `dirs`). `Err` is the line
    /// to show; nothing in the directory is touched then.
    pub fn check(&self) -> Result<(), String> {
        super::dirs::check_config_dir(&self.root, &self.saves_dir())
    }

    /// The file of a named save slot (`autosave` is the current game).
    pub fn save_file(&self, slot: &str) -> PathBuf {
        self.saves_dir().join(format!("{slot}.toml"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_and_files_sit_where_the_design_says() {
        let dir = ConfigDir::resolve(Some(Path::new("/tmp/x"))).unwrap();
        assert_eq!(dir.root(), Path::new("/tmp/x"));
        assert_eq!(dir.config_file(), Path::new("/tmp/x/config.toml"));
        assert_eq!(dir.stats_file(), Path::new("/tmp/x/stats.toml"));
        assert_eq!(
            dir.save_file("autosave"),
            Path::new("/tmp/x/saves/autosave.toml")
        );
    }
}

//! Files written whole or not at all: the bytes go to a temporary file in the destination's
//! folder, which is synced and renamed over the destination at the end, so a reader sees the
//! old file or the new one, never a partial one. Used by `gan generate` and `gan migrate -o`.
//!
//! Errors are plain I/O errors; callers name the file in their messages.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// A destination being written: write to it, then [`commit`](Self::commit) or
/// [`discard`](Self::discard) (dropping it discards too).
#[derive(Debug)]
pub struct AtomicFile {
    destination: PathBuf,
    writer: BufWriter<NamedTempFile>,
}

impl AtomicFile {
    /// Starts writing `destination` (its folder must exist): a hidden temporary file
    /// `.NAME.XXXX.tmp` beside it.
    pub fn create(destination: &Path) -> io::Result<AtomicFile> {
        let folder = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let name = destination
            .file_name()
            .map_or_else(|| "gan".into(), |n| n.to_string_lossy());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // As a plain create would do: 0666 less the umask (tempfile's default is 0600).
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        Ok(AtomicFile {
            destination: destination.to_owned(),
            writer: BufWriter::with_capacity(1 << 16, builder.tempfile_in(folder)?),
        })
    }

    /// The file this will replace.
    pub fn destination(&self) -> &Path {
        &self.destination
    }

    /// Flushes, syncs and renames the temporary file over the destination.
    pub fn commit(self) -> io::Result<()> {
        let temp = self
            .writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        temp.persist(&self.destination)
            .map_err(|error| error.error)?;
        Ok(())
    }

    /// Deletes the temporary file; the destination is untouched.
    pub fn discard(self) {
        drop(self);
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes `bytes` to `destination` atomically.
pub fn write(destination: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(destination)?;
    file.write_all(bytes)?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_destination_is_old_or_complete() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        fs::write(&path, "old").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        file.flush().unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "old",
            "not yet committed"
        );
        file.discard();
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
        write(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}

//! Files written whole or not at all: the bytes go to a temporary file in the destination's
//! folder, which is synced and renamed over the destination at the end, so a reader sees the
//! old file or the new one, never a partial one. Used by `gan generate` and `gan migrate -o`.
//!
//! - A symbolic link is written through: its target is replaced, not the link.
//! - Only regular files are replaced. A destination that is something else (`/dev/null`, a
//!   named pipe, a terminal, `/dev/stdout`) is opened and written directly.
//! - The temporaries of this process are listed, so that a signal handler can delete them
//!   ([`remove_pending`]) before the process dies. Their names carry the process id
//!   (`.NAME.PID.XXXXXX.tmp`); creating a file sweeps the temporaries of the same
//!   destination left by processes that no longer run (killed with `SIGKILL`).
//!
//! Errors are plain I/O errors; callers name the file in their messages.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use tempfile::NamedTempFile;

/// A destination being written: write to it, then [`commit`](Self::commit) or
/// [`discard`](Self::discard) (dropping it discards too).
#[derive(Debug)]
pub struct AtomicFile {
    destination: PathBuf,
    target: Target,
}

#[derive(Debug)]
enum Target {
    /// A temporary file, renamed over `path` (the destination with its links resolved).
    Replace {
        writer: BufWriter<NamedTempFile>,
        path: PathBuf,
        listed: Listed,
    },
    /// A special file (device, pipe, socket), written in place.
    Direct(BufWriter<File>),
}

/// A temporary file's place in [`PENDING`], given up when dropped.
#[derive(Debug)]
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        pending().retain(|pending| *pending != self.0);
    }
}

/// Temporary files of this process not yet committed or discarded.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Deletes every temporary file this process has not committed yet, and keeps any other
/// from being committed: for a signal handler, just before the process exits. Returns how
/// many were deleted.
pub fn remove_pending() -> usize {
    let mut list = pending();
    let count = list
        .iter()
        .filter(|path| fs::remove_file(path).is_ok() || fs::remove_dir_all(path).is_ok())
        .count();
    list.clear();
    // The lock stays taken until the process exits: a commit in flight waits, then fails.
    std::mem::forget(list);
    count
}

impl AtomicFile {
    /// Starts writing `destination` (its folder must exist): a hidden temporary file
    /// `.NAME.PID.XXXXXX.tmp` beside it (beside the file a link points to), or the file itself
    /// when it is not a regular file.
    pub fn create(destination: &Path) -> io::Result<AtomicFile> {
        let resolved = resolve(destination)?;
        if let Ok(meta) = fs::metadata(&resolved) {
            if !meta.is_file() || is_magic(destination) || is_magic(&resolved) {
                let file = OpenOptions::new()
                    .write(true)
                    // `/dev/stdout` may be a file the shell opened, even for appending.
                    .truncate(false)
                    .open(destination)?;
                return Ok(AtomicFile {
                    destination: destination.to_owned(),
                    target: Target::Direct(BufWriter::with_capacity(1 << 16, file)),
                });
            }
        }
        let folder = match resolved.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let name = resolved
            .file_name()
            .map_or_else(|| "gan".into(), |n| n.to_string_lossy());
        sweep(folder, &name);
        let prefix = format!(".{name}.{}.", std::process::id());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // As a plain create would do: 0666 less the umask (tempfile's default is 0600).
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let mut list = pending();
        let temp = builder.tempfile_in(folder)?;
        list.push(temp.path().to_owned());
        drop(list);
        let listed = Listed(temp.path().to_owned());
        Ok(AtomicFile {
            destination: destination.to_owned(),
            target: Target::Replace {
                writer: BufWriter::with_capacity(1 << 16, temp),
                path: resolved,
                listed,
            },
        })
    }

    /// The file this will replace.
    pub fn destination(&self) -> &Path {
        &self.destination
    }

    /// Flushes, syncs and renames the temporary file over the destination (flushes a
    /// special file).
    pub fn commit(self) -> io::Result<()> {
        match self.target {
            Target::Direct(mut writer) => writer.flush(),
            Target::Replace {
                writer,
                path,
                listed,
            } => {
                let temp = writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)?;
                temp.as_file().sync_all()?;
                // Held through the rename, so that a signal handler's `remove_pending` runs
                // before it or not at all.
                let mut list = pending();
                let result = temp.persist(&path).map(drop).map_err(|error| error.error);
                list.retain(|pending| *pending != listed.0);
                drop(list);
                drop(listed);
                result
            }
        }
    }

    /// Deletes the temporary file; the destination is untouched.
    pub fn discard(self) {
        drop(self);
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Replace { writer, .. } => writer.write(bytes),
            Target::Direct(writer) => writer.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &mut self.target {
            Target::Replace { writer, .. } => writer.write_all(bytes),
            Target::Direct(writer) => writer.write_all(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Replace { writer, .. } => writer.flush(),
            Target::Direct(writer) => writer.flush(),
        }
    }
}

/// Writes `bytes` to `destination` atomically.
pub fn write(destination: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(destination)?;
    file.write_all(bytes)?;
    file.commit()
}

/// Locks the folder `dir` against other runs of `gan generate`: an exclusive lock on a lock
/// file beside it (`.NAME.lock`), held until the result is dropped; a second process fails
/// with `WouldBlock`. The folder's parent is created if needed.
pub fn lock_dir(dir: &Path) -> io::Result<DirLock> {
    let dir = resolve(dir)?;
    let parent = match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = dir
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a folder name"))?
        .to_string_lossy()
        .into_owned();
    fs::create_dir_all(&parent)?;
    DirLock::acquire(&parent.join(format!(".{name}.lock")))
}

/// An exclusive lock on a lock file (`flock`), released when dropped or when the process
/// dies. The file stays: deleting it would let two processes lock two different files.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

impl DirLock {
    fn acquire(path: &Path) -> io::Result<DirLock> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)?;
        #[cfg(unix)]
        {
            use rustix::fs::{flock, FlockOperation};
            flock(&file, FlockOperation::NonBlockingLockExclusive).map_err(|error| {
                if error == rustix::io::Errno::WOULDBLOCK {
                    io::Error::new(
                        io::ErrorKind::WouldBlock,
                        format!(
                            "another process is writing it (it holds {})",
                            path.display()
                        ),
                    )
                } else {
                    io::Error::from(error)
                }
            })?;
        }
        Ok(DirLock { _file: file })
    }
}

/// Links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// `path` with its symbolic links followed, also when the last one points to nothing yet.
/// A link into `/proc` (`/dev/stdout` → `/proc/self/fd/1` → `pipe:[…]`) is kept as it is.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        if is_magic(&path) {
            return Ok(path);
        }
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Paths the kernel makes up (`/proc/self/fd/1`, `/dev/fd/1`, which `/dev/stdout` leads
/// to), which must be opened, never replaced. A regular file elsewhere under `/dev`
/// (`/dev/shm/out.txt`) is replaced like any other.
fn is_magic(path: &Path) -> bool {
    path.starts_with("/proc") || path.starts_with("/dev/fd")
}

/// Deletes `.NAME.PID.XXXXXX.tmp` files in `folder` whose process no longer runs.
fn sweep(folder: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.strip_suffix(".tmp"))
        else {
            continue;
        };
        let Some((pid, random)) = rest.split_once('.') else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if random.len() == 6
            && random.bytes().all(|b| b.is_ascii_alphanumeric())
            && pid != std::process::id()
            && !is_running(pid)
        {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(unix)]
fn is_running(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    // EPERM means the process exists but belongs to someone else.
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

#[cfg(not(unix))]
fn is_running(_: u32) -> bool {
    true
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

    #[cfg(unix)]
    #[test]
    fn links_are_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        let link = dir.path().join("link.txt");
        fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink("target.txt", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        // A link to a file not there yet creates it.
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink("created.txt", &dangling).unwrap();
        write(&dangling, b"made").unwrap();
        assert!(fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            fs::read_to_string(dir.path().join("created.txt")).unwrap(),
            "made"
        );
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).unwrap())
        };
        write(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        let meta = fs::symlink_metadata(&fifo).unwrap();
        assert!(meta.file_type().is_fifo(), "the pipe is still a pipe");
    }

    #[cfg(unix)]
    #[test]
    fn two_runs_cannot_lock_a_folder_at_once() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("corpus");
        let first = lock_dir(&dir).unwrap();
        let second = lock_dir(&dir);
        assert_eq!(
            second.unwrap_err().kind(),
            io::ErrorKind::WouldBlock,
            "the second run is refused while the first holds the lock"
        );
        drop(first);
        assert!(lock_dir(&dir).is_ok(), "the lock is released when dropped");
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        // No process has this id (above the kernel's pid_max of 2^22).
        let stale = dir.path().join(".out.txt.99999999.abcdef.tmp");
        let alive = dir
            .path()
            .join(format!(".out.txt.{}.abcdef.tmp", std::process::id()));
        let other = dir.path().join(".other.txt.99999999.abcdef.tmp");
        for path in [&stale, &alive, &other] {
            fs::write(path, "partial").unwrap();
        }
        write(&dir.path().join("out.txt"), b"new").unwrap();
        assert!(!stale.exists(), "a dead process's temporary is swept");
        assert!(alive.exists(), "a live process's temporary is kept");
        assert!(other.exists(), "another destination's temporary is kept");
    }

    #[test]
    fn pending_temporaries_are_listed_until_committed() {
        let dir = tempfile::tempdir().unwrap();
        let file = AtomicFile::create(&dir.path().join("listed.txt")).unwrap();
        let Target::Replace { writer, .. } = &file.target else {
            panic!("a regular file is replaced")
        };
        let temp = writer.get_ref().path().to_owned();
        assert!(pending().contains(&temp));
        file.commit().unwrap();
        assert!(!pending().contains(&temp));
    }
}

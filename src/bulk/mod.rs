//! Bulk work over a stream of inputs, the engine of `gan parse -j` and `gan migrate -j`: the
//! stream is read in large [`Block`]s of whole inputs ([`Blocks`]), each block is cut into one
//! part per thread, and each part is worked through by a [`Worker`] that keeps its state
//! (caches, output buffers) from block to block. The workers come back in input order, so
//! that what they made is written as one thread would have written it.
//!
//! The caller drives the loop: it reads the next block, runs the [`Workers`] on it, and uses
//! what each made, in order; it alone decides when to stop (a failure under `--fail-fast`) and
//! what a closed output changes. [`Workers::run_rounds`] works through a block in short
//! rounds instead, its threads kept for the block and each part's output ([`Handing`]) used
//! as soon as it is made, in order, while the threads go on.
//!
//! ```
//! use gan::bulk::{Worker, Workers};
//! use gan::records::{Block, Blocks, Framing};
//!
//! /// Counts the inputs of its parts.
//! #[derive(Default)]
//! struct Count(u64);
//!
//! impl Worker for Count {
//!     fn work(&mut self, part: &Block<'_>) {
//!         self.0 = part.lines().count() as u64;
//!     }
//! }
//!
//! let input = "C:K\nc:k\nC:X\n".repeat(1000);
//! let mut blocks = Blocks::with_capacity(input.as_bytes(), Framing::Lines, 64, 4096);
//! let mut workers = Workers::new(3, Count::default);
//! let mut total = 0;
//! while let Some(block) = blocks.next_block()? {
//!     total += workers.run(&block).iter().map(|count| count.0).sum::<u64>();
//! }
//! assert_eq!(total, 3000);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! [`parse_stream`] is `gan parse` on this engine, [`detect_stream`] `gan detect`.

mod cell;
mod detect;
mod message;
mod parse;
mod write;

use std::num::NonZero;

use crate::records::Block;
#[cfg(doc)]
use crate::records::Blocks;

pub use detect::{detect_stream, DetectOptions, Detected, Detector, MemoLimits};
pub use parse::{parse_stream, Counts, Mode, Options, Parser, TextStyle};
#[cfg(feature = "cli")]
pub(crate) use write::quoted;
pub use write::Format;

/// The work of one thread: it works through its part of each block, and its state stays with
/// it from one block to the next.
pub trait Worker: Send {
    /// Works through the inputs of `part`, a run of whole inputs of the current block (all of
    /// it when the block is not cut). What it makes is read by the caller of
    /// [`Workers::run`] before the next block.
    fn work(&mut self, part: &Block<'_>);
}

/// A [`Worker`] that hands what it made of a part over (to [`Workers::run_rounds`]), so that
/// it can go on with its next part while that is used.
pub trait Handing: Worker {
    /// What a worker makes of a part (its output buffers, its counts), made anew by each
    /// [`Worker::work`]: one handed back after use may be put in its place, for its buffers.
    type Made: Send + Default;

    /// What the last part made.
    fn made(&mut self) -> &mut Self::Made;
}

/// How many parts a worker of [`Workers::run_rounds`] may have made and not yet seen taken,
/// besides the one it is making: each holds its records, and one is enough to keep the
/// threads apart (`gan detect` at `-j 2` took the same CPU time with 1, 2 and 4, and 2 and 4
/// held 5–6% and 19% more memory at `-j 8`).
pub const AHEAD: usize = 1;

/// A worker of [`Workers::run_rounds`] other than the first: on a thread of its own, with
/// the channels of what it made and of what is handed back to it, or on this thread when no
/// thread could be made.
enum Lane<W: Handing> {
    Thread {
        made: std::sync::mpsc::Receiver<W::Made>,
        spare_to: std::sync::mpsc::Sender<W::Made>,
    },
    Here(W),
}

/// A worker waiting for its thread to take it ([`take`]), or for this thread when none could
/// be made.
type Slot<W> = std::sync::Mutex<Option<W>>;

/// The worker of `slot`, which is taken once.
fn take<W>(slot: &Slot<W>) -> W {
    slot.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
        .expect("each worker is taken once")
}

/// One [`Worker`] per thread.
#[derive(Debug)]
pub struct Workers<W> {
    workers: Vec<W>,
}

impl<W: Worker> Workers<W> {
    /// `jobs` workers (at least one), each made by `make`.
    pub fn new(jobs: usize, make: impl FnMut() -> W) -> Workers<W> {
        Workers {
            workers: std::iter::repeat_with(make).take(jobs.max(1)).collect(),
        }
    }

    /// Cuts `block` into at most one part per worker (fewer for a small block: see
    /// [`Block::split`]), has each part worked through by its worker (the first on this
    /// thread, the others on threads of their own, each with its worker on its own stack) and
    /// returns the workers that worked, in input order.
    ///
    /// # Panics
    ///
    /// When a worker panics: its panic is resumed on this thread.
    pub fn run(&mut self, block: &Block<'_>) -> &mut [W] {
        let parts = block.split(self.workers.len());
        if let [part] = parts.as_slice() {
            self.workers[0].work(part);
            return &mut self.workers[..1];
        }
        // Each worker moves to the stack of its thread and back: workers side by side in one
        // vector would share cache lines that every input writes to. A thread that cannot be
        // made (process or thread limits) leaves its worker in its slot: this thread does
        // that part after its own.
        let slots = self.slots(parts.len());
        let done = std::thread::scope(|scope| {
            let handles: Vec<_> = parts[1..]
                .iter()
                .zip(&slots[1..])
                .map(|(part, slot)| {
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            let mut worker = take(slot);
                            worker.work(part);
                            worker
                        })
                        .ok()
                })
                .collect();
            let mut first = take(&slots[0]);
            first.work(&parts[0]);
            let mut done = Vec::with_capacity(parts.len());
            done.push(first);
            for ((handle, part), slot) in handles.into_iter().zip(&parts[1..]).zip(&slots[1..]) {
                let worker = if let Some(handle) = handle {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                } else {
                    let mut worker = take(slot);
                    worker.work(part);
                    worker
                };
                done.push(worker);
            }
            done
        });
        let used = done.len();
        self.workers.splice(..0, done);
        &mut self.workers[..used]
    }

    /// Works through `block` in rounds of at most `inputs` inputs, each round cut into at most
    /// one part per worker (see [`Block::split`]), and hands what each part made to `each`,
    /// on this thread and in input order. The workers' threads are started once for the
    /// block and go on to their next round's part while `each` uses the last ones' output,
    /// at most [`AHEAD`] parts ahead each, so that short rounds (whose output is still in
    /// the cache when `each` takes it) cost no start of threads. What `each` had is handed
    /// back to the worker that made it, for its buffers.
    ///
    /// The first error of `each` stops the work and is returned; the workers stay whole.
    ///
    /// # Panics
    ///
    /// When a worker panics: its panic is resumed on this thread.
    pub fn run_rounds<E>(
        &mut self,
        block: &Block<'_>,
        inputs: usize,
        mut each: impl FnMut(&mut W::Made) -> Result<(), E>,
    ) -> Result<(), E>
    where
        W: Handing,
    {
        let jobs = self.workers.len();
        let rounds: Vec<Vec<Block<'_>>> = block.rounds(inputs).map(|r| r.split(jobs)).collect();
        let lanes = rounds.iter().map(Vec::len).max().unwrap_or(0);
        if lanes <= 1 {
            let worker = &mut self.workers[0];
            for part in rounds.iter().flatten() {
                worker.work(part);
                each(worker.made())?;
            }
            return Ok(());
        }
        // As in `run`, each worker moves to the stack of its thread, and one whose thread
        // cannot be made stays in its slot for this thread to work with.
        let slots = self.slots(lanes);
        let rounds = &rounds;
        let (result, done) = std::thread::scope(|scope| {
            let mut lanes: Vec<Lane<W>> = Vec::with_capacity(lanes);
            let mut handles = Vec::with_capacity(lanes.capacity());
            for (lane, slot) in slots.iter().enumerate().skip(1) {
                let (made_to, made) = std::sync::mpsc::sync_channel::<W::Made>(AHEAD);
                let (spare_to, spare) = std::sync::mpsc::channel::<W::Made>();
                let handle = std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        let mut worker = take(slot);
                        for part in rounds.iter().filter_map(|round| round.get(lane)) {
                            worker.work(part);
                            // Handed over before a spare is looked for, so that a new one is
                            // made only when every other is in use.
                            if made_to.send(std::mem::take(worker.made())).is_err() {
                                break;
                            }
                            if let Ok(spare) = spare.try_recv() {
                                *worker.made() = spare;
                            }
                        }
                        worker
                    })
                    .ok();
                lanes.push(match handle {
                    Some(_) => Lane::Thread { made, spare_to },
                    None => Lane::Here(take(slot)),
                });
                handles.push(handle);
            }
            let mut first = take(&slots[0]);
            let mut result = Ok(());
            'rounds: for round in rounds {
                for (lane, part) in round.iter().enumerate() {
                    let used = match lane.checked_sub(1).map(|lane| &mut lanes[lane]) {
                        None => {
                            first.work(part);
                            each(first.made())
                        }
                        Some(Lane::Here(worker)) => {
                            worker.work(part);
                            each(worker.made())
                        }
                        Some(Lane::Thread { made, spare_to }) => {
                            // A worker that stopped early panicked: its join says why.
                            let Ok(mut made) = made.recv() else {
                                break 'rounds;
                            };
                            let used = each(&mut made);
                            // A worker done with its parts takes no more spares.
                            let _ = spare_to.send(made);
                            used
                        }
                    };
                    if let Err(error) = used {
                        result = Err(error);
                        break 'rounds;
                    }
                }
            }
            // Workers blocked on a full channel stop when their receiver goes.
            let mut here: Vec<Option<W>> = lanes
                .into_iter()
                .map(|lane| match lane {
                    Lane::Thread { .. } => None,
                    Lane::Here(worker) => Some(worker),
                })
                .collect();
            let mut done = Vec::with_capacity(slots.len());
            done.push(first);
            for (handle, here) in handles.into_iter().zip(&mut here) {
                done.push(match handle {
                    Some(handle) => handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    None => here.take().expect("a worker without a thread stays here"),
                });
            }
            (result, done)
        });
        self.workers.splice(..0, done);
        result
    }

    /// The first `n` workers, moved out into slots that their threads take them from.
    fn slots(&mut self, n: usize) -> Vec<Slot<W>> {
        self.workers
            .drain(..n)
            .map(|worker| std::sync::Mutex::new(Some(worker)))
            .collect()
    }

    /// Every worker, those that had no part of the last block too.
    pub fn all_mut(&mut self) -> &mut [W] {
        &mut self.workers
    }
}

/// The number of threads (or processes) when `-j` is not given: the number of cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, NonZero::get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{Blocks, Framing};

    /// Keeps the numbers of the lines of its last part, and how many parts it has had.
    #[derive(Default)]
    struct Numbers {
        last: Vec<u64>,
        parts: usize,
    }

    impl Worker for Numbers {
        fn work(&mut self, part: &Block<'_>) {
            self.last = part.lines().map(|line| line.number).collect();
            self.parts += 1;
        }
    }

    #[test]
    fn workers_come_back_in_input_order_and_keep_their_state() {
        let input = "C:K\n".repeat(1000);
        let mut blocks = Blocks::with_capacity(input.as_bytes(), Framing::Lines, 16, 1000);
        let mut workers = Workers::new(3, Numbers::default);
        let (mut seen, mut blocks_read) = (Vec::new(), 0);
        while let Some(block) = blocks.next_block().unwrap() {
            let done = workers.run(&block);
            assert_eq!(done.len(), 3, "a block of 250 lines is cut in three");
            seen.extend(done.iter().flat_map(|worker| worker.last.iter().copied()));
            blocks_read += 1;
        }
        assert_eq!(seen, (1..=1000).collect::<Vec<u64>>());
        let parts: Vec<usize> = workers.all_mut().iter().map(|w| w.parts).collect();
        assert_eq!(parts, [blocks_read; 3]);
    }

    #[test]
    fn a_small_block_is_one_part_on_the_first_worker() {
        let mut blocks = Blocks::new(&b"C:K\nc:k\n"[..], Framing::Lines, 16);
        let mut workers = Workers::new(5, Numbers::default);
        let block = blocks.next_block().unwrap().unwrap();
        let done = workers.run(&block);
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].last, [1, 2]);
        assert_eq!(workers.all_mut()[1].parts, 0);
    }

    /// The line numbers of its last part, in a buffer handed back for reuse.
    #[derive(Default)]
    struct Handed {
        made: Vec<u64>,
        parts: usize,
    }

    impl Worker for Handed {
        fn work(&mut self, part: &Block<'_>) {
            self.made.clear();
            self.made.extend(part.lines().map(|line| line.number));
            self.parts += 1;
        }
    }

    impl Handing for Handed {
        type Made = Vec<u64>;

        fn made(&mut self) -> &mut Vec<u64> {
            &mut self.made
        }
    }

    /// Runs `jobs` [`Handed`] workers over `lines` lines in blocks of about `block` bytes and
    /// rounds of `inputs`, and returns the numbers `each` saw, the parts it saw, and the most
    /// distinct buffers that came to it in one block (a thread's spares go with it).
    fn handed(jobs: usize, lines: usize, block: usize, inputs: usize) -> (Vec<u64>, usize, usize) {
        let input = "C:K\n".repeat(lines);
        let mut blocks = Blocks::with_capacity(input.as_bytes(), Framing::Lines, 16, block);
        let mut workers = Workers::new(jobs, Handed::default);
        let (mut seen, mut parts, mut most) = (Vec::new(), 0, 0);
        while let Some(block) = blocks.next_block().unwrap() {
            let mut buffers = std::collections::HashSet::new();
            workers
                .run_rounds(&block, inputs, |made| {
                    seen.extend_from_slice(made);
                    parts += 1;
                    buffers.insert(made.as_ptr() as usize);
                    Ok::<(), ()>(())
                })
                .unwrap();
            most = most.max(buffers.len());
        }
        let worked: usize = workers.all_mut().iter().map(|worker| worker.parts).sum();
        assert_eq!(worked, parts, "each part made is handed over once");
        (seen, parts, most)
    }

    #[test]
    fn rounds_come_in_input_order_on_one_thread_and_several() {
        for jobs in [1, 2, 3, 8] {
            let (seen, parts, buffers) = handed(jobs, 1000, 1000, 7);
            assert_eq!(seen, (1..=1000).collect::<Vec<u64>>(), "-j {jobs}");
            // Blocks of 250 lines, rounds of 7, each of at most `jobs` parts.
            assert!((1000 / 7..=1000).contains(&parts), "-j {jobs}: {parts}");
            if jobs == 1 {
                assert_eq!(buffers, 1, "one thread works in one buffer");
            } else {
                // Each thread's buffers come back to it: the first thread's one, and at most
                // `AHEAD` in the channel, one being made and one being used for each other.
                assert!(
                    buffers <= 1 + (jobs - 1) * (AHEAD + 2),
                    "-j {jobs}: {buffers}"
                );
            }
        }
    }

    #[test]
    fn a_last_round_shorter_than_the_threads_leaves_some_idle() {
        // 250 lines in rounds of 100: the last round is 50 lines; 3 lines are cut in 3 parts,
        // fewer than the threads.
        let (seen, ..) = handed(4, 250, 1 << 20, 100);
        assert_eq!(seen, (1..=250).collect::<Vec<u64>>());
        let (seen, parts, _) = handed(4, 3, 1 << 20, 100);
        assert_eq!((seen, parts), (vec![1, 2, 3], 3));
    }

    #[test]
    fn the_first_error_of_each_stops_the_block_and_the_workers_stay() {
        let input = "C:K\n".repeat(1000);
        let mut blocks = Blocks::with_capacity(input.as_bytes(), Framing::Lines, 16, 1 << 20);
        let block = blocks.next_block().unwrap().unwrap();
        let mut workers = Workers::new(3, Handed::default);
        let mut seen = Vec::new();
        let stopped = workers.run_rounds(&block, 10, |made| {
            seen.extend_from_slice(made);
            if seen.len() >= 25 {
                return Err(seen.len());
            }
            Ok(())
        });
        // Parts of 4, 3 and 3 lines: the error comes with the third round's second part.
        assert_eq!(stopped, Err(27));
        assert_eq!(seen, (1..=27).collect::<Vec<u64>>());
        assert_eq!(workers.all_mut().len(), 3);
        let mut again = Vec::new();
        workers
            .run_rounds(&block, 10, |made| {
                again.extend_from_slice(made);
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(again, (1..=1000).collect::<Vec<u64>>());
    }

    #[test]
    #[should_panic(expected = "part 2 of a round")]
    fn a_worker_panic_in_rounds_reaches_the_caller() {
        struct Fails(Vec<u64>);
        impl Worker for Fails {
            fn work(&mut self, part: &Block<'_>) {
                let first = part.lines().next().map_or(0, |line| line.number);
                assert!(first < 500 || first % 10 == 1, "part 2 of a round fails");
            }
        }
        impl Handing for Fails {
            type Made = Vec<u64>;
            fn made(&mut self) -> &mut Vec<u64> {
                &mut self.0
            }
        }
        let input = "C:K\n".repeat(1000);
        let mut blocks = Blocks::new(input.as_bytes(), Framing::Lines, 16);
        let block = blocks.next_block().unwrap().unwrap();
        let _ = Workers::new(2, || Fails(Vec::new())).run_rounds(&block, 10, |_| Ok::<(), ()>(()));
    }

    #[test]
    #[should_panic(expected = "part 2")]
    fn a_worker_panic_reaches_the_caller() {
        struct Fails;
        impl Worker for Fails {
            fn work(&mut self, part: &Block<'_>) {
                let first = part.lines().next().map_or(0, |line| line.number);
                assert!(first == 1, "part 2 fails");
            }
        }
        let input = "C:K\n".repeat(100);
        let mut blocks = Blocks::new(input.as_bytes(), Framing::Lines, 16);
        let block = blocks.next_block().unwrap().unwrap();
        Workers::new(2, || Fails).run(&block);
    }
}

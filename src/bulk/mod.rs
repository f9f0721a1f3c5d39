//! Bulk work over a stream of inputs, the engine of `gan parse -j` and `gan migrate -j`: the
//! stream is read in large [`Block`]s of whole inputs ([`Blocks`]), each block is cut into one
//! part per thread, and each part is worked through by a [`Worker`] that keeps its state
//! (caches, output buffers) from block to block. The workers come back in input order, so
//! that what they made is written as one thread would have written it.
//!
//! The caller drives the loop: it reads the next block, runs the [`Workers`] on it, and uses
//! what each made, in order; it alone decides when to stop (a failure under `--fail-fast`) and
//! what a closed output changes.
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
        let slots: Vec<std::sync::Mutex<Option<W>>> = self
            .workers
            .drain(..parts.len())
            .map(|worker| std::sync::Mutex::new(Some(worker)))
            .collect();
        let take = |slot: &std::sync::Mutex<Option<W>>| {
            slot.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take()
                .expect("each worker is taken once")
        };
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

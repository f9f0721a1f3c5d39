//! Batch conversion: a bounded cache of conversions of repeated inputs ([`Memo`]) and the
//! counts of a run ([`Summary`], with read = converted + rejected, always: M7).
//!
//! Real files repeat a small vocabulary, so most lines are answered from the cache. Memory
//! stays flat whatever the input: the cache holds at most two generations of `capacity`
//! entries, each at most `max_key` bytes of input; when the current generation is full, the
//! older one is dropped (an approximate LRU: an entry used in the last generation survives).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::records::{Line, Record};

use super::{Conversion, Converter};

/// The counts of a batch run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Inputs read.
    pub read: u64,
    /// Inputs converted (with or without warnings).
    pub converted: u64,
    /// Of the converted inputs, those with warnings.
    pub warned: u64,
    /// Inputs rejected.
    pub rejected: u64,
}

impl Summary {
    /// Counts one conversion.
    pub fn count(&mut self, conversion: &Conversion) {
        self.read += 1;
        if conversion.is_converted() {
            self.converted += 1;
            if !conversion.diagnostics().is_empty() {
                self.warned += 1;
            }
        } else {
            self.rejected += 1;
        }
    }
}

/// A [`Converter`] with a bounded cache of its conversions.
#[derive(Debug)]
pub struct Memo {
    converter: Converter,
    limit: usize,
    capacity: usize,
    max_key: usize,
    current: Generation,
    previous: Generation,
}

type Generation = HashMap<Box<[u8]>, Arc<Conversion>, BuildHasherDefault<Fnv>>;

/// An empty generation with room for `capacity` entries (no rehashing while it fills).
fn generation(capacity: usize) -> Generation {
    Generation::with_capacity_and_hasher(capacity, BuildHasherDefault::default())
}

impl Memo {
    /// Entries per generation by default.
    pub const DEFAULT_CAPACITY: usize = 1 << 14;
    /// Inputs longer than this many bytes are converted but not cached, by default.
    pub const DEFAULT_MAX_KEY: usize = 256;

    /// Caches the conversions of `converter` for records read under the length limit `limit`.
    pub fn new(converter: Converter, limit: usize) -> Memo {
        Memo::with_capacity(
            converter,
            limit,
            Memo::DEFAULT_CAPACITY,
            Memo::DEFAULT_MAX_KEY,
        )
    }

    /// As [`new`](Self::new), with `capacity` entries per generation (two generations at most)
    /// and inputs of at most `max_key` bytes cached.
    pub fn with_capacity(
        converter: Converter,
        limit: usize,
        capacity: usize,
        max_key: usize,
    ) -> Memo {
        let capacity = capacity.max(1);
        Memo {
            converter,
            limit,
            capacity,
            max_key,
            current: generation(capacity),
            previous: Generation::default(),
        }
    }

    /// The converter.
    pub fn converter(&self) -> &Converter {
        &self.converter
    }

    /// The conversion of `record`, from the cache when the same input was seen recently.
    pub fn convert(&mut self, record: &Record) -> Arc<Conversion> {
        self.convert_line(record.line())
    }

    /// [`convert`](Self::convert) of a borrowed input.
    pub fn convert_line(&mut self, line: Line<'_>) -> Arc<Conversion> {
        let key = line.bytes;
        if line.is_truncated() {
            return Arc::new(self.converter.convert_record(&line.to_record(), self.limit));
        }
        if key.len() > self.max_key {
            return Arc::new(self.converter.convert(key));
        }
        if let Some(hit) = self.current.get(key) {
            return Arc::clone(hit);
        }
        let conversion = match self.previous.remove(key) {
            Some(hit) => hit,
            None => Arc::new(self.converter.convert(key)),
        };
        if self.current.len() >= self.capacity {
            self.previous = std::mem::replace(&mut self.current, generation(self.capacity));
        }
        self.current.insert(key.into(), Arc::clone(&conversion));
        conversion
    }

    /// How many conversions the cache holds now (at most twice the capacity).
    pub fn cached(&self) -> usize {
        self.current.len() + self.previous.len()
    }
}

/// FNV-1a: fast on the short keys identifiers are, and the cache's keys are not attacker-chosen
/// in a way that matters (a collision costs time, never a wrong answer).
#[derive(Debug, Clone, Copy)]
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

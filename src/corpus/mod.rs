//! The conformance corpus: its file format (a public API, versioned by `format`) and, later,
//! the grammar-driven generator.

pub mod format;

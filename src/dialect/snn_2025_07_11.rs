//! Notation `snn-2025-07-11`: SNN, the edition of 11 July 2025, `[A-Z][a-z0-9]*` (`Chess960`): no side.
//!
//! Grammar: `grammar/snn-2025-07-11.pest` (docs/specs.md, `snn-1.0.0`).

super::style_name::style_name! {
    /// An `snn-2025-07-11` style name.
    name: "snn-2025-07-11",
    grammar: snn_2025_07_11,
    sided: false,
}

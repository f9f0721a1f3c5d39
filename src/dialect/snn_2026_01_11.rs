//! Notation `snn-2026-01-11`: SNN, the newest edition, `[A-Z][A-Za-z]*[0-9]*` (`Chess960`, `CHESS`): no side.
//!
//! Grammar: `grammar/snn-2026-01-11.pest` (docs/specs.md, `snn-1.0.0`).

super::style_name::style_name! {
    /// An `snn-2026-01-11` style name.
    name: "snn-2026-01-11",
    grammar: snn_2026_01_11,
    sided: false,
}

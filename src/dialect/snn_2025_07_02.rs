//! Notation `snn-2025-07-02`: SNN, the edition of 2 July 2025, `[A-Z][A-Z0-9]*` in one case (`CHESS960`, `shogi`): the case is the side.
//!
//! Grammar: `grammar/snn-2025-07-02.pest` (docs/specs.md, `snn-1.0.0`).

super::style_name::style_name! {
    /// An `snn-2025-07-02` style name.
    name: "snn-2025-07-02",
    grammar: snn_2025_07_02,
    sided: true,
}

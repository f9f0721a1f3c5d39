//! Notation `snn-2025-10-09`: SNN, the edition of 9 October 2025, `[A-Z]+` in one case (`CHESS`, `shogi`): the case is the side.
//!
//! Grammar: `grammar/snn-2025-10-09.pest` (docs/specs.md, `snn-1.0.0`).

super::style_name::style_name! {
    /// An `snn-2025-10-09` style name.
    name: "snn-2025-10-09",
    grammar: snn_2025_10_09,
    sided: true,
}

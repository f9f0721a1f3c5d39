//! Dialect `qpi`: QPI, `<letter>:[+-]<letter>` (`C:K`, `s:+r`).
//!
//! Grammar: `grammar/qpi.pest`, from the "Format Specification" of `qpi-ruby-readme.txt`.

super::style_pin::style_pin! {
    /// A `qpi` identifier: a style letter (SIN), `:`, an optional state prefix and one letter,
    /// all letters in one case.
    name: "qpi",
    grammar: qpi,
    entry: qpi,
    uppercase: uppercase_qpi,
    state: state_modifier,
}

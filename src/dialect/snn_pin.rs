//! Dialect `snn-pin`: GAN 1.0.0 as SNN:PIN, `<style>:[+-]<letter>` (`CHESS960:K`, `shogi:+p`).
//!
//! Grammar: `grammar/snn-pin.pest`, from `gan-1.0.0-snn-pin.txt`.

super::style_pin::style_pin! {
    /// A `snn-pin` identifier: a style (a letter, then letters or digits), `:`, an optional
    /// state prefix and one letter, all letters in one case.
    name: "snn-pin",
    grammar: snn_pin,
    entry: gan,
    uppercase: uppercase_gan,
    state: state_modifier,
}

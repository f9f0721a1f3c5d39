//! The generator's only source of randomness: `SplitMix64`'s finalizer, used as a counter-based
//! PRNG over (seed, derivation site). The same seed gives the same corpus on every platform
//! and Rust version.

/// `SplitMix64`'s finalizer: a well-mixed 64-bit hash of `value`.
pub(crate) fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

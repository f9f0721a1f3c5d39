//! Inputs that are not UTF-8, as the vector files write them: lowercase hex digits in pairs.

/// Bytes from lowercase or uppercase hex; an odd or invalid digit ends the decoding.
pub fn decode_hex(hex: &str) -> Vec<u8> {
    hex.as_bytes()
        .chunks_exact(2)
        .map_while(|pair| {
            // `from_str_radix` alone would take a sign: `+f` is not hex.
            let digit = |byte: u8| char::from(byte).to_digit(16);
            let value = digit(pair[0])? * 16 + digit(pair[1])?;
            u8::try_from(value).ok()
        })
        .collect()
}

/// Whether `hex` is pairs of lowercase hex digits (`at_least_one`: one pair or more).
pub fn is_hex(hex: &str, at_least_one: bool) -> bool {
    hex.len().is_multiple_of(2)
        && (!at_least_one || !hex.is_empty())
        && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The bytes of an input given as `text` or, when it is not UTF-8, as `hex` (none: empty).
pub(crate) fn input_bytes(text: Option<&String>, hex: Option<&String>) -> Vec<u8> {
    match (text, hex) {
        (Some(text), _) => text.as_bytes().to_vec(),
        (None, Some(hex)) => decode_hex(hex),
        (None, None) => Vec::new(),
    }
}

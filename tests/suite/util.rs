//! One-line test helpers, after semver's `parse_ok` / `parse_err`.

use gan::oracle::{Expectation, Oracle};
use gan::{ActorFields, Dialect};

/// What the library says of `input`, in the oracle's terms.
pub fn library(dialect: Dialect, input: &[u8]) -> Expectation {
    match dialect.parse(input) {
        Ok(actor) => Expectation::Valid(actor.fields()),
        Err(error) => Expectation::Invalid {
            code: error.code(),
            offset: error.offset(),
            hint: error.hint().map(str::to_owned),
        },
    }
}

/// Asserts that the grammar and the oracle agree on `input`: verdict, actor, code, offset, hint.
#[track_caller]
pub fn assert_agree(oracle: &Oracle, dialect: Dialect, input: &[u8]) {
    let expected = oracle.expect(input);
    let got = library(dialect, input);
    assert_eq!(
        got,
        expected,
        "{dialect} disagrees with its oracle on {:?}",
        String::from_utf8_lossy(input)
    );
}

/// Parses `input` in `dialect`, which must be valid; returns its fields.
#[track_caller]
pub fn parse_ok(dialect: Dialect, input: &str) -> ActorFields {
    match dialect.parse(input.as_bytes()) {
        Ok(actor) => {
            assert_eq!(
                actor.to_string(),
                input,
                "Display must print the input (D9)"
            );
            actor.fields()
        }
        Err(error) => panic!("{dialect}: {input:?} should be valid, got {error}"),
    }
}

/// Parses `input` in `dialect`, which must be invalid with this code and offset.
#[track_caller]
pub fn parse_err(dialect: Dialect, input: &str, code: &str, offset: usize) -> gan::ParseError {
    match dialect.parse(input.as_bytes()) {
        Ok(actor) => panic!("{dialect}: {input:?} should be invalid, parsed as {actor:?}"),
        Err(error) => {
            assert_eq!(
                (error.code(), error.offset()),
                (code, offset),
                "{dialect}: {input:?}: {error}"
            );
            error
        }
    }
}

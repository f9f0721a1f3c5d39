//! One trial per committed corpus vector, named by its id (`cargo test --test conformance --
//! snn-pin/invalid` filters): the library must give each vector's verdict, actor, canonical
//! form (which parses back to the same actor), error code and offset, the same through the
//! fast path and through pest (the reference); and each string of
//! `cross-dialect.json` must get exactly the record `gan detect --format json` prints.

use std::path::Path;

use gan::corpus;
use gan::output::DetectRecord;
use gan::records::Record;
use gan::suite::gan::format::{CrossFile, Vector};
use gan::Dialect;
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let mut trials = Vec::new();
    let files = corpus::load_dir(&root).unwrap_or_else(|error| panic!("{error}"));
    for file in files {
        let dialect: Dialect = file.dialect.parse().expect("load_dir checks the dialect");
        for vector in file.vectors {
            trials.push(Trial::test(vector.id.clone(), move || {
                check_vector(dialect, &vector)
            }));
        }
    }
    let cross = root.join("cross-dialect.json");
    let text =
        std::fs::read_to_string(&cross).unwrap_or_else(|e| panic!("{}: {e}", cross.display()));
    let cross: CrossFile =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", cross.display()));
    for vector in cross.vectors {
        trials.push(Trial::test(vector.id.clone(), move || {
            let bytes = vector.detect.input_hex.as_deref().map_or_else(
                || vector.detect.input.as_bytes().to_vec(),
                gan::suite::common::decode_hex,
            );
            let len = bytes.len() as u64;
            let got = DetectRecord::new(
                &Record {
                    number: 1,
                    bytes,
                    len,
                },
                1 << 20,
            );
            compare("detect record", &got, &vector.detect)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The library against one vector, through both paths: the fast path compiled from the
/// grammar and pest (the reference) must give the same result, message and hint included.
fn check_vector(dialect: Dialect, vector: &Vector) -> Result<(), Failed> {
    let input = vector.bytes();
    let parsed = dialect.parse(&input);
    compare(
        "fast path against pest",
        &parsed,
        &dialect.parse_reference(&input, gan::Limits::NONE),
    )?;
    match (parsed, vector.valid) {
        (Ok(actor), true) => {
            compare("actor", &Some(actor.fields()), &vector.actor)?;
            let canonical = actor.to_string();
            compare(
                "canonical form",
                &Some(canonical.clone()),
                &vector.canonical,
            )?;
            compare(
                "canonical form (D9: the input itself)",
                &canonical.as_bytes(),
                &input.as_slice(),
            )?;
            let again = dialect
                .parse(canonical.as_bytes())
                .map_err(|e| format!("the canonical form does not parse: {e}"))?;
            compare(
                "actor of the canonical form",
                &again.fields(),
                &actor.fields(),
            )
        }
        (Err(error), false) => {
            let expected = vector
                .error
                .as_ref()
                .ok_or("an invalid vector without an error")?;
            compare("error code", &error.code(), &expected.code.as_str())?;
            compare("error offset", &error.offset(), &expected.offset)
        }
        (Ok(actor), false) => {
            Err(format!("expected invalid {:?}, parsed as {actor}", vector.error).into())
        }
        (Err(error), true) => Err(format!(
            "expected valid, got {} at byte {}: {error}",
            error.code(),
            error.offset()
        )
        .into()),
    }
}

fn compare<T: PartialEq + std::fmt::Debug>(
    what: &str,
    got: &T,
    expected: &T,
) -> Result<(), Failed> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, expected {expected:?}").into())
    }
}

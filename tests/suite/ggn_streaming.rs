//! Memory: `ggn::validate`, `ggn::diagnose` and `migrate --ggn` read the top-level object one
//! member at a time. They must say exactly what the whole-tree path
//! (`reader::read` then `validate_node`) says, and migrate's text must be what
//! `serde_json::to_string_pretty` writes of the whole tree.

use gan::convert::ggn::migrate_document;
use gan::convert::{Converter, Intermediate, Options as ConvertOptions};
use gan::ggn::reader::{self, Limits};
use gan::ggn::{
    diagnose, diagnose_to, validate, validate_node, Diagnostic, Options, Sink, Summary,
};
use gan::suite::ggn::generate::validation_file;
use gan::suite::migrate_ggn::generate::migrate_ggn_file;
use gan::Dialect;

/// What the whole-tree path says of `input`: the diagnostics and, when valid, the pieces
/// and the number of variants.
fn whole(input: &[u8], options: &Options) -> (Vec<Diagnostic>, Option<(Vec<String>, usize)>) {
    match reader::read(input, &options.limits) {
        Err(error) => (vec![error.to_diagnostic()], None),
        Ok(root) => {
            let validation = validate_node(&root, options);
            let model = validation.document().map(|d| {
                let pieces = d.pieces().into_iter().map(str::to_owned).collect();
                (pieces, d.variant_count())
            });
            (validation.diagnostics().to_vec(), model)
        }
    }
}

fn streamed(input: &[u8], options: &Options) -> (Vec<Diagnostic>, Option<(Vec<String>, usize)>) {
    let validation = validate(input, options);
    let model = validation.document().map(|d| {
        let pieces = d.pieces().into_iter().map(str::to_owned).collect();
        (pieces, d.variant_count())
    });
    assert_eq!(
        diagnose(input, options),
        validation.diagnostics(),
        "diagnose differs from validate"
    );
    let mut counted = Counted::default();
    diagnose_to(input, options, &mut counted);
    let errors = counted.diagnostics.iter().filter(|d| d.is_error()).count();
    let summary = Summary {
        errors,
        warnings: counted.diagnostics.len() - errors,
    };
    assert_eq!(counted.summary, Some(summary), "diagnose_to's counts");
    (validation.diagnostics().to_vec(), model)
}

/// Hand-written documents where member-by-member reading could go wrong: duplicate keys at
/// the top level (reported before the pieces' problems), `$schema` twice, an empty object,
/// not an object, a syntax error or a depth error after some pieces were checked; and the
/// same inside a piece, whose sources are checked one at a time (duplicate squares and an
/// empty piece reported before the sources' problems, a bad piece key first).
const CASES: [&str; 16] = [
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}},
        "B:k": 3, "A:K": {}, "$schema": "x", "$schema": 4, "bad!": {}}"#,
    r#"{"$schema": "https://example.org/ggn.json"}"#,
    "{}",
    "[]",
    r#""A:K""#,
    "null",
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}}, "B:K": 1,"#,
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}}, "B:K": [[[[[[[[]]]]]]]]}"#,
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}}} x"#,
    "{\"A:\\u004b\": {\"a\\n1\": {\"a2\": [{\"perform\": {\"a\\n1\": null, \"a2\": \"A:K\"}}]}}}",
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}, {"perform": {"a1": null, "a2": "A:K"}}]}}, "A:K": 1}"#,
    r#"{"b!": {"a1": {"a2": [{"perform": {"a1": null, "a2": "x!"}}]}, "": 1, "a1": {}, "*": [], "a1": {"a3": []}}}"#,
    r#"{"A:K": {}, "B:K": {"a1": 3}, "A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}}}"#,
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}, "a3": {"a4": [1]}, "a5": "#,
    r#"{"A:K": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:K"}}]}, "a3": {"a4": [[[[[]]]]]}}}"#,
    r#"{"x": [], "A:K": {"a1": [], "a2": {}, "a1": 1, "a2": []}, "x": 2, "B:K": {"b": 1, "b": 2}, "C:K": {}, "x": {}}"#,
];

/// Counts what [`diagnose_to`] hands over, checking that the counts come first.
#[derive(Default)]
struct Counted {
    summary: Option<Summary>,
    diagnostics: Vec<Diagnostic>,
}

impl Sink for Counted {
    fn begin(&mut self, summary: Summary) {
        assert!(self.summary.is_none() && self.diagnostics.is_empty());
        self.summary = Some(summary);
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        assert!(self.summary.is_some(), "a diagnostic before the counts");
        self.diagnostics.push(diagnostic);
    }
}

#[test]
fn member_by_member_validation_says_what_the_whole_tree_says() {
    let mut options = Options::in_dialect(Dialect::SnnPin);
    options.limits.max_depth = 6;
    for case in CASES {
        for strict in [false, true] {
            options.strict = strict;
            let input = case.as_bytes();
            assert_eq!(streamed(input, &options), whole(input, &options), "{case}");
        }
    }
    // The first case has duplicates and piece errors: the duplicate comes first.
    let diagnostics = diagnose(CASES[0].as_bytes(), &Options::default());
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes.first(), Some(&"duplicate-key"), "{codes:?}");
    assert!(codes.len() > 3, "{codes:?}");
}

#[test]
fn every_validation_vector_reads_the_same_member_by_member() {
    for vector in &validation_file().vectors {
        let mut options = Options {
            squares: vector.squares.as_ref().map(|s| s.iter().cloned().collect()),
            strict: vector.strict,
            ..Options::in_dialect(vector.dialect.parse().unwrap())
        };
        options.limits = Limits::default();
        let input = match (&vector.document_text, &vector.document_hex) {
            (Some(text), _) => text.as_bytes().to_vec(),
            (None, Some(hex)) => gan::suite::common::decode_hex(hex),
            (None, None) => continue,
        };
        assert_eq!(
            streamed(&input, &options),
            whole(&input, &options),
            "{}",
            vector.id
        );
    }
}

/// Migrated text is written member by member: it must be a fixed point of pretty printing
/// the whole tree (2-space indent, final newline), on every vector that converts and on
/// keys and values that need escapes.
#[test]
fn migrated_text_is_what_pretty_printing_the_whole_tree_writes() {
    let limits = Limits::default();
    let mut passed = 0;
    for vector in &migrate_ggn_file().vectors {
        let options = ConvertOptions {
            intermediate: vector.options.intermediate.parse::<Intermediate>().unwrap(),
            strict: vector.options.strict,
            ..ConvertOptions::default()
        };
        let converter = Converter::new(
            vector.from.parse().unwrap(),
            vector.to.parse().unwrap(),
            options,
        );
        let migration = migrate_document(vector.document_text.as_bytes(), &converter, &limits);
        if let Some(text) = migration.output() {
            let tree = reader::read(text.as_bytes(), &limits).unwrap();
            let pretty = serde_json::to_string_pretty(&tree).unwrap() + "\n";
            assert_eq!(text, pretty, "{}", vector.id);
            passed += 1;
        }
    }
    assert!(passed >= 5, "only {passed} vectors converted");
    // Several pieces of several sources, "$schema" between them: written source by source.
    let converter = Converter::new(Dialect::Legacy, Dialect::SnnPin, ConvertOptions::default());
    let input = r#"{"CHESS:KING": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:KING"}}],
        "d1": [{"require": {"d1": "empty"}, "perform": {"e1": null, "d1": "CHESS:KING"}}]},
        "e2": {"e3": [{"perform": {"e2": null, "e3": "CHESS:KING"}}]}}, "$schema": "s",
        "chess:rook": {"a8": {"a7": [{"prevent": {"a7": "CHESS:KING"}, "perform": {"a8": null, "a7": "chess:rook"}}]}}}"#;
    let text = migrate_document(input.as_bytes(), &converter, &limits)
        .output()
        .unwrap()
        .to_owned();
    let tree = reader::read(text.as_bytes(), &limits).unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&tree).unwrap() + "\n");
    assert!(text.contains("\n    },\n    \"e2\": {\n"), "{text}");
    let converter = Converter::new(Dialect::Legacy, Dialect::SnnPin, ConvertOptions::default());
    for (input, expected) in [
        ("{}", "{}\n"),
        (
            r#"{"$schema": "a\"b", "CHESS:KING": {"e\u00e91": {"e2": [{"perform": {"e\u00e91": null, "e2": "CHESS:KING"}}]}}}"#,
            "{\n  \"$schema\": \"a\\\"b\",\n  \"CHESS:K\": {\n    \"eé1\": {\n      \"e2\": [\n        \
             {\n          \"perform\": {\n            \"eé1\": null,\n            \"e2\": \"CHESS:K\"\n          \
             }\n        }\n      ]\n    }\n  }\n}\n",
        ),
    ] {
        let migration = migrate_document(input.as_bytes(), &converter, &limits);
        assert_eq!(migration.output(), Some(expected), "{input}");
    }
}

//! The GGN protocol (`conformance/PROTOCOL-ggn.md`): the reference adapter
//! `conformance/adapters/ggn_ref.py` answers every vector of the corpus right, errors and
//! warnings included; and the judge catches wrong answers.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use gan::suite::ggn::format::Expected;
use gan::suite::ggn::generate::{evaluation_file, validation_file};
use gan::suite::ggn::protocol::{
    judge_evaluation, judge_validation, parse_reply, Reply, ReplyMove, Request, Verdict,
};

/// Runs the adapter once over `requests` (written from another thread, as a runner keeps
/// requests in flight); returns one reply line per request.
fn run_adapter(requests: Vec<String>) -> Vec<String> {
    let adapter = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/adapters/ggn_ref.py"
    );
    let mut child = Command::new("python3")
        .arg(adapter)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for request in requests {
            writeln!(stdin, "{request}").unwrap();
        }
    });
    let replies: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    writer.join().unwrap();
    assert!(
        child.wait().unwrap().success(),
        "the adapter exits 0 at EOF"
    );
    replies
}

#[test]
fn the_reference_adapter_passes_every_vector() {
    let validation = validation_file().vectors;
    let evaluation = evaluation_file().vectors;
    let requests: Vec<String> = validation
        .iter()
        .map(Request::validate)
        .chain(evaluation.iter().map(Request::moves))
        .map(|r| r.to_line())
        .collect();
    let count = requests.len();
    let replies = run_adapter(requests);
    assert_eq!(replies.len(), count, "one reply per request");
    let mut failures = Vec::new();
    for (vector, line) in validation.iter().zip(&replies) {
        let verdict = parse_reply(line).map(|reply| judge_validation(vector, &reply, true));
        if verdict != Ok(Verdict::Pass) {
            failures.push(format!("{}: {verdict:?}", vector.id));
        }
    }
    for (vector, line) in evaluation.iter().zip(&replies[validation.len()..]) {
        let verdict = parse_reply(line).map(|reply| judge_evaluation(vector, &reply));
        if verdict != Ok(Verdict::Pass) {
            failures.push(format!("{}: {verdict:?}", vector.id));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn requests_carry_what_the_protocol_says() {
    let validation = validation_file().vectors;
    let hex = validation
        .iter()
        .find(|v| v.document_hex.is_some())
        .unwrap();
    let line = Request::validate(hex).to_line();
    assert!(
        line.starts_with(r#"{"kind":"validate","id":"ggn/invalid/utf8/"#),
        "{line}"
    );
    assert!(
        line.contains(r#""document_hex":"7b"#) && !line.contains("document_text"),
        "{line}"
    );
    let strict = validation.iter().find(|v| v.strict).unwrap();
    assert!(Request::validate(strict)
        .to_line()
        .contains(r#""strict":true"#));
    let squares = validation.iter().find(|v| v.squares.is_some()).unwrap();
    assert!(Request::validate(squares)
        .to_line()
        .contains(r#""squares":["#));
    let evaluation = evaluation_file().vectors;
    let line = Request::moves(&evaluation[0]).to_line();
    assert!(
        line.starts_with(r#"{"kind":"moves","id":"ggn/moves/"#),
        "{line}"
    );
    assert!(
        line.contains(r#""board":{"#) && line.contains(r#""query":{}"#),
        "{line}"
    );
    let back: Request = serde_json::from_str(&line).unwrap();
    assert_eq!(back, Request::moves(&evaluation[0]));
}

fn expected(code: &str, pointer: &str) -> Expected {
    Expected {
        code: code.to_owned(),
        pointer: pointer.to_owned(),
    }
}

#[test]
fn the_judge_of_validation() {
    let vectors = validation_file().vectors;
    let e8 = vectors
        .iter()
        .find(|v| v.id == "ggn/invalid/spec/e8")
        .unwrap();
    let right = Reply {
        id: Some(e8.id.clone()),
        valid: Some(false),
        errors: Some(vec![expected(
            "case-mismatch",
            "/CHESS:P/d5/e6/0/require/e5",
        )]),
        ..Reply::default()
    };
    assert_eq!(judge_validation(e8, &right, true), Verdict::Pass);
    let verdict_only = Reply {
        errors: None,
        ..right.clone()
    };
    assert_eq!(judge_validation(e8, &verdict_only, false), Verdict::Pass);
    assert!(matches!(
        judge_validation(e8, &verdict_only, true),
        Verdict::WrongError(_)
    ));
    let wrong_pointer = Reply {
        errors: Some(vec![expected("case-mismatch", "/CHESS:P/d5/e6/0/require")]),
        ..right.clone()
    };
    assert!(matches!(
        judge_validation(e8, &wrong_pointer, true),
        Verdict::WrongError(_)
    ));
    assert_eq!(judge_validation(e8, &wrong_pointer, false), Verdict::Pass);
    let extra_warning = Reply {
        warnings: Some(vec![expected("redundant", "")]),
        ..right.clone()
    };
    assert!(matches!(
        judge_validation(e8, &extra_warning, true),
        Verdict::WrongError(_)
    ));
    let accepted = Reply {
        valid: Some(true),
        ..right.clone()
    };
    assert!(matches!(
        judge_validation(e8, &accepted, false),
        Verdict::Fail(_)
    ));
    let other_id = Reply {
        id: Some("ggn/x".to_owned()),
        ..right.clone()
    };
    assert!(matches!(
        judge_validation(e8, &other_id, false),
        Verdict::Malformed(_)
    ));
    let no_verdict = Reply {
        valid: None,
        ..right
    };
    assert!(matches!(
        judge_validation(e8, &no_verdict, false),
        Verdict::Malformed(_)
    ));
}

#[test]
fn the_judge_of_evaluation() {
    let vectors = evaluation_file().vectors;
    let e4 = vectors
        .iter()
        .find(|v| v.id == "ggn/moves/spec/e4")
        .unwrap();
    let reply = |moves: Vec<ReplyMove>| Reply {
        id: Some(e4.id.clone()),
        valid: Some(true),
        moves: Some(moves),
        ..Reply::default()
    };
    let as_reply = |order: &[usize], null_source: bool| -> Vec<ReplyMove> {
        order
            .iter()
            .map(|&i| {
                let m = &e4.moves[i];
                let mut board: std::collections::BTreeMap<_, _> = m
                    .board
                    .iter()
                    .flatten()
                    .map(|(k, v)| (k.clone(), Some(v.clone())))
                    .collect();
                if null_source {
                    board.insert("e7".to_owned(), None);
                }
                ReplyMove {
                    piece: m.piece.clone(),
                    from: m.from.clone(),
                    to: m.to.clone(),
                    variant: m.variant,
                    board: Some(board),
                    possibility: None,
                }
            })
            .collect()
    };
    assert_eq!(
        judge_evaluation(e4, &reply(as_reply(&[0, 1, 2, 3], false))),
        Verdict::Pass
    );
    assert_eq!(
        judge_evaluation(e4, &reply(as_reply(&[0, 1, 2, 3], true))),
        Verdict::Pass,
        "null and absent are the same square (G12)"
    );
    assert!(
        matches!(
            judge_evaluation(e4, &reply(as_reply(&[1, 0, 2, 3], false))),
            Verdict::Fail(_)
        ),
        "order"
    );
    assert!(
        matches!(
            judge_evaluation(e4, &reply(as_reply(&[0, 1, 2], false))),
            Verdict::Fail(_)
        ),
        "a move missing"
    );
    let mut wrong_board = as_reply(&[0, 1, 2, 3], false);
    wrong_board[0]
        .board
        .get_or_insert_default()
        .insert("e8".to_owned(), Some("CHESS:P".to_owned()));
    assert!(matches!(
        judge_evaluation(e4, &reply(wrong_board)),
        Verdict::Fail(_)
    ));
    let invalid = Reply {
        valid: Some(false),
        moves: None,
        ..reply(Vec::new())
    };
    assert!(matches!(judge_evaluation(e4, &invalid), Verdict::Fail(_)));
    let no_moves = Reply {
        moves: None,
        ..reply(Vec::new())
    };
    assert!(matches!(
        judge_evaluation(e4, &no_moves),
        Verdict::Malformed(_)
    ));
}

#[test]
fn python_unit_tests_of_the_adapter() {
    let output = Command::new("python3")
        .args(["-m", "unittest", "-q", "test_ggn_ref"])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/conformance/adapters"))
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

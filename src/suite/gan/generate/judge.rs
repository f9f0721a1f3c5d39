//! The two oracles every vector passes before it is written: the pest parser (the library's
//! compiled grammar, or `pest_vm` running an edited one) and, unless switched off, the regex
//! oracle of docs/DECISIONS.md §1. Any disagreement stops generation, showing both answers.

use std::fmt;

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::model::ActorFields;
use crate::oracle::{Expectation, Oracle};
use crate::parse;

use crate::grammar::vm::VmGrammar;

/// The parser's answer for one input.
#[derive(Debug, Clone)]
pub(crate) enum Verdict {
    /// Accepted: the attributes, and the canonical form.
    Valid(ActorFields, String),
    /// Rejected.
    Invalid(ParseError),
}

/// The parser of one dialect.
pub(crate) enum Parser {
    /// The compiled grammar (`Dialect::parse`).
    Library,
    /// An edited grammar, run by `pest_vm`.
    Vm(VmGrammar),
}

/// A dialect's parser and its oracle.
pub(crate) struct Judge {
    pub(crate) dialect: Dialect,
    pub(crate) parser: Parser,
    pub(crate) oracle: Option<Oracle>,
}

/// The parser and the oracle disagree on an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The dialect.
    pub dialect: Dialect,
    /// The input bytes.
    pub input: Vec<u8>,
    /// What the pest parser says.
    pub parser: String,
    /// What the oracle says.
    pub oracle: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: the pest parser and the oracle disagree on {:?}\n  pest:   {}\n  oracle: {}\n\
             a grammar bug or a spec finding: fix the grammar or the oracle, never the corpus",
            self.dialect,
            String::from_utf8_lossy(&self.input),
            self.parser,
            self.oracle
        )
    }
}

impl Judge {
    /// The parser's verdict on `input`, confirmed by the oracle.
    pub(crate) fn judge(&self, input: &[u8]) -> Result<Verdict, Disagreement> {
        let verdict = self.parse(input);
        let verdict = match verdict {
            Ok(verdict) => verdict,
            Err(problem) => {
                return Err(self.disagree(input, problem, "(not consulted)".to_owned()));
            }
        };
        if let Verdict::Valid(_, canonical) = &verdict {
            if canonical.as_bytes() != input {
                let said = format!("canonical form {canonical:?} differs from the input (D9)");
                return Err(self.disagree(input, said, "(not consulted)".to_owned()));
            }
        }
        let Some(oracle) = &self.oracle else {
            return Ok(verdict);
        };
        let expected = oracle.expect(input);
        let agree = match (&verdict, &expected) {
            (Verdict::Valid(fields, _), Expectation::Valid(expected)) => fields == expected,
            (Verdict::Invalid(error), Expectation::Invalid { code, offset, hint }) => {
                error.code() == *code
                    && error.offset() == *offset
                    && error.hint() == hint.as_deref()
            }
            _ => false,
        };
        if agree {
            Ok(verdict)
        } else {
            Err(self.disagree(input, describe(&verdict), describe_expectation(&expected)))
        }
    }

    fn parse(&self, input: &[u8]) -> Result<Verdict, String> {
        match &self.parser {
            Parser::Library => Ok(match self.dialect.parse(input) {
                Ok(actor) => Verdict::Valid(actor.fields(), actor.to_string()),
                Err(error) => Verdict::Invalid(error),
            }),
            Parser::Vm(grammar) => {
                let recognizer = |text: &str| grammar.recognize(text);
                match parse::check_with(self.dialect, input, &recognizer) {
                    Ok(()) => {
                        let text = std::str::from_utf8(input).expect("accepted input is UTF-8");
                        Ok(Verdict::Valid(grammar.actor(text)?, text.to_owned()))
                    }
                    Err(error) => Ok(Verdict::Invalid(error)),
                }
            }
        }
    }

    fn disagree(&self, input: &[u8], parser: String, oracle: String) -> Disagreement {
        Disagreement {
            dialect: self.dialect,
            input: input.to_vec(),
            parser,
            oracle,
        }
    }
}

/// One line for a verdict: `valid {…attributes…}` or `invalid code at byte N`.
fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Valid(fields, _) => format!("valid {}", fields_json(fields)),
        Verdict::Invalid(error) => invalid_line(error.code(), error.offset(), error.hint()),
    }
}

fn describe_expectation(expected: &Expectation) -> String {
    match expected {
        Expectation::Valid(fields) => format!("valid {}", fields_json(fields)),
        Expectation::Invalid { code, offset, hint } => invalid_line(code, *offset, hint.as_deref()),
    }
}

fn invalid_line(code: &str, offset: usize, hint: Option<&str>) -> String {
    match hint {
        Some(hint) => format!("invalid {code} at byte {offset}, hint {hint:?}"),
        None => format!("invalid {code} at byte {offset}"),
    }
}

fn fields_json(fields: &ActorFields) -> String {
    serde_json::to_string(fields).expect("fields serialize")
}

//! JSON pointers (RFC 6901) to the place of a diagnostic.
//!
//! A `Path` is a chain of borrowed tokens kept on the stack while a document is walked; it
//! is rendered to a string only when a diagnostic is emitted.

use std::fmt::Write as _;

/// Escapes one reference token: `~` becomes `~0` and `/` becomes `~1` (RFC 6901 §3).
#[must_use]
pub fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// Undoes [`escape`]: `~1` becomes `/`, then `~0` becomes `~` (RFC 6901 §4).
#[must_use]
pub fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Joins reference tokens into a pointer: `["CHESS:P", "e7"]` → `/CHESS:P/e7`; `[]` → `""`.
#[must_use]
pub fn join<S: AsRef<str>>(tokens: &[S]) -> String {
    let mut out = String::new();
    for token in tokens {
        out.push('/');
        out.push_str(&escape(token.as_ref()));
    }
    out
}

/// One step of a path: an object key or an array index.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Token<'a> {
    Key(&'a str),
    Index(usize),
}

/// A position in the document, as a linked chain of tokens from the root.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    token: Option<Token<'a>>,
}

impl<'a> Path<'a> {
    /// The document itself (pointer `""`).
    pub(crate) const ROOT: Path<'static> = Path {
        parent: None,
        token: None,
    };

    /// The member `key` of the object at `self`.
    pub(crate) fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            token: Some(Token::Key(key)),
        }
    }

    /// The element `index` of the array at `self`.
    pub(crate) fn index(&'a self, index: usize) -> Path<'a> {
        Path {
            parent: Some(self),
            token: Some(Token::Index(index)),
        }
    }

    /// Renders the RFC 6901 pointer.
    pub(crate) fn render(&self) -> String {
        let mut tokens = Vec::new();
        let mut at = Some(self);
        while let Some(path) = at {
            if let Some(token) = path.token {
                tokens.push(token);
            }
            at = path.parent;
        }
        let mut out = String::new();
        for token in tokens.iter().rev() {
            out.push('/');
            match token {
                Token::Key(key) => out.push_str(&escape(key)),
                Token::Index(index) => {
                    let _ = write!(out, "{index}");
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{escape, join, unescape, Path};

    #[test]
    fn escapes_tilde_before_slash() {
        assert_eq!(escape("a~/b"), "a~0~1b");
        assert_eq!(escape("~1"), "~01");
    }

    #[test]
    fn unescapes_slash_before_tilde() {
        assert_eq!(unescape("a~0~1b"), "a~/b");
        assert_eq!(unescape("~01"), "~1", "not '/'");
        for token in ["", "CHESS:K", "~", "/", "~1/~0"] {
            assert_eq!(unescape(&escape(token)), token);
        }
    }

    #[test]
    fn joins_tokens() {
        assert_eq!(join::<&str>(&[]), "");
        assert_eq!(join(&["CHESS:P", "e7", "e8"]), "/CHESS:P/e7/e8");
    }

    #[test]
    fn renders_paths() {
        let root = Path::ROOT;
        let piece = root.key("CHESS:P");
        let source = piece.key("a/b");
        let variants = source.key("~");
        let variant = variants.index(0);
        assert_eq!(variant.render(), "/CHESS:P/a~1b/~0/0");
        assert_eq!(root.render(), "");
    }
}

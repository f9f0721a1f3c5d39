//! gan
pub mod dialect;
pub mod error;
mod grammar;
pub mod identifier;
pub mod model;
pub mod parse;
pub use dialect::{Actor, Dialect};
pub use error::{ErrorKind, ParseError, Span};
pub use identifier::{Identifier, Stateful};
pub use model::{ActorFields, Side, State};
pub use parse::Limits;
pub mod check;
pub mod corpus;
pub mod detect;
pub mod oracle;
pub mod output;
pub mod records;

//! `gan-peer-sanki-engine`: the GGN documents of the Rust engine `sashite-sanki-engine`
//! 0.12.1 and the moves it finds possible on a set of boards (README.md, "Board files").
//!
//! Every document, position, move and answer comes from the engine's public API; this file
//! only chooses the boards, drives the calls and writes JSON.
//!
//! Usage: `gan-peer-sanki-engine documents DIR` | `gan-peer-sanki-engine moves DIR`.
//! Exit codes: 0 done, 1 the engine refused a position or a move of ours, 2 usage or I/O.

mod boards;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::ExitCode;

use sashite_sanki_engine::domain::half_move::Move;
use sashite_sanki_engine::domain::side::Side;
use sashite_sanki_engine::domain::square::Square;
use sashite_sanki_engine::domain::variant::Variant;
use sashite_sanki_engine::engine;
use sashite_sanki_engine::ggn;
use sashite_sanki_engine::position::Position;
use sashite_sanki_engine::rules;
use serde_json::{json, Map, Value};

/// The format of the board files (README.md): bumped when a member changes.
const BOARD_FORMAT: u64 = 1;

/// The engine's three variants, in the order of its rule-system manifest.
const VARIANTS: [Variant; 3] = [Variant::Chess, Variant::Ogi, Variant::Xiongqi];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.as_slice() {
        [command, dir] if command == "documents" => documents(Path::new(dir)),
        [command, dir] if command == "moves" => moves(Path::new(dir)),
        _ => {
            eprintln!("usage: gan-peer-sanki-engine documents DIR | moves DIR");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(message)) => {
            eprintln!("gan-peer-sanki-engine: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Engine(message)) => {
            eprintln!("gan-peer-sanki-engine: {message}");
            ExitCode::from(1)
        }
    }
}

enum Failure {
    Io(String),
    Engine(String),
}

/// The file name of a variant's document: the engine's manifest name.
fn document_name(variant: Variant) -> String {
    format!("{}.json", rules::variant_name(variant))
}

/// Writes `bytes` to `dir/name` through a temporary file and a rename.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::Io(format!("{}: cannot create: {e}", dir.display())))?;
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| Failure::Io(format!("{}: cannot write: {e}", path.display())))
}

/// The engine's documents, byte for byte as it publishes them (`rules::ggn_bytes`: compact
/// JSON, keys sorted, no final newline; their SHA-256 is `rules::ggn_digest`).
fn documents(dir: &Path) -> Result<(), Failure> {
    for variant in VARIANTS {
        write(dir, &document_name(variant), &rules::ggn_bytes(variant))?;
    }
    Ok(())
}

/// One board file per board of `boards::all()`.
fn moves(dir: &Path) -> Result<(), Failure> {
    let documents: Vec<(Variant, ggn::GgnDocument, String)> = VARIANTS
        .into_iter()
        .map(|v| (v, ggn::document(v), rules::ggn_digest(v)))
        .collect();
    for board in boards::all().map_err(Failure::Engine)? {
        let variant = board.position.active_variant();
        let Some((_, doc, digest)) = documents.iter().find(|(v, _, _)| *v == variant) else {
            continue;
        };
        let mut bytes = serde_json::to_vec_pretty(&board_file(&board, doc, digest))
            .map_err(|e| Failure::Io(e.to_string()))?;
        bytes.push(b'\n');
        write(dir, &format!("{}.json", board.name), &bytes)?;
    }
    Ok(())
}

/// A possible move: source (`*` for a hand), destination, piece token, and for a drop the
/// hand it leaves.
type Possible = (String, String, String, Option<&'static str>);

/// The newest-QPI token of a piece, as the engine writes it in its documents.
fn token(position: &Position, piece: sashite_sanki_engine::domain::piece::Piece) -> String {
    ggn::qpi(piece, position.variant_of(piece.side()))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// A board file (README.md, "Board files"): the moves are those `doc`, the document of the
/// variant of the side to move, makes possible for every piece on the board and in a hand.
fn board_file(board: &boards::Board, doc: &ggn::GgnDocument, digest: &str) -> Value {
    let position = &board.position;
    let variant = position.active_variant();
    let variants = position.variants();
    let piece_at = |square: Square| position.piece_at(square);

    let mut squares = Map::new();
    let mut moves: BTreeSet<Possible> = BTreeSet::new();
    for from in Square::all() {
        let Some(piece) = position.piece_at(from) else {
            continue;
        };
        let piece_token = token(position, piece);
        squares.insert(from.to_string(), Value::String(piece_token.clone()));
        for to in ggn::possible_destinations(doc, piece, variants, from, piece_at) {
            moves.insert((from.to_string(), to.to_string(), piece_token.clone(), None));
        }
    }
    let mut hands = Map::new();
    for side in [Side::First, Side::Second] {
        let mut held = Vec::new();
        for (piece, count) in position.hand(side) {
            let piece_token = token(position, piece);
            held.extend(std::iter::repeat_n(piece_token.clone(), count));
            if count > 0 {
                for to in ggn::possible_drops(doc, piece, variants, piece_at) {
                    moves.insert((
                        "*".to_owned(),
                        to.to_string(),
                        piece_token.clone(),
                        Some(side_name(side)),
                    ));
                }
            }
        }
        held.sort();
        hands.insert(side_name(side).to_owned(), json!(held));
    }

    let legal = engine::legal_moves(position);
    let outside: Vec<Value> = legal
        .iter()
        .filter(|mv| !allowed(position, &moves, mv))
        .map(|mv| Value::String(format!("{mv:?}")))
        .collect();

    json!({
        "format": BOARD_FORMAT,
        "engine": "sashite-sanki-engine 0.12.1",
        "name": board.name,
        "made": board.made,
        "feen": position.to_feen(),
        "document": document_name(variant),
        "document_sha256": digest,
        "turn": side_name(position.active_side()),
        "board": squares,
        "hands": hands,
        "moves": moves
            .into_iter()
            .map(|(source, destination, piece, hand)| {
                let mut entry = json!({
                    "source": source,
                    "destination": destination,
                    "piece": piece,
                });
                if let Some(hand) = hand {
                    entry["hand"] = json!(hand);
                }
                entry
            })
            .collect::<Vec<_>>(),
        "legal_moves": legal.len(),
        "legal_outside_moves": outside,
    })
}

/// Whether a legal move of the engine is among the board's possible moves: a board move by
/// its source and destination, a drop by its destination and the letter of the piece it
/// names in the active variant.
fn allowed(position: &Position, moves: &BTreeSet<Possible>, mv: &Move) -> bool {
    match mv {
        Move::Board { from, to, .. } => {
            let (from, to) = (from.to_string(), to.to_string());
            moves.iter().any(|(s, d, _, _)| *s == from && *d == to)
        }
        Move::Drop { piece, to } => {
            let to = to.to_string();
            let letter = piece.letter_for(position.active_variant());
            moves.iter().any(|(s, d, p, hand)| {
                s == "*"
                    && *hand == Some(side_name(position.active_side()))
                    && *d == to
                    && letter.is_some_and(|l| p.to_ascii_uppercase().ends_with(l))
            })
        }
    }
}

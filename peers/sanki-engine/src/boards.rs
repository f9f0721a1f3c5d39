//! The boards of `moves` (README.md, "Boards"): the start position of each pairing of the
//! engine's rule-system manifest, the positions after 12 and 40 plies of its own legal play
//! (a fixed linear congruential generator picks among `engine::legal_moves`; 41 plies too,
//! so that the second side moves), positions
//! reached by a scripted sequence of plies (the engine sets every marker), and positions
//! written by hand as FEEN.

use sashite_sanki_engine::domain::half_move::Move;
use sashite_sanki_engine::domain::variant::Variant;
use sashite_sanki_engine::engine;
use sashite_sanki_engine::position::Position;
use sashite_sanki_engine::rules;

/// A board: its file name (without `.json`), how it was made, and the position.
pub struct Board {
    pub name: String,
    pub made: String,
    pub position: Position,
}

/// The plies after which the engine's own play is recorded; the game goes on to the last.
/// After 41 plies the second side moves: in a mixed pairing, the second variant's document.
const PLIES: [usize; 3] = [12, 40, 41];

/// The generator of the engine's play: Knuth's MMIX constants, a fixed seed, the high bits.
struct Lcg(u64);

impl Lcg {
    const SEED: u64 = 21;

    fn pick(&mut self, len: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % len
    }
}

/// Positions reached from a pairing's start by the listed plies (each a Ply `content`,
/// `[source, destination, actor]`, applied with `engine::apply`): the engine writes the
/// markers (`+R` castling rights, `-P` en passant victims) itself.
const SCRIPTED: &[(&str, Variant, Variant, &[&str], &str)] = &[
    (
        "chess-chess-castling",
        Variant::Chess,
        Variant::Chess,
        &[
            r#"["g1","f3",null]"#,
            r#"["g8","f6",null]"#,
            r#"["e2","e3",null]"#,
            r#"["e7","e6",null]"#,
            r#"["f1","e2",null]"#,
            r#"["f8","e7",null]"#,
        ],
        "both kings may castle kingside: the engine marks h1 and h8 `+R`",
    ),
    (
        "chess-chess-en-passant",
        Variant::Chess,
        Variant::Chess,
        &[
            r#"["e2","e4",null]"#,
            r#"["a7","a6",null]"#,
            r#"["e4","e5",null]"#,
            r#"["d7","d5",null]"#,
        ],
        "the pawn e5 may take d5 en passant onto d6: the engine marks d5 `-p`",
    ),
    (
        "chess-ogi-en-passant",
        Variant::Chess,
        Variant::Ogi,
        &[
            r#"["e2","e4",null]"#,
            r#"["a7","a6",null]"#,
            r#"["e4","e5",null]"#,
            r#"["d7","d5",null]"#,
        ],
        "the pawn e5 may take the Fu d5 en passant onto d6 (`j:-f`)",
    ),
    (
        "chess-xiongqi-en-passant",
        Variant::Chess,
        Variant::Xiongqi,
        &[
            r#"["e2","e4",null]"#,
            r#"["a7","a6",null]"#,
            r#"["e4","e5",null]"#,
            r#"["d7","d5",null]"#,
        ],
        "the pawn e5 may take the Soldier d5 en passant onto d6 (`c:-s`)",
    ),
    (
        "xiongqi-xiongqi-en-passant",
        Variant::Xiongqi,
        Variant::Xiongqi,
        &[
            r#"["e2","e4",null]"#,
            r#"["a7","a6",null]"#,
            r#"["e4","e5",null]"#,
            r#"["a6","a5",null]"#,
            r#"["e5","e6",null]"#,
            r#"["d7","d5",null]"#,
        ],
        "the Soldier e6, past the river, may take d5 en passant sideways onto d6",
    ),
];

/// Positions written by hand (FEEN: board, hands, styles with the side to move first).
const WRITTEN: &[(&str, &str, &str)] = &[
    (
        "chess-castling-both",
        "4k^3/8/8/8/8/8/8/+R3K^2+R / W/w",
        "the king e1 may castle on both wings: a1 and h1 are `+R`",
    ),
    (
        "chess-castling-one-wing",
        "3rk^3/8/8/8/8/8/8/-R3K^2+R / W/w",
        "the rook d8 attacks d1, so a1 is `-R` (right kept, castling blocked) and h1 `+R`",
    ),
    (
        "chess-king-in-check",
        "4r1k^1/8/8/8/8/8/8/-R3-K^2-R / W/w",
        "the king e1 is in check (`-K^`): no castling possibility applies",
    ),
    (
        "xiongqi-castling",
        "+r3g^2+r/8/8/8/4S3/8/8/4G^3 / c/C",
        "the second side's General e8 may castle on both wings: a8 and h8 are `+r`",
    ),
    (
        "ogi-castling-hands",
        "+r3k^2+r/8/8/8/8/8/8/+R3K^2+R BF/fn J/j",
        "ōgi kings with `+R` rooks on both wings, and pieces in both hands to drop",
    ),
];

fn parse(feen: &str) -> Result<Position, String> {
    Position::parse(feen).map_err(|e| format!("the engine refuses the FEEN {feen}: {e:?}"))
}

fn variant_named(name: &str) -> Result<Variant, String> {
    [Variant::Chess, Variant::Ogi, Variant::Xiongqi]
        .into_iter()
        .find(|&v| rules::variant_name(v) == name)
        .ok_or_else(|| format!("the manifest names an unknown variant {name}"))
}

/// The pairings of the engine's rule-system manifest (`rules::pairings`), `first+second`.
fn pairings() -> Result<Vec<(Variant, Variant)>, String> {
    let pairings = rules::pairings();
    let names = pairings
        .as_object()
        .ok_or("the manifest's pairings are not an object")?;
    names
        .keys()
        .map(|key| {
            let (first, second) = key
                .split_once('+')
                .ok_or_else(|| format!("the manifest's pairing {key} is not first+second"))?;
            Ok((variant_named(first)?, variant_named(second)?))
        })
        .collect()
}

fn pairing_name(first: Variant, second: Variant) -> String {
    format!(
        "{}-{}",
        rules::variant_name(first),
        rules::variant_name(second)
    )
}

fn start(first: Variant, second: Variant) -> Result<Position, String> {
    parse(&rules::initial_feen(first, second))
}

/// Every board, in a fixed order.
pub fn all() -> Result<Vec<Board>, String> {
    let mut boards = Vec::new();
    for (first, second) in pairings()? {
        let pairing = pairing_name(first, second);
        let mut position = start(first, second)?;
        boards.push(Board {
            name: format!("{pairing}-start"),
            made: format!(
                "the start position of the pairing {}+{} (rules::initial_feen)",
                rules::variant_name(first),
                rules::variant_name(second)
            ),
            position: position.clone(),
        });
        let mut lcg = Lcg(Lcg::SEED);
        let mut played = 0;
        for plies in PLIES {
            while played < plies {
                let legal = engine::legal_moves(&position);
                if legal.is_empty() || engine::status(&position).is_terminated() {
                    break;
                }
                let mv = &legal[lcg.pick(legal.len())];
                position = engine::apply(&position, mv).map_err(|e| {
                    format!("{pairing}: the engine refuses its own move {mv:?}: {e:?}")
                })?;
                played += 1;
            }
            boards.push(Board {
                name: format!("{pairing}-ply{plies}"),
                made: format!(
                    "the start position of {}+{}, then {played} plies of the engine's legal \
                     play, each engine::legal_moves[x mod len] for the generator \
                     x = (s * 6364136223846793005 + 1442695040888963407) mod 2^64 >> 33, s from 21",
                    rules::variant_name(first),
                    rules::variant_name(second)
                ),
                position: position.clone(),
            });
        }
    }
    for &(name, first, second, plies, what) in SCRIPTED {
        let mut position = start(first, second)?;
        for content in plies {
            let mv = Move::parse(content).map_err(|e| format!("{name}: {content}: {e:?}"))?;
            position = engine::apply(&position, &mv)
                .map_err(|e| format!("{name}: the engine refuses {content}: {e:?}"))?;
        }
        boards.push(Board {
            name: name.to_owned(),
            made: format!(
                "{what}; the start position of {}+{}, then the plies {}",
                rules::variant_name(first),
                rules::variant_name(second),
                plies.join(" ")
            ),
            position,
        });
    }
    for &(name, feen, what) in WRITTEN {
        boards.push(Board {
            name: name.to_owned(),
            made: format!("{what}; written by hand as FEEN"),
            position: parse(feen)?,
        });
    }
    Ok(boards)
}

//! The module graph of `src/` follows the layer table of `ARCHITECTURE.md`: no import cycle,
//! no upward import, no import outside a row's `only` list, every file in exactly one row, and
//! every module that only the `cli` feature builds (the CLI tier) in a layer above every module
//! built without it, so that the library never imports the CLI.
//!
//! The graph has a node per `.rs` file under `src/` (`check/` stands for `src/check/mod.rs`)
//! and an edge A → B when the non-test code of A names a `crate::`, `$crate::` or `super::`
//! path whose longest file-module prefix is B. `lib.rs` and `main.rs` are never targets and
//! are exempt from the rules. Everything works on in-memory text (a map from the path under
//! `src/` to the source, and the text of `ARCHITECTURE.md`), so the unit tests below build
//! small crates of their own.
//!
//! One table per notation: outside `src/notation/` and `src/convert/`, the non-test code of
//! `src/` (lib.rs and main.rs included) names no variant of `Dialect` or `Actor`, however
//! written; the variants are read from the rows of the notation table, `src/notation/table.rs`.
//!
//! `GAN_ARCHITECTURE_MD=path` checks against another table; `GAN_ARCHITECTURE_EDGES=path`
//! writes the crate's edges there as JSON (node → sorted targets).
//!
//! A second rule keeps each suite in one place: no suite is named in `src/` outside the
//! registry (`suite/registry.rs`) and its own folder (`suite/NAME/`, whose descriptor says
//! `suite: Suite::X` and `name: "…"`): neither a `Suite` variant, however it is written, nor
//! an enum that declares the suites again, nor its `--suite` name as a string literal (but for
//! the few literals listed in `NOT_SUITE_NAMES`, which name the program or a subcommand).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The edges of a module graph: source node → target node → the first line of the source
/// that names the target. Every file is a key, with or without edges.
type Graph = BTreeMap<String, BTreeMap<String, usize>>;

// ------------------------------------------------------------------------------------------
// Files, nodes and module paths
// ------------------------------------------------------------------------------------------

/// The crate roots: sources of edges, never targets, exempt from the layer rules.
fn is_crate_root(file: &str) -> bool {
    file == "lib.rs" || file == "main.rs"
}

/// The node of a file under `src/`: `check/mod.rs` → `check/`, `check/batch.rs` unchanged.
fn node_name(file: &str) -> String {
    match file.strip_suffix("/mod.rs") {
        Some(folder) => format!("{folder}/"),
        None => file.to_owned(),
    }
}

/// The module path of a file: `a/b.rs` and `a/b/mod.rs` → `[a, b]`; the crate roots → `[]`.
fn module_path(file: &str) -> Vec<String> {
    if is_crate_root(file) {
        return Vec::new();
    }
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    stem.split('/').map(str::to_owned).collect()
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .split(|&b| b == b'\n')
        .count()
}

// ------------------------------------------------------------------------------------------
// Lexing: blank what names nothing, keeping every offset (and so every line) in place
// ------------------------------------------------------------------------------------------

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Replaces every byte of `range` but newlines by a space.
fn blank(out: &mut [u8], range: Range<usize>) {
    let end = range.end.min(out.len());
    for byte in &mut out[range.start.min(end)..end] {
        if *byte != b'\n' {
            *byte = b' ';
        }
    }
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The end of the identifier that starts at `i`.
fn ident_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).copied().is_some_and(is_ident_byte) {
        i += 1;
    }
    i
}

/// The identifier that starts at `i`, if one does.
fn word_at(code: &str, i: usize) -> Option<&str> {
    let bytes = code.as_bytes();
    bytes
        .get(i)
        .copied()
        .filter(|&b| is_ident_start(b))
        .map(|_| &code[i..ident_end(bytes, i)])
}

/// Every identifier of `code` with its offset.
fn words(code: &str) -> Vec<(usize, &str)> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if is_ident_byte(bytes[i]) {
            let end = ident_end(bytes, i);
            if is_ident_start(bytes[i]) {
                found.push((i, &code[i..end]));
            }
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// The end of the (possibly nested) block comment that starts at `i`.
fn block_comment_end(bytes: &[u8], i: usize) -> usize {
    let (mut depth, mut j) = (0_usize, i);
    while j < bytes.len() {
        if bytes[j..].starts_with(b"/*") {
            depth += 1;
            j += 2;
        } else if bytes[j..].starts_with(b"*/") {
            depth -= 1;
            j += 2;
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    bytes.len()
}

/// The end of the string literal whose opening quote is at `i`.
fn string_end(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// The end of the raw string whose `#`s or quote start at `i` (just after `r`, `br` or `cr`).
fn raw_string_end(code: &str, i: usize) -> Option<usize> {
    let hashes = code[i..].bytes().take_while(|&b| b == b'#').count();
    let body = i + hashes + 1;
    if code.as_bytes().get(i + hashes) != Some(&b'"') {
        return None;
    }
    let closing = format!("\"{}", "#".repeat(hashes));
    Some(
        code[body..]
            .find(&closing)
            .map_or(code.len(), |at| body + at + closing.len()),
    )
}

/// The end of the char literal at `i` (a quote), or `None` when the quote starts a lifetime or
/// a label (`'a`, `'static`).
fn char_literal_end(code: &str, i: usize) -> Option<usize> {
    let rest = &code[i + 1..];
    if let Some(escaped) = rest.strip_prefix('\\') {
        // '\n', '\'', '\\', '\x41', '\u{1F600}': the closing quote follows the escape.
        let close = escaped.get(1..)?.find('\'')? + 1;
        (close <= 9).then_some(i + 2 + close + 1)
    } else {
        let c = rest.chars().next()?;
        let after = 1 + c.len_utf8();
        (c != '\'' && code[i + after..].starts_with('\'')).then_some(i + after + 1)
    }
}

/// `src` with its comments (`//`, `///`, `//!`, nested `/* */`), string literals (plain, byte,
/// raw) and char literals blanked to spaces. Lifetimes stay; offsets and lines do not move.
fn strip_comments_and_literals(src: &str) -> String {
    let bytes = src.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        let end = if bytes[i..].starts_with(b"//") {
            Some(src[i..].find('\n').map_or(src.len(), |at| i + at))
        } else if bytes[i..].starts_with(b"/*") {
            Some(block_comment_end(bytes, i))
        } else if bytes[i] == b'"' {
            Some(string_end(bytes, i))
        } else if bytes[i] == b'\'' {
            char_literal_end(src, i)
        } else if is_ident_start(bytes[i]) {
            let word_end = ident_end(bytes, i);
            let raw = matches!(&src[i..word_end], "r" | "br" | "cr");
            let Some(end) = raw.then(|| raw_string_end(src, word_end)).flatten() else {
                i = word_end;
                continue;
            };
            Some(end)
        } else {
            None
        };
        match end {
            Some(end) => {
                blank(&mut out, i..end);
                i = end;
            }
            None => i += 1,
        }
    }
    String::from_utf8(out).expect("blanking whole literals keeps UTF-8")
}

// ------------------------------------------------------------------------------------------
// Test code: blank every item under `#[cfg(test)]` or `#[cfg(all(test, …))]`
// ------------------------------------------------------------------------------------------

/// The index of the bracket that closes the one at `open` (any of `()[]{}` count), or the end.
fn matching_close(bytes: &[u8], open: usize) -> usize {
    let mut depth = 0_usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    bytes.len()
}

/// The attribute at `i`, if one starts there: whether it is inner (`#!`), the range of its
/// content (between the brackets) and its end.
fn attribute_at(bytes: &[u8], i: usize) -> Option<(bool, Range<usize>, usize)> {
    if bytes.get(i) != Some(&b'#') {
        return None;
    }
    let inner = bytes.get(i + 1) == Some(&b'!');
    let open = skip_ws(bytes, i + 1 + usize::from(inner));
    if bytes.get(open) != Some(&b'[') {
        return None;
    }
    let close = matching_close(bytes, open);
    Some((inner, open + 1..close, (close + 1).min(bytes.len())))
}

/// The items of a comma-separated list, split at its top level only.
fn top_level_items(list: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0_usize, 0);
    for (i, c) in list.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&list[start..]);
    items
}

/// Whether an attribute's content makes its item test-only: `cfg(test)`, `cfg(all(test, …))`.
fn is_test_cfg(content: &str) -> bool {
    let compact: String = content.chars().filter(|c| !c.is_whitespace()).collect();
    compact == "cfg(test)"
        || compact
            .strip_prefix("cfg(all(")
            .and_then(|list| list.strip_suffix("))"))
            .is_some_and(|list| top_level_items(list).contains(&"test"))
}

/// Whether the item at `i` is a field (`name: Type,` or `name: value,`), visibility aside.
fn is_field_start(code: &str, i: usize) -> bool {
    let bytes = code.as_bytes();
    let mut j = i;
    if word_at(code, j) == Some("pub") {
        j = skip_ws(bytes, j + 3);
        if bytes.get(j) == Some(&b'(') {
            j = matching_close(bytes, j) + 1;
        }
        j = skip_ws(bytes, j);
    }
    let Some(name) = word_at(code, j) else {
        return false;
    };
    let colon = skip_ws(bytes, j + name.len());
    bytes.get(colon) == Some(&b':') && bytes.get(colon + 1) != Some(&b':')
}

/// The end of the item that follows an outer test attribute (ending at `start`): up to its `;`
/// or its matching `}` (a field up to its `,`), never past the block that encloses it.
fn item_end(code: &str, start: usize) -> usize {
    let bytes = code.as_bytes();
    let mut i = skip_ws(bytes, start);
    while let Some((false, _, after)) = attribute_at(bytes, i) {
        i = skip_ws(bytes, after);
    }
    let field = is_field_start(code, i);
    let (mut depth, mut angles) = (0_usize, 0_usize);
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return i,
            b')' | b']' => depth -= 1,
            b'}' => {
                depth -= 1;
                if depth == 0 && !field {
                    let next = skip_ws(bytes, i + 1);
                    return if bytes.get(next) == Some(&b';') {
                        next + 1
                    } else {
                        i + 1
                    };
                }
            }
            b';' if depth == 0 => return i + 1,
            b'<' if field => angles += 1,
            b'>' if field && !matches!(bytes[i - 1], b'-' | b'=') => {
                angles = angles.saturating_sub(1);
            }
            b',' if field && depth == 0 && angles == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// The end of the block that encloses `start` (for an inner `#![cfg(test)]`).
fn enclosing_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0_usize;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return i,
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    bytes.len()
}

/// `code` (already stripped of comments and literals) with every test-only item blanked: an
/// outer `#[cfg(test)]` or `#[cfg(all(test, …))]` takes the item it annotates (a whole
/// `mod tests { … }`, a `fn`, a `use`, a field, a block), an inner `#![cfg(test)]` the rest of
/// its module.
fn remove_test_items(code: &str) -> String {
    let bytes = code.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        let Some((inner, content, after)) = attribute_at(bytes, i) else {
            i += 1;
            continue;
        };
        if !is_test_cfg(&code[content]) {
            i = after;
            continue;
        }
        let end = if inner {
            enclosing_end(bytes, after)
        } else {
            item_end(code, after)
        };
        blank(&mut out, i..end);
        i = end.max(after);
    }
    String::from_utf8(out).expect("blanking whole items keeps UTF-8")
}

// ------------------------------------------------------------------------------------------
// Paths: every `crate::…`, `$crate::…`, `super::…` (`super::super::…`) leaf
// ------------------------------------------------------------------------------------------

/// Where a path starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    /// `crate::` (or `$crate::` in a macro).
    Crate,
    /// `super::` repeated this many times.
    Super(usize),
}

/// One leaf of a path named in code: `use crate::a::{b, c::D}` has the leaves `[a, b]` and
/// `[a, c, D]`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PathRef {
    root: Root,
    segments: Vec<String>,
    /// The offset of the leaf's last segment (of the root when it has none).
    offset: usize,
}

/// The offset just after the `::` that follows `i` (whitespace allowed around it).
fn double_colon(bytes: &[u8], i: usize) -> Option<usize> {
    let at = skip_ws(bytes, i);
    bytes[at..].starts_with(b"::").then_some(at + 2)
}

/// The last non-whitespace byte before `i`, with its offset.
fn previous_byte(bytes: &[u8], i: usize) -> Option<(usize, u8)> {
    bytes[..i]
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map(|at| (at, bytes[at]))
}

/// Whether the path at `i` is the scope of a visibility, `pub(in crate::x)`: no import.
fn in_visibility(bytes: &[u8], i: usize) -> bool {
    let Some((at, b'n')) = previous_byte(bytes, i) else {
        return false;
    };
    at >= 1
        && bytes[at - 1] == b'i'
        && (at < 2 || !is_ident_byte(bytes[at - 2]))
        && matches!(previous_byte(bytes, at - 1), Some((_, b'(')))
}

/// Skips an `as name` rename after a path.
fn skip_rename(code: &str, pos: &mut usize) {
    let bytes = code.as_bytes();
    let at = skip_ws(bytes, *pos);
    if word_at(code, at) == Some("as") {
        let name = skip_ws(bytes, at + 2);
        *pos = name + word_at(code, name).map_or(0, str::len);
    }
}

/// The leaves of the path tree at `pos` (just after a `::`), each with the offset of its last
/// segment; `*` is a leaf without segments. Moves `pos` past the tree.
fn path_tree(code: &str, pos: &mut usize) -> Vec<(Vec<String>, usize)> {
    let bytes = code.as_bytes();
    *pos = skip_ws(bytes, *pos);
    match bytes.get(*pos) {
        Some(b'{') => {
            *pos += 1;
            brace_group(code, pos)
        }
        Some(b'*') => {
            *pos += 1;
            vec![(Vec::new(), *pos - 1)]
        }
        _ => {
            let Some(word) = word_at(code, *pos) else {
                return Vec::new();
            };
            let start = *pos;
            *pos += word.len();
            if let Some(after) = double_colon(bytes, *pos) {
                if bytes.get(skip_ws(bytes, after)) != Some(&b'<') {
                    *pos = after;
                    let rest = path_tree(code, pos);
                    if !rest.is_empty() {
                        return rest
                            .into_iter()
                            .map(|(segments, offset)| {
                                ([vec![word.to_owned()], segments].concat(), offset)
                            })
                            .collect();
                    }
                }
            }
            skip_rename(code, pos);
            vec![(vec![word.to_owned()], start)]
        }
    }
}

/// The leaves of a `{ a, b::c, d::{e, f} }` group whose `{` is just before `pos`.
fn brace_group(code: &str, pos: &mut usize) -> Vec<(Vec<String>, usize)> {
    let bytes = code.as_bytes();
    let mut leaves = Vec::new();
    loop {
        *pos = skip_ws(bytes, *pos);
        if bytes.get(*pos) == Some(&b'}') {
            *pos += 1;
            break;
        }
        let items = path_tree(code, pos);
        if items.is_empty() {
            break;
        }
        leaves.extend(items);
        *pos = skip_ws(bytes, *pos);
        match bytes.get(*pos) {
            Some(b',') => *pos += 1,
            Some(b'}') => {
                *pos += 1;
                break;
            }
            _ => break,
        }
    }
    leaves
}

/// Every `crate::`, `$crate::` and `super::` path leaf of `code` (stripped, test items
/// removed). `self::` paths and visibilities (`pub(crate)`, `pub(super)`, `pub(in crate::x)`)
/// are none.
fn path_refs(code: &str) -> Vec<PathRef> {
    let bytes = code.as_bytes();
    let mut refs = Vec::new();
    for (start, word) in words(code) {
        if !matches!(word, "crate" | "super")
            || matches!(previous_byte(bytes, start), Some((at, b':')) if at > 0 && bytes[at - 1] == b':')
            || in_visibility(bytes, start)
        {
            continue;
        }
        let Some(mut pos) = double_colon(bytes, start + word.len()) else {
            continue;
        };
        let mut supers = usize::from(word == "super");
        if supers > 0 {
            while let Some(after) = (word_at(code, skip_ws(bytes, pos)) == Some("super"))
                .then(|| double_colon(bytes, skip_ws(bytes, pos) + 5))
                .flatten()
            {
                supers += 1;
                pos = after;
            }
        }
        let root = if supers == 0 {
            Root::Crate
        } else {
            Root::Super(supers)
        };
        let mut leaves = path_tree(code, &mut pos);
        if leaves.is_empty() {
            leaves.push((Vec::new(), start));
        }
        refs.extend(leaves.into_iter().map(|(segments, offset)| PathRef {
            root,
            segments,
            offset,
        }));
    }
    refs
}

/// The inline `mod name { … }` blocks of `code`: their names and spans, outer ones first.
fn inline_modules(code: &str) -> Vec<(String, Range<usize>)> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for (start, word) in words(code) {
        if word != "mod" {
            continue;
        }
        let at = skip_ws(bytes, start + 3);
        let Some(name) = word_at(code, at) else {
            continue;
        };
        let open = skip_ws(bytes, at + name.len());
        if bytes.get(open) == Some(&b'{') {
            found.push((name.to_owned(), open..matching_close(bytes, open)));
        }
    }
    found
}

// ------------------------------------------------------------------------------------------
// The graph
// ------------------------------------------------------------------------------------------

/// The file of the longest prefix of `path` that is a file module.
fn resolve<'m>(path: &[String], modules: &BTreeMap<Vec<String>, &'m str>) -> Option<&'m str> {
    (0..=path.len())
        .rev()
        .find_map(|len| modules.get(&path[..len]).copied())
}

/// The files that the non-test code of `file` names, each with the offset that names it.
/// Inside an inline `mod x { … }`, `super` is the file's own module, as in Rust.
fn references<'m>(
    file: &str,
    src: &str,
    modules: &BTreeMap<Vec<String>, &'m str>,
) -> Vec<(&'m str, usize)> {
    let code = remove_test_items(&strip_comments_and_literals(src));
    let inline = inline_modules(&code);
    let file_module = module_path(file);
    path_refs(&code)
        .into_iter()
        .filter_map(|path| {
            let base = match path.root {
                Root::Crate => Vec::new(),
                Root::Super(count) => {
                    let mut here = file_module.clone();
                    here.extend(
                        inline
                            .iter()
                            .filter(|(_, span)| span.contains(&path.offset))
                            .map(|(name, _)| name.clone()),
                    );
                    let keep = here.len().checked_sub(count)?;
                    here.truncate(keep);
                    here
                }
            };
            let full = [base, path.segments].concat();
            resolve(&full, modules).map(|target| (target, path.offset))
        })
        .collect()
}

/// The module graph of a crate given as file under `src/` → source. Edges to `lib.rs` and
/// `main.rs`, and self-edges, are dropped.
fn module_graph(sources: &BTreeMap<String, String>) -> Graph {
    let modules: BTreeMap<Vec<String>, &str> = sources
        .keys()
        .map(|file| (module_path(file), file.as_str()))
        .collect();
    let mut graph = Graph::new();
    for (file, src) in sources {
        let mut edges = BTreeMap::new();
        for (target, offset) in references(file, src, &modules) {
            if is_crate_root(target) || target == file {
                continue;
            }
            let line = line_of(src, offset);
            edges
                .entry(node_name(target))
                .and_modify(|first: &mut usize| *first = (*first).min(line))
                .or_insert(line);
        }
        graph.insert(node_name(file), edges);
    }
    graph
}

// ------------------------------------------------------------------------------------------
// Cycles
// ------------------------------------------------------------------------------------------

/// The nodes reachable from `from` by one edge or more.
fn reachable<'g>(graph: &'g Graph, from: &str) -> BTreeSet<&'g str> {
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<&str> = graph[from].keys().map(String::as_str).collect();
    while let Some(node) = queue.pop_front() {
        if seen.insert(node) {
            queue.extend(graph[node].keys().map(String::as_str));
        }
    }
    seen
}

/// The strongly connected components with more than one node, each sorted.
fn cycles(graph: &Graph) -> Vec<Vec<&str>> {
    let reach: BTreeMap<&str, BTreeSet<&str>> = graph
        .keys()
        .map(|node| (node.as_str(), reachable(graph, node)))
        .collect();
    let mut placed = BTreeSet::new();
    let mut components = Vec::new();
    for (&node, from_node) in &reach {
        if placed.contains(node) || !from_node.contains(node) {
            continue;
        }
        let component: Vec<&str> = from_node
            .iter()
            .copied()
            .filter(|other| reach[other].contains(node))
            .collect();
        placed.extend(component.iter().copied());
        components.push(component);
    }
    components
}

/// A shortest cycle through the first member of a component: `[a, b, …]` for a → b → … → a.
fn cycle_path<'g>(graph: &'g Graph, component: &[&str]) -> Vec<&'g str> {
    let (start, _) = graph.get_key_value(component[0]).expect("a node");
    let mut parent: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start.as_str()]);
    while let Some(node) = queue.pop_front() {
        for next in graph[node].keys() {
            if next == start {
                let mut path = vec![node];
                while let Some(&previous) = parent.get(path[path.len() - 1]) {
                    path.push(previous);
                }
                path.reverse();
                return path;
            }
            if component.contains(&next.as_str()) && !parent.contains_key(next.as_str()) {
                parent.insert(next.as_str(), node);
                queue.push_back(next.as_str());
            }
        }
    }
    unreachable!("a strongly connected component has a cycle through each member")
}

/// One violation per cycle: its members and a concrete cycle with the line of each import.
fn cycle_violations(graph: &Graph, file_of: &BTreeMap<String, String>) -> Vec<String> {
    cycles(graph)
        .iter()
        .map(|component| {
            let path = cycle_path(graph, component);
            let hops: Vec<String> = (0..path.len())
                .map(|i| {
                    let (from, to) = (path[i], path[(i + 1) % path.len()]);
                    format!("src/{}:{} names {to}", file_of[from], graph[from][to])
                })
                .collect();
            format!(
                "cycle among {{{}}}: {} → {} ({})",
                component.join(", "),
                path.join(" → "),
                path[0],
                hops.join("; ")
            )
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// The layer table
// ------------------------------------------------------------------------------------------

/// One row of the layer table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    layer: u32,
    /// The 1-based line of the row in `ARCHITECTURE.md`.
    line: usize,
    /// The backticked paths of the modules cell.
    modules: Vec<String>,
    /// The backticked paths after `only` in the third cell, if the word is there.
    only: Option<Vec<String>>,
}

/// The backticked tokens of a table cell.
fn backticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .filter(|token| !token.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The offset just after the word `only` in a cell (outside backticks), if it is there.
fn after_only(cell: &str) -> Option<usize> {
    let bytes = cell.as_bytes();
    cell.match_indices("only")
        .map(|(at, _)| at)
        .find(|&at| {
            let before = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
            let after = bytes.get(at + 4).is_none_or(|b| !b.is_ascii_alphanumeric());
            let outside = cell[..at].matches('`').count().is_multiple_of(2);
            before && after && outside
        })
        .map(|at| at + 4)
}

/// The rows of every table line of `ARCHITECTURE.md` whose first cell is a layer number.
fn layer_rows(architecture_md: &str) -> Vec<Row> {
    architecture_md
        .lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let cells: Vec<&str> = line.trim().strip_prefix('|')?.split('|').collect();
            let layer = cells[0].trim().parse().ok()?;
            let allowed = cells.get(2).copied().unwrap_or_default();
            Some(Row {
                layer,
                line: index + 1,
                modules: backticked(cells.get(1).copied().unwrap_or_default()),
                only: after_only(allowed).map(|at| backticked(&allowed[at..])),
            })
        })
        .collect()
}

/// A set of nodes named in the table.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pattern {
    /// Exactly this node (`foo.rs`, or `foo/` for `src/foo/mod.rs`).
    Node(String),
    /// Every node under this folder (`foo/` itself included).
    Tree(String),
}

impl Pattern {
    fn matches(&self, node: &str) -> bool {
        match self {
            Pattern::Node(exact) => node == exact,
            Pattern::Tree(folder) => node.starts_with(folder.as_str()),
        }
    }

    /// Longer is more specific; a node beats a folder of the same spelling.
    fn specificity(&self) -> (usize, bool) {
        match self {
            Pattern::Node(exact) => (exact.len(), true),
            Pattern::Tree(folder) => (folder.len(), false),
        }
    }
}

/// Whether a table token names a `.rs` file.
fn is_rs_file(token: &str) -> bool {
    Path::new(token).extension().is_some_and(|ext| ext == "rs")
}

/// A token of the modules cell: `foo.rs` is that file, `foo/` (or `foo/**`) that folder and
/// everything under it.
fn module_pattern(token: &str) -> Option<Pattern> {
    if let Some(folder) = token
        .strip_suffix("/**")
        .or_else(|| token.strip_suffix('/'))
    {
        (!folder.is_empty()).then(|| Pattern::Tree(format!("{folder}/")))
    } else {
        is_rs_file(token).then(|| Pattern::Node(node_name(token)))
    }
}

/// A token of an `only` list: `foo/` is exactly the folder's node (its `mod.rs`), `foo/**`
/// anything under the folder, `foo.rs` that file.
fn only_pattern(token: &str) -> Option<Pattern> {
    if let Some(folder) = token.strip_suffix("/**") {
        (!folder.is_empty()).then(|| Pattern::Tree(format!("{folder}/")))
    } else if token.len() > 1 && token.ends_with('/') {
        Some(Pattern::Node(token.to_owned()))
    } else {
        is_rs_file(token).then(|| Pattern::Node(node_name(token)))
    }
}

/// The patterns of a row's tokens; unreadable and stale tokens are violations.
fn row_patterns(
    row: &Row,
    tokens: &[String],
    read: fn(&str) -> Option<Pattern>,
    nodes: &BTreeSet<&str>,
    violations: &mut Vec<String>,
) -> Vec<Pattern> {
    let mut patterns = Vec::new();
    for token in tokens {
        let Some(pattern) = read(token) else {
            violations.push(format!(
                "ARCHITECTURE.md line {}: cannot read the module path `{token}` \
                 (write `foo.rs`, `foo/` or `foo/**`)",
                row.line
            ));
            continue;
        };
        if !nodes.iter().any(|node| pattern.matches(node)) {
            violations.push(format!(
                "ARCHITECTURE.md line {} (layer {}): stale row, `{token}` names nothing under src/",
                row.line, row.layer
            ));
        }
        patterns.push(pattern);
    }
    patterns
}

/// The row of every node but the crate roots (the row whose most specific path contains it);
/// a node in no row or in several is a violation.
fn memberships(
    rows: &[Row],
    module_patterns: &[Vec<Pattern>],
    file_of: &BTreeMap<String, String>,
    violations: &mut Vec<String>,
) -> BTreeMap<String, usize> {
    let mut row_of = BTreeMap::new();
    for (node, file) in file_of.iter().filter(|(_, file)| !is_crate_root(file)) {
        let mut best: Option<((usize, bool), BTreeSet<usize>)> = None;
        for (index, patterns) in module_patterns.iter().enumerate() {
            for pattern in patterns.iter().filter(|pattern| pattern.matches(node)) {
                let specificity = pattern.specificity();
                match &mut best {
                    Some((top, members)) if *top == specificity => {
                        members.insert(index);
                    }
                    Some((top, _)) if *top > specificity => {}
                    _ => best = Some((specificity, BTreeSet::from([index]))),
                }
            }
        }
        match best.map(|(_, members)| members.into_iter().collect::<Vec<_>>()) {
            None => violations.push(format!("src/{file} is in no layer of ARCHITECTURE.md")),
            Some(members) if members.len() == 1 => {
                row_of.insert(node.clone(), members[0]);
            }
            Some(members) => {
                let lines: Vec<String> =
                    members.iter().map(|&i| rows[i].line.to_string()).collect();
                violations.push(format!(
                    "src/{file} is in more than one row of ARCHITECTURE.md (lines {})",
                    lines.join(", ")
                ));
            }
        }
    }
    row_of
}

/// The violations of the layer table: unreadable, stale, missing or ambiguous rows, upward
/// imports, imports outside an `only` list.
fn layer_violations(
    graph: &Graph,
    file_of: &BTreeMap<String, String>,
    architecture_md: &str,
) -> Vec<String> {
    let rows = layer_rows(architecture_md);
    if rows.is_empty() {
        return vec![
            "ARCHITECTURE.md has no layer table (rows like `| 0 | `model.rs` | anything below |`)"
                .to_owned(),
        ];
    }
    let mut violations = Vec::new();
    let nodes: BTreeSet<&str> = file_of.keys().map(String::as_str).collect();
    let module_patterns: Vec<Vec<Pattern>> = rows
        .iter()
        .map(|row| row_patterns(row, &row.modules, module_pattern, &nodes, &mut violations))
        .collect();
    let only_patterns: Vec<Option<Vec<Pattern>>> = rows
        .iter()
        .map(|row| {
            let tokens = row.only.as_ref()?;
            Some(row_patterns(
                row,
                tokens,
                only_pattern,
                &nodes,
                &mut violations,
            ))
        })
        .collect();
    let row_of = memberships(&rows, &module_patterns, file_of, &mut violations);
    for (from, edges) in graph {
        let Some(&from_row) = row_of.get(from) else {
            continue;
        };
        for (to, line) in edges {
            let Some(&to_row) = row_of.get(to) else {
                continue;
            };
            let (low, high) = (rows[from_row].layer, rows[to_row].layer);
            let at = format!("src/{}:{line}", file_of[from]);
            if high > low {
                violations.push(format!(
                    "upward import: {from} (layer {low}) → {to} (layer {high}), at {at}"
                ));
            }
            if let Some(allowed) = &only_patterns[from_row] {
                if to_row != from_row && !allowed.iter().any(|pattern| pattern.matches(to)) {
                    violations.push(format!(
                        "import outside the only-list of ARCHITECTURE.md line {}: {from} \
                         (layer {low}) → {to} (layer {high}), at {at}",
                        rows[from_row].line
                    ));
                }
            }
        }
    }
    violations
}

// ------------------------------------------------------------------------------------------
// The CLI tier: what only the `cli` feature builds sits above the library
// ------------------------------------------------------------------------------------------

/// Whether a `cfg` predicate holds only with the `cli` feature: `feature = "cli"`, an
/// `all(…)` with such a member, an `any(…)` of such members alone. `not(…)` and anything
/// else do not.
fn needs_cli(predicate: &str) -> bool {
    let compact: String = predicate.chars().filter(|c| !c.is_whitespace()).collect();
    let list = |name: &str| {
        compact
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('('))
            .and_then(|rest| rest.strip_suffix(')'))
            .map(str::to_owned)
    };
    if compact == "feature=\"cli\"" {
        true
    } else if let Some(items) = list("all") {
        top_level_items(&items).into_iter().any(needs_cli)
    } else if let Some(items) = list("any") {
        top_level_items(&items).into_iter().all(needs_cli)
    } else {
        false
    }
}

/// The file modules that `src` declares (`mod name;`, any visibility), each with whether an
/// outer `cfg` attribute of its declaration needs the `cli` feature.
fn declared_modules(src: &str) -> Vec<(String, bool)> {
    let code = strip_comments_and_literals(src);
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for (start, word) in words(&code) {
        let at = skip_ws(bytes, start + word.len());
        let Some(name) = word_at(&code, at).filter(|_| word == "mod") else {
            continue;
        };
        if bytes.get(skip_ws(bytes, at + name.len())) != Some(&b';') {
            continue;
        }
        // The attributes lie between the end of the previous item and the declaration.
        let boundary = bytes[..start]
            .iter()
            .rposition(|b| matches!(b, b';' | b'{' | b'}'))
            .map_or(0, |at| at + 1);
        let mut gated = false;
        let mut i = skip_ws(bytes, boundary);
        while let Some((inner, content, after)) = attribute_at(bytes, i) {
            let cfg = src[content]
                .trim()
                .strip_prefix("cfg")
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix('('))
                .and_then(|rest| rest.trim_end().strip_suffix(')'));
            gated |= !inner && cfg.is_some_and(needs_cli);
            i = skip_ws(bytes, after);
        }
        found.push((name.to_owned(), gated));
    }
    found
}

/// The nodes that only the `cli` feature builds: declared under a `cfg` that needs it, or
/// inside a module that is.
fn cli_only(sources: &BTreeMap<String, String>) -> BTreeSet<String> {
    let gated: BTreeSet<Vec<String>> = sources
        .iter()
        .flat_map(|(file, src)| {
            declared_modules(src)
                .into_iter()
                .filter(|(_, gated)| *gated)
                .map(|(name, _)| [module_path(file), vec![name]].concat())
        })
        .collect();
    sources
        .keys()
        .filter(|file| {
            let path = module_path(file);
            (1..=path.len()).any(|len| gated.contains(&path[..len]))
        })
        .map(|file| node_name(file))
        .collect()
}

/// The modules only the `cli` feature builds (the CLI tier) each in a layer above every module
/// built without it, so that no library module can import them.
fn cli_tier_violations(
    sources: &BTreeMap<String, String>,
    file_of: &BTreeMap<String, String>,
    architecture_md: &str,
) -> Vec<String> {
    let rows = layer_rows(architecture_md);
    let nodes: BTreeSet<&str> = file_of.keys().map(String::as_str).collect();
    let mut ignored = Vec::new();
    let module_patterns: Vec<Vec<Pattern>> = rows
        .iter()
        .map(|row| row_patterns(row, &row.modules, module_pattern, &nodes, &mut ignored))
        .collect();
    let row_of = memberships(&rows, &module_patterns, file_of, &mut ignored);
    let cli = cli_only(sources);
    let layer = |node: &str| rows[row_of[node]].layer;
    let Some(top) = row_of
        .keys()
        .filter(|node| !cli.contains(*node))
        .max_by_key(|node| (layer(node), std::cmp::Reverse(*node)))
    else {
        return Vec::new();
    };
    cli.iter()
        .filter(|node| row_of.contains_key(*node) && layer(node) <= layer(top))
        .map(|node| {
            format!(
                "src/{} is built only with the `cli` feature but sits in layer {}, not above \
                 the library (src/{} is in layer {} and built without it)",
                file_of[node],
                layer(node),
                file_of[top],
                layer(top)
            )
        })
        .collect()
}

/// Every violation of `ARCHITECTURE.md` by the crate given as file under `src/` → source,
/// sorted.
fn violations(sources: &BTreeMap<String, String>, architecture_md: &str) -> Vec<String> {
    let graph = module_graph(sources);
    let file_of: BTreeMap<String, String> = sources
        .keys()
        .map(|file| (node_name(file), file.clone()))
        .collect();
    let mut found = cycle_violations(&graph, &file_of);
    found.extend(layer_violations(&graph, &file_of, architecture_md));
    found.extend(cli_tier_violations(sources, &file_of, architecture_md));
    found.sort();
    found.dedup();
    found
}

// ------------------------------------------------------------------------------------------
// Notations: only the notation table and the migration rules name one
// ------------------------------------------------------------------------------------------

/// The notation table under `src/`: one row per notation, whose first words are the variants
/// of `Dialect` and `Actor` (`Legacy = legacy {`).
const NOTATION_TABLE: &str = "notation/table.rs";

/// The folders under `src/` whose non-test code may name a variant of `Dialect` or `Actor`:
/// the table's own folder, and the migration rules, which are rules between specific
/// notations.
const MAY_NAME_NOTATIONS: [&str; 2] = ["notation/", "convert/"];

/// The enums whose variants are the notations.
const NOTATION_ENUMS: [&str; 2] = ["Dialect", "Actor"];

/// The variant names of the notation table's rows, in order.
fn table_variants(table: &str) -> Vec<String> {
    strip_comments_and_literals(table)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let (variant, equals, module, brace) =
                (words.next()?, words.next()?, words.next()?, words.next()?);
            let is_variant = variant.starts_with(|c: char| c.is_ascii_uppercase())
                && variant.bytes().all(is_ident_byte);
            let is_module = module.bytes().all(is_ident_byte);
            (is_variant && equals == "=" && is_module && brace == "{" && words.next().is_none())
                .then(|| variant.to_owned())
        })
        .collect()
}

/// The names `code` gives the notation enums: `Dialect` and `Actor`, and any alias of them
/// (`use …::Dialect as D`, `type D = …::Dialect;`).
fn notation_enum_names(code: &str) -> BTreeSet<String> {
    let bytes = code.as_bytes();
    let mut names: BTreeSet<String> = NOTATION_ENUMS.iter().map(|&e| e.to_owned()).collect();
    let found = words(code);
    for (i, &(start, word)) in found.iter().enumerate() {
        if NOTATION_ENUMS.contains(&word) {
            let after = skip_ws(bytes, start + word.len());
            if word_at(code, after) == Some("as") {
                if let Some(alias) = word_at(code, skip_ws(bytes, after + 2)) {
                    names.insert(alias.to_owned());
                }
            }
        }
        // `type Alias = path::Dialect;`
        if word == "type" {
            let Some(&(_, alias)) = found.get(i + 1) else {
                continue;
            };
            let equals = skip_ws(bytes, ident_end(bytes, skip_ws(bytes, start + 4)));
            if bytes.get(equals) != Some(&b'=') {
                continue;
            }
            let end = code[equals..]
                .find(';')
                .map_or(code.len(), |at| equals + at);
            let target = code[equals + 1..end].trim();
            let last = target.rsplit("::").next().unwrap_or(target).trim();
            if NOTATION_ENUMS.contains(&last) {
                names.insert(alias.to_owned());
            }
        }
    }
    names
}

/// The spans of the bodies of the `impl` blocks of `code` whose self type is one of `names`
/// (`impl Dialect {`, `impl fmt::Display for Dialect {`).
fn impl_bodies(code: &str, names: &BTreeSet<String>) -> Vec<Range<usize>> {
    let bytes = code.as_bytes();
    let mut bodies = Vec::new();
    for (start, word) in words(code) {
        if word != "impl" {
            continue;
        }
        let Some(open) = code[start..].find('{').map(|at| start + at) else {
            continue;
        };
        let header = &code[start + 4..open];
        let header = header.trim_start();
        // Skip the impl's own generics: `impl<T: X> …`.
        let header = if header.starts_with('<') {
            let close = matching_angle(header);
            &header[close..]
        } else {
            header
        };
        let self_type = match header.split_whitespace().position(|w| w == "for") {
            Some(_) => header.rsplit_once(" for ").map_or(header, |(_, t)| t),
            None => header,
        };
        let path = self_type
            .split(|c: char| c.is_whitespace() || c == '<')
            .find(|part| !part.is_empty())
            .unwrap_or_default();
        let last = path.rsplit("::").next().unwrap_or(path);
        if names.contains(last) {
            bodies.push(open..matching_close(bytes, open));
        }
    }
    bodies
}

/// The end of the `<…>` that opens `text`.
fn matching_angle(text: &str) -> usize {
    let mut depth = 0_usize;
    for (i, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The words of the `{ … }` group whose `{` is at `open`, and whether it holds a `*`.
fn group_words(code: &str, open: usize) -> (Vec<&str>, bool) {
    let close = matching_close(code.as_bytes(), open);
    let inside = &code[open + 1..close.min(code.len())];
    (
        words(inside).into_iter().map(|(_, word)| word).collect(),
        inside.contains('*'),
    )
}

/// Every place where the non-test code of `file` names a notation variant: `Dialect::X`,
/// `Actor::X` (whatever the path before them, `<Dialect>::X` too), `Self::X` in an `impl` of
/// either, a glob (`Dialect::*`) or a list (`Dialect::{X, …}`) of their variants, and the same
/// through an alias (`use …::Dialect as D`, `type D = Dialect;`).
fn named_variants(file: &str, src: &str, variants: &[String]) -> Vec<String> {
    let code = remove_test_items(&strip_comments_and_literals(src));
    let bytes = code.as_bytes();
    let names = notation_enum_names(&code);
    let bodies = impl_bodies(&code, &names);
    let is_variant = |word: &str| variants.iter().any(|v| v == word);
    let mut found = Vec::new();
    for (start, word) in words(&code) {
        let in_impl = word == "Self" && bodies.iter().any(|body| body.contains(&start));
        if !names.contains(word) && !in_impl {
            continue;
        }
        let mut after = skip_ws(bytes, start + word.len());
        if bytes.get(after) == Some(&b'>') {
            after = skip_ws(bytes, after + 1);
        }
        let Some(next) = double_colon(bytes, after) else {
            continue;
        };
        let next = skip_ws(bytes, next);
        let what = match bytes.get(next) {
            Some(b'*') => Some(format!("a glob import of {word}'s variants ({word}::*)")),
            Some(b'{') => {
                let (inner, glob) = group_words(&code, next);
                let listed: Vec<&str> = inner.into_iter().filter(|w| is_variant(w)).collect();
                if glob {
                    Some(format!(
                        "a glob import of {word}'s variants ({word}::{{*}})"
                    ))
                } else if listed.is_empty() {
                    None
                } else {
                    Some(format!("an import of {word}::{{{}}}", listed.join(", ")))
                }
            }
            _ => word_at(&code, next)
                .filter(|variant| is_variant(variant))
                .map(|variant| format!("{word}::{variant}")),
        };
        if let Some(what) = what {
            found.push(format!(
                "src/{file}:{} names a notation variant, {what}: only {} may; read the \
                 notation table (src/{NOTATION_TABLE}) instead",
                line_of(src, start),
                MAY_NAME_NOTATIONS
                    .map(|folder| format!("src/{folder}"))
                    .join(" and ")
            ));
        }
    }
    found
}

/// Every place in `sources` (file under `src/` → source) outside [`MAY_NAME_NOTATIONS`] where
/// non-test code names a variant of `variants`, sorted.
fn notation_violations(sources: &BTreeMap<String, String>, variants: &[String]) -> Vec<String> {
    let mut found: Vec<String> = sources
        .iter()
        .filter(|(file, _)| {
            !MAY_NAME_NOTATIONS
                .iter()
                .any(|folder| file.starts_with(folder))
        })
        .flat_map(|(file, src)| named_variants(file, src, variants))
        .collect();
    found.sort();
    found
}

// ------------------------------------------------------------------------------------------
// The real crate
// ------------------------------------------------------------------------------------------

/// Every `.rs` file under `dir`, keyed by its path under `root` with `/` separators.
fn read_sources(root: &Path, dir: &Path, sources: &mut BTreeMap<String, String>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .path();
        if path.is_dir() {
            read_sources(root, &path, sources);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(root).expect("under the root");
            let key = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            sources.insert(key, text);
        }
    }
}

#[test]
fn the_crate_follows_architecture_md() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = std::env::var_os("GAN_ARCHITECTURE_MD")
        .map_or_else(|| root.join("ARCHITECTURE.md"), PathBuf::from);
    let architecture_md = fs::read_to_string(&table).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): its layer table says which module of src/ may import which \
             (GAN_ARCHITECTURE_MD names another file)",
            table.display()
        )
    });
    let mut sources = BTreeMap::new();
    read_sources(&root.join("src"), &root.join("src"), &mut sources);
    assert!(
        sources.contains_key("lib.rs"),
        "no src/lib.rs under {}",
        root.display()
    );
    if let Some(out) = std::env::var_os("GAN_ARCHITECTURE_EDGES") {
        let graph = module_graph(&sources);
        let edges: BTreeMap<&String, Vec<&String>> = graph
            .iter()
            .map(|(node, targets)| (node, targets.keys().collect()))
            .collect();
        let json = serde_json::to_string_pretty(&edges).expect("JSON");
        fs::write(&out, json).unwrap_or_else(|e| panic!("{}: {e}", Path::new(&out).display()));
    }
    let found = violations(&sources, &architecture_md);
    assert!(
        found.is_empty(),
        "src/ breaks {} in {} way(s):\n  - {}",
        table.display(),
        found.len(),
        found.join("\n  - ")
    );
}

/// The variants of the notation table, read from the file and checked against the crate's
/// `Dialect::ALL` (same variants, same order), so that the rule below reads the real table.
fn real_table_variants(root: &Path) -> Vec<String> {
    let path = root.join("src").join(NOTATION_TABLE);
    let table = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let variants = table_variants(&table);
    let crate_variants: Vec<String> = gan::Dialect::ALL
        .iter()
        .map(|dialect| format!("{dialect:?}"))
        .collect();
    assert_eq!(
        variants,
        crate_variants,
        "the rows of {} are not Dialect::ALL",
        path.display()
    );
    variants
}

#[test]
fn only_the_notation_table_and_the_migration_rules_name_a_notation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let variants = real_table_variants(root);
    let mut sources = BTreeMap::new();
    read_sources(&root.join("src"), &root.join("src"), &mut sources);
    let found = notation_violations(&sources, &variants);
    assert!(
        found.is_empty(),
        "{} place(s) name a notation outside the table:\n  - {}",
        found.len(),
        found.join("\n  - ")
    );
    let architecture_md =
        fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    assert!(
        architecture_md.contains(&format!("`src/{NOTATION_TABLE}`")),
        "ARCHITECTURE.md does not name the notation table, `src/{NOTATION_TABLE}`"
    );
}

// ------------------------------------------------------------------------------------------
// Each part on a small crate of its own
// ------------------------------------------------------------------------------------------

/// A crate from (path under `src/`, source) pairs.
fn crate_of(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(file, src)| ((*file).to_owned(), (*src).to_owned()))
        .collect()
}

/// The targets of `node` in the graph of `files`.
fn targets_of(files: &[(&str, &str)], node: &str) -> Vec<String> {
    module_graph(&crate_of(files))[node]
        .keys()
        .cloned()
        .collect()
}

#[test]
fn brace_groups_expand_to_every_leaf() {
    let code = "use crate::a::{b::C, d::{e, f}};";
    let leaves: Vec<Vec<String>> = path_refs(code).into_iter().map(|r| r.segments).collect();
    assert_eq!(
        leaves,
        [
            vec!["a", "b", "C"],
            vec!["a", "d", "e"],
            vec!["a", "d", "f"]
        ]
    );
    let files = [
        ("lib.rs", ""),
        ("user.rs", code),
        ("a/mod.rs", ""),
        ("a/b.rs", ""),
        ("a/d/mod.rs", ""),
        ("a/d/e.rs", ""),
        ("a/d/f.rs", ""),
    ];
    assert_eq!(
        targets_of(&files, "user.rs"),
        ["a/b.rs", "a/d/e.rs", "a/d/f.rs"]
    );
    // A group right after the root; a rename is no segment (`g/document.rs` is not named).
    let files = [
        ("check/mod.rs", ""),
        ("check/ggn.rs", ""),
        ("check/migrate.rs", ""),
        ("check/report/mod.rs", ""),
        ("check/report/json.rs", "use super::super::{ggn, migrate};"),
        ("g/mod.rs", ""),
        ("g/document.rs", ""),
        ("g/pointer.rs", ""),
        ("user.rs", "use crate::g::{self as document, pointer};"),
    ];
    assert_eq!(
        targets_of(&files, "check/report/json.rs"),
        ["check/ggn.rs", "check/migrate.rs"]
    );
    assert_eq!(targets_of(&files, "user.rs"), ["g/", "g/pointer.rs"]);
}

#[test]
fn globs_renames_multiline_uses_expressions_and_types_are_paths() {
    let user = "pub(crate) use crate::b::{\n    self as bee,\n    c::C as Cee,\n};\n\
                use super::*;\n\
                fn f(x: &str) -> crate::model::Model { crate::output::escape(x); todo!() }\n\
                const N: u8 = super::migrate::NOT_UTF8;\n\
                macro_rules! m { () => { $crate::mac::f() } }\n\
                struct W<T: crate::bound::B> { field: crate::field::F, t: T }\n";
    let files = [
        ("lib.rs", ""),
        ("x/mod.rs", ""),
        ("x/user.rs", user),
        ("x/migrate.rs", ""),
        ("b/mod.rs", ""),
        ("b/c.rs", ""),
        ("model.rs", ""),
        ("output.rs", ""),
        ("mac.rs", ""),
        ("bound.rs", ""),
        ("field.rs", ""),
    ];
    assert_eq!(
        targets_of(&files, "x/user.rs"),
        [
            "b/",
            "b/c.rs",
            "bound.rs",
            "field.rs",
            "mac.rs",
            "model.rs",
            "output.rs",
            "x/",
            "x/migrate.rs"
        ]
    );
    let graph = module_graph(&crate_of(&files));
    assert_eq!(graph["x/user.rs"]["b/c.rs"], 3, "the line of the leaf");
    assert_eq!(graph["x/user.rs"]["x/migrate.rs"], 7);
}

#[test]
fn comments_strings_and_chars_name_nothing() {
    let src = "//! crate::gone\n/// crate::gone\n// crate::gone\n\
               /* crate::gone /* nested crate::gone */ crate::gone */\n\
               const S: &str = \"crate::gone \\\" crate::gone\";\n\
               const R: &str = r#\"crate::gone \" crate::gone\"#;\n\
               const B: &[u8] = br\"crate::gone\";\n\
               const Q: char = '\"'; const E: char = '\\''; const U: char = '\\u{1F600}';\n\
               fn f<'a>(x: &'a str) -> &'static str { \"crate::gone\" }\n\
               use crate::kept::K;\n";
    let stripped = strip_comments_and_literals(src);
    assert_eq!(stripped.len(), src.len());
    assert_eq!(stripped.lines().count(), src.lines().count());
    assert!(!stripped.contains("gone"), "{stripped}");
    assert!(
        stripped.contains("fn f<'a>(x: &'a str) -> &'static str {"),
        "{stripped}"
    );
    let files = [("a.rs", src), ("gone.rs", ""), ("kept.rs", "")];
    assert_eq!(targets_of(&files, "a.rs"), ["kept.rs"]);
    assert_eq!(module_graph(&crate_of(&files))["a.rs"]["kept.rs"], 10);
}

#[test]
fn test_only_items_name_nothing() {
    let src = "use crate::kept::K;\n\
               #[cfg(test)]\nmod tests {\n    use crate::gone::{A, B};\n    \
               fn inner() { let x = { crate::gone::f() }; }\n}\n\
               #[cfg(test)]\nfn helper() -> crate::gone::G { todo!() }\n\
               #[cfg(test)]\nuse crate::gone::H;\n\
               #[cfg(all(test, feature = \"serde\"))]\nimpl crate::gone::T for X {}\n\
               struct S {\n    #[cfg(test)]\n    parses: Map<u8, crate::gone::Count>,\n    \
               kept: crate::kept2::K,\n}\n\
               fn g(&mut self) {\n    #[cfg(test)]\n    {\n        crate::gone::count();\n    }\n    \
               crate::kept3::go();\n    \
               let s = S {\n        #[cfg(test)]\n        \
               parses: Counter { n: 0 }.with(crate::gone::zero()),\n        \
               kept: crate::kept5::k(),\n    };\n}\n\
               #[cfg(any(test, feature = \"x\"))]\nuse crate::kept4::K4;\n\
               #[cfg(test)]\n#[allow(unused)]\npub(crate) mod more { use crate::gone::Z; }\n";
    let files = [
        ("a.rs", src),
        ("t.rs", "#![cfg(test)]\nuse crate::gone::X;\n"),
        ("gone.rs", ""),
        ("kept.rs", ""),
        ("kept2.rs", ""),
        ("kept3.rs", ""),
        ("kept4.rs", ""),
        ("kept5.rs", ""),
    ];
    assert_eq!(
        targets_of(&files, "a.rs"),
        ["kept.rs", "kept2.rs", "kept3.rs", "kept4.rs", "kept5.rs"]
    );
    assert!(targets_of(&files, "t.rs").is_empty());
}

#[test]
fn super_resolves_from_a_mod_rs_and_from_a_plain_file() {
    let files = [
        ("lib.rs", ""),
        ("top.rs", ""),
        ("a/mod.rs", ""),
        ("a/sib.rs", "use super::b::c::W;"),
        ("a/b/mod.rs", "use super::X;\nuse super::super::top::T;"),
        (
            "a/b/c.rs",
            "use super::Y;\nuse super::super::Z;\nuse super::super::super::top::U;",
        ),
    ];
    assert_eq!(targets_of(&files, "a/b/"), ["a/", "top.rs"]);
    assert_eq!(targets_of(&files, "a/b/c.rs"), ["a/", "a/b/", "top.rs"]);
    assert_eq!(targets_of(&files, "a/sib.rs"), ["a/b/c.rs"]);
    let refs = path_refs("use super::super::x; super :: y();");
    assert_eq!(refs[0].root, Root::Super(2));
    assert_eq!(refs[1].root, Root::Super(1));
    assert_eq!(refs.len(), 2);
}

#[test]
fn super_inside_an_inline_module_is_the_file_itself() {
    let files = [
        ("a/mod.rs", ""),
        ("a/sibling.rs", ""),
        ("a/b.rs", "mod inner {\n    use super::sibling::S;\n}\n"),
        ("a/b/sibling.rs", ""),
    ];
    assert_eq!(targets_of(&files, "a/b.rs"), ["a/b/sibling.rs"]);
}

#[test]
fn the_longest_file_prefix_is_the_target() {
    let user = "use crate::check::report::json::Foo;\nuse crate::check::report::text::Bar;\n\
                use crate::check::inline::f;\nuse crate::Dialect;\n";
    let files = [
        ("lib.rs", ""),
        ("user.rs", user),
        ("check/mod.rs", "pub mod inline { pub fn f() {} }"),
        ("check/report/mod.rs", ""),
        ("check/report/json.rs", ""),
    ];
    assert_eq!(
        targets_of(&files, "user.rs"),
        ["check/", "check/report/", "check/report/json.rs"]
    );
}

#[test]
fn visibilities_self_paths_roots_and_self_edges_are_no_edges() {
    let src = "pub(crate) fn f() {}\npub(super) fn g() {}\npub(in crate::b) fn h() {}\n\
               pub(in super::super) fn i() {}\nuse self::inner::Y;\nmod inner { pub struct Y; }\n\
               use crate::Dialect;\nuse super::x::Same;\nfor p in crate::c::all() {}\n";
    let files = [
        ("lib.rs", ""),
        ("main.rs", "use gan::x;"),
        ("a/mod.rs", "use crate::a::x::X;"),
        ("a/x.rs", src),
        ("b.rs", ""),
        ("c.rs", ""),
    ];
    assert_eq!(targets_of(&files, "a/x.rs"), ["c.rs"]);
    assert_eq!(targets_of(&files, "a/"), ["a/x.rs"]);
    let graph = module_graph(&crate_of(&files));
    assert!(graph.values().all(|edges| !edges.contains_key("lib.rs")));
}

const TWO_LAYERS: &str = "| layer | modules | may import (from lower layers) |\n\
                          |---|---|---|\n\
                          | 0 | `low.rs` | anything below |\n\
                          | 1 | `high.rs`, `x/` | anything below |\n";

#[test]
fn a_two_file_cycle_is_reported_with_its_lines() {
    let files = [
        ("lib.rs", "pub mod low; pub mod high; use crate::low::L;"),
        ("low.rs", "use crate::x::X;"),
        ("high.rs", ""),
        ("x/mod.rs", "\n\nuse crate::low::L;"),
    ];
    assert_eq!(
        violations(&crate_of(&files), TWO_LAYERS),
        [
            "cycle among {low.rs, x/}: low.rs → x/ → low.rs \
             (src/low.rs:1 names x/; src/x/mod.rs:3 names low.rs)",
            "upward import: low.rs (layer 0) → x/ (layer 1), at src/low.rs:1",
        ]
    );
}

#[test]
fn a_cycle_is_shown_through_its_shortest_path() {
    let files = [
        ("a.rs", "use crate::b::B;"),
        ("b.rs", "use crate::c::C; use crate::d::D;"),
        ("c.rs", "use crate::a::A;"),
        ("d.rs", "use crate::c::C;"),
        ("e.rs", "use crate::a::A;"),
    ];
    let graph = module_graph(&crate_of(&files));
    let found = cycles(&graph);
    assert_eq!(found, [vec!["a.rs", "b.rs", "c.rs", "d.rs"]]);
    assert_eq!(cycle_path(&graph, &found[0]), ["a.rs", "b.rs", "c.rs"]);
}

#[test]
fn an_upward_import_is_reported() {
    let files = [
        ("low.rs", "\nfn f() -> crate::high::H { todo!() }"),
        ("high.rs", "use crate::low::L;"),
        ("x/mod.rs", ""),
    ];
    assert_eq!(
        violations(&crate_of(&files), TWO_LAYERS),
        [
            "cycle among {high.rs, low.rs}: high.rs → low.rs → high.rs \
             (src/high.rs:1 names low.rs; src/low.rs:2 names high.rs)",
            "upward import: low.rs (layer 0) → high.rs (layer 1), at src/low.rs:2",
        ]
    );
    let files = [
        ("low.rs", ""),
        ("high.rs", "use crate::low::L;"),
        ("x/mod.rs", ""),
    ];
    assert!(violations(&crate_of(&files), TWO_LAYERS).is_empty());
}

#[test]
fn an_import_outside_an_only_list_is_reported() {
    let table = "| 0 | `model.rs`, `dialect/` | anything below |\n\
                 | 1 | `check/` | only `model.rs`, `dialect/` |\n\
                 | 2 | `cli/` | only `check/**` |\n";
    let files = [
        ("model.rs", ""),
        ("dialect/mod.rs", ""),
        ("dialect/pnn.rs", ""),
        (
            "check/mod.rs",
            "use crate::model::M;\nuse crate::dialect::D;\nuse crate::dialect::pnn::P;",
        ),
        ("check/plan.rs", "use super::Check;"),
        (
            "cli/mod.rs",
            "use crate::check::plan::P;\nuse crate::model::M;",
        ),
    ];
    assert_eq!(
        violations(&crate_of(&files), table),
        [
            "import outside the only-list of ARCHITECTURE.md line 2: check/ (layer 1) \
             → dialect/pnn.rs (layer 0), at src/check/mod.rs:3",
            "import outside the only-list of ARCHITECTURE.md line 3: cli/ (layer 2) \
             → model.rs (layer 0), at src/cli/mod.rs:2",
        ]
    );
}

#[test]
fn every_file_is_in_exactly_one_row_and_every_row_names_files() {
    let table = "| 0 | `a.rs`, `gone.rs`, `what` | anything below |\n\
                 | 1 | `x/` | anything below |\n\
                 | 2 | `x/y.rs` | only `a.rs`, `nothing/**` |\n\
                 | 3 | `x/y.rs` | anything below |\n";
    let files = [
        ("lib.rs", ""),
        ("main.rs", ""),
        ("a.rs", ""),
        ("b.rs", ""),
        ("x/mod.rs", ""),
        ("x/y.rs", ""),
        ("x/z.rs", ""),
    ];
    assert_eq!(
        violations(&crate_of(&files), table),
        [
            "ARCHITECTURE.md line 1 (layer 0): stale row, `gone.rs` names nothing under src/",
            "ARCHITECTURE.md line 1: cannot read the module path `what` \
             (write `foo.rs`, `foo/` or `foo/**`)",
            "ARCHITECTURE.md line 3 (layer 2): stale row, `nothing/**` names nothing under src/",
            "src/b.rs is in no layer of ARCHITECTURE.md",
            "src/x/y.rs is in more than one row of ARCHITECTURE.md (lines 3, 4)",
        ]
    );
    assert_eq!(
        violations(&crate_of(&files), "# no table\n"),
        ["ARCHITECTURE.md has no layer table (rows like `| 0 | `model.rs` | anything below |`)"]
    );
}

#[test]
fn the_most_specific_row_wins_and_a_clean_crate_passes() {
    let table = "# Layers\n\n| layer | modules | may import (from lower layers) |\n|---|---|---|\n\
                 | 0 | `model.rs`, `x/y.rs` | anything below |\n\
                 | 1 | `x/` | only `model.rs`, `x/y.rs` |\n\
                 | 2 | `cli/` | only `x/**` |\n";
    let files = [
        ("lib.rs", "pub mod x; pub use crate::cli::run;"),
        ("main.rs", "use crate::cli::run;"),
        ("model.rs", ""),
        ("x/mod.rs", "use crate::model::M;\nuse self::y::Y;"),
        ("x/y.rs", "use crate::model::M;"),
        ("x/z.rs", "use super::X;\nuse super::y::Y;"),
        ("cli/mod.rs", "use crate::x::z::Z;\nuse crate::x::y::Y;"),
    ];
    assert!(violations(&crate_of(&files), table).is_empty());
    let rows = layer_rows(table);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].only, None);
    assert_eq!(
        rows[1].only,
        Some(vec!["model.rs".to_owned(), "x/y.rs".to_owned()])
    );
    assert_eq!(rows[2].line, 7);
}

/// One planted source file, checked against the variants `Legacy`, `Beta`, `Pnn`, `SnnPin`,
/// `Qpi`.
fn planted(file: &str, src: &str) -> Vec<String> {
    let variants = ["Legacy", "Beta", "Pnn", "SnnPin", "Qpi"].map(str::to_owned);
    notation_violations(&crate_of(&[(file, src)]), &variants)
}

#[test]
fn the_table_rows_name_the_variants() {
    let table = "//! `Doc = doc {` in a comment is no row.\n\
                 macro_rules! notations {\n    ($c:ident) => {\n        $c! {\n\
                 Legacy = legacy {\n                name: \"legacy\",\n            }\n\
                 SnnPin = snn_pin {\n            }\n        }\n    };\n}\n";
    assert_eq!(table_variants(table), ["Legacy", "SnnPin"]);
}

#[test]
fn a_planted_dialect_or_actor_variant_is_reported_however_written() {
    let cases = [
        ("fn f() -> Dialect { Dialect::Legacy }", "Dialect::Legacy"),
        ("let d = crate::model::Dialect :: Qpi;", "Dialect::Qpi"),
        ("let d = <Dialect>::Pnn;", "Dialect::Pnn"),
        (
            "match d { Dialect::Beta => 1, _ => 2 }",
            "Dialect::Beta",
        ),
        ("if matches!(d, gan::Dialect::SnnPin) {}", "Dialect::SnnPin"),
        ("if let Actor::SnnPin(pin) = actor {}", "Actor::SnnPin"),
        (
            "impl Dialect {\n    fn f(self) -> u8 { match self { Self::Legacy => 1, _ => 2 } }\n}",
            "Self::Legacy",
        ),
        (
            "impl fmt::Display for crate::model::Dialect {\n    fn fmt(&self) { if *self == Self::Qpi {} }\n}",
            "Self::Qpi",
        ),
        (
            "impl<T> From<T> for Actor where T: Into<u8> {\n    fn from(t: T) -> Self { Self::Beta(t) }\n}",
            "Self::Beta",
        ),
        ("use crate::model::Dialect::*;", "a glob import of Dialect's variants (Dialect::*)"),
        ("use self::Actor::*;", "a glob import of Actor's variants (Actor::*)"),
        (
            "use crate::model::Dialect::{Legacy, Pnn as P};",
            "an import of Dialect::{Legacy, Pnn}",
        ),
        (
            "use crate::Dialect::{self as D, *};",
            "a glob import of Dialect's variants (Dialect::{*})",
        ),
        (
            "use crate::model::Dialect as Notation;\nfn f() { let _ = Notation::Beta; }",
            "Notation::Beta",
        ),
        (
            "type Notation = crate::model::Dialect;\nconst N: Notation = Notation::Qpi;",
            "Notation::Qpi",
        ),
    ];
    for (src, what) in cases {
        let found = planted("detect.rs", src);
        assert_eq!(found.len(), 1, "{src:?}: {found:?}");
        assert!(
            found[0].starts_with("src/detect.rs:")
                && found[0].contains(&format!("names a notation variant, {what}:")),
            "{src:?}: {found:?}"
        );
    }
    let found = planted("a/b.rs", "\n\nfn f() { Dialect::Pnn }\n");
    assert_eq!(
        found,
        [
            "src/a/b.rs:3 names a notation variant, Dialect::Pnn: only src/notation/ and \
          src/convert/ may; read the notation table (src/notation/table.rs) instead"
        ]
    );
}

#[test]
fn the_table_the_migration_rules_tests_comments_and_other_names_are_not_reported() {
    let planted_match = "fn f(d: Dialect) -> u8 { match d { Dialect::Legacy => 1, _ => 2 } }";
    assert!(planted("notation/mod.rs", planted_match).is_empty());
    assert!(planted("convert/steps.rs", planted_match).is_empty());
    assert_eq!(planted("convertx.rs", planted_match).len(), 1);
    let harmless = "//! Dialect::Legacy in a comment\n\
                    /// `Actor::Qpi(actor)`\n\
                    const S: &str = \"Dialect::Beta\";\n\
                    fn f() { Dialect::ALL; Dialect::DEFAULT.parse(b\"\"); Dialect::named(\"qpi\"); }\n\
                    fn g() { legacy::Actor::parse(b\"\"); crate::dialect::Actor::flip(a); }\n\
                    impl Other { fn h() -> Self { Self::Legacy } }\n\
                    impl Dialect { fn i() { Self::ALL; } }\n\
                    macro_rules! m { ($v:ident) => { Dialect::$v } }\n\
                    #[cfg(test)]\nmod tests { fn t() { let _ = Dialect::Pnn; } }\n";
    assert_eq!(planted("detect.rs", harmless), Vec::<String>::new());
}

// ------------------------------------------------------------------------------------------
// Suites: named only in the registry and in their own folder
// ------------------------------------------------------------------------------------------

/// The registry of suites, under `src/`: the one file that lists them.
const SUITE_REGISTRY: &str = "suite/registry.rs";

/// Literals that spell a suite's name but name something else: (file under `src/`, or its
/// last components; literal; what it names).
const NOT_SUITE_NAMES: &[(&str, &str, &str)] = &[
    (
        "atomic.rs",
        "gan",
        "the program, in the name of a temporary file",
    ),
    ("cli/args.rs", "gan", "the program"),
    (
        "check/report/matrix.rs",
        "gan",
        "the program, whose version a run record names",
    ),
    (
        "check/report/page.rs",
        "gan",
        "the program, whose version a run record names",
    ),
    (
        "cli/args.rs",
        "ggn",
        "the flag --ggn of gan migrate, and the subcommand gan ggn in Command::name",
    ),
    (
        "cli/args.rs",
        "migrate",
        "the subcommand gan migrate, in Command::name",
    ),
    ("cli/mod.rs", "gan", "the program"),
    ("cli/mod.rs", "ggn", "the subcommand gan ggn"),
    ("cli/mod.rs", "migrate", "the subcommand gan migrate"),
    ("cli/ggn.rs", "ggn", "the subcommand gan ggn"),
    ("cli/migrate.rs", "migrate", "the subcommand gan migrate"),
    (
        "suite/migrate_ggn/protocol.rs",
        "migrate",
        "the label of a conversion in the text report",
    ),
];

/// A suite as its folder's descriptor names it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SuiteRow {
    /// Its variant of `Suite`.
    variant: String,
    /// Its name, the `--suite` value.
    name: String,
    /// Its folder under `src/`, with the trailing `/`.
    folder: String,
}

/// The identifiers declared directly in the braces of `enum NAME` (`code` stripped): its
/// variants. `None` when `code` declares no such enum.
fn enum_variants(code: &str, name: &str) -> Option<Vec<String>> {
    let bytes = code.as_bytes();
    let found = words(code).into_iter().find_map(|(at, word)| {
        let next = skip_ws(bytes, at + word.len());
        (word == "enum" && word_at(code, next) == Some(name)).then_some(next + name.len())
    })?;
    let open = found + code[found..].find('{')?;
    Some(top_level_words(code, open))
}

/// The identifiers directly inside the braces that open at `open` (not inside nested
/// brackets), that start with an uppercase letter.
fn top_level_words(code: &str, open: usize) -> Vec<String> {
    let bytes = code.as_bytes();
    let close = matching_close(bytes, open);
    let mut depth = 0_usize;
    let mut found = Vec::new();
    let mut i = open + 1;
    while i < close {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b if depth == 0 && b.is_ascii_uppercase() && !is_ident_byte(bytes[i - 1]) => {
                let end = ident_end(bytes, i);
                found.push(code[i..end].to_owned());
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The offset just after the colon of the first `field:` (a struct literal's member) in
/// `code`.
fn field_value(code: &str, field: &str) -> Option<usize> {
    let bytes = code.as_bytes();
    words(code).into_iter().find_map(|(at, word)| {
        let colon = skip_ws(bytes, at + word.len());
        (word == field && bytes.get(colon) == Some(&b':') && bytes.get(colon + 1) != Some(&b':'))
            .then_some(colon + 1)
    })
}

/// The suites of a crate: each `suite/F/mod.rs` whose descriptor says `suite: Suite::V` and
/// `name: "N"`.
fn suite_rows(sources: &BTreeMap<String, String>) -> Vec<SuiteRow> {
    let mut rows = Vec::new();
    for (file, src) in sources {
        let Some(folder) = file
            .strip_prefix("suite/")
            .and_then(|rest| rest.strip_suffix("/mod.rs"))
            .filter(|folder| !folder.contains('/'))
        else {
            continue;
        };
        let code = strip_comments_and_literals(src);
        let variant = field_value(&code, "suite").and_then(|at| {
            let mut pos = at;
            let path = path_tree(&code, &mut pos);
            match path.first().map(|(segments, _)| segments.as_slice()) {
                Some([suite, variant]) if suite == "Suite" => Some(variant.clone()),
                _ => None,
            }
        });
        let name = field_value(&code, "name").and_then(|at| {
            let rest = src[skip_ws(src.as_bytes(), at)..].strip_prefix('"')?;
            Some(rest[..rest.find('"')?].to_owned())
        });
        if let (Some(variant), Some(name)) = (variant, name) {
            rows.push(SuiteRow {
                variant,
                name,
                folder: format!("suite/{folder}/"),
            });
        }
    }
    rows
}

/// Every string literal of `src` outside comments (plain, byte and raw), as (offset of its
/// opening quote, text between the quotes as written).
fn string_literals(src: &str) -> Vec<(usize, &str)> {
    let bytes = src.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"//") {
            i = src[i..].find('\n').map_or(src.len(), |at| i + at);
        } else if bytes[i..].starts_with(b"/*") {
            i = block_comment_end(bytes, i);
        } else if bytes[i] == b'"' {
            let end = string_end(bytes, i);
            found.push((i, &src[i + 1..end.saturating_sub(1).max(i + 1)]));
            i = end;
        } else if bytes[i] == b'\'' {
            i = char_literal_end(src, i).unwrap_or(i + 1);
        } else if is_ident_start(bytes[i]) {
            let word_end = ident_end(bytes, i);
            let raw = matches!(&src[i..word_end], "r" | "br" | "cr");
            match raw.then(|| raw_string_end(src, word_end)).flatten() {
                Some(end) => {
                    let hashes = src[word_end..].bytes().take_while(|&b| b == b'#').count();
                    let quote = word_end + hashes;
                    found.push((quote, &src[quote + 1..end - hashes - 1]));
                    i = end;
                }
                None => i = word_end,
            }
        } else {
            i += 1;
        }
    }
    found
}

/// Whether the literal at `offset` is inside a test-only item: the nearest code before it is
/// blanked by [`remove_test_items`].
fn in_test_item(stripped: &str, without_tests: &str, offset: usize) -> bool {
    let before = stripped.as_bytes()[..offset]
        .iter()
        .rposition(|b| !b.is_ascii_whitespace());
    before.is_some_and(|at| without_tests.as_bytes()[at] == b' ')
}

/// Whether `file` is the `NOT_SUITE_NAMES` entry `entry` (the same path, or ending with it).
fn is_exempt(file: &str, literal: &str) -> bool {
    NOT_SUITE_NAMES.iter().any(|(path, name, _)| {
        *name == literal && (file == *path || file.ends_with(&format!("/{path}")))
    })
}

/// The spans of the `impl … Suite { … }` blocks of `code` (stripped), where `Self` is the
/// suite enum.
fn suite_impls(code: &str, names: &[String]) -> Vec<Range<usize>> {
    let bytes = code.as_bytes();
    let mut spans = Vec::new();
    for (at, word) in words(code) {
        if word != "impl" {
            continue;
        }
        let Some(open) = code[at..].find('{').map(|o| at + o) else {
            continue;
        };
        let header = words(&code[at + 4..open]);
        let target = match header.iter().rposition(|(_, w)| *w == "for") {
            Some(index) => header.get(index + 1).map(|(_, w)| *w),
            None => header.first().map(|(_, w)| *w),
        };
        if target.is_some_and(|t| names.iter().any(|n| n == t)) {
            spans.push(open..matching_close(bytes, open));
        }
    }
    spans
}

/// Where `src/` names a suite outside the registry and that suite's own folder: a `Suite`
/// variant however it is written (`Suite::X`, `Suite::{X, …}`, `Suite::*`, through a
/// rename, `Self::X` in an `impl` of `Suite`), another enum that declares the suites again,
/// or a string literal that is a suite's `--suite` name. Comments and test-only items do not
/// count.
fn suite_name_violations(sources: &BTreeMap<String, String>) -> Vec<String> {
    let Some(registry) = sources.get(SUITE_REGISTRY) else {
        return vec![format!(
            "src/{SUITE_REGISTRY}, the registry of suites, is missing"
        )];
    };
    let Some(variants) = enum_variants(&strip_comments_and_literals(registry), "Suite") else {
        return vec![format!("src/{SUITE_REGISTRY} declares no `enum Suite`")];
    };
    let rows = suite_rows(sources);
    let mut found = Vec::new();
    for variant in &variants {
        if !rows.iter().any(|row| row.variant == *variant) {
            found.push(format!(
                "the suite Suite::{variant} has no folder: no suite/*/mod.rs whose descriptor \
                 says `suite: Suite::{variant}`"
            ));
        }
    }
    let owner = |variant: &str| rows.iter().find(|row| row.variant == variant);
    for (file, src) in sources.iter().filter(|(file, _)| *file != SUITE_REGISTRY) {
        let stripped = strip_comments_and_literals(src);
        let code = remove_test_items(&stripped);
        let bytes = code.as_bytes();
        let outside = |row: &SuiteRow| !file.starts_with(&row.folder);
        let mut report = |offset: usize, what: String| {
            found.push(format!("src/{file}:{} {what}", line_of(src, offset)));
        };
        // `Suite` and its renames (`Suite as S`).
        let mut names = vec!["Suite".to_owned()];
        for (at, word) in words(&code) {
            let after = skip_ws(bytes, at + word.len());
            if word == "Suite" && word_at(&code, after) == Some("as") {
                let alias = skip_ws(bytes, after + 2);
                names.extend(word_at(&code, alias).map(str::to_owned));
            }
        }
        let impls = suite_impls(&code, &names);
        for (at, word) in words(&code) {
            let through_self = word == "Self" && impls.iter().any(|span| span.contains(&at));
            if !names.iter().any(|n| n == word) && !through_self {
                continue;
            }
            let previous = previous_byte(bytes, at);
            if matches!(previous, Some((p, b':')) if p > 0 && bytes[p - 1] == b':')
                && word != "Suite"
            {
                continue;
            }
            let Some(mut pos) = double_colon(bytes, at + word.len()) else {
                continue;
            };
            for (segments, offset) in path_tree(&code, &mut pos) {
                match segments.first() {
                    None => report(
                        offset,
                        format!("names every suite ({word}::*) outside {SUITE_REGISTRY}"),
                    ),
                    Some(variant) => {
                        if let Some(row) = owner(variant).filter(|row| outside(row)) {
                            report(
                                offset,
                                format!(
                                    "names the suite {} ({word}::{variant}) outside \
                                     {SUITE_REGISTRY} and {}",
                                    row.name, row.folder
                                ),
                            );
                        }
                    }
                }
            }
        }
        // Another enum that declares the suites: named `Suite`, or with every variant.
        for (at, word) in words(&code) {
            let next = skip_ws(bytes, at + word.len());
            let Some(name) = (word == "enum").then(|| word_at(&code, next)).flatten() else {
                continue;
            };
            let declared = enum_variants(&code[at..], name).unwrap_or_default();
            if name == "Suite" || variants.iter().all(|v| declared.contains(v)) {
                report(
                    at,
                    format!("declares the suites again (enum {name}) outside {SUITE_REGISTRY}"),
                );
            }
        }
        // A suite's name as a literal.
        for (offset, text) in string_literals(src) {
            let Some(row) = rows.iter().find(|row| row.name == text) else {
                continue;
            };
            if outside(row) && !in_test_item(&stripped, &code, offset) && !is_exempt(file, text) {
                report(
                    offset,
                    format!(
                        "spells the suite name {text:?} outside {SUITE_REGISTRY} and {}",
                        row.folder
                    ),
                );
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn no_suite_is_named_outside_the_registry_and_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = BTreeMap::new();
    read_sources(&root.join("src"), &root.join("src"), &mut sources);
    let rows = suite_rows(&sources);
    assert!(rows.len() >= 4, "the suites' descriptors: {rows:?}");
    let found = suite_name_violations(&sources);
    assert!(
        found.is_empty(),
        "a suite is named outside the registry ({SUITE_REGISTRY}) and its own folder in {} \
         place(s) (ARCHITECTURE.md, \"Adding things\"):\n  - {}",
        found.len(),
        found.join("\n  - ")
    );
}

/// A registry of two suites and their folders, as the crate has them.
fn two_suites() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            "suite/registry.rs",
            "pub enum Suite {\n    #[default]\n    /// GAN.\n    Gan,\n    Ggn,\n}\n\
             impl Suite {\n    fn d(self) -> u8 { match self { Self::Gan => 1, Suite::Ggn => 2 } }\n}\n\
             pub enum Vector { Gan(gan::V), Ggn(Box<ggn::W>) }\n",
        ),
        (
            "suite/gan/mod.rs",
            "pub static SUITE: Descriptor = Descriptor {\n    suite: Suite::Gan,\n    \
             name: \"gan\",\n    help: \"GAN identifiers\",\n};\n",
        ),
        ("suite/gan/load.rs", "const FOLDER: &str = \"gan\";\nfn s() -> Suite { Suite::Gan }\n"),
        (
            "suite/ggn/mod.rs",
            "pub static SUITE: Descriptor = Descriptor { suite: Suite::Ggn, name: \"ggn\" };\n",
        ),
    ]
}

#[test]
fn the_suites_are_read_from_their_folders() {
    let sources = crate_of(&two_suites());
    let row = |variant: &str, name: &str, folder: &str| SuiteRow {
        variant: variant.to_owned(),
        name: name.to_owned(),
        folder: folder.to_owned(),
    };
    assert_eq!(
        suite_rows(&sources),
        [
            row("Gan", "gan", "suite/gan/"),
            row("Ggn", "ggn", "suite/ggn/")
        ]
    );
    let registry = strip_comments_and_literals(&sources[SUITE_REGISTRY]);
    assert_eq!(enum_variants(&registry, "Suite").unwrap(), ["Gan", "Ggn"]);
    assert_eq!(enum_variants(&registry, "Vector").unwrap(), ["Gan", "Ggn"]);
    assert_eq!(
        string_literals(
            "// \"no\"\nlet a = \"gan\"; /* \"no\" */ f(\"\", \"x\\\"y\", r#\"g\"#, '\"');"
        ),
        [(16, "gan"), (36, ""), (40, "x\\\"y"), (50, "g")]
    );
    // The registry and each suite's own folder name their suites: nothing to report.
    assert!(suite_name_violations(&sources).is_empty());
}

#[test]
fn a_suite_named_outside_the_registry_is_reported() {
    let mut files = two_suites();
    files.extend([
        // Planted: the runner special-cases a suite, by variant and by name.
        (
            "check/report.rs",
            "use crate::suite::Suite;\n\
             fn f(s: Suite) -> bool { s == Suite::Ggn }\n\
             fn g(name: &str) -> u8 { match name { \"ggn\" => 1, _ => 0 } }\n\
             fn h() -> Suite { Suite::default() }\n",
        ),
        // Planted: the CLI mirrors the enum, and imports its variants (its "ggn" is the flag
        // --ggn, listed in `NOT_SUITE_NAMES`: no violation).
        (
            "cli/args.rs",
            "use crate::suite::Suite::{self as S2, Gan};\nuse crate::suite::registry::Suite::*;\n\
             #[derive(ValueEnum)]\npub enum Suite { Gan, Ggn }\n\
             pub enum SuiteArg { Gan, Ggn, Other }\n\
             #[arg(long, conflicts_with = \"ggn\")]\n",
        ),
        // Planted: through a rename, and `Self` in an impl of `Suite` elsewhere.
        (
            "corpus/mod.rs",
            "use crate::suite::Suite as Kind;\nconst K: Kind = Kind::Gan;\n\
             impl fmt::Display for Suite { fn f(&self) -> bool { *self == Self::Ggn } }\n",
        ),
        // Planted: one suite's folder names another suite.
        (
            "suite/gan/judge.rs",
            "fn other() -> Suite { Suite::Ggn }\nconst GGN: &str = \"ggn\";\n",
        ),
        // Not uses: comments, doc comments, test-only items, longer strings, other enums.
        (
            "check/mod.rs",
            "//! The Suite::Ggn suite, \"ggn\".\n/// Suite::Gan\nconst A: &str = \"gan check --suite ggn\";\n\
             #[cfg(test)]\nmod tests { fn t() { assert_eq!(super::Suite::Ggn.as_str(), \"ggn\"); } }\n\
             enum Command { Migrate, Ggn }\nfn d() -> Suite { crate::suite::Suite::default() }\n",
        ),
    ]);
    assert_eq!(
        suite_name_violations(&crate_of(&files)),
        [
            "src/check/report.rs:2 names the suite ggn (Suite::Ggn) outside suite/registry.rs \
             and suite/ggn/",
            "src/check/report.rs:3 spells the suite name \"ggn\" outside suite/registry.rs and \
             suite/ggn/",
            "src/cli/args.rs:1 names the suite gan (Suite::Gan) outside suite/registry.rs and \
             suite/gan/",
            "src/cli/args.rs:2 names every suite (Suite::*) outside suite/registry.rs",
            "src/cli/args.rs:4 declares the suites again (enum Suite) outside suite/registry.rs",
            "src/cli/args.rs:5 declares the suites again (enum SuiteArg) outside \
             suite/registry.rs",
            "src/corpus/mod.rs:2 names the suite gan (Kind::Gan) outside suite/registry.rs and \
             suite/gan/",
            "src/corpus/mod.rs:3 names the suite ggn (Self::Ggn) outside suite/registry.rs and \
             suite/ggn/",
            "src/suite/gan/judge.rs:1 names the suite ggn (Suite::Ggn) outside \
             suite/registry.rs and suite/ggn/",
            "src/suite/gan/judge.rs:2 spells the suite name \"ggn\" outside suite/registry.rs \
             and suite/ggn/",
        ]
    );
    // A registry variant without a folder is reported too.
    let mut files = two_suites();
    files.retain(|(file, _)| *file != "suite/ggn/mod.rs");
    assert_eq!(
        suite_name_violations(&crate_of(&files)),
        [
            "the suite Suite::Ggn has no folder: no suite/*/mod.rs whose descriptor says \
          `suite: Suite::Ggn`"
        ]
    );
}

#[test]
fn cfg_predicates_that_need_the_cli_feature() {
    for (predicate, needs) in [
        ("feature = \"cli\"", true),
        ("all(unix, feature = \"cli\")", true),
        ("any(feature = \"cli\", all(feature = \"cli\", test))", true),
        ("any(test, feature = \"cli\")", false),
        ("not(feature = \"cli\")", false),
        ("feature = \"check\"", false),
        ("test", false),
    ] {
        assert_eq!(needs_cli(predicate), needs, "{predicate}");
    }
    let lib = "#![deny(missing_docs)]\n#[cfg(feature = \"cli\")]\n#[allow(\n    dead_code,\n    \
               reason = \"x\"\n)]\npub mod cli;\nmod model;\n/// Docs.\n\
               #[cfg(all(unix, feature = \"cli\"))] pub(crate) mod atomic;\n\
               #[cfg(not(feature = \"cli\"))]\nmod fallback;\nmod inline { fn f() {} }\n";
    assert_eq!(
        declared_modules(lib),
        [
            ("cli".to_owned(), true),
            ("model".to_owned(), false),
            ("atomic".to_owned(), true),
            ("fallback".to_owned(), false),
        ]
    );
}

#[test]
fn a_module_only_the_cli_builds_sits_above_the_library() {
    let table = "| 0 | `model.rs`, `atomic.rs`, `fallback.rs` | anything below |\n\
                 | 1 | `convert.rs` | anything below |\n\
                 | 2 | `cli/` | anything below |\n";
    let files = [
        (
            "lib.rs",
            "mod model;\nmod convert;\n#[cfg(feature = \"cli\")]\nmod atomic;\n\
             #[cfg(not(feature = \"cli\"))]\nmod fallback;\n#[cfg(feature = \"cli\")]\nmod cli;",
        ),
        ("model.rs", ""),
        ("atomic.rs", ""),
        ("fallback.rs", ""),
        ("convert.rs", "use crate::model::M;"),
        ("cli/mod.rs", "mod args;\nuse crate::atomic::A;"),
        ("cli/args.rs", "use crate::convert::C;"),
    ];
    assert_eq!(
        cli_only(&crate_of(&files)),
        BTreeSet::from([
            "atomic.rs".to_owned(),
            "cli/".to_owned(),
            "cli/args.rs".to_owned()
        ])
    );
    // atomic.rs, which only the CLI builds, on the library's floor: a library module could
    // import it.
    assert_eq!(
        violations(&crate_of(&files), table),
        ["src/atomic.rs is built only with the `cli` feature but sits in layer 0, not above the \
          library (src/convert.rs is in layer 1 and built without it)"]
    );
    // In a layer of its own above the library, a library module that imports it is an upward
    // import.
    let table = "| 0 | `model.rs`, `fallback.rs` | anything below |\n\
                 | 1 | `convert.rs` | anything below |\n\
                 | 2 | `atomic.rs` | anything below |\n\
                 | 3 | `cli/` | anything below |\n";
    assert!(violations(&crate_of(&files), table).is_empty());
    let mut planted = files;
    planted[4].1 = "use crate::model::M;\nuse crate::atomic::A;";
    assert_eq!(
        violations(&crate_of(&planted), table),
        ["upward import: convert.rs (layer 1) → atomic.rs (layer 2), at src/convert.rs:2"]
    );
}

//! Hostile input and hostile surroundings (issue 12): cost that grows with the input,
//! closed pipes, `-o` through links and special files, signals, child processes.

use std::time::{Duration, Instant};

/// The best of three runs of `work`.
fn best_of_three(mut work: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// `escape` recounted its output for every character: 8× the input took 64× the time.
/// Linear is 8×; this fails only above 24×, so a busy machine does not make it flaky.
#[test]
fn escape_is_linear() {
    let small = vec![b'A'; 16 << 10];
    let large = vec![b'A'; 128 << 10];
    let small_time = best_of_three(|| drop(gan::output::escape(&small)));
    let large_time = best_of_three(|| drop(gan::output::escape(&large)));
    let ratio = large_time.as_secs_f64() / small_time.as_secs_f64().max(1e-6);
    assert!(
        ratio < 24.0,
        "escape: 8x the input took {ratio:.1}x the time ({small_time:?} -> {large_time:?})"
    );
}

/// The columns `escape` returns are the character positions of each byte in its text.
#[test]
fn escape_columns_point_into_the_text() {
    let input = "a\"\\\n\u{e9}\u{1F600}".as_bytes();
    let mut bytes = input.to_vec();
    bytes.extend([0xFF, b'z']);
    let (text, columns) = gan::output::escape(&bytes);
    assert_eq!(text, "\"a\\\"\\\\\\n\u{e9}\u{1F600}\\xFFz\"");
    // Columns counted by hand: `"`=0, a=1, \"=2..3, \\=4..5, \n=6..7, é=8, 😀=9, \xFF=10..13, z=14, end=15.
    assert_eq!(columns, [1, 2, 4, 6, 8, 8, 9, 9, 9, 9, 10, 14, 15]);
}

//! The byte edits of the mutation tests (`tests/links/fuzz_puzzlink.rs`,
//! `tests/links/fuzz_penpa.rs`): a small fuzzer in plain `cargo test`, seeded, so every
//! machine tries the same mutants.

use super::planted::Rng;

/// One edit of `data` at `at` (a position up to its length), of kind `kind`:
/// 0 changes a byte and 1 inserts one (from `alphabet`), 2 removes a byte, 3 cuts
/// the text there, 4 splices in a number a size or count field might hold; any
/// other kind, or 0 and 2 at the end, appends the tail of one of `donors`.
pub fn edit(data: &mut Vec<u8>, kind: usize, at: usize, alphabet: &[u8], donors: &[&[u8]], rng: &mut Rng) {
    match kind {
        0 if at < data.len() => data[at] = alphabet[rng.below(alphabet.len())],
        1 => data.insert(at, alphabet[rng.below(alphabet.len())]),
        2 if at < data.len() => {
            data.remove(at);
        }
        3 => data.truncate(at),
        4 => {
            let n = [0u64, 1, 2, 9, 17, 40, 41, 65_535, u64::MAX][rng.below(9)].to_string();
            data.splice(at..at, n.bytes());
        }
        _ => {
            let other = donors[rng.below(donors.len())];
            let from = rng.below(other.len());
            data.extend_from_slice(&other[from..]);
        }
    }
}

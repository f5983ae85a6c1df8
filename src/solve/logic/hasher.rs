//! A fast hasher for the engine's small integer keys: the fill search's failed
//! states and the case splits' remembered starts. SipHash, the default, cost more
//! than the searches themselves; no untrusted keys reach these maps, so there is
//! no flooding to fear.

use std::hash::Hasher;

/// Multiply-rotate hashing of machine words (see the module's doc).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

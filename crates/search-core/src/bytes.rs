//! Sizes of memory as people read them.

use std::fmt;

/// A number of bytes, displayed in the largest binary unit that keeps it at
/// 1 or more, with one decimal: `512 B`, `1.5 KiB`, `3.0 GiB`, `1.2 TiB`.
///
/// ```
/// use search_core::Bytes;
///
/// assert_eq!(Bytes(512).to_string(), "512 B");
/// assert_eq!(Bytes(3 << 30).to_string(), "3.0 GiB");
/// assert_eq!(Bytes(3_384_737_474_560_000).to_string(), "3.0 PiB");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes(pub u64);

impl Bytes {
    /// Writes the message of every memory-limit error: `needs` (what needs
    /// the memory, with its verb), the bytes `needed` and the `limit`.
    pub(crate) fn over_limit(
        f: &mut fmt::Formatter<'_>,
        needs: &str,
        needed: u64,
        limit: u64,
    ) -> fmt::Result {
        write!(
            f,
            "{needs} {}, more than the limit of {}",
            Bytes(needed),
            Bytes(limit)
        )
    }
}

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        if self.0 < 1024 {
            return write!(f, "{} B", self.0);
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

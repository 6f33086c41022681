//! The one layout of what search-core stores as bytes (pattern databases,
//! pruning automata): a header naming the kind, the key it was built for
//! (in the caller's words), the body, and a checksum of all that
//! ([`checksum`]). Writing and reading it, checked whole, is written once
//! here.

/// Writes a header, a key, then the body a piece at a time.
pub(crate) struct Writer {
    out: Vec<u8>,
}

impl Writer {
    /// Bytes of the kind `magic` built for `key`, with room for `body` more.
    pub(crate) fn new(magic: &[u8], key: &str, body: usize) -> Writer {
        let mut out = Vec::with_capacity(magic.len() + key.len() + body + 16);
        out.extend_from_slice(magic);
        let mut writer = Writer { out };
        writer.number(key.len());
        writer.bytes(key.as_bytes());
        writer
    }

    /// A number, as eight bytes.
    pub(crate) fn number(&mut self, n: usize) {
        self.out.extend_from_slice(&(n as u64).to_le_bytes());
    }

    /// Bytes as they are.
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// The bytes, the checksum appended.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        let sum = checksum(&self.out);
        self.out.extend_from_slice(&sum.to_le_bytes());
        self.out
    }
}

/// Reads what a [`Writer`] wrote, the header and checksum checked first.
pub(crate) struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// The body of `bytes` of the kind `magic`, and the key it was built
    /// for; or why the bytes are corrupt.
    pub(crate) fn open(
        bytes: &'a [u8],
        magic: &[u8],
    ) -> Result<(Reader<'a>, String), &'static str> {
        let (body, sum) = bytes.split_last_chunk::<8>().ok_or("too short")?;
        if body.len() < magic.len() || &body[..magic.len()] != magic {
            return Err("wrong header");
        }
        if checksum(body) != u64::from_le_bytes(*sum) {
            return Err("the checksum does not match");
        }
        let mut reader = Reader {
            rest: &body[magic.len()..],
        };
        let key_len = reader.number()?;
        let key = String::from_utf8_lossy(reader.take(key_len)?).into_owned();
        Ok((reader, key))
    }

    /// The next `n` bytes.
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], &'static str> {
        if n > self.rest.len() {
            return Err("truncated");
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    /// The next `count` items of `size` bytes each.
    pub(crate) fn items(&mut self, count: usize, size: usize) -> Result<&'a [u8], &'static str> {
        self.take(count.checked_mul(size).ok_or("too long")?)
    }

    /// The next number.
    pub(crate) fn number(&mut self) -> Result<usize, &'static str> {
        let bytes = self.take(8)?;
        usize::try_from(u64::from_le_bytes(bytes.try_into().expect("eight bytes")))
            .map_err(|_| "a number is too large")
    }

    /// Checks that nothing follows the last of `what`.
    pub(crate) fn end(self, what: &'static str) -> Result<(), String> {
        match self.rest.is_empty() {
            true => Ok(()),
            false => Err(format!("bytes after the {what}")),
        }
    }
}

/// A 64-bit checksum of `bytes` (FNV-1a over 8-byte words, then the tail,
/// seeded with the length): [`Checksum`] fed all of `bytes` at once.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new(bytes.len() as u64);
    sum.update(bytes);
    sum.finish()
}

/// The checksum of [`checksum`] fed in pieces, for bytes that are written
/// or read a piece at a time (a large table streamed to or from a file):
/// pieces of any lengths that make up the same bytes give the same sum.
///
/// ```
/// use search_core::pdb::{Checksum, checksum};
///
/// let bytes: Vec<u8> = (0..100).collect();
/// let mut sum = Checksum::new(100);
/// sum.update(&bytes[..3]);
/// sum.update(&bytes[3..60]);
/// sum.update(&bytes[60..]);
/// assert_eq!(sum.finish(), checksum(&bytes));
/// ```
#[derive(Debug, Clone)]
pub struct Checksum {
    hash: u64,
    pending: [u8; 8],
    filled: usize,
}

impl Checksum {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// A checksum of `len` bytes, to be fed with [`update`](Checksum::update).
    pub fn new(len: u64) -> Checksum {
        Checksum {
            hash: 0xcbf2_9ce4_8422_2325 ^ len,
            pending: [0; 8],
            filled: 0,
        }
    }

    fn word(&mut self, word: [u8; 8]) {
        self.hash = (self.hash ^ u64::from_le_bytes(word)).wrapping_mul(Checksum::PRIME);
        self.hash ^= self.hash >> 29;
    }

    /// Feeds the next `bytes`.
    pub fn update(&mut self, mut bytes: &[u8]) {
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            self.word(self.pending);
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.word(word.try_into().expect("eight bytes"));
        }
        let tail = words.remainder();
        self.pending[..tail.len()].copy_from_slice(tail);
        self.filled = tail.len();
    }

    /// The checksum of the bytes fed.
    pub fn finish(mut self) -> u64 {
        for &b in &self.pending[..self.filled] {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(Checksum::PRIME);
        }
        self.hash
    }
}

//! The one layout of what search-core stores as bytes (pattern databases,
//! pruning automata): a header naming the kind, the key it was built for
//! (in the caller's words), the body, and a checksum of all that
//! ([`checksum`](crate::pdb::checksum)). Writing and reading it, checked
//! whole, is written once here.

use crate::pdb::checksum;

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

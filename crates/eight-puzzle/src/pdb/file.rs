//! The pattern databases as bytes: a header naming the goal, the groups
//! and the kind of table, the stored tables, and a checksum of all that.

use search_core::pdb::Checksum;

use super::{MAX_CELLS, Partition, PatternDb, PdbError};
use crate::Board;

impl PatternDb {
    /// The database as bytes: a header naming the goal and the groups, the
    /// tables, and a checksum of all that.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.file_len() as usize);
        self.write_to(&mut out)
            .expect("writing to a vector does not fail");
        out
    }

    /// The length of [`to_bytes`](PatternDb::to_bytes)' output.
    pub fn file_len(&self) -> u64 {
        (self.header().len() + 8) as u64 + self.values.iter().map(|v| v.len() as u64).sum::<u64>()
    }

    /// Writes [`to_bytes`](PatternDb::to_bytes)' output to `out` without
    /// making a copy of the tables.
    pub fn write_to(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        let header = self.header();
        let body = self.file_len() - 8;
        let mut sum = Checksum::new(body);
        sum.update(&header);
        out.write_all(&header)?;
        for values in &self.values {
            sum.update(values);
            out.write_all(values)?;
        }
        out.write_all(&sum.finish().to_le_bytes())
    }

    fn header(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64);
        out.extend_from_slice(MAGIC);
        out.push(self.goal.width() as u8);
        out.push(self.goal.height() as u8);
        out.extend(self.goal.tiles());
        out.push(self.partition.groups.len() as u8);
        for tiles in &self.partition.groups {
            out.push(tiles.len() as u8);
            out.extend_from_slice(tiles);
        }
        out.push(u8::from(self.partition.zero_aware));
        out
    }

    /// A database from [`to_bytes`](PatternDb::to_bytes)' output, checked
    /// entirely: header, lengths and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDb, PdbError> {
        // Tables longer than the bytes given cannot be there: refused
        // before anything is allocated for them.
        PatternDb::read_from(bytes, bytes.len() as u64).map_err(|e| match e {
            PdbError::TooLarge { .. } => PdbError::Corrupt("the file is truncated".to_string()),
            other => other,
        })
    }

    /// [`from_bytes`](PatternDb::from_bytes) from a reader (a file), each
    /// table read straight into its place, refusing (before allocating them)
    /// tables that would take more than `max_memory` bytes.
    pub fn read_from(
        mut input: impl std::io::Read,
        max_memory: u64,
    ) -> Result<PatternDb, PdbError> {
        let corrupt = |why: &str| PdbError::Corrupt(why.to_string());
        let mut read = |n: usize, header: &mut Vec<u8>| -> Result<(), PdbError> {
            let at = header.len();
            header.resize(at + n, 0);
            input
                .read_exact(&mut header[at..])
                .map_err(|e| read_error(&e))
        };
        let mut header = Vec::with_capacity(64);
        read(MAGIC.len() + 2, &mut header)?;
        if &header[..MAGIC.len()] != MAGIC {
            return Err(corrupt("not a pattern database file (bad header)"));
        }
        let (width, height) = (
            usize::from(header[MAGIC.len()]),
            usize::from(header[MAGIC.len() + 1]),
        );
        if width * height > MAX_CELLS {
            return Err(corrupt("not a pattern database file (bad header)"));
        }
        read(width * height + 1, &mut header)?;
        let at = MAGIC.len() + 2;
        let goal = Board::new(width, height, &header[at..at + width * height])
            .map_err(|e| PdbError::Corrupt(e.to_string()))?;
        let count = usize::from(header[header.len() - 1]);
        let mut groups = Vec::new();
        for _ in 0..count {
            read(1, &mut header)?;
            let k = usize::from(header[header.len() - 1]);
            read(k, &mut header)?;
            groups.push(header[header.len() - k..].to_vec());
        }
        read(1, &mut header)?;
        let partition = match header[header.len() - 1] {
            0 => Partition::new(&goal, groups)?.plain(),
            1 => Partition::new(&goal, groups)?,
            _ => return Err(corrupt("not a pattern database file (bad header)")),
        };
        let bytes = partition.memory_needed(&goal);
        if bytes > max_memory {
            return Err(PdbError::TooLarge {
                bytes,
                max: max_memory,
            });
        }
        let mut sum = Checksum::new(header.len() as u64 + bytes);
        sum.update(&header);
        let input = &mut input;
        let (tables, own) = PatternDb::layout(&partition, &goal);
        let mut tables_read = Vec::with_capacity(own.len());
        for g in own {
            // Unreached entries (UNSEEN) are legitimate: with every tile in
            // one group, half of the placements have the wrong parity.
            let mut values = vec![0u8; tables[g].placements.count() as usize];
            // Summed piece by piece while each piece is still in the cache.
            for piece in values.chunks_mut(1 << 20) {
                input.read_exact(piece).map_err(|e| read_error(&e))?;
                sum.update(piece);
            }
            tables_read.push(values);
        }
        let mut stored = [0u8; 8];
        input.read_exact(&mut stored).map_err(|e| read_error(&e))?;
        if sum.finish() != u64::from_le_bytes(stored) {
            return Err(corrupt("the checksum does not match"));
        }
        let mut more = [0u8; 1];
        if input.read(&mut more).map_err(|e| read_error(&e))? != 0 {
            return Err(corrupt("trailing bytes after the tables"));
        }
        Ok(PatternDb {
            goal,
            partition,
            tables,
            values: tables_read,
        })
    }

    /// [`from_bytes`](PatternDb::from_bytes), and a check that the database
    /// is the one for `goal` and `partition` ([`PdbError::Mismatch`] if not).
    pub fn from_bytes_for(
        bytes: &[u8],
        goal: &Board,
        partition: &Partition,
    ) -> Result<PatternDb, PdbError> {
        let db = PatternDb::from_bytes(bytes)?;
        if db.goal != *goal || db.partition != *partition {
            return Err(PdbError::Mismatch);
        }
        Ok(db)
    }

    /// [`read_from`](PatternDb::read_from), and a check that the database
    /// is the one for `goal` and `partition` ([`PdbError::Mismatch`] if not).
    pub fn read_for(
        input: impl std::io::Read,
        goal: &Board,
        partition: &Partition,
        max_memory: u64,
    ) -> Result<PatternDb, PdbError> {
        let db = PatternDb::read_from(input, max_memory)?;
        if db.goal != *goal || db.partition != *partition {
            return Err(PdbError::Mismatch);
        }
        Ok(db)
    }
}

/// A read that failed, as the reason the bytes are not a database.
fn read_error(e: &std::io::Error) -> PdbError {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        PdbError::Corrupt("the file is truncated".to_string())
    } else {
        PdbError::Corrupt(format!("it could not be read: {e}"))
    }
}

/// The file format's first bytes, with its version.
const MAGIC: &[u8] = b"EPUZPDB4";

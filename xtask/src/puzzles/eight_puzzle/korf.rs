//! The Korf harness: Korf's 100 15-puzzle instances solved with one bound,
//! each solution replayed and checked, and the plain C 6-6-3 reference
//! solver run on the same instances (`cargo xtask korf`).

use std::fmt::Write;
use std::fs;
use std::sync::Arc;
use std::time::Instant;

use eight_puzzle::{Algorithm, Board, EightPuzzle, Partition, replay, solve};

use super::cache::{cache_dir, load_or_build};
use crate::driver::read;

/// The bounds of [`korf`], by name: Manhattan distance, with linear
/// conflicts, and the 6-6-3 and 7-8 pattern databases.
const BOUNDS: [(&str, Algorithm); 4] = [
    ("manhattan", Algorithm::IdaManhattan),
    ("linear-conflict", Algorithm::IdaLinearConflict),
    ("6-6-3", Algorithm::IdaPdb),
    ("7-8", Algorithm::IdaPdb),
];

/// The algorithm of the bound called `name`.
pub fn algorithm(name: &str) -> Result<Algorithm, String> {
    let known = || BOUNDS.map(|(name, _)| name).join(", ");
    let found = BOUNDS.iter().find(|(bound, _)| *bound == name);
    found
        .map(|&(_, a)| a)
        .ok_or_else(|| format!("unknown bound {name:?} (known: {})", known()))
}

/// One instance solved by [`korf`].
#[derive(Debug, Clone)]
pub struct KorfRun {
    /// The fixture's case name.
    pub case: String,
    /// The optimal length found (checked against the fixture and replayed).
    pub moves: usize,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Seconds of search.
    pub seconds: f64,
}

/// Solves the Korf fixtures (`fixtures/eight-puzzle/korf-*.json`) numbered
/// `first..=last` with one bound (with `reflect`, the pattern databases also
/// over the reflected board), loading or building the tables first; each
/// solution is replayed and its length checked against the fixture.
/// Returns the seconds spent loading or building the tables, and the runs;
/// `each` sees every run as it ends.
pub fn korf(
    bound: &str,
    reflect: bool,
    (first, last): (usize, usize),
    max_memory: u64,
    mut each: impl FnMut(&KorfRun),
) -> Result<(f64, Vec<KorfRun>), String> {
    let dir = crate::repo_root().join("fixtures").join("eight-puzzle");
    let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"])
        .map_err(|e| e.to_string())?;
    let algorithm = algorithm(bound)?;
    let clock = Instant::now();
    let partition = match bound {
        "6-6-3" => Some(Partition::six_six_three(&goal)),
        "7-8" => Some(Partition::seven_eight(&goal)),
        _ => None,
    };
    let db = match partition {
        Some(partition) => {
            let partition = partition.map_err(|e| e.to_string())?;
            Some(Arc::new(
                load_or_build(&cache_dir(), &goal, &partition, max_memory)?.0,
            ))
        }
        None => None,
    };
    let options = eight_puzzle::SolveOptions {
        algorithm,
        reflect: reflect && db.is_some(),
        pattern_db: db,
        ..eight_puzzle::SolveOptions::default()
    };
    let setup = clock.elapsed().as_secs_f64();
    let mut runs = Vec::new();
    for id in first..=last {
        let case = format!("korf-{id:03}");
        let path = dir.join(format!("{case}.json"));
        let json = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (fixture, (start, fixture_goal)) =
            read::<EightPuzzle>(&json).map_err(|e| format!("{case}: {e}"))?;
        if fixture_goal != goal {
            return Err(format!("{case}: not Korf's goal"));
        }
        let clock = Instant::now();
        let outcome = solve(&start, &goal, &options).map_err(|e| format!("{case}: {e}"))?;
        let found = outcome
            .found
            .ok_or_else(|| format!("{case}: unreachable?"))?;
        let seconds = clock.elapsed().as_secs_f64();
        replay(&start, &goal, &found.moves).map_err(|e| format!("{case}: {e}"))?;
        if fixture.expect.moves != Some(Some(found.len() as u32)) {
            return Err(format!(
                "{case}: {} moves, but the fixture expects {:?}",
                found.len(),
                fixture.expect.moves
            ));
        }
        let run = KorfRun {
            case,
            moves: found.len(),
            expanded: outcome.stats.expanded,
            generated: outcome.stats.generated,
            seconds,
        };
        each(&run);
        runs.push(run);
    }
    Ok((setup, runs))
}

/// Compiles the plain C 6-6-3 IDA* of `crates/benches/peer/`
/// with `cc -O2` (into `target/peer/`) and runs it on Korf's instances
/// `first..=last`, read from the fixtures; returns its output (one line per
/// instance, then its totals and times). `None` if there is no `cc`.
pub fn korf_peer((first, last): (usize, usize)) -> Result<Option<String>, String> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let root = crate::repo_root();
    if Command::new("cc").arg("--version").output().is_err() {
        return Ok(None);
    }
    let source = root.join("crates/benches/peer/fifteen_663.c");
    let out_dir = root.join("target").join("peer");
    fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let binary = out_dir.join("fifteen_663");
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("cc: {e}"))?;
    if !status.success() {
        return Err(format!("cc failed on {}", source.display()));
    }
    let mut input = String::new();
    for id in first..=last {
        let path = root.join(format!("fixtures/eight-puzzle/korf-{id:03}.json"));
        let json = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (_, (start, _)) = read::<EightPuzzle>(&json)?;
        let tiles: Vec<String> = start.tiles().iter().map(u8::to_string).collect();
        let _ = writeln!(input, "{}", tiles.join(" "));
    }
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("{} failed", binary.display()));
    }
    Ok(Some(String::from_utf8_lossy(&output.stdout).into_owned()))
}

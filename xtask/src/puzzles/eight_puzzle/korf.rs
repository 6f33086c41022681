//! The Korf harness: Korf's 100 15-puzzle instances solved with one bound,
//! each solution replayed and checked, and the plain C 6-6-3 reference
//! solver run on the same instances (`cargo xtask korf`).

use std::fs;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Instant;

use eight_puzzle::{Algorithm, Board, EightPuzzle, Partition, Stats, replay, solve};

use super::cache::load_or_build;
use crate::driver::read;
use crate::{cache_dir, repo_root};

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
    let found = BOUNDS.iter().find(|(bound, _)| *bound == name);
    found.map(|&(_, a)| a).ok_or_else(|| {
        let known = BOUNDS.map(|(name, _)| name).join(", ");
        format!("unknown bound {name:?} (known: {known})")
    })
}

/// The start of Korf's instance `id`, and the fixture's expected length.
fn instance(id: usize) -> Result<(Board, Board, Option<Option<u32>>), String> {
    let path = repo_root().join(format!("fixtures/eight-puzzle/korf-{id:03}.json"));
    let json = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (fixture, (start, goal)) =
        read::<EightPuzzle>(&json).map_err(|e| format!("korf-{id:03}: {e}"))?;
    Ok((start, goal, fixture.expect.moves))
}

/// Solves the Korf fixtures (`fixtures/eight-puzzle/korf-*.json`) numbered
/// `first..=last` with one bound (with `reflect`, the pattern databases also
/// over the reflected board), loading or building the tables first; each
/// solution is replayed and its length checked against the fixture, and
/// handed to `each` with the instance's case, length, counters and seconds.
/// Returns the seconds spent loading or building the tables.
pub fn korf(
    bound: &str,
    reflect: bool,
    (first, last): (usize, usize),
    max_memory: u64,
    mut each: impl FnMut(&str, usize, &Stats, f64),
) -> Result<f64, String> {
    let rows = ["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"];
    let goal = Board::from_rows(&rows).map_err(|e| e.to_string())?;
    let algorithm = algorithm(bound)?;
    let clock = Instant::now();
    let partition = match bound {
        "6-6-3" => Some(Partition::six_six_three(&goal)),
        "7-8" => Some(Partition::seven_eight(&goal)),
        _ => None,
    };
    let pattern_db = match partition {
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
        reflect: reflect && pattern_db.is_some(),
        pattern_db,
        ..eight_puzzle::SolveOptions::default()
    };
    let setup = clock.elapsed().as_secs_f64();
    for id in first..=last {
        let case = format!("korf-{id:03}");
        let (start, fixture_goal, expected) = instance(id)?;
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
        if expected != Some(Some(found.len() as u32)) {
            let moves = found.len();
            return Err(format!(
                "{case}: {moves} moves, but the fixture expects {expected:?}"
            ));
        }
        each(&case, found.len(), &outcome.stats, seconds);
    }
    Ok(setup)
}

/// Compiles the plain C 6-6-3 IDA* of `crates/benches/peer/`
/// with `cc -O2` (into `target/peer/`) and runs it on Korf's instances
/// `first..=last`, read from the fixtures; returns its output (one line per
/// instance, then its totals and times). `None` if there is no `cc`.
pub fn korf_peer((first, last): (usize, usize)) -> Result<Option<String>, String> {
    if Command::new("cc").arg("--version").output().is_err() {
        return Ok(None);
    }
    let source = repo_root().join("crates/benches/peer/fifteen_663.c");
    let out_dir = repo_root().join("target/peer");
    fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let binary = out_dir.join("fifteen_663");
    let compiled = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status();
    if !compiled.map_err(|e| format!("cc: {e}"))?.success() {
        return Err(format!("cc failed on {}", source.display()));
    }
    let mut input = String::new();
    for id in first..=last {
        let tiles: Vec<String> = instance(id)?.0.tiles().iter().map(u8::to_string).collect();
        input.push_str(&format!("{}\n", tiles.join(" ")));
    }
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(input.as_bytes())
        .map_err(|e| e.to_string())?;
    drop(stdin);
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("{} failed", binary.display()));
    }
    Ok(Some(String::from_utf8_lossy(&output.stdout).into_owned()))
}

//! The Korf harness (`cargo xtask korf`): Korf's 100 15-puzzle instances
//! solved with one bound, each solution replayed and checked, and the plain
//! C 6-6-3 reference solver run on the same instances.

use std::fs;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Instant;

use eight_puzzle::{Algorithm, Board, EightPuzzle, Partition, SolveOptions, replay, solve};
use search_core::puzzle::by_name;

use super::cache::load_or_build;
use crate::report::thousands;
use crate::{cache_dir, driver, out, repo_root};

/// The bounds of [`korf`], by name: Manhattan distance, with linear
/// conflicts, and the 6-6-3 and 7-8 pattern databases.
const BOUNDS: [(&str, Algorithm); 4] = [
    ("manhattan", Algorithm::IdaManhattan),
    ("linear-conflict", Algorithm::IdaLinearConflict),
    ("6-6-3", Algorithm::IdaPdb),
    ("7-8", Algorithm::IdaPdb),
];

/// The start and goal of Korf's instance `id`, and the fixture's expected
/// length.
fn instance(id: usize) -> Result<(Board, Board, Option<Option<u32>>), String> {
    let path = repo_root().join(format!("fixtures/eight-puzzle/korf-{id:03}.json"));
    let json = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let read = driver::read::<EightPuzzle>(&json).map_err(|e| format!("korf-{id:03}: {e}"));
    let (fixture, (start, goal)) = read?;
    Ok((start, goal, fixture.expect.moves))
}

/// Solves the Korf fixtures (`fixtures/eight-puzzle/korf-*.json`) that
/// `instances` numbers (`FIRST-LAST` or `N`, within 1-100) with `bound` (with
/// `reflect`, the pattern databases also over the reflected board), loading
/// or building the tables first within `max_memory` bytes. Each solution is
/// replayed and its length checked against the fixture, and printed with
/// its counters and time; then the totals, and with `peer` the plain C
/// reference solver's, on the same instances.
#[allow(clippy::print_stderr)]
pub fn korf(
    bound: &str,
    reflect: bool,
    instances: &str,
    max_memory: u64,
    peer: bool,
) -> Result<(), String> {
    let algorithm = by_name("bound", bound, &BOUNDS, |(name, _)| name)?.1;
    let bad = || format!("--instances {instances:?}: expected FIRST-LAST or N within 1-100");
    let number = |n: &str| n.parse::<usize>().map_err(|_| bad());
    let (first, last) = match instances.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(instances)?, number(instances)?),
    };
    if first < 1 || last > 100 || first > last {
        return Err(bad());
    }
    if let Some(note) = crate::timing_note("korf ...") {
        eprintln!("{note}");
    }
    let rows = ["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"];
    let goal = Board::from_rows(&rows).map_err(|e| e.to_string())?;
    let clock = Instant::now();
    let partition = match bound {
        "6-6-3" => Some(Partition::six_six_three(&goal)),
        "7-8" => Some(Partition::seven_eight(&goal)),
        _ => None,
    };
    let pattern_db = match partition.transpose().map_err(|e| e.to_string())? {
        Some(p) => Some(Arc::new(
            load_or_build(&cache_dir(), &goal, &p, max_memory)?.0,
        )),
        None => None,
    };
    let options = SolveOptions {
        algorithm,
        reflect: reflect && pattern_db.is_some(),
        pattern_db,
        ..SolveOptions::default()
    };
    let setup = clock.elapsed().as_secs_f64();
    let (mut count, mut moves, mut expanded, mut generated, mut seconds) = (0, 0, 0, 0, 0.0);
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
        let time = clock.elapsed().as_secs_f64();
        replay(&start, &goal, &found.moves).map_err(|e| format!("{case}: {e}"))?;
        let (length, stats) = (found.len(), outcome.stats);
        if expected != Some(Some(length as u32)) {
            let expects = format!("but the fixture expects {expected:?}");
            return Err(format!("{case}: {length} moves, {expects}"));
        }
        out!(
            "{case}  {length:>3} moves  {:>15} expanded  {:>15} generated  {time:>10.3} s",
            thousands(stats.expanded),
            thousands(stats.generated),
        );
        (count, moves, seconds) = (count + 1, moves + length, seconds + time);
        (expanded, generated) = (expanded + stats.expanded, generated + stats.generated);
    }
    out!(
        "total: {count} instances, {moves} moves, {} expanded, {} generated, search {seconds:.2} s, tables loaded or built in {setup:.2} s; bound {bound}{}",
        thousands(expanded),
        thousands(generated),
        if reflect { " with reflection" } else { "" }
    );
    if peer {
        let clock = Instant::now();
        match korf_peer((first, last))? {
            None => eprintln!("no cc: the C reference solver was not run"),
            Some(output) => {
                let total = output.lines().last().unwrap_or_default();
                let all = clock.elapsed().as_secs_f64();
                out!(
                    "peer (plain C 6-6-3 IDA*, cc -O2): {total}; {all:.2} s in all, compilation included"
                );
            }
        }
    }
    Ok(())
}

/// Compiles the plain C 6-6-3 IDA* of `crates/benches/peer/` with `cc -O2`
/// (into `target/peer/`) and runs it on Korf's instances `first..=last`,
/// read from the fixtures; returns its output (one line per instance, then
/// its totals and times). `None` if there is no `cc`.
fn korf_peer((first, last): (usize, usize)) -> Result<Option<String>, String> {
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
    let mut child = Command::new(&binary);
    let child = child.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
    let mut child = child.map_err(|e| format!("{}: {e}", binary.display()))?;
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

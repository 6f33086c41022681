//! The Korf harness (`cargo xtask korf`): Korf's 100 15-puzzle instances
//! and Korf & Felner's 50 24-puzzle instances solved with one bound, each
//! solution replayed and checked, and the plain C 6-6-3 reference solver
//! run on the same 15-puzzle instances.

use std::fs;
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use eight_puzzle::fixture::Fixture;
use eight_puzzle::{Algorithm, Board, Budget, EightPuzzle, Partition, PdbError, SolveOptions};
use search_core::puzzle::by_name;
use search_core::text::{Batch, Solved, numbers};
use serde_json::json;

use super::cache::load_or_build;
use crate::driver::{self, Runs};
use crate::registry::{SolveSettings, fields};
use crate::{cache_dir, out, repo_root};

/// The groups of a partition of the tiles of a goal.
type Groups = fn(&Board) -> Result<Partition, PdbError>;

/// The bounds of [`korf`], by name: Manhattan distance, with linear
/// conflicts, and the pattern databases of each partition.
const BOUNDS: [(&str, Algorithm, Option<Groups>); 5] = [
    ("manhattan", Algorithm::IdaManhattan, None),
    ("linear-conflict", Algorithm::IdaLinearConflict, None),
    ("6-6-3", Algorithm::IdaPdb, Some(Partition::six_six_three)),
    ("7-8", Algorithm::IdaPdb, Some(Partition::seven_eight)),
    (
        "6-6-6-6",
        Algorithm::IdaPdb,
        Some(Partition::six_six_six_six),
    ),
];

/// The boards of the harness: their side, the fixtures' file names, how
/// many instances there are, and the bound by default.
#[derive(Clone, Copy)]
struct Size {
    side: usize,
    file: fn(usize) -> String,
    count: usize,
    bound: &'static str,
}

const SIZES: [(&str, Size); 2] = [
    (
        "4x4",
        Size {
            side: 4,
            file: |id| format!("korf-{id:03}.json"),
            count: 100,
            bound: "6-6-3",
        },
    ),
    (
        "5x5",
        Size {
            side: 5,
            file: |id| format!("korf24/{id:02}.json"),
            count: 50,
            bound: "6-6-6-6",
        },
    ),
];

/// The fixture of instance `id` of `size`, and its start and goal.
fn instance(size: &Size, id: usize) -> Result<(Fixture, (Board, Board)), String> {
    let name = (size.file)(id);
    let path = repo_root().join("fixtures/eight-puzzle").join(&name);
    let json = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    driver::read::<EightPuzzle>(&json).map_err(|e| format!("{name}: {e}"))
}

// The options of `korf`. (A doc comment here would become the command's
// about.)
#[allow(missing_docs)]
#[derive(clap::Args)]
pub struct Korf {
    /// 4x4 (Korf's 100 instances) or 5x5 (Korf & Felner's 50).
    #[arg(long, default_value = "4x4")]
    size: String,
    /// manhattan, linear-conflict, 6-6-3, 7-8 or 6-6-6-6 (pattern
    /// databases, from .cache/pdb/ or built there first); 6-6-3 on the 4x4
    /// board and 6-6-6-6 on the 5x5 board by default.
    #[arg(long)]
    bound: Option<String>,
    /// Also apply the pattern databases to the reflected board.
    #[arg(long)]
    reflect: bool,
    /// Korf & Felner's plain tables (the least value over the blank's
    /// regions, as the published node counts use), not zero-aware ones.
    #[arg(long)]
    plain: bool,
    /// The instances, e.g. 1-100, 7 or 40,38,25 (every one by default).
    #[arg(long)]
    instances: Option<String>,
    /// Refuse to build tables needing more than this (build peak included).
    #[arg(long, value_name = "MiB", default_value_t = 8192)]
    max_memory: u64,
    /// Also compile (cc -O2) and run the plain C 6-6-3 reference solver
    /// on the same instances, tables built included (4x4 only).
    #[arg(long)]
    peer: bool,
    /// Print one JSON object (every instance, then the totals).
    #[arg(long)]
    json: bool,
}

/// Solves the Korf fixtures of `run.size` that `run.instances` numbers with
/// one bound, loading or building the tables first within `max_memory`
/// bytes, on every core. Each solution is replayed and its length checked
/// against the fixture, and printed with its counters and time; then the
/// totals, and with `peer` the plain C reference solver's, on the same
/// instances. On a terminal each IDA* iteration is reported as it begins.
#[allow(clippy::print_stderr)]
pub fn korf(run: &Korf) -> Result<(), String> {
    let size = &by_name("size", &run.size, &SIZES, |(name, _)| name)?.1;
    let bound = run.bound.as_deref().unwrap_or(size.bound);
    let (_, algorithm, groups) = by_name("bound", bound, &BOUNDS, |(name, ..)| name)?;
    let count = size.count;
    let ids = match run.instances.as_deref() {
        None => (1..=count).collect(),
        Some(list) => numbers(list, 1..=count).ok_or_else(|| {
            format!("--instances {list:?}: expected a list of N or FIRST-LAST within 1-{count}")
        })?,
    };
    if run.peer && size.side != 4 {
        return Err("--peer: the C reference solver is for the 4x4 board".to_string());
    }
    if let Some(note) = crate::timing_note("korf ...") {
        eprintln!("{note}");
    }
    let side = size.side;
    let tiles: Vec<u8> = (0..side * side).map(|t| t as u8).collect();
    let goal = Board::new(side, side, &tiles).map_err(|e| e.to_string())?;
    let clock = Instant::now();
    let pattern_db = match groups {
        Some(groups) => {
            let partition = groups(&goal).map_err(|e| e.to_string())?;
            let partition = match run.plain {
                true => partition.plain(),
                false => partition,
            };
            let max_memory = run.max_memory.saturating_mul(1 << 20);
            Some(Arc::new(
                load_or_build(&cache_dir(), &goal, &partition, max_memory)?.0,
            ))
        }
        None => None,
    };
    let budget = super::on_terminal(Budget::default(), "  ");
    let options = SolveOptions {
        algorithm,
        reflect: run.reflect && pattern_db.is_some(),
        pattern_db,
        budget,
        ..SolveOptions::default()
    };
    let setup = clock.elapsed().as_secs_f64();
    let mut batch = Batch::default();
    for &id in &ids {
        let case = (size.file)(id).trim_end_matches(".json").to_string();
        let (fixture, (start, fixture_goal)) = instance(size, id)?;
        if fixture_goal != goal || fixture.expect.moves.is_none() {
            return Err(format!("{case}: not Korf's goal, or no expected length"));
        }
        // Solved, timed and replayed as `solve` does, then checked against
        // the fixture's length and proven optimal.
        let mut runs = Runs::<EightPuzzle>::new(fixture, SolveSettings::solve_all());
        let found = runs.solve(bound, (&start, &goal), &options);
        found.map_err(|e| format!("{case}: {e}"))?;
        let problems = runs.problems(None).into_iter().chain(runs.unproven.take());
        let problems: Vec<String> = problems.collect();
        if !problems.is_empty() {
            return Err(format!("{case}: {}", problems.join("; ")));
        }
        let solved = Solved::of(case, &runs.runs[0]);
        if !run.json {
            out!("{solved}");
        }
        batch.instances.push(solved);
    }
    let reflected = if run.reflect { " with reflection" } else { "" };
    let zero_aware = options
        .pattern_db
        .as_ref()
        .map(|db| db.partition().is_zero_aware());
    let named = match &options.pattern_db {
        Some(db) => db.partition().name(),
        None => bound.to_string(),
    };
    if run.json {
        let mut report = fields(&json!({
            "size": run.size, "bound": bound, "zero_aware": zero_aware, "reflect": run.reflect,
            "threads": search_core::par::threads(), "tables_seconds": setup,
        }));
        report.extend(fields(&batch));
        out!(
            "{}",
            serde_json::to_string_pretty(&report).expect("JSON values serialise")
        );
    } else {
        out!("{batch}, tables loaded or built in {setup:.2} s; bound {named}{reflected}");
    }
    if run.peer {
        let clock = Instant::now();
        match korf_peer(&ids)? {
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
/// (into `target/peer/`) and runs it on Korf's instances `ids`,
/// read from the fixtures; returns its output (one line per instance, then
/// its totals and times). `None` if there is no `cc`.
fn korf_peer(ids: &[usize]) -> Result<Option<String>, String> {
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
    for &id in ids {
        let tiles = instance(&SIZES[0].1, id)?.1.0.tiles();
        let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
        input += &format!("{}\n", tiles.join(" "));
    }
    let (in_file, shown) = (out_dir.join("korf.txt"), binary.display());
    fs::write(&in_file, input).map_err(|e| format!("{}: {e}", in_file.display()))?;
    let stdin = fs::File::open(&in_file).map_err(|e| format!("{}: {e}", in_file.display()))?;
    let output = Command::new(&binary).stdin(stdin).output();
    let output = output.map_err(|e| format!("{shown}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{shown} failed"));
    }
    Ok(Some(String::from_utf8_lossy(&output.stdout).into_owned()))
}

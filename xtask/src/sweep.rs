//! The one sweep of a ranked space behind every `analyze` but peg
//! solitaire's level searches, on one machine or sharded over several.

use search_core::layers::{LayerReport, Sweep, Table};
use search_core::puzzle::{Puzzle, by_name};
use search_core::rules::Ranked;

use crate::driver::{self, Driver};
use crate::registry::{Analysis, AnalyzeOptions, Census, Progress};
use search_core::text::{indent, thousands};

/// The goal `analyze` sweeps from, for a puzzle whose board comes from
/// `--goal` alone: the goal of the fixture that `--goal` names, or the
/// board of `default` rows.
pub fn goal_option<P>(options: &AnalyzeOptions, default: &[&str]) -> Result<P::Board, String>
where
    P: Driver<Instance = (<P as Puzzle>::Board, <P as Puzzle>::Board)>,
{
    match driver::goal_file::<P>(options)? {
        Some((_, goal)) => Ok(goal),
        None => P::from_rows(P::Variant::default(), default).map_err(|e| e.to_string()),
    }
}

/// A census predicate: whether a state (with its rank) is counted.
type CensusFn<'a, S> = &'a (dyn Fn(&<S as search_core::rules::Rules>::State, u64) -> bool + Sync);

/// What a puzzle's `analyze` sweeps, beside the space and its goals.
pub struct SweepPlan<'a, S: Ranked> {
    /// What is swept, in words: the first lines of the report.
    pub description: String,
    /// A second count per distance, if the puzzle has one: its key in
    /// `--json` output, its column heading, which states it counts.
    pub census: Option<(&'static str, &'static str, CensusFn<'a, S>)>,
    /// Draws a state as rows.
    pub draw: &'a dyn Fn(&S::State) -> Vec<String>,
}

impl<'a, S: Ranked> SweepPlan<'a, S> {
    /// The plan of a sweep with no census, described as the distance of
    /// every arrangement of `puzzle`'s board (`width` by `height`) from
    /// `goal`.
    pub fn from_goal(
        puzzle: &str,
        (width, height): (usize, usize),
        goal: &impl std::fmt::Display,
        draw: &'a dyn Fn(&S::State) -> Vec<String>,
    ) -> Self {
        let goal = indent(&goal.to_string());
        let description = format!(
            "{puzzle} {width}x{height}: the distance of every arrangement from the goal\n{goal}"
        );
        let census = None;
        SweepPlan {
            description,
            census,
            draw,
        }
    }

    /// Sweeps `space` from `goals` in the table `--table` names (if none,
    /// [`Table::for_size`]), within `--max-memory`, with progress; the
    /// farthest states drawn.
    pub fn sweep(
        self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        options: &AnalyzeOptions,
        progress: &mut dyn Progress,
    ) -> Result<Analysis, String> {
        let (census, size) = (self.census.map(|c| c.2), space.size());
        let (layers, exchanged) = match &options.cluster {
            #[cfg(feature = "distributed")]
            Some(cluster) => {
                let key = format!("{}\n{}", self.description, options.farthest);
                let sharded = sharded(space, goals, census, options, (cluster, &key), progress)?;
                (sharded.layers, sharded.exchanged)
            }
            _ => {
                let table = match options.table.as_deref() {
                    None => Table::for_size(size),
                    Some(name) => by_name("table", name, &Table::NAMED, |(name, _)| name)?.1,
                };
                let sweep = Sweep::new(table).with_max_memory(options.max_memory);
                let sweep = sweep.with_farthest(options.farthest);
                let mib = sweep.memory_needed(size) as f64 / (1 << 20) as f64;
                let lines = format!("table: {} ranks, {mib:.1} MiB", thousands(size));
                progress.begin(&lines, Some(size));
                let report = |r: &LayerReport| progress.layer(r);
                let layers = match census {
                    None => sweep.run(space, goals, report),
                    Some(c) => sweep.run_with_census(space, goals, c, report),
                };
                (layers.map_err(|e| e.to_string())?, Vec::new())
            }
        };
        let farthest = layers
            .farthest
            .iter()
            .map(|&r| (self.draw)(&space.unrank(r)));
        let census = self.census.map(|(key, heading, _)| Census {
            key,
            heading,
            counts: layers.census,
        });
        Ok(Analysis {
            description: self.description,
            ranks: size,
            histogram: layers.histogram,
            farthest: farthest.collect(),
            census,
            exchanged,
            ..Analysis::default()
        })
    }
}

/// This process's part of a sweep sharded over the processes of `cluster`
/// (`key` names the sweep), with the whole cluster's counts: the same
/// layers as the single-machine sweep.
#[cfg(feature = "distributed")]
fn sharded<S: Ranked>(
    space: &S,
    goals: impl IntoIterator<Item = S::State>,
    census: Option<CensusFn<'_, S>>,
    options: &AnalyzeOptions,
    (cluster, key): (&crate::distributed::ClusterOptions, &str),
    progress: &mut dyn Progress,
) -> Result<search_distributed::Sharded, String> {
    use search_distributed::{Cluster, ShardedSweep, job_key};
    if let Some(table) = options.table.as_deref().filter(|&t| t != "two-bits") {
        return Err(format!(
            "a sharded sweep keeps two bits a rank; --table {table} does not apply"
        ));
    }
    search_distributed::exit_on_lost_peer(cluster.process);
    let engine = Cluster::new(cluster.addresses.clone(), cluster.process, cluster.workers);
    let timeout = std::time::Duration::from_secs_f64(cluster.timeout_seconds);
    let engine = engine.map_err(|e| e.to_string())?.with_timeout(timeout);
    let sweep = ShardedSweep::new().with_max_memory(options.max_memory);
    let sweep = sweep.with_farthest(options.farthest).with_job(job_key(key));
    let size = space.size();
    let count = |n: usize, one, many| format!("{n} {}", if n == 1 { one } else { many });
    let lines = format!(
        "table: {} ranks in shards over {} of {}, {} in process {}",
        thousands(size),
        count(cluster.addresses.len(), "process", "processes"),
        count(cluster.workers, "worker", "workers"),
        search_core::Bytes(sweep.memory_needed(size, &engine)),
        cluster.process
    );
    progress.begin(&lines, Some(size));
    let report = |r: &LayerReport| progress.layer(r);
    match census {
        None => sweep.run(space, goals, &engine, report),
        Some(c) => sweep.run_with_census(space, goals, c, &engine, report),
    }
    .map_err(|e| e.to_string())
}

//! Numbers and boards as text, the same in every puzzle crate's notation:
//! counts grouped by thousands, boards drawn side by side under labels,
//! durations, the table of runs, a sweep's [`Analysis`], a puzzle's
//! [`Drawing`] of a solution, a [`Batch`] of instances with its totals, and
//! a histogram as SVG. Building strings only; nothing is printed here.

use std::fmt::Write;

mod batch;
mod chart;
mod drawing;

pub use batch::{Batch, Solved};
pub use chart::histogram_svg;
pub use drawing::{Drawing, ends};

/// `1234567` as `1,234,567`.
///
/// ```
/// assert_eq!(search_core::text::thousands(252_252_000u64), "252,252,000");
/// ```
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Counts, one per level, separated by commas, and their sum where `total`:
/// `1, 4, 12 (17 in all)`.
pub fn counts(counts: &[u64], total: bool) -> String {
    let shown: Vec<String> = counts.iter().map(|&n| thousands(n)).collect();
    match total {
        true => {
            let sum = thousands(counts.iter().sum::<u64>());
            format!("{} ({sum} in all)", shown.join(", "))
        }
        false => shown.join(", "),
    }
}

/// The numbers that `list` names, in its order: `N` and `FIRST-LAST`,
/// separated by commas, each within `range`; `None` if one is not.
///
/// ```
/// use search_core::text::numbers;
/// assert_eq!(numbers("7,2-4", 1..=100), Some(vec![7, 2, 3, 4]));
/// assert_eq!(numbers("4-2", 1..=100), None);
/// ```
pub fn numbers(list: &str, range: std::ops::RangeInclusive<usize>) -> Option<Vec<usize>> {
    let number = |n: &str| n.trim().parse().ok().filter(|n| range.contains(n));
    let mut found = Vec::new();
    for part in list.split(',') {
        let (first, last) = part.split_once('-').unwrap_or((part, part));
        let (first, last) = (number(first)?, number(last)?);
        found.extend((first <= last).then_some(first..=last)?);
    }
    Some(found)
}

/// "31 moves", "1 move", or "no solution".
pub fn length(moves: Option<u32>) -> String {
    match moves {
        Some(1) => "1 move".to_string(),
        Some(n) => format!("{n} moves"),
        None => "no solution".to_string(),
    }
}

/// Draws boards side by side, `per_row` to a row, each headed by a label.
/// Every board is a list of lines of equal width.
pub fn side_by_side(boards: &[(String, Vec<String>)], per_row: usize) -> String {
    let mut out = String::new();
    for group in boards.chunks(per_row.max(1)) {
        let lines = group
            .iter()
            .flat_map(|(label, lines)| lines.iter().chain([label]));
        let width = lines.map(String::len).max().unwrap_or(0);
        let height = group.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        let line = |cells: Vec<&str>| {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:<width$}")).collect();
            cells.join("   ").trim_end().to_string()
        };
        let _ = writeln!(
            out,
            "{}",
            line(group.iter().map(|(label, _)| label.as_str()).collect())
        );
        for row in 0..height {
            let cells = group
                .iter()
                .map(|(_, lines)| lines.get(row).map_or("", String::as_str));
            let _ = writeln!(out, "{}", line(cells.collect()));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// Boards, each as rows, labelled by `labels` and drawn side by side,
/// `per_row` to a row, indented by two spaces.
pub fn drawn<L: ToString>(
    labels: impl IntoIterator<Item = L>,
    boards: impl IntoIterator<Item = Vec<String>>,
    per_row: usize,
) -> String {
    let labelled = labels.into_iter().map(|l| l.to_string()).zip(boards);
    indent(&side_by_side(&labelled.collect::<Vec<_>>(), per_row))
}

/// A duration in the unit that reads best.
///
/// ```
/// use search_core::text::human_time;
/// assert_eq!(human_time(999.0), "999 ns");
/// assert_eq!(human_time(1_500.0), "1.5 µs");
/// assert_eq!(human_time(2_500_000.0), "2.50 ms");
/// assert_eq!(human_time(3_250_000_000.0), "3.25 s");
/// ```
pub fn human_time(ns: f64) -> String {
    match ns {
        n if n >= 1e9 => format!("{:.2} s", n / 1e9),
        n if n >= 1e6 => format!("{:.2} ms", n / 1e6),
        n if n >= 1e3 => format!("{:.1} µs", n / 1e3),
        n => format!("{n:.0} ns"),
    }
}

/// How the peer's median `peer` compares with this project's `ours`, in
/// words that stay true whichever is faster.
///
/// ```
/// use search_core::text::compared;
/// assert_eq!(compared(7e6, 2e6), "3.5x slower");
/// assert_eq!(compared(1e6, 2e6), "2.0x faster");
/// ```
pub fn compared(peer: f64, ours: f64) -> String {
    match peer >= ours {
        true => format!("{:.1}x slower", peer / ours),
        false => format!("{:.1}x faster", ours / peer),
    }
}

/// Indents every line of `text` but the empty ones by two spaces.
pub fn indent(text: &str) -> String {
    let line = |l: &str| match l.is_empty() {
        true => String::new(),
        false => format!("  {l}"),
    };
    text.lines().map(line).collect::<Vec<_>>().join("\n")
}

/// A whole-space analysis's result, drawn by its `Display`: what was swept,
/// the states at each distance from the goals, a second count per distance
/// where there is one, and some of the farthest states.
///
/// ```
/// use search_core::text::Analysis;
/// let analysis: Analysis = Analysis {
///     description: "a path of three cells".to_string(),
///     ranks: 3,
///     histogram: vec![1, 2],
///     farthest: vec![vec!["..x".to_string()]],
///     ..Analysis::default()
/// };
/// assert!(analysis.to_string().contains("max distance: 1 (2 states; 1 shown)"));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Analysis<X = ()> {
    /// What was swept, in words.
    pub description: String,
    /// The size of the ranked space.
    pub ranks: u64,
    /// `histogram[d]`: states at distance `d` from the goals; empty when
    /// the analysis counts only its `census`, and then drawn as absent.
    pub histogram: Vec<u64>,
    /// Some of the farthest states, each drawn as rows.
    pub farthest: Vec<Vec<String>>,
    /// A second count per distance, where there is one (e.g. classes of
    /// symmetric states).
    pub census: Option<Census>,
    /// More results of the caller's own, which the text does not draw
    /// (e.g. fields of a JSON object).
    pub extra: X,
    /// In a sweep sharded over processes, the bytes of ranks they sent each
    /// other while expanding each layer (never drawn).
    pub exchanged: Vec<u64>,
}

impl<X> Analysis<X> {
    /// The bytes of ranks the processes of a sharded sweep sent each other,
    /// in all and by layer.
    ///
    /// ```
    /// use search_core::text::Analysis;
    /// let sharded = Analysis { exchanged: vec![0, 1200], ..Analysis::<()>::default() };
    /// let said = "bytes of ranks sent between processes: 1,200 in all; by layer: 0 1,200";
    /// assert_eq!(sharded.exchanged_text(), said);
    /// ```
    pub fn exchanged_text(&self) -> String {
        let layers: Vec<String> = self.exchanged.iter().map(|&b| thousands(b)).collect();
        let all = thousands(self.exchanged.iter().sum::<u64>());
        let layers = layers.join(" ");
        format!("bytes of ranks sent between processes: {all} in all; by layer: {layers}")
    }
}

/// A second count per distance in an [`Analysis`].
#[derive(Debug, Clone)]
pub struct Census {
    /// The key of the counts in machine-readable output.
    pub key: &'static str,
    /// The column heading in the table.
    pub heading: &'static str,
    /// The counts, one per distance.
    pub counts: Vec<u64>,
}

impl<X> std::fmt::Display for Analysis<X> {
    /// The description, the counts per distance, the farthest states.
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(out, "{}\n\n", self.description)?;
        let (census, count) = (self.census.as_ref(), |n: u64| {
            format!("{:>12}", thousands(n))
        });
        if let (true, Some(census)) = (self.histogram.is_empty(), census) {
            // A count of another kind alone (e.g. the positions that can
            // still reach a goal): nothing about every state reached.
            writeln!(out, "distance  {}", census.heading)?;
            for (d, n) in census.counts.iter().enumerate() {
                writeln!(out, "{d:>8}  {}", count(*n))?;
            }
            return Ok(());
        }
        let states = thousands(self.histogram.iter().sum::<u64>());
        let heading = census.map_or(String::new(), |c| format!("        {}", c.heading));
        let ranks = thousands(self.ranks);
        writeln!(
            out,
            "states reached: {states} of {ranks} ranks\n\ndistance  states{heading}"
        )?;
        for (d, n) in self.histogram.iter().enumerate() {
            let column = census.map(|c| count(c.counts.get(d).copied().unwrap_or(0)));
            let column = column.map_or(String::new(), |c| format!("  {c}"));
            writeln!(out, "{d:>8}  {}{column}", count(*n))?;
        }
        if let Some(max) = self.histogram.len().checked_sub(1) {
            let (count, shown) = (thousands(self.histogram[max]), self.farthest.len());
            writeln!(out, "\nmax distance: {max} ({count} states; {shown} shown)")?;
            writeln!(
                out,
                "{}",
                drawn(
                    (1..).map(|i| format!("#{i}")),
                    self.farthest.iter().cloned(),
                    6
                )
            )?;
        }
        Ok(())
    }
}

/// The analysis as one object: `description`, `ranks`, `states` (their
/// sum), `histogram`, `max_distance`, `farthest_count` and `farthest`
/// (`ranks`, `states` and `histogram` null where the histogram is empty:
/// only a census was counted), the census's counts under its key, and the
/// fields of `extra` (a map).
///
/// ```
/// use search_core::text::Analysis;
/// let analysis = Analysis { histogram: vec![1, 2], ..Analysis::<()>::default() };
/// let json = serde_json::to_value(&analysis).unwrap();
/// assert_eq!((json["states"].as_u64(), json["max_distance"].as_u64()), (Some(3), Some(1)));
/// ```
#[cfg(feature = "serde")]
impl<X: serde::Serialize> serde::Serialize for Analysis<X> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Object<'a, X> {
            description: &'a str,
            ranks: Option<u64>,
            states: Option<u64>,
            histogram: Option<&'a [u64]>,
            max_distance: Option<usize>,
            farthest_count: Option<&'a u64>,
            farthest: &'a [Vec<String>],
            #[serde(flatten)]
            census: std::collections::BTreeMap<&'static str, &'a [u64]>,
            #[serde(flatten)]
            extra: &'a X,
        }
        let histogram = &self.histogram;
        // A count of another kind alone (peg solitaire's solvable
        // positions): nothing about every state reached.
        let whole = (!histogram.is_empty()).then_some(());
        let census = self.census.iter().map(|c| (c.key, &c.counts[..]));
        Object {
            description: &self.description,
            ranks: whole.map(|()| self.ranks),
            states: whole.map(|()| histogram.iter().sum()),
            histogram: whole.map(|()| &histogram[..]),
            max_distance: histogram.len().checked_sub(1),
            farthest_count: histogram.last(),
            farthest: &self.farthest,
            census: census.collect(),
            extra: &self.extra,
        }
        .serialize(serializer)
    }
}

/// One algorithm's search on one instance.
#[derive(Debug, Clone)]
pub struct Run {
    /// The algorithm's name.
    pub algorithm: String,
    /// The length it found, `None` if it proved the goal unreachable.
    pub moves: Option<u32>,
    /// Its deterministic counters.
    pub stats: crate::Stats,
    /// Wall-clock milliseconds of the search (never snapshotted).
    pub ms: f64,
    /// Wall-clock milliseconds spent building the run's tables before its
    /// search (pattern databases; 0 where there are none).
    pub build_ms: f64,
}

/// The table of runs: every algorithm's length and counters, then
/// the bounds of each iteration of the iterative-deepening ones.
pub fn runs(runs: &[Run]) -> String {
    let width = runs
        .iter()
        .map(|r| r.algorithm.len())
        .max()
        .unwrap_or(0)
        .max(9);
    let (a, m, e, g) = ("algorithm", "moves", "expanded", "generated");
    let mut out = format!("{a:<width$}  {m:>5}  {e:>12}  {g:>12}\n");
    for run in runs {
        let moves = run.moves.map_or("-".to_string(), |m| m.to_string());
        let (e, g) = (
            thousands(run.stats.expanded),
            thousands(run.stats.generated),
        );
        let _ = writeln!(
            out,
            "{:<width$}  {moves:>5}  {e:>12}  {g:>12}",
            run.algorithm
        );
    }
    for run in runs.iter().filter(|r| !r.stats.iterations.is_empty()) {
        let _ = writeln!(out, "\n{} iterations (bound: expanded):", run.algorithm);
        for it in &run.stats.iterations {
            let _ = writeln!(out, "  {:>3}: {}", it.bound, thousands(it.expanded));
        }
    }
    out
}

//! Instances solved one after another by one method, each on a line, and
//! their totals (as JSON too, feature `serde`).

use std::fmt;

use super::{Run, thousands};

/// One instance of a [`Batch`]: its name, the length found, the nodes and
/// the seconds its search took; as JSON, an object of these five fields.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solved {
    /// The instance's name.
    pub case: String,
    /// The length found (0 where none was).
    pub moves: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Seconds of search.
    pub seconds: f64,
}

impl Solved {
    /// The instance `case` as `run` solved it.
    pub fn of(case: String, run: &Run) -> Solved {
        Solved {
            case,
            moves: run.moves.map_or(0, u64::from),
            expanded: run.stats.expanded,
            generated: run.stats.generated,
            seconds: run.ms / 1e3,
        }
    }
}

/// `korf-001   57 moves   1,836,548 expanded   3,478,593 generated   0.311 s`,
/// in columns.
impl fmt::Display for Solved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (expanded, generated) = (thousands(self.expanded), thousands(self.generated));
        write!(
            f,
            "{}  {:>3} moves  {expanded:>15} expanded  {generated:>15} generated  {:>10.3} s",
            self.case, self.moves, self.seconds
        )
    }
}

/// Instances solved one after another by one method.
#[derive(Debug, Clone, Default)]
pub struct Batch {
    /// Each instance, in the order solved.
    pub instances: Vec<Solved>,
}

impl Batch {
    /// The sums of the moves, the nodes and the seconds of every instance
    /// (named `total`).
    pub fn total(&self) -> Solved {
        let mut total = Solved {
            case: "total".to_string(),
            ..Solved::default()
        };
        for s in &self.instances {
            (total.moves, total.seconds) = (total.moves + s.moves, total.seconds + s.seconds);
            (total.expanded, total.generated) =
                (total.expanded + s.expanded, total.generated + s.generated);
        }
        total
    }
}

/// `total: 3 instances, 171 moves, 5,851,876 expanded, 11,246,174
/// generated, search 1.20 s`.
impl fmt::Display for Batch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.total();
        let (expanded, generated) = (thousands(total.expanded), thousands(total.generated));
        write!(
            f,
            "total: {} instances, {} moves, {expanded} expanded, {generated} generated, search {:.2} s",
            self.instances.len(),
            total.moves,
            total.seconds
        )
    }
}

/// The batch as one object: `instances` (each a [`Solved`]) and the
/// totals `moves`, `expanded`, `generated` and `seconds`.
#[cfg(feature = "serde")]
impl serde::Serialize for Batch {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let total = self.total();
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("instances", &self.instances)?;
        map.serialize_entry("moves", &total.moves)?;
        map.serialize_entry("expanded", &total.expanded)?;
        map.serialize_entry("generated", &total.generated)?;
        map.serialize_entry("seconds", &total.seconds)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::{Batch, Solved};
    use crate::Stats;
    use crate::text::Run;

    #[test]
    fn each_instance_on_a_line_then_the_totals() {
        let run = |moves, expanded| Run {
            algorithm: "ida*".to_string(),
            moves,
            stats: Stats {
                expanded,
                generated: 2 * expanded,
                ..Stats::default()
            },
            ms: 250.0,
            build_ms: 9.0,
        };
        let one = Solved::of("one".to_string(), &run(Some(57), 1_836_548));
        let line =
            "one   57 moves        1,836,548 expanded        3,673,096 generated       0.250 s";
        assert_eq!(one.to_string(), line);
        let none = Solved::of("two".to_string(), &run(None, 1000));
        let batch = Batch {
            instances: vec![one, none],
        };
        let total =
            "total: 2 instances, 57 moves, 1,837,548 expanded, 3,675,096 generated, search 0.50 s";
        assert_eq!(batch.to_string(), total);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_value(&batch).unwrap();
            assert_eq!(
                (json["moves"].as_u64(), json["seconds"].as_f64()),
                (Some(57), Some(0.5))
            );
            assert_eq!(json["instances"][1]["case"].as_str(), Some("two"));
        }
    }
}

//! Every algorithm checked against a plain reference on random graphs, plus
//! budgets, cancellation and unreachable goals (sweeps: `sweeps.rs`).

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use search_core::prelude::*;

/// A directed graph as adjacency lists, each edge with a cost.
#[derive(Debug, Clone)]
struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
}

impl Graph {
    fn successors(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        self.edges[n].iter().map(|&(m, _)| m)
    }

    fn predecessors(&self, n: usize) -> Vec<usize> {
        (0..self.edges.len())
            .filter(|&m| self.edges[m].iter().any(|&(k, _)| k == n))
            .collect()
    }

    /// Unit-cost distances from `from` by a textbook BFS.
    fn distances(&self, from: usize) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.edges.len()];
        dist[from] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(n) = queue.pop_front() {
            for m in self.successors(n) {
                if dist[m].is_none() {
                    dist[m] = Some(dist[n].unwrap() + 1);
                    queue.push_back(m);
                }
            }
        }
        dist
    }

    /// Weighted distance by Bellman-Ford (costs may be zero).
    fn weighted_distance(&self, from: usize, to: usize) -> Option<u32> {
        let mut dist = vec![None::<u32>; self.edges.len()];
        dist[from] = Some(0);
        for _ in 0..self.edges.len() {
            for n in 0..self.edges.len() {
                let Some(d) = dist[n] else { continue };
                for &(m, c) in &self.edges[n] {
                    if dist[m].is_none_or(|old| d + c < old) {
                        dist[m] = Some(d + c);
                    }
                }
            }
        }
        dist[to]
    }

    /// The number of shortest (unit-cost) paths from `from` to `to`, by dynamic
    /// programming over the BFS layers.
    fn shortest_path_count(&self, from: usize, to: usize) -> Option<(u32, u128)> {
        let dist = self.distances(from);
        let target = dist[to]?;
        let mut count = vec![0u128; self.edges.len()];
        count[from] = 1;
        for d in 0..target {
            for n in 0..self.edges.len() {
                if dist[n] == Some(d) {
                    for m in self.successors(n) {
                        if dist[m] == Some(d + 1) {
                            count[m] += count[n];
                        }
                    }
                }
            }
        }
        Some((target, count[to]))
    }

    fn is_path(&self, path: &[usize], from: usize, to: usize) -> bool {
        path.first() == Some(&from)
            && path.last() == Some(&to)
            && path
                .windows(2)
                .all(|w| self.successors(w[0]).any(|m| m == w[1]))
    }
}

/// A random graph of up to 24 nodes; `undirected` adds every reverse edge.
fn graph(undirected: bool, max_cost: u32) -> impl Strategy<Value = Graph> {
    (2usize..24).prop_flat_map(move |n| {
        proptest::collection::vec((0..n, 0..n, 0..=max_cost), 0..n * 3).prop_map(move |list| {
            let mut edges = vec![Vec::new(); n];
            for (a, b, c) in list {
                if a != b && !edges[a].iter().any(|&(m, _)| m == b) {
                    edges[a].push((b, c));
                    if undirected && !edges[b].iter().any(|&(m, _)| m == a) {
                        edges[b].push((a, c));
                    }
                }
            }
            Graph { edges }
        })
    })
}

/// A graph as the rules of a puzzle: a state is a node, a move an edge
/// (where it starts, where it ends, its cost).
impl Rules for Graph {
    type State = usize;
    type Move = (usize, usize, u32);

    fn moves(&self, &at: &usize, out: &mut Vec<(usize, usize, u32)>) {
        out.extend(self.edges[at].iter().map(|&(next, cost)| (at, next, cost)));
    }

    fn apply(&self, at: &mut usize, (_, to, _): (usize, usize, u32)) {
        *at = to;
    }

    fn undo(&self, at: &mut usize, (from, _, _): (usize, usize, u32)) {
        *at = from;
    }

    fn cost(&self, (_, _, cost): (usize, usize, u32)) -> u32 {
        cost
    }
}

/// The bidirectional search from node 0 to the nearest of `goals`, the
/// sides marked in a dense table.
fn nearest_both_ways(g: &Graph, goals: &[usize]) -> Option<Vec<usize>> {
    bfs_bidirectional_with(
        &0,
        goals,
        |&n| g.successors(n),
        |&n| g.predecessors(n),
        DenseSides::new(g.size(), |&n: &usize| n as u64),
        &Budget::default(),
    )
    .unwrap()
    .found
}

/// The graph's nodes as a ranked space (ranks are node numbers).
impl Ranked for Graph {
    fn size(&self) -> u64 {
        self.edges.len() as u64
    }

    fn rank(&self, s: &usize) -> u64 {
        *s as u64
    }

    fn unrank(&self, rank: u64) -> usize {
        rank as usize
    }
}

proptest! {
    #[test]
    fn breadth_first_searches_find_shortest_paths(g in graph(false, 1), goal in 0usize..24) {
        let goal = goal % g.edges.len();
        let expected = g.distances(0)[goal];
        let hashed = bfs(&0, |&n| g.successors(n), |&n| n == goal);
        let dense = bfs_with(
            &0,
            |&n| g.successors(n),
            |&n| n == goal,
            DenseVisited::new(g.size(), |&n: &usize| n as u64),
            &Budget::default(),
        )
        .unwrap()
        .found;
        let both = bfs_bidirectional(&0, &goal, |&n| g.successors(n), |&n| g.predecessors(n));
        let both_dense = nearest_both_ways(&g, &[goal]);
        for path in [hashed, dense, both, both_dense] {
            match (&path, expected) {
                (None, None) => {}
                (Some(path), Some(d)) => {
                    prop_assert_eq!(path.len() as u32, d + 1);
                    prop_assert!(g.is_path(path, 0, goal), "{:?}", path);
                }
                _ => prop_assert!(false, "found {:?}, expected distance {:?}", path, expected),
            }
        }
    }

    #[test]
    fn bidirectional_search_reaches_the_nearest_goal(g in graph(false, 1), a in 0usize..24, b in 0usize..24) {
        let goals = [a % g.edges.len(), b % g.edges.len()];
        let dist = g.distances(0);
        let expected = goals.iter().filter_map(|&t| dist[t]).min();
        let found = nearest_both_ways(&g, &goals);
        prop_assert_eq!(found.as_ref().map(|p| p.len() as u32 - 1), expected);
        if let Some(path) = found {
            let end = *path.last().unwrap();
            prop_assert!(goals.contains(&end));
            prop_assert!(g.is_path(&path, 0, end));
        }
    }

    #[test]
    fn depth_first_searches_find_optimal_costs(g in graph(false, 2), goal in 0usize..24) {
        let goal = goal % g.edges.len();
        // Zero costs only on edges to higher nodes: no cycle of zero cost.
        let g = Graph {
            edges: g
                .edges
                .iter()
                .enumerate()
                .map(|(a, e)| e.iter().map(|&(b, c)| (b, if c == 0 && b < a { 1 } else { c })).collect())
                .collect(),
        };
        let expected = g.weighted_distance(0, goal);
        // Without duplicate detection an unreachable goal costs b^bound: keep the bound small.
        let options = IdaOptions { max_bound: Some(expected.unwrap_or(6)), ..IdaOptions::default() };
        let ida = Ida::new(&g, &Zero).with_options(options);
        let found = ida.solve(&0, |&n| n == goal).unwrap().found;
        prop_assert_eq!(found.as_ref().map(|p| p.cost), expected);
        if let Some(path) = found {
            let mut at = 0;
            let mut cost = 0;
            for (from, to, c) in path.moves {
                prop_assert_eq!(from, at);
                at = to;
                cost += c;
            }
            prop_assert_eq!((at, cost), (goal, path.cost));
            prop_assert!(path.inadmissible.is_none());
        }
        // The closure form has no bound: on a cyclic graph it needs a reachable goal.
        if expected.is_some() {
            let closure = idastar(&0, |&n| g.edges[n].clone(), |_| 0, |&n| n == goal);
            prop_assert_eq!(closure.map(|(_, c)| c), expected);
        }
    }

    #[test]
    fn iterative_deepening_matches_bfs(g in graph(false, 1), goal in 0usize..24) {
        let goal = goal % g.edges.len();
        let unit = Graph {
            edges: g.edges.iter().map(|e| e.iter().map(|&(m, _)| (m, 1)).collect()).collect(),
        };
        let expected = unit.distances(0)[goal];
        let options = IdaOptions { max_bound: Some(expected.unwrap_or(6)), ..IdaOptions::default() };
        let found = Ida::new(&unit, &Zero).with_options(options).solve(&0, |&n| n == goal).unwrap().found;
        prop_assert_eq!(found.as_ref().map(|p| p.cost), expected);
        let by_rules = search_core::bfs::solve(&unit, &0, |&n| n == goal);
        prop_assert_eq!(by_rules.map(|p| p.cost), expected);
    }

    #[test]
    fn counts_match_dynamic_programming(g in graph(false, 1), goal in 0usize..24) {
        let goal = goal % g.edges.len();
        let expected = g.shortest_path_count(0, goal);
        let by_bfs = count_shortest_paths(&0, |&n| g.successors(n), |&n| n == goal, &Budget::default())
            .unwrap()
            .found
            .map(|c| (c.length, c.count));
        prop_assert_eq!(by_bfs, expected);
        if let Some((length, count)) = expected {
            let unit = Graph {
                edges: g.edges.iter().map(|e| e.iter().map(|&(m, _)| (m, 1)).collect()).collect(),
            };
            let by_dfs =
                count_paths(&unit, &Zero, &0, |&n| n == goal, length, |&n| n, &Budget::default()).unwrap();
            prop_assert_eq!(by_dfs.found, Some(count));
        }
    }

    #[test]
    fn sweeps_match_bfs_distances(
        g in graph(true, 1),
        table in prop_oneof![Just(Table::Bytes), Just(Table::Wide), Just(Table::TwoBits), Just(Table::Residues)],
    ) {
        let expected = g.distances(0);
        let census = |&n: &usize, rank: u64| n % 3 == 0 && rank == n as u64;
        let layers = Sweep::new(table).with_farthest(3).run_with_census(&g, [0], census, |_| {}).unwrap();
        let max = expected.iter().flatten().max().copied().unwrap();
        let mut histogram = vec![0u64; max as usize + 1];
        let mut thirds = vec![0u64; max as usize + 1];
        for (n, d) in expected.iter().enumerate() {
            if let Some(d) = d {
                histogram[*d as usize] += 1;
                thirds[*d as usize] += u64::from(n % 3 == 0);
            }
        }
        prop_assert_eq!(&layers.histogram, &histogram);
        prop_assert_eq!(&layers.census, &thirds);
        let farthest: Vec<u64> = (0..g.edges.len())
            .filter(|&n| expected[n] == Some(max))
            .map(|n| n as u64)
            .take(3)
            .collect();
        prop_assert_eq!(&layers.farthest, &farthest);
        if let Some(table) = &layers.distances {
            for (n, d) in expected.iter().enumerate() {
                prop_assert_eq!(table.get(n as u64), *d);
                if d.is_some() {
                    let path = table.descend(&g, n).unwrap();
                    prop_assert_eq!(path.len() as u32, d.unwrap() + 1);
                    prop_assert!(g.is_path(&path, n, 0));
                    // Undirected: paths from n to 0 are paths from 0 to n reversed.
                    let counted = table.count_descents(&g, n).unwrap().map(|c| (c.length, c.count));
                    prop_assert_eq!(counted, g.shortest_path_count(0, n));
                } else {
                    prop_assert_eq!(table.count_descents(&g, n), Ok(None));
                }
            }
        }
        // Every reachable state visited once, with its distance.
        let visited: Vec<std::sync::Mutex<Vec<u32>>> =
            (0..g.edges.len()).map(|_| std::sync::Mutex::new(Vec::new())).collect();
        let record = |&n: &usize, rank: u64, d: u32| {
            assert_eq!(rank, n as u64);
            visited[n].lock().unwrap().push(d);
        };
        let again = Sweep::new(table).run_visiting(&g, [0], record, |_| {}).unwrap();
        prop_assert_eq!(&again.histogram, &layers.histogram);
        prop_assert!(again.census.is_empty());
        for (n, d) in expected.iter().enumerate() {
            let seen = visited[n].lock().unwrap().clone();
            prop_assert_eq!(seen, d.map(|d| vec![d]).unwrap_or_default());
        }
        prop_assert_eq!(layers.distances.is_some(), matches!(table, Table::Bytes | Table::Wide));
        prop_assert_eq!(layers.residues.is_some(), table == Table::Residues);
        if let Some(residues) = &layers.residues {
            for (n, d) in expected.iter().enumerate() {
                prop_assert_eq!(residues.residue(n as u64), d.map(|d| d % 3));
                let path = residues.descend(&g, n);
                prop_assert_eq!(path.as_ref().map(|p| p.len() as u32), d.map(|d| d + 1));
                if let Some(path) = path {
                    prop_assert!(g.is_path(&path, n, 0));
                }
            }
        }
    }
}

#[test]
fn budgets_stop_searches() {
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = Budget::default().with_cancel_flag(flag);
    let endless = |&n: &u64| [n + 1, n + 2];
    let err = bfs_with(
        &0u64,
        endless,
        |_| false,
        HashVisited::default(),
        &cancelled,
    )
    .unwrap_err();
    assert_eq!(err.reason, Reason::Cancelled);

    let limited = Budget::default().with_max_expanded(10);
    let err = count_shortest_paths(&0u64, endless, |_| false, &limited).unwrap_err();
    assert_eq!((err.reason, err.stats.expanded), (Reason::NodeLimit, 10));

    let g = Graph {
        edges: vec![vec![(1, 1)], vec![(0, 1)], vec![]],
    };
    let options = IdaOptions {
        budget: limited,
        ..IdaOptions::default()
    };
    let err = Ida::new(&g, &Zero)
        .with_options(options)
        .solve(&0, |&n| n == 2)
        .unwrap_err();
    assert_eq!(err.reason, Reason::NodeLimit);
}

#[test]
fn ida_reports_each_iteration_and_honours_parity_steps() {
    // A path graph 0 - 1 - .. - 6; the goal is 6 (distance 6, even).
    let edges = (0..7)
        .map(|n: usize| {
            [n.checked_sub(1), (n < 6).then_some(n + 1)]
                .into_iter()
                .flatten()
                .map(|m| (m, 1))
                .collect()
        })
        .collect();
    let g = Graph { edges };
    let even = IdaOptions {
        step: 2,
        residue: 0,
        ..IdaOptions::default()
    };
    let outcome = Ida::new(&g, &Zero)
        .with_options(even)
        .solve(&0, |&n| n == 6)
        .unwrap();
    let bounds: Vec<u32> = outcome.stats.iterations.iter().map(|i| i.bound).collect();
    assert_eq!(bounds, [0, 2, 4, 6]);
    assert_eq!(outcome.found.unwrap().cost, 6);
    let total: u64 = outcome.stats.iterations.iter().map(|i| i.expanded).sum();
    assert_eq!(total, outcome.stats.expanded);
}

#[test]
fn unreachable_goals_are_answers() {
    let g = Graph {
        edges: vec![vec![(1, 1)], vec![(0, 1)], vec![]],
    };
    assert_eq!(bfs(&0, |&n| g.successors(n), |&n| n == 2), None);
    assert_eq!(
        bfs_bidirectional(&0, &2, |&n| g.successors(n), |&n| g.predecessors(n)),
        None
    );
    // IDA* proves it: an iteration that prunes nothing has seen everything...
    // except that a cycle is never exhausted without a bound.
    let options = IdaOptions {
        max_bound: Some(10),
        ..IdaOptions::default()
    };
    let ida = Ida::new(&g, &Zero).with_options(options);
    assert_eq!(ida.solve(&0, |&n| n == 2).unwrap().found, None);
    // A bound that proves the goal out of reach ends the search at once.
    let dead = Computed(|_: &usize| DEAD);
    let outcome = Ida::new(&g, &dead).solve(&0, |&n| n == 2).unwrap();
    assert_eq!((outcome.found, outcome.stats.iterations.len()), (None, 0));
    let count = count_shortest_paths(&0, |&n| g.successors(n), |&n| n == 2, &Budget::default());
    assert_eq!(count.unwrap().found, None);
}

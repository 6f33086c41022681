//! IDA* over rules and bounds: the parallel search agrees with the
//! sequential one to the node, and a bound that overestimates is caught.

use search_core::bound::{Bound, Computed, Zero};
use search_core::ida::{Ida, IdaOptions, Inadmissible};
use search_core::par::with_threads;
use search_core::rules::Rules;

/// The 8-puzzle, written as plainly as a test can: a state is the nine
/// cells (0 the blank), a move the cell the blank moves to, and where it
/// was.
struct Eight;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slide {
    from: u8,
    to: u8,
}

fn blank(s: &[u8; 9]) -> u8 {
    s.iter().position(|&t| t == 0).unwrap() as u8
}

impl Rules for Eight {
    type State = [u8; 9];
    type Move = Slide;

    fn moves(&self, s: &[u8; 9], out: &mut Vec<Slide>) {
        let b = blank(s);
        let (r, c) = (b / 3, b % 3);
        if r > 0 {
            out.push(Slide { from: b, to: b - 3 });
        }
        if r < 2 {
            out.push(Slide { from: b, to: b + 3 });
        }
        if c > 0 {
            out.push(Slide { from: b, to: b - 1 });
        }
        if c < 2 {
            out.push(Slide { from: b, to: b + 1 });
        }
    }

    fn apply(&self, s: &mut [u8; 9], m: Slide) {
        s.swap(usize::from(m.from), usize::from(m.to));
    }

    fn undo(&self, s: &mut [u8; 9], m: Slide) {
        s.swap(usize::from(m.from), usize::from(m.to));
    }

    fn inverse(&self, m: Slide) -> Option<Slide> {
        Some(Slide {
            from: m.to,
            to: m.from,
        })
    }
}

const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

fn manhattan(s: &[u8; 9]) -> u32 {
    (0..9)
        .filter(|&c| s[c] != 0)
        .map(|c| {
            let g = usize::from(s[c] - 1);
            ((c / 3).abs_diff(g / 3) + (c % 3).abs_diff(g % 3)) as u32
        })
        .sum()
}

fn options() -> IdaOptions {
    IdaOptions {
        step: 2,
        ..IdaOptions::default()
    }
}

/// M. Hiroi's instance, 31 moves from the goal, and two easier ones.
const STARTS: [[u8; 9]; 3] = [
    [8, 6, 7, 2, 5, 4, 3, 0, 1],
    [6, 4, 7, 8, 5, 0, 3, 2, 1],
    [1, 2, 3, 4, 5, 6, 0, 7, 8],
];

#[test]
fn the_parallel_search_finds_the_same_solution_with_the_same_counts() {
    let bound = Computed(manhattan);
    for start in STARTS {
        let ida = Ida::new(&Eight, &bound).with_options(options());
        let one = ida.solve(&start, |s| *s == GOAL).unwrap();
        for threads in [1, 2, 3, 8] {
            let many = with_threads(threads, || ida.solve_parallel(&start, |s| *s == GOAL))
                .unwrap()
                .unwrap();
            assert_eq!(many, one, "{start:?} on {threads} threads");
        }
    }
    // With half the Manhattan distance, iterations are big enough to be
    // split into subtrees.
    let half = Computed(|s: &[u8; 9]| manhattan(s) / 2);
    let ida = Ida::new(&Eight, &half).with_options(options());
    let start = [8, 6, 7, 2, 5, 4, 0, 3, 1];
    let one = ida.solve(&start, |s| *s == GOAL).unwrap();
    assert!(
        one.stats
            .iterations
            .iter()
            .filter(|i| i.expanded > 50_000)
            .count()
            >= 2
    );
    for threads in [2, 3] {
        let many = with_threads(threads, || ida.solve_parallel(&start, |s| *s == GOAL));
        assert_eq!(many.unwrap().unwrap(), one, "on {threads} threads");
    }
}

#[test]
fn a_bound_that_overestimates_is_caught_by_its_own_answer() {
    // Twice the Manhattan distance: not admissible.
    let double = Computed(|s: &[u8; 9]| 2 * manhattan(s));
    for start in STARTS {
        let fair = Ida::new(&Eight, &Computed(manhattan))
            .with_options(options())
            .solve(&start, |s| *s == GOAL)
            .unwrap()
            .found
            .unwrap();
        assert_eq!(fair.inadmissible, None);
        let unfair = Ida::new(&Eight, &double)
            .with_options(options())
            .solve(&start, |s| *s == GOAL)
            .unwrap()
            .found
            .unwrap();
        if unfair.cost == 0 {
            continue;
        }
        let caught = unfair.inadmissible.expect("doubling overestimates");
        match caught {
            Inadmissible::FoundLate { cost, exhausted } => assert!(cost <= exhausted),
            Inadmissible::Overestimate { bound, left, .. } => assert!(bound > left),
        }
        assert!(caught.to_string().contains("not admissible"), "{caught}");
    }
}

/// A bound that says 40 at the start and 0 elsewhere: the first solution
/// within 40 is no shortest one, and its start shows the bound's lie.
#[test]
fn a_start_whose_bound_exceeds_the_solution_is_caught() {
    let start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
    let liar = Computed(|s: &[u8; 9]| if *s == start { 40 } else { 0 });
    let outcome = Ida::new(&Eight, &liar)
        .with_options(IdaOptions {
            max_bound: Some(60),
            ..IdaOptions::default()
        })
        .solve(&start, |s| *s == GOAL)
        .unwrap();
    let path = outcome.found.unwrap();
    assert!(path.cost < 40);
    assert_eq!(
        path.inadmissible,
        Some(Inadmissible::Overestimate {
            moves: 0,
            bound: 40,
            left: path.cost
        })
    );
}

#[test]
fn a_late_solution_is_caught_even_where_the_path_looks_consistent() {
    // The bound hides the 2-move solution's middle state behind a wall of
    // 10 until the iteration of bound 11; a 4-move detour is never found
    // first, but the 2-move solution comes after bounds 0..=10 were
    // exhausted while it cost only 2.
    let start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
    let middle = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    let wall = Computed(move |s: &[u8; 9]| if *s == middle { 10 } else { 0 });
    let outcome = Ida::new(&Eight, &wall)
        .solve(&start, |s| *s == GOAL)
        .unwrap();
    let path = outcome.found.unwrap();
    assert!(path.inadmissible.is_some(), "{path:?}");
    let bounds: Vec<u32> = outcome.stats.iterations.iter().map(|i| i.bound).collect();
    assert_eq!(bounds[0], 0);
}

#[test]
fn iterative_deepening_is_ida_with_no_bound() {
    let start = STARTS[2];
    let outcome = Ida::new(&Eight, &Zero)
        .solve(&start, |s| *s == GOAL)
        .unwrap();
    assert_eq!(outcome.found.unwrap().cost, 2);
    let bounds: Vec<u32> = outcome.stats.iterations.iter().map(|i| i.bound).collect();
    assert_eq!(bounds, [0, 1, 2]);
    assert_eq!(Zero.start(&Eight, &start).0, 0);
}

//! Pagoda functions: weights on the holes that no jump increases, so that
//! a position whose pegs weigh less than the goal's can never reach it.
//!
//! A jump from `a` over `b` into `c` trades the pegs in `a` and `b` for one
//! in `c`; if `w(a) + w(b) >= w(c)` for every jump, the weight of the pegs
//! (the sum of their holes' weights) never grows, and a position weighing
//! less than the goal is lost. Pagoda functions are a classic tool of the
//! game's literature (J. D. Beasley, "The Ins and Outs of Peg
//! Solitaire"). Here they are found for the board and the goal at hand,
//! of two kinds: weights that are the same on every hole of an orbit of
//! the symmetries kept, each from -2 to 2, all those no jump increases;
//! and, for a position of a sample that none of those rules out, the
//! weights a linear program finds to rule it out (`lp.rs`), with their
//! images under the symmetries. Of these, the few that rule out the most
//! positions of the sample are kept, chosen one at a time.

use search_core::levels::BitSymmetries;

use crate::geometry::Geometry;

mod lp;

/// The most orbits whose weights are enumerated (5^7 weightings).
const MAX_ORBITS: usize = 7;

/// The weights an orbit can take.
const WEIGHTS: std::ops::RangeInclusive<i32> = -2..=2;

/// The most pagoda functions kept.
const MAX_PAGODAS: usize = 16;

/// At most this many positions of the sample score the weightings.
const SAMPLE: usize = 1 << 12;

/// The most linear programs solved, each for a position of the sample.
const MAX_PROGRAMS: usize = 24;

/// The largest number a linear program's weights are scaled by to make
/// them whole.
const MAX_SCALE: i32 = 12;

/// A weighting that rules out none of this many positions of the sample
/// is not scored on the others.
const FIRST_LOOK: usize = 1 << 8;

/// A few pagoda functions, and the weight of the goal under each: a
/// position weighing less than the goal under any of them cannot reach it.
#[derive(Debug, Clone)]
pub(crate) struct Pagodas {
    /// The weights of the pegs of byte `k` of a position, `b`, under each
    /// pagoda, at `k * 256 + b`.
    bytes: Vec<[Weight; MAX_PAGODAS]>,
    /// The goal's weight under each ([`Weight::MIN`] past their number).
    goal: [Weight; MAX_PAGODAS],
    /// Per jump, how much it changes each pagoda's weight (at most 0).
    change: Vec<[Weight; MAX_PAGODAS]>,
}

/// A position's weight under a pagoda: small integers (a weighting whose
/// weights' sizes sum past 127 is not kept), the weights under every
/// pagoda side by side in one vector register.
type Weight = i8;

impl Pagodas {
    /// The pagoda functions that rule out the most positions of `sample`
    /// for reaching `goal`, chosen one at a time among two kinds: those
    /// constant on the orbits of `symmetries` (where the orbits are at most
    /// [`MAX_ORBITS`]), and those a linear program finds for a position of
    /// the sample that none of the first kind rules out, each with its
    /// images under `symmetries` (a position is reduced to one of its
    /// images, and every image of a pagoda function rules out the images
    /// of what it rules out). [`MAX_PAGODAS`] weightings at most.
    pub(crate) fn find(
        geometry: &Geometry,
        symmetries: &BitSymmetries,
        goal: u64,
        sample: &[u64],
    ) -> Pagodas {
        if sample.is_empty() {
            return Pagodas::none(geometry, goal);
        }
        let step = sample.len().div_ceil(SAMPLE);
        let scored: Vec<u64> = sample.iter().step_by(step).copied().collect();
        // The candidates: each a pagoda function's images, and the
        // positions of the sample they rule out.
        let mut candidates = symmetric(geometry, symmetries, goal, &scored);
        let mut ruled = vec![false; scored.len()];
        for (_, out) in &candidates {
            ruled.iter_mut().zip(out).for_each(|(r, &o)| *r |= o);
        }
        let left: Vec<u64> = scored
            .iter()
            .zip(&ruled)
            .filter(|&(_, &r)| !r)
            .map(|(&p, _)| p)
            .collect();
        let targets: Vec<u64> = left
            .iter()
            .step_by(left.len().div_ceil(MAX_PROGRAMS).max(1))
            .copied()
            .collect();
        for weights in targets.iter().filter_map(|&x| refuting(geometry, goal, x)) {
            let mut images: Vec<Vec<i32>> = (0..symmetries.len())
                .map(|s| {
                    let mut image = vec![0; weights.len()];
                    for (h, &to) in symmetries.permutation(s).iter().enumerate() {
                        image[usize::from(to)] = weights[h];
                    }
                    image
                })
                .collect();
            images.sort_unstable();
            images.dedup();
            // Each image is a pagoda function of its own: as many as fit.
            images.truncate(MAX_PAGODAS);
            let out = scored
                .iter()
                .map(|&p| images.iter().any(|w| weigh(w, p) < weigh(w, goal)))
                .collect();
            candidates.push((images, out));
        }
        // One at a time, the candidate that rules out the most positions
        // not yet ruled out, while its images fit.
        ruled.iter_mut().for_each(|r| *r = false);
        let mut chosen: Vec<Vec<i32>> = Vec::new();
        loop {
            let gain = |out: &[bool]| out.iter().zip(&ruled).filter(|&(&o, &r)| o && !r).count();
            let best = candidates
                .iter()
                .filter(|(images, _)| chosen.len() + images.len() <= MAX_PAGODAS)
                .max_by_key(|(_, out)| gain(out));
            match best {
                Some((images, out)) if gain(out) > 0 => {
                    ruled.iter_mut().zip(out).for_each(|(r, &o)| *r |= o);
                    chosen.extend(images.iter().cloned());
                }
                _ => break,
            }
        }
        Pagodas::of(geometry, &chosen, goal)
    }

    /// The pagoda functions of `weights` (per hole, each one's sizes
    /// summing to at most 127: a position's weight fits [`Weight`]), for
    /// `goal`.
    ///
    /// # Panics
    /// If a jump adds weight under one of them (they are checked before).
    fn of(geometry: &Geometry, weights: &[Vec<i32>], goal: u64) -> Pagodas {
        assert!(weights.len() <= MAX_PAGODAS, "{} pagodas", weights.len());
        assert!(weights.iter().all(|w| fits(w)), "a weighting past 8 bits");
        let weight = |w: &[i32], pegs: u64| -> Weight {
            Weight::try_from(weigh(w, pegs)).expect("a weight of 8 bits")
        };
        let mut bytes = vec![[0; MAX_PAGODAS]; geometry.holes().div_ceil(8) * 256];
        for (i, entry) in bytes.iter_mut().enumerate() {
            let pegs = ((i % 256) as u64) << (8 * (i / 256)) & geometry.all();
            for (e, w) in entry.iter_mut().zip(weights) {
                *e = weight(w, pegs);
            }
        }
        let mut goal_weights = [Weight::MIN; MAX_PAGODAS];
        for (g, w) in goal_weights.iter_mut().zip(weights) {
            *g = weight(w, goal);
        }
        let change: Vec<[Weight; MAX_PAGODAS]> = geometry
            .jumps()
            .iter()
            .map(|j| {
                let mut d = [0; MAX_PAGODAS];
                for (d, w) in d.iter_mut().zip(weights) {
                    *d = weight(w, 1 << j.to) - weight(w, 1 << j.from) - weight(w, 1 << j.over);
                }
                d
            })
            .collect();
        assert!(
            change.iter().flatten().all(|&d| d <= 0),
            "a weighting that a jump adds weight to"
        );
        Pagodas {
            bytes,
            goal: goal_weights,
            change,
        }
    }

    /// None: every position may reach the goal.
    pub(crate) fn none(geometry: &Geometry, goal: u64) -> Pagodas {
        Pagodas::of(geometry, &[], goal)
    }

    /// Whether there are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.goal[0] == Weight::MIN
    }

    /// The weights of `pegs` under each pagoda (0 past their number).
    pub(crate) fn weigh(&self, pegs: u64) -> [Weight; MAX_PAGODAS] {
        let mut total = [0; MAX_PAGODAS];
        for (k, row) in self.bytes.chunks_exact(256).enumerate() {
            let entry = &row[(pegs >> (8 * k)) as usize & 0xff];
            for p in 0..MAX_PAGODAS {
                total[p] += entry[p];
            }
        }
        total
    }

    /// For `pegs`, whether a position may still reach the goal after
    /// jump `j` (by its index in the geometry's list) played forward from
    /// it: the weights after it compared with the goal's under every pagoda
    /// at once. Every jump, with none. Not for jumps undone.
    pub(crate) fn after_jump(&self, pegs: u64) -> impl Fn(usize) -> bool + '_ {
        let weights = self.weigh(pegs);
        move |j| {
            let change = &self.change[j];
            let mut kept = true;
            for p in 0..MAX_PAGODAS {
                kept &= weights[p].saturating_add(change[p]) >= self.goal[p];
            }
            kept
        }
    }

    /// Whether `pegs` may still reach the goal (always, with none: then
    /// nothing is weighed).
    pub(crate) fn may_reach(&self, pegs: u64) -> bool {
        if self.is_empty() {
            return true;
        }
        let weights = self.weigh(pegs);
        (0..MAX_PAGODAS).all(|p| weights[p] >= self.goal[p])
    }
}

/// The pagoda functions constant on the orbits of `symmetries` (none where
/// these are more than [`MAX_ORBITS`]) that rule out a position of
/// `sample` for reaching `goal` and whose sizes fit a [`Weight`]: each
/// as weights per hole, and the positions it rules out.
fn symmetric(
    geometry: &Geometry,
    symmetries: &BitSymmetries,
    goal: u64,
    sample: &[u64],
) -> Vec<(Vec<Vec<i32>>, Vec<bool>)> {
    let (orbit, orbits) = orbits(geometry, symmetries);
    if orbits > MAX_ORBITS {
        return Vec::new();
    }
    // The pegs per orbit of the goal and of the positions scored.
    let counts = |pegs: u64| -> Vec<i32> {
        let mut c = vec![0; orbits];
        for h in search_core::grid::bits(pegs) {
            c[orbit[h]] += 1;
        }
        c
    };
    let goal_counts = counts(goal);
    let scored: Vec<Vec<i32>> = sample.iter().map(|&p| counts(p)).collect();
    let stride = scored.len().div_ceil(FIRST_LOOK);
    // Every weighting no jump increases, with the positions it rules out,
    // if any. Most rule out none: a first look at a few positions passes
    // them by.
    let mut found = Vec::new();
    each_weighting(geometry, &orbit, orbits, &mut |w| {
        let bar = dot(w, &goal_counts);
        if scored.iter().step_by(stride).any(|c| dot(w, c) < bar) {
            let weights: Vec<i32> = orbit.iter().map(|&o| w[o]).collect();
            if fits(&weights) {
                let out = scored.iter().map(|c| dot(w, c) < bar).collect();
                found.push((vec![weights], out));
            }
        }
    });
    found
}

/// Whether every weight under `weights` (per hole), and every change a
/// jump makes to it, fits a [`Weight`]: the weights' sizes sum to at most
/// its largest value.
fn fits(weights: &[i32]) -> bool {
    weights.iter().map(|w| w.unsigned_abs()).sum::<u32>() <= Weight::MAX as u32
}

/// The weight of `pegs` under `weights` (per hole).
fn weigh(weights: &[i32], pegs: u64) -> i32 {
    search_core::grid::bits(pegs).map(|h| weights[h]).sum()
}

/// A pagoda function (weights per hole) under which `pegs` weighs less
/// than `goal`, if a linear program finds one: the weights, from -1 to 1,
/// that minimize the difference, with no jump adding weight; then scaled
/// to the least whole numbers that keep both, checked exactly, and whose
/// sizes fit a [`Weight`] (none if they do not).
fn refuting(geometry: &Geometry, goal: u64, pegs: u64) -> Option<Vec<i32>> {
    let holes = geometry.holes();
    // A hole's weight is the first of two variables less the second, both
    // from 0 to 1.
    let sign = |h: usize| f64::from((pegs >> h & 1) as u8) - f64::from((goal >> h & 1) as u8);
    let cost: Vec<f64> = (0..holes)
        .map(sign)
        .chain((0..holes).map(|h| -sign(h)))
        .collect();
    let rows: Vec<Vec<(usize, f64)>> = geometry
        .jumps()
        .iter()
        .map(|j| {
            let (a, b, c) = (usize::from(j.from), usize::from(j.over), usize::from(j.to));
            vec![
                (c, 1.0),
                (holes + c, -1.0),
                (a, -1.0),
                (holes + a, 1.0),
                (b, -1.0),
                (holes + b, 1.0),
            ]
        })
        .collect();
    let y = lp::minimize(&cost, &vec![1.0; 2 * holes], &rows)?;
    if !y.iter().all(|v| (-0.5..=1.5).contains(v)) {
        return None;
    }
    let weights: Vec<f64> = (0..holes).map(|h| y[h] - y[holes + h]).collect();
    (1..=MAX_SCALE).find_map(|scale| {
        let w: Vec<i32> = weights
            .iter()
            .map(|&v| (v * f64::from(scale)).round() as i32)
            .collect();
        let pagoda = geometry
            .jumps()
            .iter()
            .all(|j| w[usize::from(j.to)] <= w[usize::from(j.from)] + w[usize::from(j.over)]);
        (pagoda && fits(&w) && weigh(&w, pegs) < weigh(&w, goal)).then_some(w)
    })
}

/// Each hole's orbit under `symmetries` (numbered from 0 in the order of
/// the orbits' least holes), and the number of orbits.
fn orbits(geometry: &Geometry, symmetries: &BitSymmetries) -> (Vec<usize>, usize) {
    let least: Vec<usize> = (0..geometry.holes())
        .map(|h| {
            (0..symmetries.len())
                .map(|s| usize::from(symmetries.permutation(s)[h]))
                .min()
                .unwrap_or(h)
        })
        .collect();
    let mut firsts = least.clone();
    firsts.sort_unstable();
    firsts.dedup();
    let orbit = least
        .iter()
        .map(|l| firsts.binary_search(l).expect("a least hole"))
        .collect();
    (orbit, firsts.len())
}

/// Calls `visit` with every weighting of the `orbits` orbits (each weight
/// in [`WEIGHTS`]) that no jump increases: `w(a) + w(b) >= w(c)` for the
/// orbits of every jump from `a` over `b` into `c`. The weights are chosen
/// orbit by orbit, each jump's rule checked as soon as its three orbits
/// have theirs.
fn each_weighting(
    geometry: &Geometry,
    orbit: &[usize],
    orbits: usize,
    visit: &mut dyn FnMut(&[i32]),
) {
    // The rules by orbits, each once, under the last orbit they involve.
    let mut rules: Vec<[usize; 3]> = geometry
        .jumps()
        .iter()
        .map(|j| {
            [
                orbit[j.from as usize],
                orbit[j.over as usize],
                orbit[j.to as usize],
            ]
        })
        .collect();
    rules.sort_unstable();
    rules.dedup();
    let checked_at: Vec<Vec<[usize; 3]>> = (0..orbits)
        .map(|o| {
            rules
                .iter()
                .copied()
                .filter(|r| r.iter().max() == Some(&o))
                .collect()
        })
        .collect();
    fn assign(
        o: usize,
        w: &mut [i32],
        checked_at: &[Vec<[usize; 3]>],
        visit: &mut dyn FnMut(&[i32]),
    ) {
        if o == w.len() {
            visit(w);
            return;
        }
        for x in WEIGHTS {
            w[o] = x;
            if checked_at[o].iter().all(|&[a, b, c]| w[a] + w[b] >= w[c]) {
                assign(o + 1, w, checked_at, visit);
            }
        }
    }
    assign(0, &mut vec![0; orbits], &checked_at, visit);
}

/// The weight of a position with `counts` pegs per orbit under `weights`.
fn dot(weights: &[i32], counts: &[i32]) -> i32 {
    weights.iter().zip(counts).map(|(w, c)| w * c).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use crate::moves::symmetries_keeping;

    /// The English board, its centre empty.
    fn english() -> Board {
        Board::from_rows(&[
            "  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  ",
        ])
        .unwrap()
    }

    /// `count` positions of 16 pegs on the English board, at random (the
    /// same on every run).
    fn sixteen_pegs(count: u64) -> Vec<u64> {
        (0..count)
            .map(|i| {
                let mut x = (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let mut pegs = 0u64;
                while pegs.count_ones() < 16 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    pegs |= 1 << (x % 33);
                }
                pegs
            })
            .collect()
    }

    /// On the English board's central game: every pagoda found lets no
    /// jump add weight, and the start may reach the goal.
    #[test]
    fn no_jump_adds_weight() {
        let start = english();
        let goal = start.complement();
        let geometry = start.geometry();
        let both = symmetries_keeping(geometry, &[start.pegs(), goal.pegs()]);
        // A sample: positions of 16 pegs.
        let sample = sixteen_pegs(2000);
        let pagodas = Pagodas::find(geometry, &both, goal.pegs(), &sample);
        assert!(!pagodas.is_empty());
        assert!(pagodas.may_reach(start.pegs()));
        for (i, j) in geometry.jumps().iter().enumerate() {
            assert!(pagodas.change[i].iter().all(|&d| d <= 0), "{j:?}");
        }
        let ruled = sample.iter().filter(|&&p| !pagodas.may_reach(p)).count();
        assert!(ruled > 0);
        // The jumps kept are exactly those after which the position
        // weighs at least the goal, and with no pagoda every jump.
        let mover = crate::moves::Mover::new(geometry, &both);
        let none = Pagodas::none(geometry, goal.pegs());
        let mut left_out = [0; 2];
        for (k, pagodas) in [&pagodas, &none].into_iter().enumerate() {
            for &pegs in sample.iter().chain([&start.pegs()]) {
                let mut every = Vec::new();
                mover.each_jump(pegs, &mut |j, least, _| every.push((j, least)));
                let every_len = every.len();
                let kept: Vec<u64> = every
                    .into_iter()
                    .filter(|&(j, _)| pagodas.may_reach(pegs ^ j.mask()))
                    .map(|(_, least)| least)
                    .collect();
                let mut allowed = vec![7];
                mover.push_jumps_allowed(pegs, false, pagodas.after_jump(pegs), &mut allowed);
                assert_eq!(allowed[0], 7);
                assert_eq!(allowed[1..], kept, "{pegs:#x}");
                left_out[k] += every_len - kept.len();
            }
        }
        assert!(left_out[0] > 0);
        assert_eq!(left_out[1], 0);
    }

    /// A linear program finds a pagoda function for a position that none
    /// constant on the orbits rules out, checked exactly; none for the
    /// start, which reaches the goal.
    #[test]
    fn a_linear_program_rules_out_what_the_symmetric_weightings_miss() {
        let start = english();
        let geometry = start.geometry();
        let goal = start.complement().pegs();
        let both = symmetries_keeping(geometry, &[start.pegs(), goal]);
        // Positions of 16 pegs: the first that no weighting constant on
        // the orbits rules out and a linear program does.
        let sample = sixteen_pegs(500);
        let symmetric = symmetric(geometry, &both, goal, &sample);
        let (lost, weights) = sample
            .iter()
            .enumerate()
            .filter(|&(i, _)| symmetric.iter().all(|(_, out)| !out[i]))
            .find_map(|(_, &p)| Some((p, refuting(geometry, goal, p)?)))
            .expect("a position a linear program rules out");
        for j in geometry.jumps() {
            let w = |h: u8| weights[usize::from(h)];
            assert!(w(j.to) <= w(j.from) + w(j.over), "{j:?}");
        }
        assert!(weigh(&weights, lost) < weigh(&weights, goal));
        assert!(fits(&weights), "{weights:?}");
        assert_eq!(refuting(geometry, goal, start.pegs()), None);
        // Found among the sample's, with its images.
        let pagodas = Pagodas::find(geometry, &both, goal, &[lost, start.pegs()]);
        assert!(!pagodas.may_reach(lost));
        assert!(pagodas.may_reach(start.pegs()));
    }
}

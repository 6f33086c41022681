//! IDA* with closures, in the style of the `pathfinding` crate: a thin
//! adapter over [`Ida`].

use std::cell::RefCell;
use std::marker::PhantomData;

use super::{Ida, IdaOptions};
use crate::Interrupted;
use crate::rules::Rules;

/// An optimal path by IDA*, with closures in the style of the `pathfinding`
/// crate's `idastar`: a thin adapter over [`Ida`].
///
/// - `successors`: the nodes one move away, each with the move's cost.
/// - `heuristic`: an admissible lower bound on the cost to a goal.
/// - `success`: whether a node is a goal.
///
/// Returns the path (start and goal included) and its cost, or `None` if no
/// goal is reachable. Each node visited is cloned; implement [`Rules`] to
/// play moves in place instead.
///
/// # Example
///
/// ```
/// use search_core::ida::idastar;
///
/// // From 3 to 20 by +1 (cost 1) or *2 (cost 3).
/// let (path, cost) = idastar(
///     &3u32,
///     |&n| [(n + 1, 1), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 20),
///     |&n| u32::from(n != 20),
///     |&n| n == 20,
/// )
/// .unwrap();
/// assert_eq!(path, [3, 4, 5, 10, 20]);
/// assert_eq!(cost, 8);
/// ```
pub fn idastar<N: Clone, FN, IN>(
    start: &N,
    successors: FN,
    heuristic: impl FnMut(&N) -> u32,
    success: impl FnMut(&N) -> bool,
) -> Option<(Vec<N>, u32)>
where
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
{
    idastar_with(
        start,
        successors,
        heuristic,
        success,
        &IdaOptions::default(),
    )
    .ok()
    .flatten()
}

/// [`idastar`] with settings: bounds stepped by a parity, a largest bound,
/// and a [`Budget`](crate::Budget) (node limit, cancellation, progress). `Ok(None)` when the
/// search proved that no goal can be reached (or passed `max_bound`).
pub fn idastar_with<N: Clone, FN, IN>(
    start: &N,
    successors: FN,
    heuristic: impl FnMut(&N) -> u32,
    success: impl FnMut(&N) -> bool,
    options: &IdaOptions,
) -> Result<Option<(Vec<N>, u32)>, Interrupted>
where
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
{
    let rules = Closures(RefCell::new(successors), PhantomData);
    let (heuristic, success) = (RefCell::new(heuristic), RefCell::new(success));
    let bound = crate::bound::Computed(|path: &Vec<N>| (heuristic.borrow_mut())(last(path)));
    let outcome = Ida::new(&rules, &bound)
        .with_options(options.clone())
        .solve(&vec![start.clone()], |path| {
            (success.borrow_mut())(last(path))
        })?;
    let Some(found) = outcome.found else {
        return Ok(None);
    };
    let mut path = vec![start.clone()];
    for &(i, _) in &found.moves {
        let next = rules.children(last(&path)).swap_remove(i as usize).0;
        path.push(next);
    }
    Ok(Some((path, found.cost)))
}

fn last<N>(path: &[N]) -> &N {
    path.last().expect("the path always holds the start")
}

/// The rules behind [`idastar`]: a state is the path of nodes from the
/// start, a move the index of a successor of the last, with its cost.
struct Closures<N, FN, IN>(RefCell<FN>, PhantomData<fn(&N) -> IN>);

impl<N, FN, IN> Closures<N, FN, IN> {
    fn children(&self, node: &N) -> Vec<(N, u32)>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, u32)>,
    {
        (self.0.borrow_mut())(node).into_iter().collect()
    }
}

impl<N, FN, IN> Rules for Closures<N, FN, IN>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
{
    type State = Vec<N>;
    type Move = (u32, u32);

    fn moves(&self, path: &Vec<N>, out: &mut Vec<(u32, u32)>) {
        let children = self.children(last(path));
        out.extend(
            children
                .iter()
                .enumerate()
                .map(|(i, &(_, c))| (i as u32, c)),
        );
    }

    fn apply(&self, path: &mut Vec<N>, (i, _): (u32, u32)) {
        let child = self.children(last(path)).swap_remove(i as usize).0;
        path.push(child);
    }

    fn undo(&self, path: &mut Vec<N>, _: (u32, u32)) {
        path.pop();
    }

    fn cost(&self, (_, cost): (u32, u32)) -> u32 {
        cost
    }
}

//! Iterative deepening: depth-first search under a rising cost bound, with
//! (IDA*) or without (iterative deepening DFS) an admissible lower bound.

use crate::prune::Automaton;
use crate::{Budget, Interrupted, Iteration, Outcome, Path, Progress, Reason, Stats};

/// A puzzle position that a depth-first search changes in place.
///
/// Applying and undoing moves in place, rather than cloning a state per
/// child, is what makes IDA* fast; keeping the lower bound up to date inside
/// [`apply`](Node::apply) and [`undo`](Node::undo) makes its evaluation
/// incremental (a sliding-tile move changes one tile's Manhattan term).
///
/// # Example
///
/// A counter that must reach 7 by steps of +1 or +2, each costing 1.
///
/// ```
/// use search_core::ida::{Node, IdaOptions, ida_star};
///
/// struct Counter(u32);
///
/// impl Node for Counter {
///     type Move = u32;
///     fn lower_bound(&self) -> u32 { (7u32.saturating_sub(self.0) + 1) / 2 }
///     fn is_goal(&self) -> bool { self.0 == 7 }
///     fn moves(&self, _previous: Option<u32>, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&d| self.0 + d <= 7));
///     }
///     fn apply(&mut self, step: u32) -> u32 { self.0 += step; 1 }
///     fn undo(&mut self, step: u32) { self.0 -= step; }
/// }
///
/// let outcome = ida_star(&mut Counter(0), &IdaOptions::default())?;
/// let path = outcome.found.unwrap();
/// assert_eq!(path.cost, 4);
/// assert_eq!(path.moves.iter().sum::<u32>(), 7);
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub trait Node {
    /// A move; small and `Copy` (a direction, a pair of cells).
    type Move: Copy;

    /// An admissible lower bound on the cost from here to a goal (never more
    /// than the true cost). Return 0 where there is none.
    fn lower_bound(&self) -> u32;

    /// Whether this position is a goal.
    fn is_goal(&self) -> bool;

    /// Pushes the legal moves onto `out` (which arrives empty). `previous` is
    /// the move that led here, so that a move undoing it can be skipped.
    fn moves(&self, previous: Option<Self::Move>, out: &mut Vec<Self::Move>);

    /// Plays `m` (one of the moves just listed) and returns its cost.
    fn apply(&mut self, m: Self::Move) -> u32;

    /// Takes back `m`, the last move applied.
    fn undo(&mut self, m: Self::Move);
}

/// A node whose moves are named by operators (see [`crate::prune`]), so
/// that [`ida_star_pruned`] can step an [`Automaton`] along the path.
pub trait OperatorNode: Node {
    /// The operator of `m`, one of the moves just listed.
    fn operator(&self, m: Self::Move) -> u8;
}

/// Settings of an iterative-deepening search.
///
/// Bounds run through `residue, residue + step, residue + 2 * step, ..`,
/// starting at the first one not below the start's lower bound and moving on
/// to the first one not below the smallest cost that exceeded the last bound.
/// Where every solution cost has a known parity (a sliding puzzle with the
/// blank back in its cell: even), `step: 2` with the matching `residue`
/// skips iterations that cannot succeed.
#[derive(Debug, Clone, Default)]
pub struct IdaOptions {
    /// The spacing of bounds; 0 and 1 both mean every integer.
    pub step: u32,
    /// The residue of every bound modulo `step`.
    pub residue: u32,
    /// Give up (with `found: None`) once the bound would exceed this.
    pub max_bound: Option<u32>,
    /// Node budget and cancellation.
    pub budget: Budget,
}

/// An optimal solution by IDA*: depth-first searches under a rising bound on
/// `cost so far + lower bound`.
///
/// If `lower_bound` is admissible, the first solution found has the least
/// cost. `found` is `None` when no goal is reachable within `max_bound`, or
/// when a whole iteration pruned nothing (the reachable space is exhausted).
/// The statistics record every iteration's bound and node counts.
///
/// The node is left as it was given.
pub fn ida_star<N: Node>(
    node: &mut N,
    options: &IdaOptions,
) -> Result<Outcome<Path<N::Move>>, Interrupted> {
    deepen(node, options, true, Open)
}

/// [`ida_star`] that skips every move completing a sequence `automaton`
/// forbids: one table look-up per move, the automaton's state kept per
/// depth. The solution has the same cost (see [`crate::prune`] for why no
/// optimal path is lost), and where the node lists its moves in operator
/// order, it is the very solution [`ida_star`] finds, with fewer nodes.
///
/// # Example
///
/// A token on a 2x2 grid goes from cell 0 to cell 3.
///
/// ```
/// use search_core::ida::{IdaOptions, Node, OperatorNode, ida_star, ida_star_pruned};
/// use search_core::prune::{Automaton, Operators};
///
/// struct Token(u8);
/// impl Operators for Token {
///     type Frame = u8;
///     fn operator_count(&self) -> usize { 4 }
///     fn frames(&self) -> Vec<u8> { (0..4).collect() }
///     fn apply(&self, &cell: &u8, op: u8) -> Option<u8> {
///         match op {
///             0 if cell >= 2 => Some(cell - 2),
///             1 if cell < 2 => Some(cell + 2),
///             2 if cell % 2 == 1 => Some(cell - 1),
///             3 if cell % 2 == 0 => Some(cell + 1),
///             _ => None,
///         }
///     }
/// }
/// impl Node for Token {
///     type Move = u8;
///     fn lower_bound(&self) -> u32 { 0 }
///     fn is_goal(&self) -> bool { self.0 == 3 }
///     fn moves(&self, _: Option<u8>, out: &mut Vec<u8>) {
///         out.extend((0..4).filter(|&op| self.apply(&self.0, op).is_some()));
///     }
///     fn apply(&mut self, op: u8) -> u32 { self.0 = Operators::apply(self, &self.0, op).unwrap(); 1 }
///     fn undo(&mut self, op: u8) { self.0 = Operators::apply(self, &self.0, op ^ 1).unwrap(); }
/// }
/// impl OperatorNode for Token {
///     fn operator(&self, op: u8) -> u8 { op }
/// }
///
/// let automaton = Automaton::build(&Token(0), 4);
/// let plain = ida_star(&mut Token(0), &IdaOptions::default())?;
/// let pruned = ida_star_pruned(&mut Token(0), &IdaOptions::default(), &automaton)?;
/// assert_eq!(pruned.found, plain.found); // down, right
/// assert!(pruned.stats.generated < plain.stats.generated);
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn ida_star_pruned<N: OperatorNode>(
    node: &mut N,
    options: &IdaOptions,
    automaton: &Automaton,
) -> Result<Outcome<Path<N::Move>>, Interrupted> {
    deepen(node, options, true, Gated(automaton))
}

/// Which moves a search plays besides those the node lists.
trait Gate<N: Node> {
    /// What the gate remembers of the path.
    type State: Copy;
    const START: Self::State;
    /// The state after `m`, or `None` to skip it.
    fn step(&self, node: &N, state: Self::State, m: N::Move) -> Option<Self::State>;
}

/// Every move listed.
struct Open;

impl<N: Node> Gate<N> for Open {
    type State = ();
    const START: () = ();
    #[inline]
    fn step(&self, _: &N, _: (), _: N::Move) -> Option<()> {
        Some(())
    }
}

/// The moves an automaton allows.
struct Gated<'a>(&'a Automaton);

impl<N: OperatorNode> Gate<N> for Gated<'_> {
    type State = u32;
    const START: u32 = Automaton::START;
    #[inline]
    fn step(&self, node: &N, state: u32, m: N::Move) -> Option<u32> {
        self.0.step(state, node.operator(m))
    }
}

/// An optimal solution by iterative-deepening depth-first search: IDA* with
/// the lower bound taken as 0 (the node's own bound is not consulted).
///
/// Unlike [`ida_star`], it stops only at a solution or at `max_bound`: on a
/// space with cycles an unbounded search for an unreachable goal would never
/// end, so give a `max_bound` unless a solution is known to exist.
///
/// # Example
///
/// ```
/// use search_core::ida::{Node, IdaOptions, iddfs};
///
/// // A counter from 0 to 6 by steps of +1 or +3: every path has cost 1 per move.
/// struct Counter(u32);
/// impl Node for Counter {
///     type Move = u32;
///     fn lower_bound(&self) -> u32 { 0 }
///     fn is_goal(&self) -> bool { self.0 == 6 }
///     fn moves(&self, _: Option<u32>, out: &mut Vec<u32>) {
///         out.extend([1, 3].into_iter().filter(|&d| self.0 + d <= 6));
///     }
///     fn apply(&mut self, d: u32) -> u32 { self.0 += d; 1 }
///     fn undo(&mut self, d: u32) { self.0 -= d; }
/// }
///
/// let options = IdaOptions { max_bound: Some(10), ..IdaOptions::default() };
/// let outcome = iddfs(&mut Counter(0), &options)?;
/// assert_eq!(outcome.found.unwrap().moves, [3, 3]);
/// assert_eq!(outcome.stats.iterations.len(), 3); // bounds 0, 1, 2
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn iddfs<N: Node>(
    node: &mut N,
    options: &IdaOptions,
) -> Result<Outcome<Path<N::Move>>, Interrupted> {
    deepen(node, options, false, Open)
}

fn deepen<N: Node, G: Gate<N>>(
    node: &mut N,
    options: &IdaOptions,
    use_bound: bool,
    gate: G,
) -> Result<Outcome<Path<N::Move>>, Interrupted> {
    let step = options.step.max(1);
    let align = |cost: u32| -> u32 {
        // The first bound >= cost that is congruent to the residue.
        let residue = options.residue % step;
        let offset = (residue + step - cost % step) % step;
        cost.saturating_add(offset)
    };
    let mut search = Dfs {
        node,
        gate,
        budget: &options.budget,
        use_bound,
        bound: 0,
        next_bound: u32::MAX,
        cost: 0,
        stats: Stats::default(),
        buffers: MoveBuffers::default(),
        moves: Vec::new(),
    };
    let mut bound = align(if use_bound {
        search.node.lower_bound()
    } else {
        0
    });
    loop {
        if options.max_bound.is_some_and(|max| bound > max) {
            return Ok(Outcome {
                found: None,
                stats: search.stats,
            });
        }
        search.bound = bound;
        search.next_bound = u32::MAX;
        options.budget.report(Progress::Iteration {
            bound,
            expanded: search.stats.expanded,
        });
        let before = (search.stats.expanded, search.stats.generated);
        let result = search.visit(0, 0, None, G::START);
        search.stats.iterations.push(Iteration {
            bound,
            expanded: search.stats.expanded - before.0,
            generated: search.stats.generated - before.1,
        });
        match result {
            Ok(true) => {
                search.moves.reverse();
                return Ok(Outcome {
                    found: Some(Path {
                        moves: search.moves,
                        cost: search.cost,
                    }),
                    stats: search.stats,
                });
            }
            Ok(false) if search.next_bound == u32::MAX => {
                // Nothing was pruned: every reachable position was seen.
                return Ok(Outcome {
                    found: None,
                    stats: search.stats,
                });
            }
            Ok(false) => bound = align(search.next_bound.max(bound + 1)),
            Err(reason) => {
                return Err(Interrupted {
                    reason,
                    stats: search.stats,
                });
            }
        }
    }
}

/// The state of one depth-first iteration.
struct Dfs<'a, N: Node, G: Gate<N>> {
    node: &'a mut N,
    gate: G,
    budget: &'a Budget,
    use_bound: bool,
    bound: u32,
    /// The smallest cost estimate that exceeded `bound`.
    next_bound: u32,
    /// The cost of the solution found.
    cost: u32,
    stats: Stats,
    /// One move list per depth, reused across nodes.
    buffers: MoveBuffers<N::Move>,
    /// The solution's moves, collected in reverse while unwinding.
    moves: Vec<N::Move>,
}

impl<N: Node, G: Gate<N>> Dfs<'_, N, G> {
    /// Searches below the current position, reached at cost `g` after
    /// `depth` moves, the gate in `state`; returns whether a goal was found
    /// (its moves are then in `self.moves`, last first).
    fn visit(
        &mut self,
        g: u32,
        depth: usize,
        previous: Option<N::Move>,
        state: G::State,
    ) -> Result<bool, Reason> {
        let h = if self.use_bound {
            self.node.lower_bound()
        } else {
            0
        };
        let f = g.saturating_add(h);
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return Ok(false);
        }
        if self.node.is_goal() {
            self.cost = g;
            return Ok(true);
        }
        self.budget.check(self.stats.expanded)?;
        self.stats.expanded += 1;
        let mut moves = self.buffers.take(depth);
        self.node.moves(previous, &mut moves);
        let mut result = Ok(false);
        for &m in &moves {
            let Some(next) = self.gate.step(self.node, state, m) else {
                continue;
            };
            self.stats.generated += 1;
            let cost = self.node.apply(m);
            result = self.visit(g.saturating_add(cost), depth + 1, Some(m), next);
            self.node.undo(m);
            match result {
                Ok(false) => {}
                Ok(true) => {
                    self.moves.push(m);
                    break;
                }
                Err(_) => break,
            }
        }
        self.buffers.put(depth, moves);
        result
    }
}

/// One list of moves per depth of a depth-first search, each reused from
/// one visit of its depth to the next, so that the search allocates only
/// while it first goes deeper.
pub(crate) struct MoveBuffers<M>(Vec<Vec<M>>);

impl<M> Default for MoveBuffers<M> {
    fn default() -> MoveBuffers<M> {
        MoveBuffers(Vec::new())
    }
}

impl<M> MoveBuffers<M> {
    /// The list of `depth`, emptied; [`MoveBuffers::put`] hands it back.
    #[inline]
    pub(crate) fn take(&mut self, depth: usize) -> Vec<M> {
        if self.0.len() <= depth {
            self.0.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.0[depth]);
        moves.clear();
        moves
    }

    /// Hands back the list of `depth`, its capacity kept for the next visit.
    #[inline]
    pub(crate) fn put(&mut self, depth: usize, moves: Vec<M>) {
        self.0[depth] = moves;
    }
}

/// An optimal path by IDA*, with closures in the style of the `pathfinding`
/// crate's `idastar`.
///
/// - `successors`: the nodes one move away, each with the move's cost.
/// - `heuristic`: an admissible lower bound on the cost to a goal.
/// - `success`: whether a node is a goal.
///
/// Returns the path (start and goal included) and its cost, or `None` if no
/// goal is reachable. Each node visited is cloned; implement [`Node`] and
/// call [`ida_star`] to apply moves in place instead.
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
pub fn idastar<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
) -> Option<(Vec<N>, u32)>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
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
/// and a [`Budget`] (node limit, cancellation, progress). `Ok(None)` when the
/// search proved that no goal can be reached (or passed `max_bound`).
pub fn idastar_with<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    options: &IdaOptions,
) -> Result<Option<(Vec<N>, u32)>, Interrupted>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    let mut node = ClosureNode {
        path: vec![start.clone()],
        children: std::cell::RefCell::new(Vec::new()),
        successors: std::cell::RefCell::new(successors),
        heuristic: std::cell::RefCell::new(heuristic),
        success: std::cell::RefCell::new(success),
    };
    let outcome = ida_star(&mut node, options)?;
    let Some(found) = outcome.found else {
        return Ok(None);
    };
    // The node is back at the start: replay the chosen child indices.
    let mut buffer = Vec::new();
    for &m in &found.moves {
        buffer.clear();
        node.moves(None, &mut buffer);
        node.apply(m);
    }
    Ok(Some((node.path, found.cost)))
}

/// The adapter behind [`idastar`]: a stack of cloned nodes, moves being
/// indices into the current node's successors.
struct ClosureNode<N, FN, FH, FS> {
    path: Vec<N>,
    /// The successors of each node on the path, computed by `moves`.
    children: std::cell::RefCell<Vec<Vec<(N, u32)>>>,
    successors: std::cell::RefCell<FN>,
    heuristic: std::cell::RefCell<FH>,
    success: std::cell::RefCell<FS>,
}

impl<N, FN, IN, FH, FS> Node for ClosureNode<N, FN, FH, FS>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    type Move = u32;

    fn lower_bound(&self) -> u32 {
        (self.heuristic.borrow_mut())(self.top())
    }

    fn is_goal(&self) -> bool {
        (self.success.borrow_mut())(self.top())
    }

    fn moves(&self, _previous: Option<u32>, out: &mut Vec<u32>) {
        let kids: Vec<(N, u32)> = (self.successors.borrow_mut())(self.top())
            .into_iter()
            .collect();
        out.extend(0..kids.len() as u32);
        let mut children = self.children.borrow_mut();
        children.truncate(self.path.len() - 1);
        children.push(kids);
    }

    fn apply(&mut self, m: u32) -> u32 {
        let (child, cost) = self.children.borrow()[self.path.len() - 1][m as usize].clone();
        self.path.push(child);
        cost
    }

    fn undo(&mut self, _m: u32) {
        self.path.pop();
    }
}

impl<N, FN, FH, FS> ClosureNode<N, FN, FH, FS> {
    fn top(&self) -> &N {
        self.path.last().expect("the path always holds the start")
    }
}

//! The contract between a puzzle and the engine: its rules.
//!
//! A puzzle is its [`Rules`]: states, the legal moves of a state, playing
//! and taking back a move, and optionally a move's cost, its inverse and
//! (through [`Ranked`]) a perfect rank of the states. That is all the
//! engine asks; every algorithm of this crate is generic over it:
//!
//! | given | the algorithms |
//! | --- | --- |
//! | [`Rules`] | [`bfs::solve`](crate::bfs::solve), [`count::count_paths`](crate::count::count_paths), [`ida::Ida`](crate::ida::Ida) with any [`Bound`](crate::bound::Bound) |
//! | [`Rules`] with [`inverse`](Rules::inverse) | [`bidirectional::solve`](crate::bidirectional::solve), IDA* skipping a move that undoes the last |
//! | [`Ranked`] | [`layers::Sweep`](crate::layers::Sweep) (distances of a whole space), [`pdb::PatternDb::build`](crate::pdb::PatternDb::build) over an abstraction, dense visited sets |
//! | [`Labelled`](crate::prune::Labelled) | IDA* gated by a [`prune::Automaton`](crate::prune::Automaton) |
//!
//! The `pathfinding`-style functions that take closures
//! ([`bfs::bfs`](crate::bfs::bfs), [`ida::idastar`](crate::ida::idastar),
//! ...) are thin adapters over the same code.
//!
//! # Example
//!
//! A stack of four pancakes; a move turns over the top `k`.
//!
//! ```
//! use search_core::rules::Rules;
//!
//! struct Pancakes;
//! impl Rules for Pancakes {
//!     type State = [u8; 4];
//!     type Move = u8; // how many pancakes are turned over
//!     fn moves(&self, _: &[u8; 4], out: &mut Vec<u8>) { out.extend(2..=4) }
//!     fn apply(&self, s: &mut [u8; 4], k: u8) { s[..usize::from(k)].reverse() }
//!     fn undo(&self, s: &mut [u8; 4], k: u8) { s[..usize::from(k)].reverse() }
//!     fn inverse(&self, k: u8) -> Option<u8> { Some(k) }
//! }
//!
//! let path = search_core::bfs::solve(&Pancakes, &[3, 2, 0, 1], |s| *s == [0, 1, 2, 3])
//!     .expect("every stack can be sorted");
//! assert_eq!(path.moves, [4, 2]);
//! ```

use crate::Path;

/// The rules of a puzzle: hog2's *environment*.
///
/// Moves are played in place ([`apply`](Rules::apply)) and taken back
/// ([`undo`](Rules::undo)), which is what makes a depth-first search fast;
/// a breadth-first search clones the state first. The goal is not part of
/// the rules: every algorithm takes it as a test of states, so one set of
/// rules serves every goal.
pub trait Rules {
    /// A position.
    type State: Clone;
    /// A move: small and `Copy` (a direction, a pair of cells), carrying
    /// what [`undo`](Rules::undo) needs.
    type Move: Copy + PartialEq;

    /// Pushes the legal moves of `state` onto `out` (which arrives empty),
    /// in the order the searches try them.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// Plays `m`, one of the moves [`moves`](Rules::moves) listed for `state`.
    fn apply(&self, state: &mut Self::State, m: Self::Move);

    /// Takes back `m`, the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, m: Self::Move);

    /// The cost of `m`: 1 unless the puzzle says otherwise (peg solitaire:
    /// a jump continuing the last jump's peg is free).
    fn cost(&self, m: Self::Move) -> u32 {
        let _ = m;
        1
    }

    /// The move that takes `m` back, if the puzzle's moves are reversible:
    /// what a search from the goal plays, and what lets a depth-first
    /// search skip a move that undoes the one before it.
    fn inverse(&self, m: Self::Move) -> Option<Self::Move> {
        let _ = m;
        None
    }
}

/// Rules whose states have a perfect rank: a bijection onto `0..size()`
/// (see the `perm-rank` crate), for dense tables indexed by rank (sweeps of
/// a whole space, visited bits, pattern databases).
///
/// A sweep from a set of states measures distances along
/// [`moves`](Rules::moves): from the sources, or to them when every move
/// has an inverse.
pub trait Ranked: Rules<State: Send + Sync> + Sync {
    /// The number of ranks; every state's rank is below it.
    fn size(&self) -> u64;

    /// The rank of `state`, in `0..size()`.
    fn rank(&self, state: &Self::State) -> u64;

    /// The state of rank `rank` (only called with ranks of states the
    /// algorithms reached).
    fn unrank(&self, rank: u64) -> Self::State;

    /// The rank of `state`, reached by `m` from a state of rank `before`.
    /// Override it where a move updates the rank faster than ranking from
    /// scratch (the default).
    #[inline]
    fn rank_after(&self, state: &Self::State, before: u64, m: Self::Move) -> u64 {
        let _ = (before, m);
        self.rank(state)
    }

    /// Calls `visit` with every state one move from `state` (of rank
    /// `rank`) and its rank: what a sweep does with each state of a layer.
    /// `moves` is scratch space the caller reuses. The default plays, ranks
    /// and takes back each move; override it where ranks combine directly.
    #[inline]
    fn each_neighbour<F: FnMut(&Self::State, u64)>(
        &self,
        state: &Self::State,
        rank: u64,
        moves: &mut Vec<Self::Move>,
        mut visit: F,
    ) {
        moves.clear();
        self.moves(state, moves);
        let mut next = state.clone();
        for &m in moves.iter() {
            self.apply(&mut next, m);
            visit(&next, self.rank_after(&next, rank, m));
            self.undo(&mut next, m);
        }
    }

    /// Calls `visit` with the rank of every state one move from the state
    /// of rank `rank`: [`each_neighbour`](Ranked::each_neighbour) of the
    /// unranked state, unless overridden.
    #[inline]
    fn neighbour_ranks<F: FnMut(u64)>(&self, rank: u64, moves: &mut Vec<Self::Move>, mut visit: F) {
        let state = self.unrank(rank);
        self.each_neighbour(&state, rank, moves, |_, r| visit(r));
    }
}

/// The states one move from `state`, each with the move that leads there:
/// the successors a breadth-first search stores.
pub fn successors<'a, R: Rules + ?Sized>(
    rules: &'a R,
    state: &R::State,
) -> impl Iterator<Item = (R::Move, R::State)> + use<'a, R> {
    let mut moves = Vec::new();
    rules.moves(state, &mut moves);
    let state = state.clone();
    moves.into_iter().map(move |m| {
        let mut next = state.clone();
        rules.apply(&mut next, m);
        (m, next)
    })
}

/// The moves that lead from each state of `states` to the next: a path of
/// states, as a breadth-first search keeps it, turned into moves. `None`
/// if two consecutive states are not one move apart.
pub fn moves_along<R: Rules + ?Sized>(rules: &R, states: &[R::State]) -> Option<Vec<R::Move>>
where
    R::State: PartialEq,
{
    let mut moves = Vec::with_capacity(states.len().saturating_sub(1));
    let mut listed = Vec::new();
    for pair in states.windows(2) {
        listed.clear();
        rules.moves(&pair[0], &mut listed);
        let mut state = pair[0].clone();
        let m = listed.iter().copied().find(|&m| {
            rules.apply(&mut state, m);
            let hit = state == pair[1];
            rules.undo(&mut state, m);
            hit
        })?;
        moves.push(m);
    }
    Some(moves)
}

/// The path of `moves` as a [`Path`]: the moves and their total cost.
pub(crate) fn path_of<R: Rules + ?Sized>(rules: &R, moves: Vec<R::Move>) -> Path<R::Move> {
    let cost = moves.iter().map(|&m| rules.cost(m)).sum();
    Path {
        moves,
        cost,
        inadmissible: None,
    }
}

/// A state with its rank and the move that led to it: what the
/// breadth-first searches over a [`Ranked`] space keep, so that a move
/// updates the rank ([`Ranked::rank_after`]) instead of ranking from
/// scratch, and the move undoing the last one is not generated. Two nodes
/// are equal when their ranks are.
#[derive(Debug, Clone)]
pub struct RankedNode<S, M> {
    /// The state.
    pub state: S,
    /// Its rank.
    pub rank: u64,
    /// The move that led to it, if any.
    pub last: Option<M>,
}

impl<S, M> PartialEq for RankedNode<S, M> {
    fn eq(&self, other: &Self) -> bool {
        self.rank == other.rank
    }
}

impl<S, M> RankedNode<S, M> {
    /// The node of `state`, which no move led to.
    pub fn new<R: Ranked<State = S, Move = M>>(rules: &R, state: S) -> Self {
        let rank = rules.rank(&state);
        RankedNode {
            state,
            rank,
            last: None,
        }
    }
}

/// The nodes one move from `node`, but the one undoing its last move.
pub fn ranked_successors<'a, R: Ranked>(
    rules: &'a R,
    node: &RankedNode<R::State, R::Move>,
) -> impl Iterator<Item = RankedNode<R::State, R::Move>> + use<'a, R> {
    let mut moves = Vec::new();
    rules.moves(&node.state, &mut moves);
    let back = node.last.and_then(|m| rules.inverse(m));
    let (state, rank) = (node.state.clone(), node.rank);
    moves
        .into_iter()
        .filter(move |&m| Some(m) != back)
        .map(move |m| {
            let mut next = state.clone();
            rules.apply(&mut next, m);
            let rank = rules.rank_after(&next, rank, m);
            RankedNode {
                state: next,
                rank,
                last: Some(m),
            }
        })
}

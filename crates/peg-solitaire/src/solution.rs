//! Solutions: moves from jumps, M. Hiroi's notation, and replay with the
//! rules alone.

use crate::board::{Board, Jump, Move, MoveError};

/// A solution: its moves (chains of jumps by one peg), the board after
/// each, and whether their number is proven least.
pub type Solution = search_core::puzzle::Solution<Move, Board>;

/// The solution of the moves of `jumps` from `start`.
pub(crate) fn solution_of(start: &Board, jumps: &[Jump], optimal: bool) -> Solution {
    Solution::from_moves(start.clone(), Move::from_jumps(jumps), optimal, |b, m| {
        b.play(m)
    })
    .expect("a solution found by the rules replays")
}

/// The jumps of a solution's moves.
pub fn solution_jumps(solution: &Solution) -> Vec<Jump> {
    solution
        .boards()
        .iter()
        .zip(&solution.moves)
        .flat_map(|(b, m)| b.jumps_of(m).expect("the moves of a solution are moves"))
        .collect()
}

/// The jumps grouped into moves: each move as the holes its peg visits
/// (`[12, 14, 6]`: from 12 to 14, then on to 6). A jump continues the move
/// of the jump before it when it starts where that one landed.
pub fn move_groups(jumps: &[Jump]) -> Vec<Vec<u8>> {
    let mut groups: Vec<Vec<u8>> = Vec::new();
    for j in jumps {
        match groups.last_mut() {
            Some(g) if g.last() == Some(&j.from) => g.push(j.to),
            _ => groups.push(vec![j.from, j.to]),
        }
    }
    groups
}

/// The number of moves of a sequence of jumps (see [`move_groups`]).
pub fn move_count(jumps: &[Jump]) -> u32 {
    move_groups(jumps).len() as u32
}

/// Hiroi's notation: `[14, 6][11, 9][12, 14, 6]`.
pub fn notation(jumps: &[Jump]) -> String {
    move_notations(jumps).concat()
}

/// Each move in Hiroi's notation: `["[14, 6]", "[11, 9]", "[12, 14, 6]"]`.
pub fn move_notations(jumps: &[Jump]) -> Vec<String> {
    move_groups(jumps)
        .iter()
        .map(|g| {
            let holes: Vec<String> = g.iter().map(|h| h.to_string()).collect();
            format!("[{}]", holes.join(", "))
        })
        .collect()
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

/// Plays `moves` from `start` with the rules alone and checks that they end
/// on `goal`. Returns the boards after each move, `start` first.
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, |b: &Board, m| b.play(&m), |b| b == goal)
}

/// Plays `jumps` from `start` with the rules alone and checks that they end
/// on `goal`. Returns the boards after each jump, `start` first.
pub fn replay_jumps(
    start: &Board,
    goal: &Board,
    jumps: &[Jump],
) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, jumps, |b: &Board, j| b.play_jump(j), |b| b == goal)
}

//! Checking a claimed solution with a puzzle's own rules, independently of
//! any search.

use std::fmt;

/// Why a claimed solution is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError<E, S> {
    /// Move `index` (from 0) breaks the rules.
    IllegalMove {
        /// The move's position in the sequence.
        index: usize,
        /// What the rules said.
        error: E,
    },
    /// Every move is legal, but the last state is not a goal.
    WrongEnd(S),
}

impl<E: fmt::Display, S: fmt::Debug> fmt::Display for ReplayError<E, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::IllegalMove { index, error } => write!(f, "move {}: {error}", index + 1),
            ReplayError::WrongEnd(state) => {
                write!(f, "the moves end on {state:?}, which is not a goal")
            }
        }
    }
}

impl<E: fmt::Debug + fmt::Display, S: fmt::Debug> std::error::Error for ReplayError<E, S> {}

/// Plays `moves` from `start` with `play` (the puzzle's rules: the next
/// state, or why the move is illegal) and checks that the last state passes
/// `is_goal`. Returns every state, `start` first.
///
/// # Example
///
/// ```
/// use search_core::replay::{ReplayError, replay};
///
/// // A counter that may add 1 or 2, never more; the goal is 5.
/// let play = |n: &u32, step: u32| if step <= 2 { Ok(n + step) } else { Err("too far") };
/// assert_eq!(replay(&0, &[2, 2, 1], play, |&n| n == 5), Ok(vec![0, 2, 4, 5]));
/// assert_eq!(
///     replay(&0, &[2, 3], play, |&n| n == 5),
///     Err(ReplayError::IllegalMove { index: 1, error: "too far" })
/// );
/// assert_eq!(replay(&0, &[1], play, |&n| n == 5), Err(ReplayError::WrongEnd(1)));
/// ```
pub fn replay<S, M, E, P, G>(
    start: &S,
    moves: &[M],
    mut play: P,
    is_goal: G,
) -> Result<Vec<S>, ReplayError<E, S>>
where
    S: Clone,
    M: Clone,
    P: FnMut(&S, M) -> Result<S, E>,
    G: FnOnce(&S) -> bool,
{
    let mut states = vec![start.clone()];
    for (index, m) in moves.iter().enumerate() {
        let next = play(&states[index], m.clone())
            .map_err(|error| ReplayError::IllegalMove { index, error })?;
        states.push(next);
    }
    let end = &states[states.len() - 1];
    if !is_goal(end) {
        return Err(ReplayError::WrongEnd(end.clone()));
    }
    Ok(states)
}

//! Shortest solutions, proven by a sweep of every arrangement, and counted.

use std::fmt;

use search_core::layers::{Layers, RankedSpace, Sweep, SweepError, Table};

use crate::{Board, Cell, KnightSpace, Move, MoveError};

/// Why a board could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Start and goal differ in shape, squares or numbers of knights.
    Mismatch(String),
    /// The board has more arrangements than can be ranked in a `u64`.
    TooLarge(String),
    /// The sweep refused (memory limit) or could not finish.
    Sweep(SweepError),
    /// More shortest solutions than fit a `u128`.
    CountOverflow,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Mismatch(why) => write!(f, "start and goal do not match: {why}"),
            SolveError::TooLarge(why) => write!(f, "too many arrangements: {why}"),
            SolveError::Sweep(e) => write!(f, "{e}"),
            SolveError::CountOverflow => write!(f, "more shortest solutions than fit a u128"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A shortest solution and the number of shortest solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The boards from the start to the goal, both included.
    pub boards: Vec<Board>,
    /// The number of distinct shortest move sequences from the start to the
    /// goal. Two sequences are distinct when some move differs; knights of
    /// one colour are interchangeable, so this is also the number of
    /// distinct sequences of arrangements.
    pub count: u128,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start was already the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Every arrangement reachable from a start, with its distance: the proof
/// behind every answer about that start.
#[derive(Debug, Clone)]
pub struct Exploration {
    space: KnightSpace,
    start: Board,
    layers: Layers,
}

/// Sweeps every arrangement of `start`'s knights reachable from it: a
/// breadth-first search over a dense table of one byte per arrangement,
/// in parallel, with `sweep`'s memory limit.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, explore};
/// use search_core::layers::{Sweep, Table};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let explored = explore(&start, &Sweep::new(Table::Bytes))?;
/// assert_eq!(explored.reachable(), 18_480);
/// let goal = Board::from_rows(&["www", "...", "...", "bbb"])?;
/// assert_eq!(explored.distance(&goal), Some(16));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explore(start: &Board, sweep: &Sweep) -> Result<Exploration, SolveError> {
    let space = KnightSpace::new(start)?;
    let layers = sweep
        .run(&space, [space.knights(start)], |_| {})
        .map_err(SolveError::Sweep)?;
    Ok(Exploration {
        space,
        start: *start,
        layers,
    })
}

/// A shortest solution from `start` to `goal` and the number of shortest
/// solutions, or `None` if `goal` cannot be reached.
///
/// The minimum is proven: every arrangement reachable from the start is
/// swept, breadth first, before the answer is read off.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, replay, solve};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let goal = Board::from_rows(&["www", "...", "...", "bbb"])?;
/// let solution = solve(&start, &goal)?.expect("reachable");
/// assert_eq!(solution.len(), 16);
/// replay(&start, &goal, &solution.moves)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(start: &Board, goal: &Board) -> Result<Option<Solution>, SolveError> {
    check_goal(start, goal)?;
    explore(start, &Sweep::new(Table::Bytes))?.solution_to(goal)
}

/// Checks that `goal` can be a goal of `start`: the same cells, the same
/// squares, as many knights of each colour. [`solve`] checks it too.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, check_goal};
///
/// let start = Board::from_rows(&["bbb", "...", "www"])?;
/// let goal = Board::from_rows(&["ww.", "...", "bbb"])?;
/// let err = check_goal(&start, &goal).unwrap_err();
/// assert_eq!(err.to_string(), "start and goal do not match: 3 white knights at the start, 2 in the goal");
/// # Ok::<(), knight_swap::BoardError>(())
/// ```
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    if (start.width(), start.height()) != (goal.width(), goal.height()) {
        return Err(SolveError::Mismatch(format!(
            "start is {}x{}, goal is {}x{}",
            start.width(),
            start.height(),
            goal.width(),
            goal.height()
        )));
    }
    if start.square_cells() != goal.square_cells() {
        return Err(SolveError::Mismatch(
            "their squares differ (`#` cells)".to_string(),
        ));
    }
    for (colour, s, g) in [
        ("black", start.black_cells().len(), goal.black_cells().len()),
        ("white", start.white_cells().len(), goal.white_cells().len()),
    ] {
        if s != g {
            return Err(SolveError::Mismatch(format!(
                "{s} {colour} knights at the start, {g} in the goal"
            )));
        }
    }
    Ok(())
}

impl Exploration {
    /// The number of arrangements reachable from the start.
    pub fn reachable(&self) -> u64 {
        self.layers.reachable()
    }

    /// `histogram()[d]`: the arrangements `d` moves from the start.
    pub fn histogram(&self) -> &[u64] {
        &self.layers.histogram
    }

    /// The largest distance from the start.
    pub fn max_distance(&self) -> u32 {
        self.layers.max_distance().unwrap_or(0)
    }

    /// Arrangements at the largest distance (the first 32 by rank).
    pub fn farthest(&self) -> Vec<Board> {
        self.layers
            .farthest
            .iter()
            .map(|&r| self.space.board(&self.space.unrank(r)))
            .collect()
    }

    /// The fewest moves from the start to `board`, `None` if unreachable or
    /// not an arrangement of the start's knights.
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if !self.start.same_setup(board) {
            return None;
        }
        let table = self.layers.distances.as_ref()?;
        table.get(self.space.rank(&self.space.knights(board)))
    }

    /// A shortest solution to `goal` and the number of them, read off the
    /// sweep: a path descends from the goal, one distance less each move, to
    /// the start; the count is the number of such descents.
    pub fn solution_to(&self, goal: &Board) -> Result<Option<Solution>, SolveError> {
        check_goal(&self.start, goal)?;
        let table = self
            .layers
            .distances
            .as_ref()
            .ok_or_else(|| SolveError::TooLarge("the sweep kept no distances".to_string()))?;
        let target = self.space.knights(goal);
        let Some(path) = table.descend(&self.space, target) else {
            return Ok(None);
        };
        let count = table
            .count_descents(&self.space, target)
            .map_err(|_| SolveError::CountOverflow)?
            .map_or(0, |c| c.count);
        // Moves are reversible: the descent from the goal, reversed, runs
        // from the start.
        let boards: Vec<Board> = path.iter().rev().map(|k| self.space.board(k)).collect();
        let moves = boards
            .windows(2)
            .map(|w| move_between(&w[0], &w[1]))
            .collect();
        Ok(Some(Solution {
            moves,
            boards,
            count,
        }))
    }
}

/// The move that turns `a` into `b`, one move apart.
fn move_between(a: &Board, b: &Board) -> Move {
    let (ab, aw) = a.masks();
    let (bb, bw) = b.masks();
    let left = (ab & !bb) | (aw & !bw);
    let arrived = (bb & !ab) | (bw & !aw);
    Move {
        from: left.trailing_zeros() as usize,
        to: arrived.trailing_zeros() as usize,
    }
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

/// Plays `moves` from `start` with the rules alone (a knight's move to an
/// empty square) and checks that they end on `goal`; returns the boards.
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, Board::play, |end| end == goal)
}

/// One named knight's journey: the cells it stands on, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The knight's name: black knights `A`, `B`, .. and white knights ..,
    /// `X`, `Y`, `Z`, in the row-major order of their starting cells.
    pub name: char,
    /// [`Cell::Black`] or [`Cell::White`].
    pub colour: Cell,
    /// The cells it stands on, its starting cell first.
    pub cells: Vec<usize>,
}

impl Route {
    /// The number of moves this knight makes.
    pub fn moves(&self) -> usize {
        self.cells.len() - 1
    }

    /// Whether the knight comes back to a cell it already stood on (a
    /// temporary retreat, as in the article's `2:3:8:3:8:9`).
    pub fn retreats(&self) -> bool {
        self.cells
            .iter()
            .enumerate()
            .any(|(i, c)| self.cells[..i].contains(c))
    }
}

/// The article's notation: the cells joined by `:`, e.g. `2:3:8:3:8:9`.
impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(usize::to_string).collect();
        f.write_str(&cells.join(":"))
    }
}

/// Names every knight of `start` as the Perl article does and follows each through
/// `moves` (which must be legal from `start`). `None` if there are more
/// than 26 knights or a move is illegal.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, Move, routes};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let moves = [Move { from: 2, to: 7 }, Move { from: 10, to: 3 }];
/// let routes = routes(&start, &moves).unwrap();
/// let shown: Vec<String> = routes.iter().map(|r| format!("{}: {r}", r.name)).collect();
/// assert_eq!(shown, ["A: 0", "B: 1", "C: 2:7", "X: 9", "Y: 10:3", "Z: 11"]);
/// # Ok::<(), knight_swap::BoardError>(())
/// ```
pub fn routes(start: &Board, moves: &[Move]) -> Option<Vec<Route>> {
    let black = start.black_cells();
    let white = start.white_cells();
    if black.len() + white.len() > 26 {
        return None;
    }
    let white_first = b'Z' + 1 - white.len() as u8;
    let mut routes: Vec<Route> = black
        .iter()
        .enumerate()
        .map(|(i, &c)| (char::from(b'A' + i as u8), Cell::Black, c))
        .chain(
            white
                .iter()
                .enumerate()
                .map(|(i, &c)| (char::from(white_first + i as u8), Cell::White, c)),
        )
        .map(|(name, colour, cell)| Route {
            name,
            colour,
            cells: vec![cell],
        })
        .collect();
    let mut board = *start;
    for &m in moves {
        board = board.play(m).ok()?;
        let route = routes
            .iter_mut()
            .find(|r| r.cells.last() == Some(&m.from))?;
        route.cells.push(m.to);
    }
    Some(routes)
}

/// The name of the knight on each cell after each move: the boards of a
/// solution drawn as the article draws them (`ABC / --- / --- / XYZ`).
pub fn named_boards(start: &Board, moves: &[Move]) -> Option<Vec<Vec<String>>> {
    let mut routes = routes(start, &[])?;
    let mut board = *start;
    let draw = |board: &Board, routes: &[Route]| {
        board.draw(|cell| {
            routes
                .iter()
                .find(|r| r.cells.last() == Some(&cell))
                .map_or('?', |r| r.name)
        })
    };
    let mut drawn = vec![draw(&board, &routes)];
    for &m in moves {
        board = board.play(m).ok()?;
        routes
            .iter_mut()
            .find(|r| r.cells.last() == Some(&m.from))?
            .cells
            .push(m.to);
        drawn.push(draw(&board, &routes));
    }
    Some(drawn)
}

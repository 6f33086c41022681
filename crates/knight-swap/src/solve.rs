//! Shortest solutions, proven by a sweep of every arrangement or by a
//! bidirectional search, and counted.

use std::fmt;

use search_core::bidirectional::bfs_bidirectional_with;
use search_core::layers::{Layers, Sweep, SweepError, Table};
use search_core::rules::Ranked;
use search_core::visited::HashSides;
use search_core::{Interrupted, Outcome, Reason, Stats};

use crate::{Board, Cell, KnightSpace, Move, MoveError, ReplayError, Solution, SolveError};

/// A search algorithm; each returns a shortest solution, proven optimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// [`explore`]: a breadth-first sweep of every arrangement reachable
    /// from the start, one byte each in a table ranked by [`KnightSpace`]
    /// (within `max_memory`), in parallel, then a descent from the goal to
    /// the start: the fastest, and the default. The sweep runs to its end
    /// whatever the budget.
    #[default]
    Sweep,
    /// Breadth-first search from the start and from the goal at once, over
    /// boards in hash maps: an independent check of the sweep. It honours
    /// the budget; its maps grow with the boards it meets, which
    /// `max_memory` does not bound.
    Bidirectional,
}

search_core::named_values! {
    /// Every algorithm, fastest first.
    Algorithm: "algorithm" {
        Sweep => "sweep",
        Bidirectional => "bidirectional",
    }
}

/// How to solve: the algorithm ([`Algorithm::Sweep`] by default), a node
/// limit or a cancellation flag for [`Algorithm::Bidirectional`] (none by
/// default), and the bytes the sweep's table may take, for
/// [`Algorithm::Sweep`]: [`DEFAULT_MAX_MEMORY`](search_core::puzzle::DEFAULT_MAX_MEMORY) by default.
pub type SolveOptions = search_core::puzzle::SolveOptions<Algorithm>;

/// Every arrangement reachable from a start, with its distance: the proof
/// behind every answer about that start.
#[derive(Debug, Clone)]
pub struct Exploration {
    space: KnightSpace,
    start: Board,
    layers: Layers,
}

/// Sweeps every arrangement of `start`'s knights reachable from it: a
/// breadth-first search over a dense table of one byte per arrangement, in
/// parallel, refused with [`SolveError::TooLarge`] if the table needs more
/// than `max_memory` bytes.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, explore};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let explored = explore(&start, 1 << 20)?;
/// assert_eq!(explored.reachable(), 18_480);
/// let goal = Board::from_rows(&["www", "...", "...", "bbb"])?;
/// assert_eq!(explored.distance(&goal), Some(16));
/// assert_eq!(explored.count_solutions(&goal)?, 98_496);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explore(start: &Board, max_memory: u64) -> Result<Exploration, SolveError> {
    let space = KnightSpace::new(start)?;
    let layers = Sweep::new(Table::Bytes)
        .with_max_memory(max_memory)
        .run(&space, [space.knights(start)], |_| {})
        .map_err(|e| match e {
            SweepError::MemoryLimit { needed, limit } => SolveError::TooLarge { needed, limit },
            other => SolveError::Unsupported(other.to_string()),
        })?;
    Ok(Exploration {
        space,
        start: *start,
        layers,
    })
}

/// A shortest solution from `start` to `goal`: `found` is `None` when
/// `goal` cannot be reached, with the search's counters in either case.
/// Both algorithms prove the minimum ([`Solution::optimal`] is true): the
/// sweep by reaching every arrangement reachable from the start first, the
/// bidirectional search by meeting breadth first from both ends. The
/// number of shortest solutions is another question:
/// [`Exploration::count_solutions`].
///
/// # Errors
///
/// [`SolveError::Mismatch`] when `goal` is not an arrangement of the
/// start's knights on its squares ([`check_goal`]); for the sweep,
/// [`SolveError::Unsupported`] when the board has too many arrangements to
/// rank and [`SolveError::TooLarge`] when its table needs more than
/// `options.max_memory`; for the bidirectional search,
/// [`SolveError::Interrupted`] when the budget runs out.
///
/// # Example
///
/// ```
/// use knight_swap::{Algorithm, Board, SolveOptions, replay, solve};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let goal = Board::from_rows(&["www", "...", "...", "bbb"])?;
/// for algorithm in Algorithm::ALL {
///     let options = SolveOptions { algorithm, ..SolveOptions::default() };
///     let solution = solve(&start, &goal, &options)?.found.expect("reachable");
///     assert_eq!(solution.len(), 16);
///     replay(&start, &goal, &solution.moves)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Outcome<Solution>, SolveError> {
    check_goal(start, goal)?;
    match options.algorithm {
        Algorithm::Sweep => {
            let explored = explore(start, options.max_memory)?;
            Ok(Outcome {
                found: explored.solution_to(goal)?,
                stats: explored.stats(),
            })
        }
        Algorithm::Bidirectional => {
            let next = |b: &Board| -> Vec<Board> {
                b.moves()
                    .into_iter()
                    .filter_map(|m| b.play(&m).ok())
                    .collect()
            };
            let outcome = bfs_bidirectional_with(
                start,
                std::slice::from_ref(goal),
                next,
                next,
                HashSides::default(),
                &options.budget,
            )?;
            Ok(Outcome {
                found: outcome.found.map(solution_through),
                stats: outcome.stats,
            })
        }
    }
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
/// assert_eq!(err.to_string(), "the goal does not fit the start: 3 white knights at the start, 2 in the goal");
/// # Ok::<(), knight_swap::BoardError>(())
/// ```
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    SolveError::check_shape(
        (start.width(), start.height()),
        (goal.width(), goal.height()),
    )?;
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

    /// The sweep's counters: every reachable arrangement expanded once, and
    /// each but the start entered into the table once.
    pub fn stats(&self) -> Stats {
        let reached = self.reachable();
        Stats {
            expanded: reached,
            generated: reached.saturating_sub(1),
            iterations: Vec::new(),
        }
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

    /// A shortest solution to `goal`, `None` if it cannot be reached, read
    /// off the sweep: a path descends from the goal, one distance less each
    /// move, to the start.
    pub fn solution_to(&self, goal: &Board) -> Result<Option<Solution>, SolveError> {
        check_goal(&self.start, goal)?;
        let Some(path) = self
            .distances()
            .descend(&self.space, self.space.knights(goal))
        else {
            return Ok(None);
        };
        // Moves are reversible: the descent from the goal, reversed, runs
        // from the start.
        let boards: Vec<Board> = path.iter().rev().map(|k| self.space.board(k)).collect();
        Ok(Some(solution_through(boards)))
    }

    /// The number of distinct shortest move sequences from the start to
    /// `goal` (0 if it cannot be reached), counted on the sweep as the
    /// descents from the goal to the start, layer by layer, without listing
    /// them. Two sequences are distinct when some move differs; knights of
    /// one colour are interchangeable, so this is also the number of
    /// distinct sequences of arrangements.
    ///
    /// # Errors
    ///
    /// [`SolveError::Mismatch`] for a goal of another setup;
    /// [`SolveError::Interrupted`] (with [`Reason::Overflow`]) when the
    /// count exceeds a `u128`.
    pub fn count_solutions(&self, goal: &Board) -> Result<u128, SolveError> {
        check_goal(&self.start, goal)?;
        let count = self
            .distances()
            .count_descents(&self.space, self.space.knights(goal))
            .map_err(|reason: Reason| Interrupted {
                reason,
                stats: self.stats(),
            })?;
        Ok(count.map_or(0, |c| c.count))
    }

    fn distances(&self) -> &search_core::layers::DistanceTable {
        self.layers
            .distances
            .as_ref()
            .expect("a sweep over bytes keeps its distances")
    }
}

/// The solution passing through `boards`, one move apart.
fn solution_through(boards: Vec<Board>) -> Solution {
    let moves = boards
        .windows(2)
        .map(|w| move_between(&w[0], &w[1]))
        .collect();
    Solution::new(moves, boards, true)
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

/// Plays `moves` from `start` with the rules alone (a knight's move to an
/// empty square) and checks that they end on `goal`; returns the boards,
/// the start first.
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, |b, m| b.play(&m), |end| end == goal)
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

/// Why [`routes`] or [`named_boards`] cannot follow the knights of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteError {
    /// More knights than the 26 letters that name them.
    TooManyKnights(usize),
    /// Move `index` (from 0) breaks the rules.
    IllegalMove {
        /// The move's position in the sequence.
        index: usize,
        /// What the rules said.
        error: MoveError,
    },
}

search_core::error_messages! {
    RouteError {
        TooManyKnights(n) => "{n} knights: the letters A to Z name at most 26";
        IllegalMove { index, error } => "move {}: {error}", index + 1;
    }
}

/// Names every knight of `start` as the Perl article does and follows each
/// through `moves`: [`RouteError`] if there are more than 26 knights or a
/// move is illegal.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, Move, routes};
///
/// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let moves = [Move { from: 2, to: 7 }, Move { from: 10, to: 3 }];
/// let followed = routes(&start, &moves)?;
/// let shown: Vec<String> = followed.iter().map(|r| format!("{}: {r}", r.name)).collect();
/// assert_eq!(shown, ["A: 0", "B: 1", "C: 2:7", "X: 9", "Y: 10:3", "Z: 11"]);
/// let wrong = routes(&start, &[Move { from: 2, to: 8 }]).unwrap_err();
/// assert_eq!(wrong.to_string(), "move 1: 2-8 is not a knight's move");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn routes(start: &Board, moves: &[Move]) -> Result<Vec<Route>, RouteError> {
    follow(start, moves, |_, _| {})
}

/// The name of the knight on each cell after each move: the boards of a
/// solution drawn as the article draws them (`ABC / --- / --- / XYZ`);
/// [`RouteError`] as for [`routes`].
pub fn named_boards(start: &Board, moves: &[Move]) -> Result<Vec<Vec<String>>, RouteError> {
    let mut drawn = Vec::new();
    follow(start, moves, |board, routes| {
        drawn.push(board.draw(|cell| {
            routes
                .iter()
                .find(|r| r.cells.last() == Some(&cell))
                .map_or('?', |r| r.name)
        }));
    })?;
    Ok(drawn)
}

/// [`routes`], calling `visit` with the board and the routes so far at
/// the start and after each move.
fn follow(
    start: &Board,
    moves: &[Move],
    mut visit: impl FnMut(&Board, &[Route]),
) -> Result<Vec<Route>, RouteError> {
    let black = start.black_cells();
    let white = start.white_cells();
    if black.len() + white.len() > 26 {
        return Err(RouteError::TooManyKnights(black.len() + white.len()));
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
    visit(&board, &routes);
    for (index, m) in moves.iter().enumerate() {
        board = board
            .play(m)
            .map_err(|error| RouteError::IllegalMove { index, error })?;
        routes
            .iter_mut()
            .find(|r| r.cells.last() == Some(&m.from))
            .expect("a legal move starts where a knight stands")
            .cells
            .push(m.to);
        visit(&board, &routes);
    }
    Ok(routes)
}

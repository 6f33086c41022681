//! The two macros that write the contract's mechanical parts, so that a
//! puzzle crate states only what is its own: [`named_values!`] for its
//! enums of named values (its `Algorithm`, a variant of the rules), and
//! [`impl_puzzle!`] for its [`Puzzle`](crate::puzzle::Puzzle) impl, whose
//! every method but the default goal hands over to the crate's own
//! `Board` and `solve`.

/// Writes what an enum of named values offers under the contract: `ALL`,
/// every value in the order listed (the default first), `name`,
/// [`Display`](std::fmt::Display) by that name and
/// [`FromStr`](std::str::FromStr) through
/// [`by_name`](crate::puzzle::by_name), whose error names `what` and lists
/// every name. The list must name every variant (the `match` of `name`
/// is checked for it); doc comments before it document `ALL`.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// enum Algorithm {
///     Bfs,
///     Ida,
/// }
///
/// search_core::named_values! {
///     /// Every algorithm, fastest first.
///     Algorithm: "algorithm" { Ida => "ida", Bfs => "bfs" }
/// }
///
/// assert_eq!(Algorithm::ALL, [Algorithm::Ida, Algorithm::Bfs]);
/// assert_eq!(Algorithm::Bfs.to_string(), "bfs");
/// assert_eq!("ida".parse(), Ok(Algorithm::Ida));
/// assert_eq!(
///     "dfs".parse::<Algorithm>(),
///     Err("unknown algorithm \"dfs\" (known: ida, bfs)".to_string())
/// );
/// ```
#[macro_export]
macro_rules! named_values {
    (
        $(#[$all_doc:meta])*
        $ty:ident: $what:literal { $($value:ident => $name:literal),+ $(,)? }
    ) => {
        impl $ty {
            $(#[$all_doc])*
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$value),+];

            /// The name [`FromStr`](std::str::FromStr) reads and
            /// [`Display`](std::fmt::Display) writes.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$value => $name,)+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = ::std::string::String;

            fn from_str(s: &str) -> ::std::result::Result<$ty, ::std::string::String> {
                $crate::puzzle::by_name($what, s, &$ty::ALL, $ty::name)
            }
        }
    };
}

/// Implements [`Puzzle`](crate::puzzle::Puzzle) for the unit type of a
/// crate that follows the contract: the crate root `$krate` exports its
/// `Board` (with `from_rows`, or `from_rows_in(variant, ..)` for a puzzle
/// with variants, `rows`, `moves` and `play`), `BoardError`, `Move`,
/// `MoveError`, `Algorithm` (with `ALL`, see [`named_values!`]),
/// `SolveOptions` (with `algorithm` and a [`Default`]) and `solve`, which
/// the impl calls; the invocation gives the rest: the puzzle's name, its
/// variant type ([`Standard`](crate::puzzle::Standard) for one set of
/// rules), its goal type (a [`Goal`](crate::puzzle::Goal) of the board)
/// and its default goal, from the start.
///
/// ```text
/// search_core::impl_puzzle! {
///     EightPuzzle in crate: "eight-puzzle", Standard, goal Board,
///     default_goal |start| Board::solved(start.width(), start.height()).ok()
/// }
/// ```
#[macro_export]
macro_rules! impl_puzzle {
    (
        $puzzle:ident in $krate:ident: $name:literal, $variant:ident, goal $goal:ty,
        default_goal |$start:pat_param| $default_goal:expr $(,)?
    ) => {
        impl $crate::puzzle::Puzzle for $puzzle {
            const NAME: &'static str = $name;
            type Variant = $variant;
            type Board = $krate::Board;
            type Move = $krate::Move;
            type Goal = $goal;
            type Algorithm = $krate::Algorithm;
            type Options = $krate::SolveOptions;
            type BoardError = $krate::BoardError;
            type MoveError = $krate::MoveError;
            const ALGORITHMS: &'static [$krate::Algorithm] = &$krate::Algorithm::ALL;

            $crate::impl_puzzle!(@from_rows $krate $variant);

            fn rows(board: &$krate::Board) -> Vec<String> {
                board.rows()
            }

            fn moves(board: &$krate::Board) -> Vec<$krate::Move> {
                board.moves()
            }

            fn default_goal($start: &$krate::Board) -> Option<$goal> {
                $default_goal
            }

            fn play(
                board: &$krate::Board,
                m: &$krate::Move,
            ) -> Result<$krate::Board, $krate::MoveError> {
                board.play(m)
            }

            fn options_with_budget(
                algorithm: $krate::Algorithm,
                budget: $crate::Budget,
            ) -> $krate::SolveOptions {
                $krate::SolveOptions {
                    algorithm,
                    budget,
                    ..Default::default()
                }
            }

            fn solve(
                start: &$krate::Board,
                goal: &$goal,
                options: &$krate::SolveOptions,
            ) -> Result<
                $crate::Outcome<$crate::puzzle::SolutionOf<$puzzle>>,
                $crate::puzzle::SolveError,
            > {
                $krate::solve(start, goal, options)
            }
        }
    };
    (@from_rows $krate:ident Standard) => {
        fn from_rows(
            _: $crate::puzzle::Standard,
            rows: &[&str],
        ) -> Result<$krate::Board, $krate::BoardError> {
            $krate::Board::from_rows(rows)
        }
    };
    (@from_rows $krate:ident $variant:ident) => {
        fn from_rows(
            variant: $variant,
            rows: &[&str],
        ) -> Result<$krate::Board, $krate::BoardError> {
            $krate::Board::from_rows_in(variant, rows)
        }
    };
}

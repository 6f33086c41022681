//! The macros that write the contract's mechanical parts, so that a puzzle
//! crate states only what is its own: [`named_values!`] for its enums of
//! named values (its `Algorithm`, a variant of the rules).

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

//! [`solve_options!`]: the options struct of a puzzle crate with knobs of
//! its own, sharing the fields, defaults and constructor of
//! [`SolveOptions`](crate::puzzle::SolveOptions).

/// Writes a puzzle crate's `SolveOptions` where its algorithms take knobs
/// of their own: the fields every crate's options have (`algorithm`,
/// `budget`, `max_memory`, as in the generic
/// [`SolveOptions`](crate::puzzle::SolveOptions) that a crate without
/// knobs names), then the crate's fields, each with its default after `=`;
/// [`Default`], and `with_algorithm`. The doc comments before the name
/// document the struct, which should say what `max_memory` bounds.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Default)]
/// pub enum Algorithm {
///     #[default]
///     Ida,
///     Bfs,
/// }
///
/// search_core::solve_options! {
///     /// How to search; `max_memory` bounds the breadth-first search's table.
///     SolveOptions<Algorithm> {
///         /// Skip redundant move sequences.
///         pruning: bool = true,
///     }
/// }
///
/// let options = SolveOptions::with_algorithm(Algorithm::Bfs);
/// assert!(options.pruning);
/// assert_eq!(options.max_memory, search_core::puzzle::DEFAULT_MAX_MEMORY);
/// ```
#[macro_export]
macro_rules! solve_options {
    (
        $(#[$doc:meta])*
        $name:ident<$algorithm:ident> {
            $(
                $(#[$field_doc:meta])*
                $field:ident: $ty:ty = $default:expr,
            )*
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name {
            /// The algorithm; by default the crate's default, its fastest.
            pub algorithm: $algorithm,
            /// A node limit, a cancellation flag, a progress callback (none
            /// by default).
            pub budget: $crate::Budget,
            /// The bytes the search's tables may take:
            /// [`DEFAULT_MAX_MEMORY`](search_core::puzzle::DEFAULT_MAX_MEMORY) by
            /// default.
            pub max_memory: u64,
            $(
                $(#[$field_doc])*
                pub $field: $ty,
            )*
        }

        impl ::std::default::Default for $name {
            fn default() -> $name {
                $name {
                    algorithm: $algorithm::default(),
                    budget: $crate::Budget::default(),
                    max_memory: $crate::puzzle::DEFAULT_MAX_MEMORY,
                    $($field: $default,)*
                }
            }
        }

        impl $name {
            /// The default options with `algorithm`.
            pub fn with_algorithm(algorithm: $algorithm) -> $name {
                $name {
                    algorithm,
                    ..$name::default()
                }
            }
        }
    };
}

//! [`error_messages!`]: an error enum's message per variant, written once
//! as a table instead of a hand-written `Display` and `Error` impl.

/// Writes [`Display`](std::fmt::Display) and
/// [`Error`](std::error::Error) for error enums from one message per
/// variant: the variant's pattern (its fields by name, or its positions),
/// `=>`, and a format string that names them (with further arguments
/// after it where it needs them), each ended by `;`. A struct variant's
/// fields left out of the pattern are ignored. The enums a puzzle crate
/// refuses its input with (`BoardError`, `MoveError`) are written so.
///
/// ```
/// #[derive(Debug)]
/// enum BoardError {
///     Size { width: usize, height: usize },
///     Blanks(usize),
///     Empty,
/// }
///
/// search_core::error_messages! {
///     BoardError {
///         Size { width, height } => "a {width}x{height} board is too large";
///         Blanks(n) => "the board has {n} blanks, {} too many", n - 1;
///         Empty => "the board has no cells";
///     }
/// }
///
/// let e = BoardError::Size { width: 9, height: 9 };
/// assert_eq!(e.to_string(), "a 9x9 board is too large");
/// assert_eq!(BoardError::Blanks(3).to_string(), "the board has 3 blanks, 2 too many");
/// let _: &dyn std::error::Error = &BoardError::Empty;
/// ```
#[macro_export]
macro_rules! error_messages {
    ($(
        $ty:ident {
            $(
                $variant:ident $(($($position:tt),*))? $({ $($field:ident),* $(,)? })?
                    => $message:literal $(, $arg:expr)*;
            )*
        }
    )+) => {$(
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                match self {$(
                    $ty::$variant $(($($position),*))? $({ $($field,)* .. })?
                        => write!(f, $message $(, $arg)*),
                )*}
            }
        }

        impl ::std::error::Error for $ty {}
    )+};
}

//! The bodies of the `cargo xtask` commands, one module each.

pub(crate) mod analyze;
pub(crate) mod bench;
pub(crate) mod korf;
pub(crate) mod launch;
pub(crate) mod solve;

/// Refuses the first of the `given` flags (name, whether given) that
/// `puzzle` does not take: they are `owner`'s, for `what`.
pub(crate) fn refuse_flags_of(
    puzzle: &str,
    given: &[(&str, bool)],
    owner: &str,
    what: &str,
) -> Result<(), String> {
    match given.iter().find(|(_, on)| *on) {
        Some((flag, _)) => Err(format!(
            "{puzzle} takes no {flag}: it is {owner}'s ({what})"
        )),
        None => Ok(()),
    }
}

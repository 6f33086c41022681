//! Values built once per process and then shared, by key: the tables that
//! several searches of one goal use.

use std::sync::{Arc, Mutex};

/// Values built once and then shared, by key; a `static` of it keeps them
/// for the process.
///
/// ```
/// use search_core::memo::BuiltOnce;
/// static SQUARES: BuiltOnce<u32, u64> = BuiltOnce::new();
/// let nine = SQUARES.get_or_build(3, || Ok::<_, ()>(9)).unwrap();
/// let again = SQUARES.get_or_build(3, || Err(())).unwrap();
/// assert_eq!((*nine, *again), (9, 9));
/// ```
#[derive(Debug, Default)]
pub struct BuiltOnce<K, V> {
    built: Mutex<Vec<(K, Arc<V>)>>,
}

impl<K: PartialEq, V> BuiltOnce<K, V> {
    /// Nothing built yet.
    pub const fn new() -> BuiltOnce<K, V> {
        BuiltOnce {
            built: Mutex::new(Vec::new()),
        }
    }

    /// The value of `key`, built by `build` and kept if it is not yet; an
    /// error is returned and nothing kept.
    pub fn get_or_build<E>(
        &self,
        key: K,
        build: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, value)) = built.iter().find(|(k, _)| *k == key) {
            return Ok(Arc::clone(value));
        }
        let value = Arc::new(build()?);
        built.push((key, Arc::clone(&value)));
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::BuiltOnce;

    #[test]
    fn each_key_is_built_once_and_errors_are_not_kept() {
        let memo = BuiltOnce::new();
        let mut builds = 0;
        let mut build = |v: u8| {
            builds += 1;
            move || Ok::<_, String>(v)
        };
        assert_eq!(*memo.get_or_build("a", build(1)).unwrap(), 1);
        assert_eq!(*memo.get_or_build("a", build(2)).unwrap(), 1);
        assert_eq!(*memo.get_or_build("b", build(3)).unwrap(), 3);
        assert_eq!(
            memo.get_or_build("c", || Err("no".to_string())),
            Err("no".into())
        );
        assert_eq!(*memo.get_or_build("c", build(4)).unwrap(), 4);
        assert_eq!(builds, 4);
    }
}

//! A small linear program solver, enough to find a pagoda function that
//! rules out a position: the primal simplex method on a dense tableau,
//! with bounded variables, by Dantzig's rule and then Bland's.
//!
//! Its answers are proposals: the caller rounds them to integers and
//! checks them exactly, so that no error of floating point can make a
//! weighting that is not a pagoda function pass for one.

/// Pivots at most, before giving up.
const MAX_PIVOTS: usize = 20_000;

/// Pivots by Dantzig's rule, before Bland's.
const DANTZIG_PIVOTS: usize = 2_000;

/// Values closer to zero than this count as zero.
const EPS: f64 = 1e-9;

/// Minimizes `cost · y` over `0 <= y <= upper` with `rows · y <= 0` (each
/// row a list of `(variable, coefficient)`): the values of `y` at an
/// optimum, or `None` if none was reached within [`MAX_PIVOTS`] pivots
/// (or rounding left a variable unbounded). The origin is feasible and
/// `upper` finite, so the problem always has an optimum.
pub(super) fn minimize(
    cost: &[f64],
    upper: &[f64],
    rows: &[Vec<(usize, f64)>],
) -> Option<Vec<f64>> {
    let (n, m) = (cost.len(), rows.len());
    // Columns: the n variables, then a slack per row (unbounded above).
    let width = n + m;
    let mut tab = vec![0.0; m * width];
    let mut rhs = vec![0.0; m];
    for (i, row) in rows.iter().enumerate() {
        for &(j, a) in row {
            tab[i * width + j] += a;
        }
        tab[i * width + n + i] = 1.0;
    }
    let bound: Vec<f64> = upper
        .iter()
        .copied()
        .chain(std::iter::repeat_n(f64::INFINITY, m))
        .collect();
    // Reduced costs; the slacks start basic, each in its row.
    let mut reduced: Vec<f64> = cost
        .iter()
        .copied()
        .chain(std::iter::repeat_n(0.0, m))
        .collect();
    let mut basis: Vec<usize> = (n..width).collect();
    let mut basic: Vec<bool> = (0..width).map(|j| j >= n).collect();
    // A variable flipped is held as `bound - y`, so that every nonbasic
    // variable is at zero.
    let mut flipped = vec![false; width];
    for pivots in 0..MAX_PIVOTS {
        // The variable whose increase lowers the cost the most (Dantzig's
        // rule), or after many pivots the first (Bland's rule, which
        // cannot cycle).
        let lowering = (0..width).filter(|&j| reduced[j] < -EPS && !basic[j]);
        let enter = if pivots < DANTZIG_PIVOTS {
            lowering.min_by(|&a, &b| reduced[a].total_cmp(&reduced[b]))
        } else {
            lowering.min()
        };
        let Some(enter) = enter else {
            let mut y = vec![0.0; n];
            for (i, &b) in basis.iter().enumerate() {
                if b < n {
                    y[b] = rhs[i];
                }
            }
            for j in 0..n {
                if flipped[j] {
                    y[j] = bound[j] - y[j];
                }
            }
            return Some(y);
        };
        // How far it may rise: to its own bound, or until a basic
        // variable reaches zero or its bound (ties to the least variable).
        let mut limit = bound[enter];
        let mut leave: Option<(usize, bool)> = None;
        for i in 0..m {
            let a = tab[i * width + enter];
            let (room, to_bound) = if a > EPS {
                (rhs[i].max(0.0) / a, false)
            } else if a < -EPS && bound[basis[i]].is_finite() {
                ((bound[basis[i]] - rhs[i]).max(0.0) / -a, true)
            } else {
                continue;
            };
            let better = match leave {
                None => room < limit,
                Some((r, _)) => room < limit - EPS || (room <= limit + EPS && basis[i] < basis[r]),
            };
            if better {
                limit = room;
                leave = Some((i, to_bound));
            }
        }
        match leave {
            // Only rounding can leave a slack with nothing to stop it.
            None if !limit.is_finite() => return None,
            None => {
                // The entering variable reaches its own bound first: held
                // flipped, it stays at zero.
                for (i, r) in rhs.iter_mut().enumerate() {
                    let a = &mut tab[i * width + enter];
                    *r -= *a * bound[enter];
                    *a = -*a;
                }
                reduced[enter] = -reduced[enter];
                flipped[enter] = !flipped[enter];
            }
            Some((r, to_bound)) => {
                let row = r * width;
                if to_bound {
                    // The leaving variable leaves at its bound: held
                    // flipped, it leaves at zero.
                    let b = basis[r];
                    for j in 0..width {
                        if j != b {
                            tab[row + j] = -tab[row + j];
                        }
                    }
                    rhs[r] = bound[b] - rhs[r];
                    flipped[b] = !flipped[b];
                }
                let pivot = tab[row + enter];
                for j in 0..width {
                    tab[row + j] /= pivot;
                }
                rhs[r] /= pivot;
                let (before, rest) = tab.split_at_mut(row);
                let (pivot_row, after) = rest.split_at_mut(width);
                for (i, other) in before
                    .chunks_exact_mut(width)
                    .chain(after.chunks_exact_mut(width))
                    .enumerate()
                {
                    let i = if i < r { i } else { i + 1 };
                    let f = other[enter];
                    if f != 0.0 {
                        for (o, &p) in other.iter_mut().zip(pivot_row.iter()) {
                            *o -= f * p;
                        }
                        rhs[i] -= f * rhs[r];
                    }
                }
                let f = reduced[enter];
                for (d, &p) in reduced.iter_mut().zip(pivot_row.iter()) {
                    *d -= f * p;
                }
                basic[basis[r]] = false;
                basic[enter] = true;
                basis[r] = enter;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small programs with known optima: minimize -x - 2y with x - y <= 0
    /// and 0 <= x, y <= 3: the least is at x = y = 3.
    #[test]
    fn finds_the_optimum_of_a_small_program() {
        let y = minimize(&[-1.0, -2.0], &[3.0, 3.0], &[vec![(0, 1.0), (1, -1.0)]]).unwrap();
        assert!(
            (y[0] - 3.0).abs() < 1e-9 && (y[1] - 3.0).abs() < 1e-9,
            "{y:?}"
        );
        // y <= x / 2 in whole: minimize -y: y = 1.5 at x = 3.
        let y = minimize(&[0.0, -1.0], &[3.0, 3.0], &[vec![(1, 2.0), (0, -1.0)]]).unwrap();
        assert!((y[1] - 1.5).abs() < 1e-9, "{y:?}");
    }
}

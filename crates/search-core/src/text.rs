//! Numbers and boards as text, the same in every puzzle crate's notation:
//! counts grouped by thousands, boards drawn side by side under labels.
//! Building strings only; nothing is printed here.

use std::fmt::Write;

/// `1234567` as `1,234,567`.
///
/// ```
/// assert_eq!(search_core::text::thousands(252_252_000u64), "252,252,000");
/// ```
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Counts, one per level, separated by commas, and their sum where `total`:
/// `1, 4, 12 (17 in all)`.
pub fn counts(counts: &[u64], total: bool) -> String {
    let shown: Vec<String> = counts.iter().map(|&n| thousands(n)).collect();
    match total {
        true => {
            let sum = thousands(counts.iter().sum::<u64>());
            format!("{} ({sum} in all)", shown.join(", "))
        }
        false => shown.join(", "),
    }
}

/// The numbers that `list` names, in its order: `N` and `FIRST-LAST`,
/// separated by commas, each within `range`; `None` if one is not.
///
/// ```
/// use search_core::text::numbers;
/// assert_eq!(numbers("7,2-4", 1..=100), Some(vec![7, 2, 3, 4]));
/// assert_eq!(numbers("4-2", 1..=100), None);
/// ```
pub fn numbers(list: &str, range: std::ops::RangeInclusive<usize>) -> Option<Vec<usize>> {
    let number = |n: &str| n.trim().parse().ok().filter(|n| range.contains(n));
    let mut found = Vec::new();
    for part in list.split(',') {
        let (first, last) = part.split_once('-').unwrap_or((part, part));
        let (first, last) = (number(first)?, number(last)?);
        found.extend((first <= last).then_some(first..=last)?);
    }
    Some(found)
}

/// "31 moves", "1 move", or "no solution".
pub fn length(moves: Option<u32>) -> String {
    match moves {
        Some(1) => "1 move".to_string(),
        Some(n) => format!("{n} moves"),
        None => "no solution".to_string(),
    }
}

/// Draws boards side by side, `per_row` to a row, each headed by a label.
/// Every board is a list of lines of equal width.
pub fn side_by_side(boards: &[(String, Vec<String>)], per_row: usize) -> String {
    let mut out = String::new();
    for group in boards.chunks(per_row.max(1)) {
        let lines = group
            .iter()
            .flat_map(|(label, lines)| lines.iter().chain([label]));
        let width = lines.map(String::len).max().unwrap_or(0);
        let height = group.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        let line = |cells: Vec<&str>| {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:<width$}")).collect();
            cells.join("   ").trim_end().to_string()
        };
        let _ = writeln!(
            out,
            "{}",
            line(group.iter().map(|(label, _)| label.as_str()).collect())
        );
        for row in 0..height {
            let cells = group
                .iter()
                .map(|(_, lines)| lines.get(row).map_or("", String::as_str));
            let _ = writeln!(out, "{}", line(cells.collect()));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// Boards, each as rows, labelled by `labels` and drawn side by side,
/// `per_row` to a row, indented by two spaces.
pub fn drawn<L: ToString>(
    labels: impl IntoIterator<Item = L>,
    boards: impl IntoIterator<Item = Vec<String>>,
    per_row: usize,
) -> String {
    let labelled = labels.into_iter().map(|l| l.to_string()).zip(boards);
    indent(&side_by_side(&labelled.collect::<Vec<_>>(), per_row))
}

/// Indents every line of `text` but the empty ones by two spaces.
pub fn indent(text: &str) -> String {
    let line = |l: &str| match l.is_empty() {
        true => String::new(),
        false => format!("  {l}"),
    };
    text.lines().map(line).collect::<Vec<_>>().join("\n")
}

//! The distance histogram of a sweep as an SVG bar chart (no dependencies:
//! the chart is a handful of rectangles and labels), built as a string.

use std::fmt::Write;

use super::thousands;

/// The chart's width and height, in pixels.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 360.0;
/// The margins around the plot: left (the counts), right, top (the title)
/// and bottom (the distances).
const MARGINS: [f64; 4] = [90.0, 20.0, 40.0, 50.0];

/// A bar per distance, its height the number of states at that distance,
/// with the title above, distances below and counts on the left.
pub fn histogram_svg(title: &str, histogram: &[u64]) -> String {
    let [left, right, top, bottom] = MARGINS;
    let (plot_w, plot_h) = (WIDTH - left - right, HEIGHT - top - bottom);
    let max = histogram.iter().copied().max().unwrap_or(0).max(1);
    let bars = histogram.len().max(1) as f64;
    let slot = plot_w / bars;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    // Horizontal guides at 0, 1/4, .., 1 of the largest count.
    for i in 0..=4 {
        let value = max as f64 * f64::from(i) / 4.0;
        let y = top + plot_h - plot_h * f64::from(i) / 4.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/>"##,
            WIDTH - right
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            left - 6.0,
            y + 4.0,
            thousands(value.round() as u64)
        );
    }
    let label_every = (histogram.len() / 20).max(1);
    for (d, &count) in histogram.iter().enumerate() {
        let h = plot_h * count as f64 / max as f64;
        let x = left + slot * d as f64;
        let _ = writeln!(
            svg,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#4a7ebb"><title>distance {d}: {} states</title></rect>"##,
            x + slot * 0.1,
            top + plot_h - h,
            slot * 0.8,
            thousands(count)
        );
        // Every `label_every`-th distance, and the last if it does not crowd its neighbour.
        let last = d + 1 == histogram.len() && d % label_every > label_every / 2;
        if d % label_every == 0 || last {
            let _ = writeln!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{d}</text>"#,
                x + slot / 2.0,
                top + plot_h + 16.0
            );
        }
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">distance from the goal (moves)</text>"#,
        left + plot_w / 2.0,
        HEIGHT - 10.0
    );
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::histogram_svg;

    #[test]
    fn one_bar_per_distance_scaled_to_the_largest() {
        let svg = histogram_svg("a < b", &[1, 4, 2]);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("a &lt; b"));
        let heights: Vec<f64> = svg
            .lines()
            .filter(|l| l.contains("<title>distance"))
            .map(|l| {
                let h = l.split("height=\"").nth(1).unwrap();
                h[..h.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert_eq!(heights, [67.5, 270.0, 135.0]);
    }

    #[test]
    fn an_empty_histogram_is_an_empty_chart() {
        let svg = histogram_svg("nothing", &[]);
        assert!(!svg.contains("<title>distance"));
    }
}

//! The ratings of a list counted for the charts: a histogram whose number of
//! bins is bounded whatever the ratings, with the count and the median.

use serde::Serialize;

/// At most this many bins in a [`Distribution`]: a point each for any range
/// of real ratings, wider bins for an absurd one.
const MAX_BINS: usize = 4096;

/// Ratings counted in bins of `width` points: `counts[i]` ratings from
/// `lo + i·width` up to `lo + (i + 1)·width`. A bin is one point wide when
/// the ratings span at most [`MAX_BINS`] points, and else the narrowest of
/// 2, 5, 10, 20, 50, … points that keeps to [`MAX_BINS`] bins (`lo` a
/// multiple of it), so that the counts stay small whatever the ratings.
#[derive(Serialize, Default)]
pub(super) struct Distribution {
    /// How many players have a published rating.
    count: usize,
    /// The middle rating (the mean of the two middle ones for an even count).
    median: Option<f64>,
    lo: i64,
    /// Points per bin.
    width: i64,
    counts: Vec<u32>,
}

impl Distribution {
    pub(super) fn of(values: impl Iterator<Item = f64>) -> Self {
        let mut values: Vec<f64> = values.filter(|v| v.is_finite()).collect();
        if values.is_empty() {
            return Distribution::default();
        }
        values.sort_by(f64::total_cmp);
        let n = values.len();
        let median = if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 };
        // (No real rating is anywhere near ±9e15: clamped there, every sum
        // below stays well inside an i64.)
        let point = |v: f64| v.floor().clamp(-9e15, 9e15) as i64;
        let (lo, hi) = (point(values[0]), point(values[n - 1]));
        let width = bin_width(lo, hi);
        let lo = lo.div_euclid(width) * width;
        let bins = (hi.div_euclid(width) - lo.div_euclid(width)) as usize + 1;
        let mut counts = vec![0u32; bins];
        for v in &values {
            counts[(point(*v).div_euclid(width) - lo.div_euclid(width)) as usize] += 1;
        }
        Distribution { count: n, median: Some(median), lo, width, counts }
    }
}

/// The narrowest bin of 1, 2, 5, 10, 20, 50, … points that counts the
/// ratings from `lo` to `hi` in at most [`MAX_BINS`] bins.
fn bin_width(lo: i64, hi: i64) -> i64 {
    let bins = |w: i64| hi.div_euclid(w) - lo.div_euclid(w) + 1;
    let mut magnitude: i64 = 1;
    loop {
        for w in [magnitude, 2 * magnitude, 5 * magnitude] {
            if bins(w) <= MAX_BINS as i64 {
                return w;
            }
        }
        magnitude *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distribution_counts_point_by_point() {
        let d = Distribution::of([1500.4, 1499.9, 1500.0, 1702.25].into_iter());
        assert_eq!(d.count, 4);
        assert_eq!((d.lo, d.width), (1499, 1));
        assert_eq!(d.counts.len(), 204);
        assert_eq!((d.counts[0], d.counts[1], d.counts[203]), (1, 2, 1));
        assert_eq!(d.median, Some(1500.2));
        // Any range of real ratings, 0 to 3500, point by point.
        let d = Distribution::of([0.0, 3500.0].into_iter());
        assert_eq!((d.lo, d.width, d.counts.len()), (0, 1, 3501));
    }

    #[test]
    fn an_absurd_rating_gives_a_bounded_histogram() {
        let d = Distribution::of([1500.0, 1e7].into_iter());
        assert_eq!((d.lo, d.width, d.counts.len()), (0, 5000, 2001));
        assert_eq!((d.counts[0], d.counts[2000]), (1, 1));
        for extreme in [1e18, -1e18, f64::MAX, f64::MIN] {
            let d = Distribution::of([1500.0, 1600.0, extreme].into_iter());
            assert!(d.counts.len() <= MAX_BINS, "{extreme}: {} bins", d.counts.len());
            assert_eq!(d.counts.iter().sum::<u32>(), 3, "{extreme}");
            assert_eq!(d.median, Some(if extreme > 0.0 { 1600.0 } else { 1500.0 }));
        }
    }
}

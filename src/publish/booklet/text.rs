//! The laid-out text of a typeset document, read back from its frames in the
//! order typst placed it: what the tests (and anyone checking a booklet) see.

use typst::layout::{Abs, Frame, FrameItem, Point, Transform};
use typst::text::TextItem;

/// The text of each page's frame, in reading order. A new line starts where
/// the baseline moves; runs on one line separated by a visible gap are joined
/// with a space. Pages are separated by a blank line.
pub(crate) fn frames_text<'a>(pages: impl Iterator<Item = &'a Frame>) -> String {
    let mut out = String::new();
    for (i, frame) in pages.enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        let mut line = Line::default();
        walk_in_reading_order(frame, Transform::identity(), &mut |origin, item| line.push(&mut out, origin, item));
    }
    out.push('\n');
    out
}

/// Where the previous run of text ended.
#[derive(Default)]
struct Line {
    last: Option<(Abs, Abs)>,
}

impl Line {
    fn push(&mut self, out: &mut String, origin: Point, item: &TextItem) {
        let text = item.text.as_str();
        if text.trim().is_empty() {
            return;
        }
        let size = item.size;
        match self.last {
            None => {}
            Some((y, _)) if (origin.y - y).abs() > size * 0.4 => out.push('\n'),
            Some((_, x_end)) if origin.x - x_end > size * 0.12 && !out.ends_with(' ') && !text.starts_with(' ') => {
                out.push(' ')
            }
            Some(_) => {}
        }
        // Runs of spaces of any width (the lists pad with en, six-per-em and
        // figure spaces) read as one space, and none starts a line.
        let mut space = out.is_empty() || out.ends_with([' ', '\n']);
        for c in text.chars() {
            if c.is_whitespace() && c != '\n' {
                if !space {
                    out.push(' ');
                }
                space = true;
            } else {
                out.push(c);
                space = false;
            }
        }
        self.last = Some((origin.y, origin.x + item.width()));
    }
}

/// The label of blocks whose text is set in columns side by side but reads
/// across, line by line (the lists' runs of rows: the state lists' numbers
/// and names, the events' codes and names, are separate paragraphs).
const ROWS_LABEL: &str = "list-rows";

/// Like [`walk`], but the text of a block labelled `<list-rows>` is visited
/// line by line, left to right, as it reads.
fn walk_in_reading_order<'a>(frame: &'a Frame, ts: Transform, f: &mut dyn FnMut(Point, &'a TextItem)) {
    for (pos, item) in frame.items() {
        let ts = ts.pre_concat(Transform::translate(pos.x, pos.y));
        match item {
            FrameItem::Group(group) if group.label.is_some_and(|l| l.resolve().as_str() == ROWS_LABEL) => {
                let mut runs = Vec::new();
                walk(&group.frame, ts.pre_concat(group.transform), &mut |origin, text| runs.push((origin, text)));
                // Line by line (runs whose baselines are within a fraction of
                // the text size of each other), then left to right.
                runs.sort_by(|(a, _), (b, _)| a.y.to_raw().total_cmp(&b.y.to_raw()));
                let mut start = 0;
                while start < runs.len() {
                    let (top, first) = runs[start];
                    let end = runs[start..]
                        .iter()
                        .position(|(origin, _)| origin.y - top.y > first.size * 0.4)
                        .map_or(runs.len(), |n| start + n);
                    runs[start..end].sort_by(|(a, _), (b, _)| a.x.to_raw().total_cmp(&b.x.to_raw()));
                    for &(origin, text) in &runs[start..end] {
                        f(origin, text);
                    }
                    start = end;
                }
            }
            FrameItem::Group(group) => walk_in_reading_order(&group.frame, ts.pre_concat(group.transform), f),
            FrameItem::Text(text) => f(Point::zero().transform(ts), text),
            _ => {}
        }
    }
}

/// Visits every text run of a frame with its position on the page.
pub(crate) fn walk<'a>(frame: &'a Frame, ts: Transform, f: &mut dyn FnMut(Point, &'a TextItem)) {
    for (pos, item) in frame.items() {
        let ts = ts.pre_concat(Transform::translate(pos.x, pos.y));
        match item {
            FrameItem::Group(group) => walk(&group.frame, ts.pre_concat(group.transform), f),
            FrameItem::Text(text) => f(Point::zero().transform(ts), text),
            _ => {}
        }
    }
}

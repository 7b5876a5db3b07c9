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
        walk(frame, Transform::identity(), &mut |origin, item| line.push(&mut out, origin, item));
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
            Some((_, x_end))
                if origin.x - x_end > size * 0.12 && !out.ends_with(' ') && !text.starts_with(' ') =>
            {
                out.push(' ')
            }
            Some(_) => {}
        }
        out.push_str(text);
        self.last = Some((origin.y, origin.x + item.width()));
    }
}

/// Visits every text run of a frame with its position on the page.
pub(crate) fn walk(frame: &Frame, ts: Transform, f: &mut dyn FnMut(Point, &TextItem)) {
    for (pos, item) in frame.items() {
        let ts = ts.pre_concat(Transform::translate(pos.x, pos.y));
        match item {
            FrameItem::Group(group) => walk(&group.frame, ts.pre_concat(group.transform), f),
            FrameItem::Text(text) => f(Point::zero().transform(ts), text),
            _ => {}
        }
    }
}

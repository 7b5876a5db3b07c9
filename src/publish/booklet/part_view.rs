//! A rating list's part of the booklet as the template reads it, in
//! `/data.json`'s `parts`: its heading, and its data as the booklet of that
//! list alone would have it (its columns are `/lists.json`'s `parts`).

use serde::Serialize;

use super::super::booklet_data::PartHeading;

/// A list's part, as `data.parts` gives it: its heading and `data`, the
/// template's data of that list alone.
#[derive(Serialize)]
pub(super) struct PartView<'a, D> {
    heading: &'a PartHeading,
    data: D,
}

impl<'a, D> PartView<'a, D> {
    pub(super) fn new(heading: &'a PartHeading, data: D) -> Self {
        PartView { heading, data }
    }
}

//! A rating list's part of the booklet as the template reads it, in
//! `/data.json`'s `parts`: its heading, and its data as the booklet of that
//! list alone would have it (its columns are `/lists.json`'s `parts`).

use serde::Serialize;

use super::super::booklet_data::{ListPart, PartHeading};
use super::view::TemplateData;

/// A list's part, as `data.parts` gives it.
#[derive(Serialize)]
pub(super) struct PartView<'a> {
    heading: &'a PartHeading,
    data: TemplateData<'a>,
}

impl<'a> PartView<'a> {
    pub(super) fn new(part: &'a ListPart) -> Self {
        PartView { heading: &part.heading, data: TemplateData::new(&part.data) }
    }
}

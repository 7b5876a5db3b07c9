//! Cell helpers the player file's readers share (its own columns and each
//! rating list's): a cell reader's value with its finding kept, and a cell
//! as the value of a rule set's own column.

use calamine::Data;

use super::sheet::cell_text;
use crate::diag::Diagnostic;
use crate::model::ExtraValue;

/// The value of a cell reader, or `None` with its finding recorded.
pub(super) fn keep<T>(diagnostics: &mut Vec<Diagnostic>, r: Result<Option<T>, Diagnostic>) -> Option<T> {
    match r {
        Ok(v) => v,
        Err(d) => {
            diagnostics.push(d);
            None
        }
    }
}

/// A cell as the value of a rule set's own column.
pub(super) fn extra_value(cell: &Data) -> ExtraValue {
    match cell {
        Data::Empty => ExtraValue::Empty,
        Data::Int(i) => ExtraValue::Number(*i as f64),
        Data::Float(f) => ExtraValue::Number(*f),
        Data::Bool(b) => ExtraValue::Bool(*b),
        Data::DateTime(dt) if dt.is_datetime() => match dt.as_datetime() {
            Some(d) => ExtraValue::Date(d.date()),
            None => ExtraValue::Number(dt.as_f64()),
        },
        other => match cell_text(other) {
            Some(t) => ExtraValue::Text(t),
            None => ExtraValue::Empty,
        },
    }
}

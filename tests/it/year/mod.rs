//! An officer's year (issue 43): publish, correct, next, switch, compare
//! through the binary on a generated federation, the invariants checked
//! after each step; and the same commands drawn at random.

pub mod federation;
pub mod invariants;
mod model;
pub mod officer;
mod year;

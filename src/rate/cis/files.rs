//! The files beside the reports the CIS rules read: the period's lessons
//! and renewals (the education and renewal bonuses), and the history every
//! period publishes and the next one carries on (every lesson, renewal,
//! entry and game so far). Declared here, read by `ingest` as declared.

use crate::ingest::extras::{SideFile, SideFormat};

/// `lessons.xlsx`: the lessons completed this period, rows of ID and Date.
pub const LESSONS: SideFile = SideFile { stem: "lessons", sheet: "Lessons", format: SideFormat::Dated, carried: false };

/// `renewals.xlsx`: the memberships renewed this period, rows of ID and Date.
pub const RENEWALS: SideFile =
    SideFile { stem: "renewals", sheet: "Renewals", format: SideFormat::Dated, carried: false };

/// `history.xlsx`: published with the period, carried into the next.
pub const HISTORY: SideFile =
    SideFile { stem: "history", sheet: "History", format: SideFormat::History, carried: true };

/// Every file, in the order they are read.
pub const ALL: [SideFile; 3] = [LESSONS, RENEWALS, HISTORY];

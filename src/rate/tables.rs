//! Tables 1 and 2 of the ACF booklet (August 1993), as data. NZCF's
//! regulations print the same two tables (2.2 and 2.3), so every system that
//! uses them shares this module.

use serde::Serialize;

/// Table 1: percentage score P (.01 … .99) → rating difference Dp.
/// `TABLE1_DP[k]` is Dp for P = k/100; P = .00 and 1.00 have no Dp.
pub const TABLE1_DP: [i32; 101] = [
    i32::MIN, // .00: no Dp
    -677,
    -589,
    -538,
    -501,
    -470,
    -444,
    -422,
    -401,
    -383,
    -366, // .01-.10
    -351,
    -336,
    -322,
    -309,
    -296,
    -284,
    -273,
    -262,
    -251,
    -240, // .11-.20
    -230,
    -220,
    -211,
    -202,
    -193,
    -184,
    -175,
    -166,
    -158,
    -149, // .21-.30
    -141,
    -133,
    -125,
    -117,
    -110,
    -102,
    -95,
    -87,
    -80,
    -72, // .31-.40
    -65,
    -57,
    -50,
    -43,
    -36,
    -29,
    -21,
    -14,
    -7,
    0, // .41-.50
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72, // .51-.60
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149, // .61-.70
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240, // .71-.80
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366, // .81-.90
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,      // .91-.99
    i32::MIN, // 1.00: no Dp
];

/// Dp for a percentage score in hundredths (1 ..= 99).
pub fn dp(percent: u32) -> i32 {
    assert!((1..=99).contains(&percent), "Table 1 has no Dp for P = {percent}/100");
    TABLE1_DP[percent as usize]
}

/// One row of Table 2: rating differences `low ..= high` (no upper bound
/// when `high` is `None`) → expected score of the higher and lower rated
/// player, in hundredths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table2Row {
    pub low: u32,
    pub high: Option<u32>,
    pub higher: u32,
    pub lower: u32,
}

impl Table2Row {
    /// The band of differences as printed: "0-3", "736+".
    pub fn difference(&self) -> String {
        match self.high {
            Some(h) => format!("{}-{}", self.low, h),
            None => format!("{}+", self.low),
        }
    }
}

const fn row(low: u32, high: u32, higher: u32) -> Table2Row {
    Table2Row { low, high: Some(high), higher, lower: 100 - higher }
}

/// Table 2 as printed; the source's second "278-290" is read as 279-290
/// (acf.md; the NZCF copy of the table has 279-290).
pub const TABLE2: [Table2Row; 51] = [
    row(0, 3, 50),
    row(4, 10, 51),
    row(11, 17, 52),
    row(18, 25, 53),
    row(26, 32, 54),
    row(33, 39, 55),
    row(40, 46, 56),
    row(47, 53, 57),
    row(54, 61, 58),
    row(62, 68, 59),
    row(69, 76, 60),
    row(77, 83, 61),
    row(84, 91, 62),
    row(92, 98, 63),
    row(99, 106, 64),
    row(107, 113, 65),
    row(114, 121, 66),
    row(122, 129, 67),
    row(130, 137, 68),
    row(138, 145, 69),
    row(146, 153, 70),
    row(154, 162, 71),
    row(163, 170, 72),
    row(171, 179, 73),
    row(180, 188, 74),
    row(189, 197, 75),
    row(198, 206, 76),
    row(207, 215, 77),
    row(216, 225, 78),
    row(226, 235, 79),
    row(236, 245, 80),
    row(246, 256, 81),
    row(257, 267, 82),
    row(268, 278, 83),
    row(279, 290, 84),
    row(291, 302, 85),
    row(303, 315, 86),
    row(316, 328, 87),
    row(329, 344, 88),
    row(345, 357, 89),
    row(358, 374, 90),
    row(375, 391, 91),
    row(392, 411, 92),
    row(412, 432, 93),
    row(433, 456, 94),
    row(457, 484, 95),
    row(485, 517, 96),
    row(518, 559, 97),
    row(560, 619, 98),
    row(620, 735, 99),
    Table2Row { low: 736, high: None, higher: 100, lower: 0 },
];

/// The Table 2 row for a (whole, non-negative) rating difference.
pub fn table2_row(difference: u32) -> &'static Table2Row {
    TABLE2
        .iter()
        .find(|r| difference >= r.low && r.high.is_none_or(|h| difference <= h))
        .expect("Table 2 covers every difference")
}

/// Expected score per game, in hundredths, of a player whose opponents
/// average `d` points more than him (`d` ≤ 0: he is the higher rated, H column;
/// `d` > 0: the lower rated, L column).
pub fn expected_percent(d: i64) -> u32 {
    let r = table2_row(d.unsigned_abs().min(u32::MAX as u64) as u32);
    if d <= 0 {
        r.higher
    } else {
        r.lower
    }
}

/// Hundredths as the booklet prints them: 50 → ".50", 100 → "1.00", 9 → ".09".
pub fn hundredths(value: u32) -> String {
    if value >= 100 {
        format!("{}.{:02}", value / 100, value % 100)
    } else {
        format!(".{value:02}")
    }
}

/// Tables 1 and 2 of the rating system (empty for systems that have none).
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct SystemTables {
    /// Table 1: percentage score → rating difference, P from .99 down to .01.
    pub table1: Vec<Table1Line>,
    /// Table 2: rating difference band → expected score of the higher and lower rated.
    pub table2: Vec<Table2Line>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
/// One line of Table 1 as printed.
pub struct Table1Line {
    /// e.g. ".75"
    pub p: String,
    /// e.g. 193
    pub dp: i32,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
/// One line of Table 2 as printed.
pub struct Table2Line {
    /// e.g. "0-3", "736+"
    pub difference: String,
    /// e.g. ".50"
    pub higher: String,
    /// e.g. ".50"
    pub lower: String,
}

/// Tables 1 and 2 as the booklet sets them.
pub fn booklet_tables() -> SystemTables {
    use Table2Line as Row;
    SystemTables {
        table1: (1..=99).rev().map(|p| Table1Line { p: hundredths(p), dp: dp(p) }).collect(),
        table2: TABLE2
            .iter()
            .map(|r| Row { difference: r.difference(), higher: hundredths(r.higher), lower: hundredths(r.lower) })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table1_is_antisymmetric_around_fifty_percent() {
        for p in 1..=49 {
            assert_eq!(dp(p), -dp(100 - p), "P = .{p:02}");
        }
        assert_eq!(dp(50), 0);
        assert_eq!(dp(20), -240);
        assert_eq!(dp(21), -230);
        assert_eq!(dp(99), 677);
    }

    #[test]
    fn table2_bands_are_contiguous_and_increasing() {
        for pair in TABLE2.windows(2) {
            assert_eq!(pair[0].high.unwrap() + 1, pair[1].low);
            assert_eq!(pair[0].higher + 1, pair[1].higher);
        }
        assert_eq!(TABLE2[0].low, 0);
    }

    #[test]
    fn the_misprinted_band_reads_279_to_290() {
        assert_eq!(table2_row(278).higher, 83);
        assert_eq!(table2_row(279).higher, 84);
        assert_eq!(table2_row(290).higher, 84);
    }

    #[test]
    fn expected_scores_of_the_worked_examples() {
        assert_eq!(expected_percent(240), 20); // Brown, first event
        assert_eq!(expected_percent(199), 24); // Brown, second event: 198-206 → .24
        assert_eq!(expected_percent(336), 12); // Smith v Jones, Smith's side
        assert_eq!(expected_percent(-336), 88); // Jones's side
        assert_eq!(expected_percent(0), 50);
        assert_eq!(expected_percent(-800), 100);
        assert_eq!(expected_percent(736), 0);
    }

    #[test]
    fn printed_tables_come_from_the_data() {
        let t = booklet_tables();
        assert_eq!(t.table1.len(), 99);
        assert_eq!(t.table1[0].p, ".99");
        assert_eq!(t.table1[0].dp, 677);
        assert_eq!(t.table2.len(), 51);
        assert_eq!(t.table2[34].difference, "279-290");
        assert_eq!(t.table2[50].difference, "736+");
        assert_eq!(t.table2[50].higher, "1.00");
        assert_eq!(t.table2[50].lower, ".00");
    }
}

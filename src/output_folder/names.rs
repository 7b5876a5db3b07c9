//! The name of every file and folder a publication writes, spelled here
//! once: publishing writes them, staging accepts them in place, the record
//! and the commands find them, and every message formats them in.

/// The new player file (the next period's, which `next` carries into the
/// data folder, where it is read under the same name).
pub const PLAYERS: &str = "players.xlsx";
/// The players the maintenance rule removed this period.
pub const REMOVED: &str = "removed.xlsx";
/// The officers' workbook: every list, the events, the calculations and the
/// statistics (also among the site's downloads).
pub const RATINGS: &str = "ratings.xlsx";
/// The booklet (also among the site's downloads).
pub const BOOKLET: &str = "booklet.pdf";
/// Every finding of the run (the one output of a refused run).
pub const VALIDATION: &str = "validation.txt";
/// The folder of a correction's errata, and the errata in it.
pub const ERRATA: &str = "errata";
pub const ERRATA_XLSX: &str = "errata.xlsx";
pub const ERRATA_PDF: &str = "errata.pdf";
/// The site's folder, and its first page.
pub const SITE: &str = "site";
pub const SITE_INDEX: &str = "index.html";
/// The site's folder of downloads, and what it holds beside the booklet and
/// the workbook: the list as CSV, as JSON and in FIDE's TXT layout, and the
/// statistics as JSON.
pub const DOWNLOADS: &str = "downloads";
pub const RATINGS_CSV: &str = "ratings.csv";
pub const RATINGS_JSON: &str = "ratings.json";
pub const RATINGS_FIDE_TXT: &str = "ratings-fide.txt";
pub const STATISTICS_JSON: &str = "statistics.json";

/// The name of a list's download: the main list's is `name` itself
/// (`ratings.csv`), another list's has the list's name before the
/// extension (`ratings-rapid.csv`, `ratings-fide-rapid.txt`).
pub fn of_list(name: &str, list: Option<&str>) -> String {
    match (list, name.rsplit_once('.')) {
        (Some(list), Some((stem, extension))) => format!("{stem}-{list}.{extension}"),
        (Some(list), None) => format!("{name}-{list}"),
        (None, _) => name.to_string(),
    }
}

/// `folder/name`, a path inside the output folder or the site as staging
/// and the site's writer take it.
pub fn inside(folder: &str, name: &str) -> String {
    format!("{folder}/{name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_lists_downloads_are_named_after_it() {
        assert_eq!(of_list(RATINGS_CSV, None), "ratings.csv");
        assert_eq!(of_list(RATINGS_CSV, Some("rapid")), "ratings-rapid.csv");
        assert_eq!(of_list(RATINGS_JSON, Some("blitz")), "ratings-blitz.json");
        assert_eq!(of_list(RATINGS_FIDE_TXT, Some("rapid")), "ratings-fide-rapid.txt");
    }
}

//! The list as files for pairing programs and scripts: `ratings.csv`,
//! `ratings.json`, and `ratings-fide.txt` in the fixed-width layout of FIDE's
//! published TXT rating lists (`standard_rating_list.txt`), which
//! Swiss-Manager, Vega and Tournament Director import, and the statistics
//! as `statistics.json`, all made from the [`Publication`]
//! ([`Downloads::of`]). They carry public fields only (site.md, "What is
//! public"): never a full birth date, an e-mail address or a column of the
//! player file beyond the allow-list in [`DownloadRow`].

use anyhow::Result;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;

use super::fold;
use crate::config::PublicBirth;
use crate::output_folder::names::{of_list, RATINGS_CSV, RATINGS_FIDE_TXT, RATINGS_JSON, STATISTICS_JSON};
use crate::publish::Publication;

/// The site's downloads made from a publication (the booklet and the
/// workbook join them once written).
pub struct Downloads {
    /// The players the lists give (every player of the new player file).
    pub players: usize,
    /// Each file's name in the downloads folder, and its bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// Each other list's files, as the downloads page offers them.
    pub others: Vec<ListDownloads>,
}

/// The files of a list beside the main one, for the downloads page.
#[derive(Debug, Clone, Serialize)]
pub struct ListDownloads {
    /// As headings print it: `Rapid`.
    pub title: String,
    pub csv: String,
    pub json: String,
    pub fide_txt: String,
    /// The players on it with a published rating.
    pub rated: usize,
}

impl Downloads {
    /// The statistics as JSON, and each list as CSV, JSON and FIDE's TXT
    /// (the main list's as `ratings.csv` …, another's as `ratings-rapid.csv` …).
    pub fn of(publication: &Publication) -> Result<Downloads> {
        let published = publication.rated.period.config.published;
        let mut files = vec![(STATISTICS_JSON.to_string(), publication.statistics.to_json().into_bytes())];
        let lists = std::iter::once((None, publication.rated))
            .chain(publication.others.iter().map(|o| (Some(o.name), o.rated)));
        let mut players = 0;
        let mut others = Vec::new();
        for (list, rated) in lists {
            let rows = rows(rated);
            let named = |name: &str| of_list(name, list);
            files.push((named(RATINGS_CSV), csv(&rows)?));
            files.push((named(RATINGS_JSON), json(&rows)?));
            files.push((named(RATINGS_FIDE_TXT), fide_txt(&rows, published, "")));
            match list {
                None => players = rows.len(),
                Some(list) => others.push(ListDownloads {
                    title: crate::model::lists::list_title(list),
                    csv: named(RATINGS_CSV),
                    json: named(RATINGS_JSON),
                    fide_txt: named(RATINGS_FIDE_TXT),
                    rated: rows.iter().filter(|r| r.rating.is_some()).count(),
                }),
            }
        }
        Ok(Downloads { players, files, others })
    }
}

/// One player of the new player file, as the downloads give him: the public
/// fields, and nothing else.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct DownloadRow {
    pub id: u32,
    pub fide_id: Option<u64>,
    pub surname: String,
    pub first_names: String,
    pub gender: Option<&'static str>,
    /// The year of birth, as FIDE's lists give it (never the date); left out
    /// of every download with `[site] birth = "none"`.
    #[serde(skip_serializing_if = "BirthYear::is_withheld")]
    pub birth_year: BirthYear,
    pub state: Option<String>,
    pub status: &'static str,
    /// Unrounded, when published.
    pub rating: Option<f64>,
    pub printed: String,
    /// Rated games in all.
    pub games: u32,
    /// Rated games this period.
    pub games_period: u32,
    /// Played since the lists' `active_since`.
    pub active: bool,
}

/// A player's year of birth as the downloads give it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BirthYear {
    /// Published: the year, or `None` when the player file has no birth date.
    Shown(Option<i32>),
    /// `[site] birth = "none"`: no birth year is published for anyone.
    Withheld,
}

impl BirthYear {
    fn is_withheld(&self) -> bool {
        *self == BirthYear::Withheld
    }
}

impl Serialize for BirthYear {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            BirthYear::Shown(year) => year.serialize(serializer),
            BirthYear::Withheld => serializer.serialize_none(),
        }
    }
}

/// Every player of the new player file, as the downloads give him.
fn rows(rated: &crate::rated::Rated) -> Vec<DownloadRow> {
    let words = rated.system().words();
    rated
        .players
        .iter()
        .filter(|r| !r.removed)
        .map(|r| (&r.after, r))
        .map(|(p, r)| DownloadRow {
            id: p.id,
            fide_id: p.fide_id,
            surname: p.surname.clone(),
            first_names: p.first_names.clone(),
            gender: p.gender.map(|g| g.as_str()),
            birth_year: match rated.period.config.birth {
                PublicBirth::Year => BirthYear::Shown(p.birth_date.map(|d| d.year())),
                PublicBirth::None => BirthYear::Withheld,
            },
            state: p.state.clone(),
            status: words.status(p.status),
            rating: r.published,
            printed: r.printed.clone(),
            games: p.games,
            games_period: r.games,
            active: r.active,
        })
        .collect()
}

/// `ratings.csv`: a header row, then one row per player (UTF-8). The Birth
/// year column is there unless the years are withheld. A text cell that a
/// spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a
/// carriage return first) is written with an apostrophe before it, as
/// OWASP advises, so that opening the file runs nothing.
pub fn csv(rows: &[DownloadRow]) -> Result<Vec<u8>, csv::Error> {
    let years = !rows.iter().any(|r| r.birth_year.is_withheld());
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["ID", "FIDE ID", "Surname", "First names", "Gender"];
    if years {
        header.push("Birth year");
    }
    header.extend(["State", "Status", "Rating", "Printed", "Games"]);
    out.write_record(&header)?;
    for r in rows {
        let mut record = vec![
            r.id.to_string(),
            r.fide_id.map(|f| f.to_string()).unwrap_or_default(),
            inert(&r.surname),
            inert(&r.first_names),
            r.gender.unwrap_or_default().to_string(),
        ];
        if let BirthYear::Shown(year) = r.birth_year {
            record.push(year.map(|y| y.to_string()).unwrap_or_default());
        }
        record.extend([
            inert(r.state.as_deref().unwrap_or_default()),
            r.status.to_string(),
            r.rating.map(|v| format!("{v:.2}")).unwrap_or_default(),
            inert(&r.printed),
            r.games.to_string(),
        ]);
        out.write_record(&record)?;
    }
    out.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

/// Text a spreadsheet shows as text: an apostrophe before a first character
/// that would start a formula.
fn inert(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_string(),
    }
}

/// `ratings.json`: an array of players.
pub fn json(rows: &[DownloadRow]) -> serde_json::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec_pretty(rows)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// `ratings-fide.txt`: FIDE's single-list TXT layout, 136 columns, ASCII,
/// CRLF, a header line first (its rating column named by the list's month,
/// e.g. `AUG93`). `federation` is the three-letter FIDE code (may be blank).
pub fn fide_txt(rows: &[DownloadRow], published: NaiveDate, federation: &str) -> Vec<u8> {
    const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    let month = format!("{}{:02}", MONTHS[published.month0() as usize], published.year() % 100);
    let mut out = String::new();
    out += &format!(
        "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{:<4}\r\n",
        "ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", month, "Gms", "K", "B-day", "Flag"
    );
    let federation: String = ascii(federation).chars().take(3).collect();
    for r in rows {
        let name = ascii(&if r.first_names.is_empty() {
            r.surname.clone()
        } else {
            format!("{}, {}", r.surname, r.first_names)
        });
        let name: String = name.chars().take(60).collect();
        let rating: String = r.printed.chars().take_while(char::is_ascii_digit).collect();
        let rating = if r.rating.is_some() && !rating.is_empty() { rating } else { "0".into() };
        let female = r.gender == Some("F");
        let flag = match (!r.active, female) {
            (true, true) => "wi",
            (true, false) => "i",
            (false, true) => "w",
            (false, false) => "",
        };
        let birth = match r.birth_year {
            BirthYear::Shown(Some(year)) => format!("{year:04}"),
            _ => String::new(),
        };
        out += &format!(
            "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{:<4}\r\n",
            format!("{:04}", r.id),
            name,
            federation,
            r.gender.unwrap_or(""),
            "",
            "",
            "",
            "",
            rating,
            r.games_period.min(9999),
            "",
            birth,
            flag
        );
    }
    out.into_bytes()
}

/// Text in ASCII for the fixed-width list: accents dropped (`Đorđević` →
/// `Dordevic`), other characters as `?`.
fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !c.is_ascii_control() {
            out.push(c);
            continue;
        }
        let folded = fold(&c.to_string());
        let upper = c.is_uppercase();
        match folded.chars().next() {
            Some(_) if folded.is_ascii() && !folded.trim().is_empty() => {
                if upper {
                    let mut cs = folded.chars();
                    out.extend(cs.next().map(|f| f.to_ascii_uppercase()));
                    out.extend(cs);
                } else {
                    out.push_str(&folded)
                }
            }
            _ if c.is_whitespace() => out.push(' '),
            _ => out.push('?'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: u32, surname: &str, first: &str) -> DownloadRow {
        DownloadRow {
            id,
            fide_id: None,
            surname: surname.into(),
            first_names: first.into(),
            gender: Some("M"),
            birth_year: BirthYear::Shown(Some(1979)),
            state: Some("V".into()),
            status: "confirmed",
            rating: Some(2738.4),
            printed: "2738".into(),
            games: 120,
            games_period: 10,
            active: false,
        }
    }

    #[test]
    fn the_fide_layout_matches_fides_own_lines() {
        let text = fide_txt(&[row(703303, "Leko", "Peter")], NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(), "HUN");
        let text = String::from_utf8(text).unwrap();
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN26 Gms K  B-day Flag"
        );
        // FIDE's own line for Leko (Aug 2026 list, as lichess's tests quote it),
        // with what we do not publish blanked: titles, and games and K (ours
        // are this period's games).
        let fide = "703303         Leko, Peter                                                  HUN M   GM                           2738  0   10 1979  i   ";
        let blank = |line: &str| {
            let mut chars: Vec<char> = line.chars().collect();
            for (i, c) in chars.iter_mut().enumerate() {
                if (84..113).contains(&i) || (119..126).contains(&i) {
                    *c = ' ';
                }
            }
            chars.into_iter().collect::<String>()
        };
        assert_eq!(blank(lines[1]), blank(fide));
        assert_eq!(lines[1][119..123].trim(), "10");
        assert_eq!(lines[0].len(), 136);
        assert_eq!(lines[1].len(), 136);
        // Read back by the offsets FIDE's header gives, as parsers do.
        let field = |line: &str, at: usize, width: usize| line[at..at + width].trim().to_string();
        assert_eq!(field(lines[1], 0, 15), "703303");
        assert_eq!(field(lines[1], 113, 6), "2738");
        assert_eq!(field(lines[1], 126, 6), "1979");
    }

    #[test]
    fn names_are_ascii_and_short_ids_padded() {
        let text = fide_txt(&[row(42, "Đorđević", "Zoë")], NaiveDate::from_ymd_opt(1993, 8, 1).unwrap(), "");
        let text = String::from_utf8(text).unwrap();
        let line = text.split("\r\n").nth(1).unwrap();
        assert!(line.starts_with("0042           Dordevic, Zoe"), "{line}");
        assert!(text.is_ascii());
    }

    #[test]
    fn withheld_birth_years_leave_no_column_and_no_field() {
        let mut rows = vec![row(1, "Leko", "Peter")];
        let shown = String::from_utf8(csv(&rows).unwrap()).unwrap();
        assert!(shown.starts_with("ID,FIDE ID,Surname,First names,Gender,Birth year,State"), "{shown}");
        assert!(shown.contains(",M,1979,V,"), "{shown}");
        assert!(String::from_utf8(json(&rows).unwrap()).unwrap().contains("\"birth_year\": 1979"));
        rows[0].birth_year = BirthYear::Withheld;
        let csv_text = String::from_utf8(csv(&rows).unwrap()).unwrap();
        assert!(!csv_text.contains("Birth") && !csv_text.contains("1979"), "{csv_text}");
        let json_text = String::from_utf8(json(&rows).unwrap()).unwrap();
        assert!(!json_text.contains("birth") && !json_text.contains("1979"), "{json_text}");
        let txt = String::from_utf8(fide_txt(&rows, NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(), "")).unwrap();
        assert!(!txt.contains("1979"), "{txt}");
    }

    #[test]
    fn a_name_a_spreadsheet_would_run_is_written_as_text() {
        let rows = vec![
            row(1, "=HYPERLINK(\"http://x\",\"y\")", "+1"),
            row(2, "-2+3", "@SUM(A1)"),
            row(3, "O'Brien", "Anne-Marie"),
        ];
        let text = String::from_utf8(csv(&rows).unwrap()).unwrap();
        let mut reader = ::csv::Reader::from_reader(text.as_bytes());
        let cells: Vec<Vec<String>> =
            reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
        assert_eq!(cells[0][2], "'=HYPERLINK(\"http://x\",\"y\")");
        assert_eq!(cells[0][3], "'+1");
        assert_eq!((cells[1][2].as_str(), cells[1][3].as_str()), ("'-2+3", "'@SUM(A1)"));
        assert_eq!((cells[2][2].as_str(), cells[2][3].as_str()), ("O'Brien", "Anne-Marie"));
    }
}

//! TRF lines by their fixed columns (TRF-2006/TRF16, and the TRF26 records
//! that matter for rating): the header lines, each `001` player line with its
//! round fields, and the TRF26 scoring (162), time control (222), rounds
//! (142), bye (240), abnormal-points (299) and team (310) records and
//! National Rating Support lines. Every field that cannot be read is a located diagnostic;
//! nothing here panics, whatever the input.

use std::collections::HashSet;

use super::dates::{parse_birth, Birth};
use super::text::{lines, Columns, Mode};
use crate::diag::{Code, Diagnostic, Location};
use crate::formats::sheet::clip;
use crate::model::results::{self, Meaning, Notation};

/// First column of round 1's field; each round takes 10 columns.
pub const ROUND_START: usize = 92;

/// A header line's value and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderLine {
    pub value: String,
    pub line: u32,
}

/// Who the round field names as opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Four blanks.
    Blank,
    /// `0000`: a bye or an absence.
    Zero,
    Player(u32),
}

/// One round of a player line: opponent (92–95), colour (97), result (99),
/// shifted 10 columns a round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundField {
    /// One-based round.
    pub round: u32,
    /// Column of the field's first position.
    pub column: u32,
    pub opponent: Opponent,
    /// `w`, `b`, `-` or a space, lower case.
    pub colour: char,
    /// The result code, upper case; a space when blank.
    pub result: char,
}

impl RoundField {
    pub fn is_blank(&self) -> bool {
        self.opponent == Opponent::Blank && self.colour == ' ' && self.result == ' '
    }

    pub fn result_column(&self) -> u32 {
        self.column + 7
    }
}

/// An `001` line.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerLine {
    pub line: u32,
    pub no: u32,
    /// Position 10, lower case; a space when blank.
    pub sex: char,
    pub title: String,
    pub name: String,
    /// Positions 58–68 (FIDE ID, or the national ID in the ICU's files).
    pub id: Option<u64>,
    pub birth: Birth,
    pub points: Option<f64>,
    pub rounds: Vec<RoundField>,
}

/// A TRF26 `240` record: a bye given in a round to a player, or in a team
/// event to a team.
#[derive(Debug, Clone, PartialEq)]
pub struct ByeRecord {
    /// `F`, `H` or `Z`.
    pub kind: char,
    pub round: u32,
    /// A start number, or a team number in a team event.
    pub no: u32,
    pub line: u32,
    pub column: u32,
}

/// A TRF26 `310` team line: the team's number (positions 5-7) and its
/// members' start numbers (4 positions each from 74, 5 apart).
#[derive(Debug, Clone, PartialEq)]
pub struct TeamLine {
    pub no: u32,
    pub members: Vec<u32>,
    pub line: u32,
}

/// Points per result in the file's own units (TRF26 record 162).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
    /// Zero-point bye or forfeit loss.
    pub absent: f64,
    /// Pairing-allocated bye.
    pub pab: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring { win: 1.0, draw: 0.5, loss: 0.0, absent: 0.0, pab: 1.0 }
    }
}

/// A whole TRF file, as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TrfFile {
    pub name: Option<HeaderLine>,
    pub start: Option<HeaderLine>,
    pub end: Option<HeaderLine>,
    pub kind_text: Option<HeaderLine>,
    /// TRF26 `222`: the time control in PGN-like syntax.
    pub time_control: Option<HeaderLine>,
    /// TRF26 `142` or the `XXR` extension: the number of rounds.
    pub rounds: Option<(u32, u32)>,
    /// Whether the file has team records (`013`, `310`).
    pub teams: bool,
    /// TRF26 `310` team lines.
    pub team_lines: Vec<TeamLine>,
    pub players: Vec<PlayerLine>,
    /// National numbers from TRF26 National Rating Support lines, by start number.
    pub national: Vec<(u32, u64)>,
    pub byes: Vec<ByeRecord>,
    /// Start numbers named in `299` (abnormal points) records.
    pub abnormal: HashSet<u32>,
    pub scoring: Scoring,
}

/// The most player lines a TRF holds: its start numbers have four digits.
/// The player lines after them are not read (their cost is bounded).
pub const MOST_PLAYERS: usize = 9_999;

/// Reads every line; problems go to `diagnostics` located by line and column.
pub fn parse(text: &str, file: &str, diagnostics: &mut Vec<Diagnostic>) -> TrfFile {
    let mut trf = TrfFile::default();
    let mut scoring_seen = false;
    let mut too_many = false;
    // Lines that are no TRF record: (first line, how many).
    let mut garbage: Option<(u32, u32)> = None;
    for (i, raw) in lines(text).into_iter().enumerate() {
        let line_no = i as u32 + 1;
        let line = raw.trim_end();
        let at = |column: usize| Location::line(file, line_no, column as u32);
        if line.len() < 3 || line.starts_with("###") {
            continue;
        }
        let mut chars = line.chars();
        let tag: String = chars.by_ref().take(3).collect();
        // A tag is followed by a blank (or ends the line); "0123456789…"
        // ruler lines are not tagged lines.
        let tagged = tag.len() == 3 && tag.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase());
        if !matches!(chars.next(), None | Some(' ')) || !tagged {
            // Rulers ("0123456789…", "DDD SSSS …") are comments; anything else is noted.
            let ruler = line.chars().all(|c| c.is_ascii_digit() || c == ' ') || tag == "DDD";
            if !ruler {
                garbage = Some(garbage.map_or((line_no, 1), |(first, n)| (first, n + 1)));
            }
            continue;
        }
        let rest = || line.get(4..).unwrap_or("").trim().to_string();
        let header = || Some(HeaderLine { value: rest(), line: line_no });
        match tag.as_str() {
            "001" if trf.players.len() >= MOST_PLAYERS => {
                if !too_many {
                    too_many = true;
                    diagnostics.push(
                        Diagnostic::error(
                            Code::TrfSyntax,
                            at(1),
                            format!("more than {MOST_PLAYERS} player lines: a TRF numbers its players with four digits, so this is no one tournament (the lines from here are not read)"),
                        )
                        .with_hint("export each tournament to a file of its own"),
                    );
                }
            }
            "001" => {
                if let Some(p) = player_line(line, line_no, file, diagnostics) {
                    trf.players.push(p);
                }
            }
            "012" if trf.name.is_none() => trf.name = header(),
            "042" if trf.start.is_none() => trf.start = header(),
            "052" if trf.end.is_none() => trf.end = header(),
            "092" if trf.kind_text.is_none() => trf.kind_text = header(),
            "222" if trf.time_control.is_none() => trf.time_control = header(),
            "013" => trf.teams = true,
            "310" => {
                trf.teams = true;
                let c = Columns::new(line, Mode::Chars);
                if let Ok(no) = c.get(5, 7).trim().parse::<u32>() {
                    let mut members = Vec::new();
                    let mut column = 74;
                    while column <= c.len() {
                        match c.get(column, column + 3).trim().parse::<u32>() {
                            Ok(n) if n > 0 => members.push(n),
                            _ => {}
                        }
                        column += 5;
                    }
                    trf.team_lines.push(TeamLine { no, members, line: line_no });
                }
            }
            "142" | "XXR" => match rest().parse::<u32>() {
                Ok(n) if (1..=1000).contains(&n) => trf.rounds = Some((n, line_no)),
                _ => diagnostics.push(
                    Diagnostic::error(
                        Code::TrfSyntax,
                        at(5),
                        format!(
                            "the number of rounds must be a whole number from 1 to 1000, not \"{}\"",
                            clip(&rest())
                        ),
                    )
                    .with_hint(format!("write the rounds played after \"{tag} \", e.g. {tag} 7")),
                ),
            },
            "162" if !scoring_seen => {
                scoring_seen = true;
                trf.scoring = scoring(&rest(), line_no, file, diagnostics);
            }
            "240" => bye_records(line, line_no, file, &mut trf.byes, diagnostics),
            "299" => {
                let c = Columns::new(line, Mode::Chars);
                let mut column = 24;
                while column <= c.len() {
                    if let Ok(n) = c.get(column, column + 3).trim().parse::<u32>() {
                        trf.abnormal.insert(n);
                    }
                    column += 5;
                }
            }
            _ if is_nrs_tag(&tag) => {
                let c = Columns::new(line, Mode::Chars);
                if let (Ok(no), Ok(id)) = (c.get(5, 8).trim().parse::<u32>(), c.get(58, 68).trim().parse::<u64>()) {
                    trf.national.push((no, id));
                }
            }
            _ => {}
        }
    }
    if let Some((first, n)) = garbage {
        let more = if n > 1 { format!(" (nor are {} more lines)", n - 1) } else { String::new() };
        diagnostics.push(
            Diagnostic::warning(
                Code::TrfSyntax,
                Location::line(file, first, 1),
                format!("this line is not a TRF record (a three-character tag and a blank){more}: ignored"),
            )
            .with_hint("remove the line, or export the tournament again from the pairing program"),
        );
    }
    trf
}

/// TRF26 National Rating Support lines start with a federation's three
/// letters; the TRFx extensions (`XXR`, `BBW`…) and rulers (`DDD`) do not count.
fn is_nrs_tag(tag: &str) -> bool {
    tag.len() == 3
        && tag.bytes().all(|b| b.is_ascii_uppercase())
        && !tag.starts_with("XX")
        && !tag.starts_with("BB")
        && !matches!(tag, "DAT" | "DDD")
}

/// `162 W 1.0    D 0.5 …`: result codes and their points.
fn scoring(text: &str, line: u32, file: &str, diagnostics: &mut Vec<Diagnostic>) -> Scoring {
    let mut s = Scoring::default();
    let mut pab = None;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    for pair in tokens.chunks(2) {
        let value = pair.get(1).and_then(|v| v.replace(',', ".").parse::<f64>().ok()).filter(|v| v.is_finite());
        let Some(value) = value else {
            diagnostics.push(
                Diagnostic::error(
                    Code::TrfSyntax,
                    Location::line(file, line, 5),
                    format!("cannot read the scoring \"{}\"", clip(text)),
                )
                .with_hint("write pairs of a result code and its points: 162 W 1.0    D 0.5    L 0.0"),
            );
            return Scoring::default();
        };
        match pair[0].to_ascii_uppercase().as_str() {
            "W" => s.win = value,
            "D" => s.draw = value,
            "L" => s.loss = value,
            "A" => s.absent = value,
            "P" => pab = Some(value),
            _ => {}
        }
    }
    s.pab = pab.unwrap_or(s.win);
    s
}

fn bye_records(line: &str, line_no: u32, file: &str, byes: &mut Vec<ByeRecord>, diagnostics: &mut Vec<Diagnostic>) {
    let c = Columns::new(line, Mode::Chars);
    let kind = c.at(5).to_ascii_uppercase();
    let round = c.get(7, 9).trim().parse::<u32>();
    let (true, Ok(round)) = (matches!(kind, 'F' | 'H' | 'Z'), round) else {
        diagnostics.push(
            Diagnostic::error(Code::TrfSyntax, Location::line(file, line_no, 5), "cannot read this bye record")
                .with_hint("a 240 record is: 240, the bye's type F, H or Z at position 5, the round at 7-9, start numbers at 11-14, 16-19, …"),
        );
        return;
    };
    let mut column = 11;
    while column <= c.len() {
        let field = c.get(column, column + 3);
        match field.trim().parse::<u32>() {
            Ok(no) => byes.push(ByeRecord { kind, round, no, line: line_no, column: column as u32 }),
            Err(_) if field.trim().is_empty() => {}
            Err(_) => diagnostics.push(
                Diagnostic::error(
                    Code::TrfSyntax,
                    Location::line(file, line_no, column as u32),
                    format!("\"{}\" is not a start number", clip(field.trim())),
                )
                .with_hint("start numbers sit at positions 11-14, 16-19, … of a 240 record"),
            ),
        }
        column += 5;
    }
}

/// Reads an `001` line by columns, by characters and, for a UTF-8 line that
/// only lines up when counted in bytes, by bytes. `None` when the line has no
/// usable start number.
fn player_line(line: &str, line_no: u32, file: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<PlayerLine> {
    let mut found = Vec::new();
    let player = read_player(&Columns::new(line, Mode::Chars), line_no, file, &mut found);
    if !line.is_ascii() && found.iter().any(|d| d.is_error()) {
        let mut by_bytes = Vec::new();
        let other = read_player(&Columns::new(line, Mode::Bytes), line_no, file, &mut by_bytes);
        if !by_bytes.iter().any(|d| d.is_error()) {
            diagnostics.extend(by_bytes);
            return other;
        }
    }
    diagnostics.extend(found);
    player
}

fn read_player(c: &Columns, line: u32, file: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<PlayerLine> {
    let at = |column: usize| Location::line(file, line, column as u32);
    let no_text = c.get(5, 8);
    let no = match no_text.trim().parse::<u32>() {
        Ok(n) if n >= 1 => n,
        _ => {
            diagnostics.push(
                Diagnostic::error(
                    Code::TrfSyntax,
                    at(5),
                    format!("the start number must be 1 to 9999, not \"{}\"", clip(no_text.trim())),
                )
                .with_hint("an 001 line has the start number right-aligned in positions 5-8"),
            );
            return None;
        }
    };
    let sex = c.at(10).to_ascii_lowercase();
    if !matches!(sex, 'm' | 'w' | 'f' | ' ') {
        diagnostics.push(
            Diagnostic::warning(Code::TrfSyntax, at(10), format!("sex must be m or w, not \"{sex}\": ignored"))
                .with_hint("position 10 holds m, w or a blank"),
        );
    }
    let id_text = c.get(58, 68);
    let id = match id_text.trim() {
        "" => None,
        t => match t.parse::<u64>() {
            Ok(0) => None,
            Ok(n) => Some(n),
            Err(_) => {
                diagnostics.push(
                    Diagnostic::error(
                        Code::BadNumber,
                        at(58),
                        format!("the ID must be a whole number, not \"{}\"", clip(t)),
                    )
                    .with_hint("positions 58-68 hold the player's ID as digits, or blanks"),
                );
                None
            }
        },
    };
    let birth_text = c.get(70, 79);
    let birth = parse_birth(&birth_text).unwrap_or_else(|| {
        diagnostics.push(
            Diagnostic::warning(
                Code::BadDate,
                at(70),
                format!("the birth date \"{}\" is not a date: ignored", clip(birth_text.trim())),
            )
            .with_hint("positions 70-79 hold the birth date as YYYY/MM/DD (or a year, or blanks)"),
        );
        Birth::Unknown
    });
    let points_text = c.get(81, 84);
    let points = match points_text.trim() {
        "" => None,
        t => match t.replace(',', ".").parse::<f64>() {
            Ok(p) if p.is_finite() && p >= 0.0 => Some(p),
            _ => {
                diagnostics.push(
                    Diagnostic::error(
                        Code::BadNumber,
                        at(81),
                        format!("the points must be a number, not \"{}\"", clip(t)),
                    )
                    .with_hint("positions 81-84 hold the player's points, e.g.  4.5"),
                );
                None
            }
        },
    };
    let mut rounds = Vec::new();
    let len = c.len();
    let mut column = ROUND_START;
    let mut round = 1;
    while column <= len {
        if let Some(field) = round_field(c, column, round, line, file, diagnostics) {
            rounds.push(field);
        }
        column += 10;
        round += 1;
    }
    Some(PlayerLine {
        line,
        no,
        sex,
        title: c.get(11, 13).trim().to_string(),
        name: c.get(15, 47).trim().to_string(),
        id,
        birth,
        points,
        rounds,
    })
}

fn round_field(
    c: &Columns,
    column: usize,
    round: u32,
    line: u32,
    file: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<RoundField> {
    let at = |col: usize| Location::line(file, line, col as u32);
    let opponent_text = c.get(column, column + 3);
    let opponent = match opponent_text.trim() {
        "" => Opponent::Blank,
        t if t.bytes().all(|b| b == b'0') => Opponent::Zero,
        t => match t.parse::<u32>() {
            Ok(n) => Opponent::Player(n),
            Err(_) => {
                diagnostics.push(
                    Diagnostic::error(
                        Code::TrfSyntax,
                        at(column),
                        format!("round {round}: \"{}\" is not an opponent's start number", clip(t)),
                    )
                    .with_hint(format!(
                        "positions {column}-{} hold the opponent's start number, 0000 for a bye, or blanks",
                        column + 3
                    )),
                );
                return None;
            }
        },
    };
    let colour = c.at(column + 5).to_ascii_lowercase();
    if !matches!(colour, 'w' | 'b' | '-' | ' ') {
        diagnostics.push(
            Diagnostic::error(Code::TrfSyntax, at(column + 5), format!("round {round}: \"{colour}\" is not a colour"))
                .with_hint(format!("position {} holds w, b, - (bye or not paired) or a blank", column + 5)),
        );
        return None;
    }
    let result = c.at(column + 7).to_ascii_uppercase();
    if results::read(Notation::Trf, result.encode_utf8(&mut [0; 4])).is_none() {
        diagnostics.push(
            Diagnostic::error(
                Code::TrfSyntax,
                at(column + 7),
                format!("round {round}: \"{result}\" is not a TRF result code"),
            )
            .with_hint(format!("position {} holds {}", column + 7, trf_codes())),
        );
        return None;
    }
    for gap in [column + 4, column + 6, column + 8, column + 9] {
        if c.at(gap) != ' ' {
            diagnostics.push(
                Diagnostic::error(Code::TrfSyntax, at(gap), format!("round {round}: column {gap} should be blank; the round fields are out of line"))
                    .with_hint(format!("each round takes 10 columns from column {ROUND_START}: opponent in 4, a blank, colour, a blank, result, two blanks")),
            );
            return None;
        }
    }
    Some(RoundField { round, column: column as u32, opponent, colour, result })
}

/// The result codes of the table, in groups: `1, =, 0 (played), + or - (forfeit), …`.
fn trf_codes() -> String {
    let group = |label: &str, of: fn(&Meaning) -> bool| {
        let codes: Vec<&str> = results::tokens(Notation::Trf).filter(|r| of(&r.meaning)).map(|r| r.token).collect();
        let joined = if codes.len() == 2 { codes.join(" or ") } else { codes.join(", ") };
        format!("{joined} ({label})")
    };
    [
        group("played", |m| matches!(m, Meaning::Played(_))),
        group("forfeit", |m| matches!(m, Meaning::Forfeit(..))),
        group("not rated", |m| matches!(m, Meaning::PlayedUnrated(_))),
        group("byes", |m| matches!(m, Meaning::Bye(_))),
    ]
    .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 001 line built field by field at TRF's columns.
    pub fn line(no: u32, sex: char, name: &str, id: &str, birth: &str, points: &str, rounds: &[&str]) -> String {
        let mut s = format!("001 {no:>4} {sex}    {name:<33} 1800 IRL {id:>11} {birth:<10} {points:>4} {:>4}  ", 1);
        for r in rounds {
            s.push_str(&format!("{r:<8}  "));
        }
        s.trim_end().to_string()
    }

    #[test]
    fn the_test_line_builder_puts_fields_where_trf_does() {
        let l = line(7, 'm', "Quinn, Rory", "1405", "1965/06/25", "4.0", &["  33 b 0", "0000 - +"]);
        let c = Columns::new(&l, Mode::Chars);
        assert_eq!(c.get(5, 8), "   7");
        assert_eq!(c.get(15, 47).trim(), "Quinn, Rory");
        assert_eq!(c.get(58, 68).trim(), "1405");
        assert_eq!(c.get(70, 79), "1965/06/25");
        assert_eq!(c.get(81, 84), " 4.0");
        assert_eq!(c.get(92, 95), "  33");
        assert_eq!(c.at(97), 'b');
        assert_eq!(c.at(99), '0');
        assert_eq!(c.get(102, 109), "0000 - +");
    }

    #[test]
    fn reads_a_player_line_by_columns() {
        let text = line(
            12,
            'w',
            "Ní Mhuireagáin, Eibhia",
            "4191",
            "1967/09/12",
            "2.5",
            &["  25 b 1", "        ", "0000 - H", "   3 w =", "     -  "],
        );
        let mut d = Vec::new();
        let trf = parse(&text, "r.trf", &mut d);
        assert!(d.is_empty(), "{d:?}");
        let p = &trf.players[0];
        assert_eq!(
            (p.no, p.sex, p.name.as_str(), p.id, p.points),
            (12, 'w', "Ní Mhuireagáin, Eibhia", Some(4191), Some(2.5))
        );
        assert_eq!(p.birth, Birth::Date(chrono::NaiveDate::from_ymd_opt(1967, 9, 12).unwrap()));
        assert_eq!(p.rounds.len(), 5);
        assert_eq!(
            p.rounds[0],
            RoundField { round: 1, column: 92, opponent: Opponent::Player(25), colour: 'b', result: '1' }
        );
        assert!(p.rounds[1].is_blank());
        assert_eq!((p.rounds[2].opponent, p.rounds[2].result), (Opponent::Zero, 'H'));
        assert_eq!((p.rounds[4].opponent, p.rounds[4].colour, p.rounds[4].result), (Opponent::Blank, '-', ' '));
        assert_eq!(p.rounds[3].result_column(), 129);
    }

    #[test]
    fn a_utf8_line_padded_by_bytes_is_read_by_bytes() {
        // "Müller" written by a program that counted bytes: one column short in characters.
        let chars = line(3, 'm', "Müller, Jörg", "", "", "1.0", &["   4 w 1"]);
        let bytes_padded = chars.replacen("Müller, Jörg  ", "Müller, Jörg", 1);
        let mut d = Vec::new();
        let trf = parse(&bytes_padded, "r.trf", &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(trf.players[0].name, "Müller, Jörg");
        assert_eq!(trf.players[0].rounds[0].opponent, Opponent::Player(4));
    }

    #[test]
    fn header_lines_and_trf26_records() {
        let nrs = line(1, 'm', "Smith, John", "3201234", "", "", &[]).replacen("001", "AUS", 1);
        let abnormal = format!("299 W  {:>4}  {:>4}  {:>3} {:>4}", "", "1.0", "002", "1");
        let text = format!(
            "### a comment\n012 Bunratty Masters\n022 Bunratty\n042 2011/02/25\n052 2011/02/27\n092 Individual: Swiss\n\
             142 6\n162 W 3.0    D 1.0    L 0.0\n222 5400+30\n0123456789012345678901234567890\n\
             240 H 003    1    2\n{nrs}\n{abnormal}\nXXR 7\nDDD SSSS sTTT NNNN\n"
        );
        let mut d = Vec::new();
        let trf = parse(&text, "r.trf", &mut d);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(trf.name.as_ref().unwrap().value, "Bunratty Masters");
        assert_eq!(trf.name.as_ref().unwrap().line, 2);
        assert_eq!(trf.start.as_ref().unwrap().value, "2011/02/25");
        assert_eq!(trf.rounds, Some((7, 14)), "the last rounds line counts");
        assert_eq!(trf.scoring, Scoring { win: 3.0, draw: 1.0, loss: 0.0, absent: 0.0, pab: 3.0 });
        assert_eq!(trf.time_control.as_ref().unwrap().value, "5400+30");
        assert_eq!(trf.byes.len(), 2);
        assert_eq!((trf.byes[1].kind, trf.byes[1].round, trf.byes[1].no, trf.byes[1].column), ('H', 3, 2, 16));
        assert_eq!(trf.national, vec![(1, 3201234)]);
        assert!(trf.abnormal.contains(&1));
        assert!(trf.players.is_empty());
    }

    #[test]
    fn never_panics_and_locates_every_problem() {
        let inputs: [&str; 17] = [
            "",
            "001",
            "001 ",
            "001    x",
            "001    1",
            "001    1 m    A, B",
            "001 99999999999",
            &line(1, 'm', "A, B", "12a4", "1965/06/25", "x.5", &["   3 b 1"]),
            &line(1, 'm', "A, B", "1234", "1965/06/25", "1.5", &["  xx b 1", "   2 q 1", "   3 b 7", "   4 bb1"]),
            "012",
            "042 ",
            "142 many",
            "162 W",
            "240 Q 001    1",
            "240 F 001    1  abc",
            "\u{FEFF}001    1",
            &line(1, 'm', "Ωμέγα, Άλφα", "1234", "1965/06/25", "1.5", &["   3 b 1"]),
        ];
        for input in inputs {
            let mut d = Vec::new();
            let _ = parse(input, "r.trf", &mut d);
            for diag in &d {
                assert!(diag.location.line.is_some(), "{input:?}: {diag}");
            }
        }
        let mut d = Vec::new();
        let trf = parse(inputs[8], "r.trf", &mut d);
        assert_eq!(trf.players[0].rounds.len(), 0);
        let columns: Vec<u32> = d.iter().map(|d| d.location.line.unwrap().1).collect();
        assert_eq!(columns, vec![92, 107, 119, 128], "{d:?}");
        let mut d = Vec::new();
        parse(inputs[7], "r.trf", &mut d);
        assert_eq!(
            d.iter().map(|d| (d.code, d.location.line.unwrap().1)).collect::<Vec<_>>(),
            vec![(Code::BadNumber, 58), (Code::BadNumber, 81)]
        );
    }
}

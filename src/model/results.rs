//! Result tokens: every spelling of a game's result that a report may carry,
//! in which notation it is read and what it means, in one table. Every reader
//! (the Games and Crosstable sheets, FIDE TRF and Krause round fields, a
//! handicap match's boards) asks it; the diagnostics, the template's notes and
//! drop-downs and the generated reports take their tokens from it.

/// Where a result token is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// The Result cell of a Games sheet row with both players: White's result first.
    Pairing,
    /// The Result cell of a Games sheet row with Black blank: the bye's points.
    ByeRow,
    /// A Crosstable cell: the row player's result against the column player.
    Crosstable,
    /// A FIDE TRF (Krause) round field's result code: the line's player's result.
    Trf,
    /// A handicap match's Home result or Away result cell: that side's result.
    Board,
}

impl Notation {
    /// The token as the table spells it: case, spaces and the dashes a
    /// keyboard or a spreadsheet puts in are each notation's own to forgive.
    pub fn normalise(self, text: &str) -> String {
        match self {
            Notation::Pairing | Notation::ByeRow => text
                .trim()
                .to_lowercase()
                .chars()
                .map(|c| if matches!(c, '–' | '—' | ':') { '-' } else { c })
                .filter(|c| !c.is_whitespace())
                .collect(),
            Notation::Crosstable => text.trim().to_lowercase().chars().filter(|c| !c.is_whitespace()).collect(),
            Notation::Trf => text.to_uppercase(),
            Notation::Board => text.trim().to_string(),
        }
    }
}

/// What a token says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Meaning {
    /// Played and rated: the score of the side it is written for (White, the
    /// row player, the TRF line's player, the board's side).
    Played(f64),
    /// Played but not to be rated (TRF's `W`, `D`, `L`): the side's score.
    PlayedUnrated(f64),
    /// Won or lost without play: the points of the side it is written for,
    /// and of the other side.
    Forfeit(f64, f64),
    /// A bye: the points given, or `None` where the file's scoring decides (TRF's `U`).
    Bye(Option<f64>),
    /// A crosstable's `-`: lost without play when the other cell is `+`,
    /// otherwise not played.
    Dash,
    /// Not played: a crosstable's diagonal, a TRF field without a result.
    Unplayed,
}

impl Meaning {
    /// The points of the side the token is written for (0 for a bye whose
    /// points the file decides, a dash and an unplayed pair).
    pub fn points(self) -> f64 {
        match self {
            Meaning::Played(p) | Meaning::PlayedUnrated(p) | Meaning::Forfeit(p, _) | Meaning::Bye(Some(p)) => p,
            Meaning::Bye(None) | Meaning::Dash | Meaning::Unplayed => 0.0,
        }
    }
}

/// One token of one notation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResultToken {
    pub notation: Notation,
    /// The token as the template offers it and the program writes it.
    pub token: &'static str,
    /// The other spellings offered (the template's drop-down and notes list them).
    pub also: &'static [&'static str],
    /// Spellings read as the token but not offered: slips of the hand or of a
    /// pairing program that are read without doubt.
    pub tolerated: &'static [&'static str],
    pub meaning: Meaning,
    /// What it means, in the words of the template's notes.
    pub note: &'static str,
}

/// The spellings of half a point. A drawn pairing may join any two of them
/// (`½-0.5` reads as `½-½`).
pub const HALF: [&str; 6] = ["½", "1/2", "0.5", "0,5", "=", ".5"];

const fn t(
    notation: Notation,
    token: &'static str,
    also: &'static [&'static str],
    tolerated: &'static [&'static str],
    meaning: Meaning,
    note: &'static str,
) -> ResultToken {
    ResultToken { notation, token, also, tolerated, meaning, note }
}

use Meaning::*;
use Notation::*;

/// Every result token, notation by notation, in the order the template lists them.
pub const TOKENS: [ResultToken; 33] = [
    t(Pairing, "1-0", &[], &[], Played(1.0), "White won."),
    t(Pairing, "0-1", &[], &[], Played(0.0), "Black won."),
    t(Pairing, "½-½", &["1/2-1/2", "0.5-0.5", "=-="], &[], Played(0.5), "Drawn."),
    t(Pairing, "1F-0F", &["+-"], &["1f-0", "+--"], Forfeit(1.0, 0.0), "White won without play (forfeit). Not rated."),
    t(Pairing, "0F-1F", &["-+"], &["0-1f"], Forfeit(0.0, 1.0), "Black won without play (forfeit). Not rated."),
    t(Pairing, "0F-0F", &["--"], &[], Forfeit(0.0, 0.0), "Neither player turned up. Not rated."),
    t(ByeRow, "bye", &[], &[], Bye(Some(0.0)), "A bye row (Black blank) with no points given."),
    t(ByeRow, "1", &[], &["1.0"], Bye(Some(1.0)), "A bye row with 1 point given. Not rated."),
    t(ByeRow, "½", &["0.5"], &["1/2", "0,5", "=", ".5"], Bye(Some(0.5)), "A bye row with ½ point given. Not rated."),
    t(ByeRow, "0", &[], &["0.0"], Bye(Some(0.0)), "A bye row with no points given. Not rated."),
    t(Crosstable, "1", &[], &["1.0"], Played(1.0), "The row player won."),
    t(Crosstable, "½", &["0.5", "="], &["1/2", "0,5", ".5"], Played(0.5), "Drawn."),
    t(Crosstable, "0", &[], &["0.0"], Played(0.0), "The row player lost."),
    t(Crosstable, "1*", &["+"], &["1f"], Forfeit(1.0, 0.0), "Won without play. Not rated."),
    t(Crosstable, "0*", &[], &["0f"], Forfeit(0.0, 1.0), "Lost without play. Not rated."),
    t(
        Crosstable,
        "-",
        &[],
        &["–"],
        Dash,
        "Lost without play when the other cell is +, otherwise not played. Not rated.",
    ),
    t(Crosstable, "x", &[], &[""], Unplayed, "The diagonal, or a pair that did not play. A blank cell means the same."),
    t(Trf, "1", &[], &[], Played(1.0), "Won."),
    t(Trf, "=", &[], &[], Played(0.5), "Drawn."),
    t(Trf, "0", &[], &[], Played(0.0), "Lost."),
    t(Trf, "+", &[], &[], Forfeit(1.0, 0.0), "Won without play (forfeit)."),
    t(Trf, "-", &[], &[], Forfeit(0.0, 1.0), "Lost without play (forfeit)."),
    t(Trf, "W", &[], &[], PlayedUnrated(1.0), "Won, not rated."),
    t(Trf, "D", &[], &[], PlayedUnrated(0.5), "Drawn, not rated."),
    t(Trf, "L", &[], &[], PlayedUnrated(0.0), "Lost, not rated."),
    t(Trf, "H", &[], &[], Bye(Some(0.5)), "A half-point bye."),
    t(Trf, "F", &[], &[], Bye(Some(1.0)), "A full-point bye."),
    t(
        Trf,
        "U",
        &[],
        &[],
        Bye(None),
        "A bye the pairing gave: the points the file gives a win, unless its points say otherwise.",
    ),
    t(Trf, "Z", &[], &[], Bye(Some(0.0)), "A zero-point bye."),
    t(Trf, " ", &[], &[], Unplayed, "No result: not paired, or not played."),
    t(Board, "1", &[], &[], Played(1.0), "a win"),
    t(Board, "½", &["0.5"], &["1/2", "=", "0,5"], Played(0.5), "a draw"),
    t(Board, "0", &[], &[], Played(0.0), "a loss"),
];

/// The tokens of one notation, in the table's order.
pub fn tokens(notation: Notation) -> impl Iterator<Item = &'static ResultToken> {
    TOKENS.iter().filter(move |r| r.notation == notation)
}

/// What `text` means in `notation`, or `None` when it is not a token there.
pub fn read(notation: Notation, text: &str) -> Option<Meaning> {
    let text = notation.normalise(text);
    let spelled = |s: &&str| notation.normalise(s) == text;
    let found = tokens(notation).find(|r| std::iter::once(&r.token).chain(r.also).chain(r.tolerated).any(spelled));
    if let Some(r) = found {
        return Some(r.meaning);
    }
    let (white, black) = text.split_once('-').filter(|_| notation == Notation::Pairing)?;
    (HALF.contains(&white) && HALF.contains(&black)).then_some(Meaning::Played(0.5))
}

/// The token the program writes for `meaning` in `notation`.
pub fn token(notation: Notation, meaning: Meaning) -> Option<&'static str> {
    tokens(notation).find(|r| r.meaning == meaning).map(|r| r.token)
}

/// Every spelling offered in `notation`, each once: a drop-down list's.
pub fn spellings(notation: Notation) -> Vec<&'static str> {
    let mut all: Vec<&str> = Vec::new();
    for r in tokens(notation) {
        for s in std::iter::once(&r.token).chain(r.also) {
            if !all.contains(s) {
                all.push(s);
            }
        }
    }
    all
}

/// The tokens of `rows` joined by commas, the other spellings offered after
/// them in brackets when `also` names them so: `1-0, ½-½ (also 1/2-1/2)`.
pub fn listed<'a>(rows: impl Iterator<Item = &'a ResultToken>, also: Option<&str>) -> String {
    let rows: Vec<&ResultToken> = rows.collect();
    let tokens: Vec<&str> = rows.iter().map(|r| r.token).collect();
    let others: Vec<&str> = rows.iter().flat_map(|r| r.also.iter().copied()).collect();
    match also {
        Some(word) if !others.is_empty() => format!("{} ({word} {})", tokens.join(", "), others.join(", ")),
        _ => tokens.join(", "),
    }
}

/// The tokens of `rows` as a choice: `bye, 1, ½ or 0`.
pub fn either<'a>(rows: impl Iterator<Item = &'a ResultToken>) -> String {
    let tokens: Vec<&str> = rows.map(|r| r.token).collect();
    match tokens.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => tokens.concat(),
    }
}

/// The tokens of `notation` that mean a game played and rated.
pub fn played(notation: Notation) -> impl Iterator<Item = &'static ResultToken> {
    tokens(notation).filter(|r| matches!(r.meaning, Meaning::Played(_)))
}

/// The tokens of `notation` that mean a game won or lost without play.
pub fn forfeits(notation: Notation) -> impl Iterator<Item = &'static ResultToken> {
    tokens(notation).filter(|r| matches!(r.meaning, Meaning::Forfeit(..)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every spelling each notation reads, with its meaning: a reader's set
    /// that drifts from the table fails here.
    fn read_set(notation: Notation) -> Vec<(&'static str, Meaning)> {
        tokens(notation)
            .flat_map(|r| std::iter::once(&r.token).chain(r.also).chain(r.tolerated).map(move |s| (*s, r.meaning)))
            .collect()
    }

    #[test]
    fn each_notation_reads_exactly_its_tokens() {
        let pairing = [
            ("1-0", Played(1.0)),
            ("0-1", Played(0.0)),
            ("½-½", Played(0.5)),
            ("1/2-1/2", Played(0.5)),
            ("0.5-0.5", Played(0.5)),
            ("=-=", Played(0.5)),
            ("1F-0F", Forfeit(1.0, 0.0)),
            ("+-", Forfeit(1.0, 0.0)),
            ("1f-0", Forfeit(1.0, 0.0)),
            ("+--", Forfeit(1.0, 0.0)),
            ("0F-1F", Forfeit(0.0, 1.0)),
            ("-+", Forfeit(0.0, 1.0)),
            ("0-1f", Forfeit(0.0, 1.0)),
            ("0F-0F", Forfeit(0.0, 0.0)),
            ("--", Forfeit(0.0, 0.0)),
        ];
        assert_eq!(read_set(Pairing), pairing);
        let bye_row = [
            ("bye", Bye(Some(0.0))),
            ("1", Bye(Some(1.0))),
            ("1.0", Bye(Some(1.0))),
            ("½", Bye(Some(0.5))),
            ("0.5", Bye(Some(0.5))),
            ("1/2", Bye(Some(0.5))),
            ("0,5", Bye(Some(0.5))),
            ("=", Bye(Some(0.5))),
            (".5", Bye(Some(0.5))),
            ("0", Bye(Some(0.0))),
            ("0.0", Bye(Some(0.0))),
        ];
        assert_eq!(read_set(ByeRow), bye_row);
        let crosstable = [
            ("1", Played(1.0)),
            ("1.0", Played(1.0)),
            ("½", Played(0.5)),
            ("0.5", Played(0.5)),
            ("=", Played(0.5)),
            ("1/2", Played(0.5)),
            ("0,5", Played(0.5)),
            (".5", Played(0.5)),
            ("0", Played(0.0)),
            ("0.0", Played(0.0)),
            ("1*", Forfeit(1.0, 0.0)),
            ("+", Forfeit(1.0, 0.0)),
            ("1f", Forfeit(1.0, 0.0)),
            ("0*", Forfeit(0.0, 1.0)),
            ("0f", Forfeit(0.0, 1.0)),
            ("-", Dash),
            ("–", Dash),
            ("x", Unplayed),
            ("", Unplayed),
        ];
        assert_eq!(read_set(Crosstable), crosstable);
        let trf = [
            ("1", Played(1.0)),
            ("=", Played(0.5)),
            ("0", Played(0.0)),
            ("+", Forfeit(1.0, 0.0)),
            ("-", Forfeit(0.0, 1.0)),
            ("W", PlayedUnrated(1.0)),
            ("D", PlayedUnrated(0.5)),
            ("L", PlayedUnrated(0.0)),
            ("H", Bye(Some(0.5))),
            ("F", Bye(Some(1.0))),
            ("U", Bye(None)),
            ("Z", Bye(Some(0.0))),
            (" ", Unplayed),
        ];
        assert_eq!(read_set(Trf), trf);
        let board = [
            ("1", Played(1.0)),
            ("½", Played(0.5)),
            ("0.5", Played(0.5)),
            ("1/2", Played(0.5)),
            ("=", Played(0.5)),
            ("0,5", Played(0.5)),
            ("0", Played(0.0)),
        ];
        assert_eq!(read_set(Board), board);
        // Each spelling is read back as its own meaning, and means one thing in its notation.
        for notation in [Pairing, ByeRow, Crosstable, Trf, Board] {
            for (spelling, meaning) in read_set(notation) {
                assert_eq!(read(notation, spelling), Some(meaning), "{notation:?} {spelling:?}");
            }
        }
    }

    #[test]
    fn each_notation_forgives_its_own_slips_only() {
        assert_eq!(read(Pairing, " 1 – 0 "), Some(Played(1.0)));
        assert_eq!(read(Pairing, "1:0"), Some(Played(1.0)));
        assert_eq!(read(Pairing, "½-0.5"), Some(Played(0.5)), "a draw may mix the spellings of ½");
        assert_eq!(read(Pairing, ".5-0,5"), Some(Played(0.5)));
        assert_eq!(read(Crosstable, " X "), Some(Unplayed));
        assert_eq!(read(Trf, "w"), Some(PlayedUnrated(1.0)));
        for (notation, refused) in [
            (Pairing, &["2-0", "1-1", "win", "", "1", "bye", "½-1"][..]),
            (ByeRow, &["1-0", "2", "win", ""]),
            (Crosstable, &["2", "1-0", ":"]),
            (Trf, &["X", "2", "?"]),
            (Board, &[".5", "1.0", "win"]),
        ] {
            for text in refused {
                assert_eq!(read(notation, text), None, "{notation:?} {text:?}");
            }
        }
    }

    #[test]
    fn the_diagnostics_lists_come_from_the_table() {
        assert_eq!(listed(played(Pairing), Some("also")), "1-0, 0-1, ½-½ (also 1/2-1/2, 0.5-0.5, =-=)");
        assert_eq!(listed(forfeits(Pairing), None), "1F-0F, 0F-1F, 0F-0F");
        assert_eq!(either(tokens(ByeRow)), "bye, 1, ½ or 0");
        assert_eq!(spellings(Crosstable), ["1", "½", "0.5", "=", "0", "1*", "+", "0*", "-", "x"]);
        assert_eq!(token(Pairing, Played(0.5)), Some("½-½"));
        assert_eq!(token(Crosstable, Forfeit(0.0, 1.0)), Some("0*"));
    }
}

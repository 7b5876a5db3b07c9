//! Tests of `[rating_lists]` in period.toml: the lists declared, and each finding at its line.

use crate::config::{Bound, PeriodConfig, RatingList, StartFrom};
use crate::model::rate_of_play::{RateBoundaries, RateOfPlay};
use crate::model::system::SystemName;

const TOP: &str = r#"federation   = "Australian Chess Federation"
period       = "August 1993"
published    = 1993-08-01
start        = 1993-04-01
end          = 1993-07-31
active_since = 1992-01-01

[states]
V = "Victoria"
"#;

/// `TOP` with `lists` after it, and the line (from 1) of `lists`' first line.
fn with(lists: &str) -> (Result<PeriodConfig, Vec<String>>, usize) {
    (PeriodConfig::read(&format!("{TOP}{lists}")), TOP.lines().count() + 1)
}

const THREE: &str = r#"
[rating_lists.standard]
system = "fide"

[rating_lists.rapid]
system = "fide"
start_from = "standard"

[rating_lists.blitz]
system = "glicko2"

[rating_lists.blitz.rules]
tau = 0.4
"#;

#[test]
fn three_lists_are_read_with_fides_boundaries() {
    let (c, first) = with(THREE);
    let c = c.unwrap();
    let names: Vec<&str> = c.rating_lists.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["standard", "rapid", "blitz"]);
    assert_eq!(c.rating_lists[0].play, [RateOfPlay::Standard], "a list named for a rate of play takes it");
    assert_eq!(c.rating_lists[1].start_from, Some(StartFrom::List("standard".into())));
    assert_eq!(c.rating_lists[2].system, SystemName::Glicko2);
    assert_eq!(c.rating_lists[2].rules.table.get("tau"), Some(&toml::Value::Float(0.4)));
    assert_eq!(c.rating_lists[2].rules.line("tau") as usize, first + 12, "each setting at its line");
    assert_eq!(c.rating_lists[1].line as usize, first + 4);
    assert_eq!(c.boundaries, RateBoundaries::FIDE);
    // The main list (standard) gives the configuration's rule set, settings and play.
    assert_eq!((c.system, c.main_list()), (SystemName::Fide, Some(0)));
    assert_eq!(c.play, [RateOfPlay::Standard]);
    assert!(c.rates_standard_play());
    let blitz = c.for_list(2);
    assert_eq!((blitz.system, blitz.play.as_slice()), (SystemName::Glicko2, &[RateOfPlay::Blitz][..]));
    assert!(!blitz.rates_standard_play());
    assert_eq!(blitz.rules.table.get("tau"), Some(&toml::Value::Float(0.4)));
}

#[test]
fn written_lists_read_back_unchanged() {
    let (c, _) = with(THREE);
    let mut c = c.unwrap();
    assert_eq!(PeriodConfig::parse(&c.to_toml()).unwrap(), c);
    let text = c.to_toml();
    assert!(!text.contains("\nsystem       ="), "no top-level system beside the lists:\n{text}");
    assert!(
        text.contains("[rating_lists.rapid]\nsystem = \"fide\"\nplay = [\"rapid\"]\nstart_from = \"standard\"\n"),
        "{text}"
    );
    // Moved bounds, a list of two rates, and start_from = "none".
    c.rating_lists.truncate(1);
    let mut quick = RatingList::new("quick", SystemName::Acf, &[RateOfPlay::Rapid, RateOfPlay::Blitz]);
    quick.minutes.upper = Some(Bound::LessThan(45 * 60));
    quick.start_from = Some(StartFrom::Nobody);
    c.rating_lists.push(quick);
    c.rating_lists[0].minutes.lower = Some(Bound::AtLeast(45 * 60));
    let text = c.to_toml();
    let back = PeriodConfig::parse(&text).unwrap();
    assert_eq!(back.rating_lists, c.rating_lists, "{text}");
    assert_eq!(back.boundaries, RateBoundaries { rapid_from: 601, standard_from: 2700 });
    assert!(text.contains("minutes = { less_than = 45 }"), "{text}");
    let mut odd = back.clone();
    odd.rating_lists[1].minutes.upper = Some(Bound::AtMost(750));
    odd.rating_lists[0].minutes.lower = Some(Bound::MoreThan(750));
    let again = PeriodConfig::parse(&odd.to_toml()).unwrap();
    assert_eq!(again.rating_lists, odd.rating_lists, "12.5 minutes written and read back");
    assert_eq!(again.boundaries.standard_from, 751);
}

#[test]
fn a_folder_without_rating_lists_keeps_one_list_and_its_bytes() {
    let c = PeriodConfig::example(SystemName::Fide);
    assert!(c.rating_lists.is_empty() && c.play.is_empty() && c.main_list().is_none());
    assert!(c.rates_standard_play());
    assert!(!c.to_toml().contains("rating_lists"));
    assert!(c.to_toml().contains("\nsystem       = \"fide\""));
}

/// The one error `lists` gives, after TOP (the line numbers counted from
/// the line after TOP).
fn error(lists: &str) -> String {
    let (result, _) = with(lists);
    let errors = result.expect_err("an error");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    errors[0].clone()
}

#[test]
fn an_unknown_key_is_named_at_its_line() {
    let first = TOP.lines().count() + 1;
    let err = error("\n[rating_lists.rapid]\nsystem = \"acf\"\nplays = [\"rapid\"]\n");
    assert!(
        err.starts_with(&format!(
            "line {}: [rating_lists.rapid] has an unknown setting `plays`: the settings are system, play",
            first + 3
        )),
        "{err}"
    );
    let err = error("\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { more_then = 15 }\n");
    assert!(err.contains("minutes has an unknown bound `more_then`"), "{err}");
}

#[test]
fn two_lists_claiming_one_rate_of_play_are_named_both() {
    let first = TOP.lines().count() + 1;
    let err = error("\n[rating_lists.rapid]\nsystem = \"acf\"\n\n[rating_lists.quick]\nsystem = \"acf\"\nplay = [\"rapid\", \"blitz\"]\n");
    assert_eq!(
        err,
        format!(
            "line {}: rapid play is taken by both [rating_lists.rapid] and [rating_lists.quick] (line {}): each rate of play goes to one list",
            first + 4,
            first + 1
        )
    );
}

#[test]
fn a_list_with_no_rule_set_or_no_rate_of_play_is_an_error() {
    let first = TOP.lines().count() + 1;
    let err = error("\n[rating_lists.rapid]\nstart_from = \"none\"\n");
    assert!(
        err.starts_with(&format!("line {}: [rating_lists.rapid] names no rule set: add system = ", first + 1)),
        "{err}"
    );
    let err = error("\n[rating_lists.quick]\nsystem = \"acf\"\n");
    assert!(err.contains("[rating_lists.quick] takes no rate of play: add play = "), "{err}");
    let err = error("\n[rating_lists.rapid]\nsystem = \"elo\"\n");
    assert!(err.contains("system = \"elo\": use acf"), "{err}");
    let err = error("\n[rating_lists.mixed]\nsystem = \"acf\"\nplay = [\"standard\", \"blitz\"]\n");
    assert!(err.contains("skips a rate of play"), "{err}");
    let err =
        error("\n[rating_lists.rapid]\nsystem = \"acf\"\n[rating_lists.Rapid]\nsystem = \"acf\"\nplay = [\"blitz\"]\n");
    assert!(err.contains("are one name to the player file"), "{err}");
    let err = error("\n[rating_lists.rapid]\nsystem = \"acf\"\nstart_from = \"classic\"\n");
    assert!(err.contains("start_from = \"classic\" names no list: the lists are rapid"), "{err}");
}

#[test]
fn bounds_that_leave_a_gap_or_an_overlap_are_named_with_both_lines() {
    let first = TOP.lines().count() + 1;
    let gap = "\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { more_than = 15 }\n\n\
               [rating_lists.blitz]\nsystem = \"acf\"\nminutes = { at_most = 10 }\n";
    let err = error(gap);
    assert_eq!(
        err,
        format!(
            "line {}: [rating_lists.rapid] minutes.more_than = 15 and [rating_lists.blitz] minutes.at_most = 10 (line {}) leave a gap: no list takes a time for 60 moves of more than 10 minutes and 15 minutes or less: make the two bounds meet",
            first + 3,
            first + 7
        )
    );
    let overlap = "\n[rating_lists.standard]\nsystem = \"acf\"\nminutes = { at_least = 45 }\n\n\
                   [rating_lists.rapid]\nsystem = \"acf\"\nminutes = { less_than = 90 }\n";
    let err = error(overlap);
    assert!(
        err.contains(
            "leave an overlap: both lists take a time for 60 moves of at least 45 minutes and less than 90 minutes"
        ),
        "{err}"
    );
    // One list moving a boundary moves it for the list beside it: no gap.
    let moved = "\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { at_least = 15 }\n\n\
                 [rating_lists.blitz]\nsystem = \"acf\"\n";
    let c = with(moved).0.unwrap();
    assert_eq!(c.boundaries, RateBoundaries { rapid_from: 900, standard_from: 3600 });
    // Bounds that meet are no gap, whatever words they use.
    let meet = "\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { at_least = 15 }\n\n\
                [rating_lists.blitz]\nsystem = \"acf\"\nminutes = { less_than = 15 }\n";
    assert!(with(meet).0.is_ok());
    // Rapid crossed out by the bounds around it.
    let crossed = "\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { more_than = 70 }\n";
    assert!(error(crossed).contains("leave rapid play empty"), "{}", error(crossed));
    // A bound where a rate of play has none.
    assert!(error("\n[rating_lists.standard]\nsystem = \"acf\"\nminutes = { less_than = 500 }\n").contains("no end"));
    assert!(
        error("\n[rating_lists.blitz]\nsystem = \"acf\"\nminutes = { at_least = 3 }\n").contains("begins at no time")
    );
    assert!(
        error("\n[rating_lists.rapid]\nsystem = \"acf\"\nminutes = { more_than = 10.001 }\n").contains("whole seconds")
    );
}

#[test]
fn the_top_level_rule_set_and_the_lists_are_not_both_given() {
    let err = PeriodConfig::read(&format!("system = \"acf\"\n{TOP}\n[rating_lists.standard]\nsystem = \"fide\"\n"))
        .unwrap_err();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(
        err[0].starts_with("line 1: `system` stands at the top of period.toml and [rating_lists] declares the lists"),
        "{}",
        err[0]
    );
    let err =
        PeriodConfig::read(&format!("{TOP}\n[rules]\ntau = 0.3\n\n[rating_lists.standard]\nsystem = \"glicko2\"\n"))
            .unwrap_err();
    assert!(err[0].contains("`rules` stands at the top"), "{err:?}");
    let err = PeriodConfig::read(&format!("{TOP}\n[rating_lists]\n")).unwrap_err();
    assert!(err[0].contains("[rating_lists] names no list"), "{err:?}");
}

#[test]
fn every_mistake_in_the_lists_is_named_at_once() {
    let text = "\n[rating_lists.rapid]\nsystem = \"acf\"\ncolour = 1\n\n[rating_lists.quick]\nplay = [\"rapid\"]\n\n\
                [rating_lists.blitz]\nsystem = \"acf\"\nminutes = { at_most = \"ten\" }\n";
    let errors = with(text).0.unwrap_err();
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(errors[1].contains("[rating_lists.quick] names no rule set"), "{errors:#?}");
    assert!(
        errors[3].contains("rapid play is taken by both [rating_lists.rapid] and [rating_lists.quick]"),
        "{errors:#?}"
    );
}

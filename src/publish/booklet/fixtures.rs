//! Made-up booklets for the tests: a small one with every part, and a
//! national-sized one.

use crate::publish::booklet_data::*;
use crate::rate::tables::{Table1Line, Table2Line};

/// A row whose one figure is `figure` (games, age or increase).
pub(super) fn row(place: Option<u32>, rating: &str, figure: i64, state: &str, name: &str) -> RankedRow {
    RankedRow {
        place,
        rating: rating.into(),
        figures: vec![Some(figure)],
        texts: vec![figure.to_string()],
        state: state.into(),
        name: name.into(),
    }
}

/// A list's first figure, set row by row.
fn set_figures(list: &mut RankedList, values: &[i64], text: impl Fn(i64) -> String) {
    for (r, &v) in list.rows.iter_mut().zip(values) {
        r.figures = vec![Some(v)];
        r.texts = vec![text(v)];
    }
}

fn list(title: &str, subtitle: &str, heading: &str, rows: Vec<RankedRow>) -> RankedList {
    RankedList {
        title: title.into(),
        subtitle: subtitle.into(),
        headings: vec![heading.into()],
        bars: heading == "Increase",
        rows,
    }
}

pub(super) fn player(rating: &str, games: u32, name: &str) -> StateRow {
    let value = rating.trim_end_matches('p').parse::<f64>().ok().map(|v| v + 0.25);
    StateRow { rating: rating.into(), games, name: name.into(), value }
}

pub(super) fn event(code: &str, name: &str, state: &str, note: &str) -> EventLine {
    EventLine {
        code: code.into(),
        name: name.into(),
        state: state.into(),
        dates: "5\u{2013}6 Jun".into(),
        note: note.into(),
    }
}

/// A small Statistics section: one table with an empty band, both charts.
fn statistics() -> StatisticsSection {
    let text = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<String>>();
    let point = |period: &str, mean: f64, top: Option<f64>| crate::statistics::TrendPoint {
        period: period.into(),
        mean: Some(mean),
        median: Some(mean - 12.0),
        top_100: top,
    };
    StatisticsSection {
        tables: vec![PrintedTable {
            name: "By Age".into(),
            note: "The rated pool by age at the age date; a band with no players has no figures".into(),
            columns: text(&["Age band", "Players", "Mean", "Best"]),
            numeric: vec![false, true, true, false],
            rows: vec![
                text(&["Under 12", "0", "", ""]),
                text(&["12\u{2013}15", "3", "1412.3", "Tao, Trevor"]),
                text(&["Age unknown", "2", "-12.5", "Rogers, Ian"]),
            ],
        }],
        distribution_from: 1000,
        distribution_band: 100,
        distribution: vec![2, 5, 9, 4, 0, 1],
        trend: vec![
            point("August 1992", 1501.5, None),
            point("April 1993", 1498.0, Some(2101.0)),
            point("August 1993", 1503.2, Some(2110.4)),
        ],
    }
}

/// A small booklet with every part: three states, every kind of list, long
/// and accented names, events rated and not, and a few rows of each table.
pub(super) fn fixture() -> BookletData {
    let active = "Confirmed players active since 1 January 1992";
    let top = list(
        "Top Players",
        active,
        "Games",
        vec![
            row(Some(1), "2577", 32, "V", "Rogers, Ian"),
            row(Some(2), "2452", 42, "V", "Johansen, Darryl"),
            row(Some(3), "2433", 31, "W", "Đorđević, Zoë"),
            row(None, "2433", 12, "A", "Solomon, Stephen"),
            row(Some(5), "2389", 29, "W", "Müller-Lüdenscheidt-Ångström, Anna-Maria"),
            row(Some(6), "2301", 9, "W", "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
        ],
    );
    let mut u20 = list(
        "Top Under 20",
        "Ages as at 1 January 1993",
        "Age",
        vec![
            row(Some(1), "2276", 16, "V", "Wallace, John-Paul"),
            row(Some(2), "2115", 19, "A", "Speck, Nicholas S"),
            row(Some(3), "1877", 15, "W", "Tao, Trevor"),
        ],
    );
    set_figures(&mut u20, &[19, 18, 15], |a| a.to_string());
    let u12 = list(
        "Top Under 12",
        "Ages as at 1 January 1993",
        "Age",
        vec![row(Some(1), "1294", 11, "A", "McDougall, William")],
    );
    let females = list(
        "Top Females",
        active,
        "Games",
        vec![row(Some(1), "2096", 0, "V", "Feldman, Irene"), row(Some(2), "2092", 3, "W", "Aladjova-Wills, Katrin")],
    );
    let mut improvers = list(
        "Top Improvers",
        "Rise in the printed rating this period",
        "Increase",
        vec![
            row(Some(1), "1817", 58, "V", "Beaumont, David"),
            row(Some(2), "1518", 20, "W", "Ryan, Reg"),
            row(Some(3), "1377", 12, "A", "Zeve, Ladislav Jnr"),
            row(Some(4), "1290", 40, "W", "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
        ],
    );
    set_figures(&mut improvers, &[354, 237, 234, 109], |g| format!("{g:+}"));
    let states = vec![
        StateSection {
            code: "V".into(),
            name: "Victoria".into(),
            players: vec![
                player("1111p", 6, "Beaumont, David"),
                player("2452", 42, "Johansen, Darryl"),
                player("2577", 32, "Rogers, Ian"),
                player("2R", 7, "Wouters, Eddy"),
            ],
        },
        StateSection {
            code: "W".into(),
            name: "Western Australia".into(),
            players: vec![
                player("1572", 11, "Andrews, Charlie"),
                player("Unr", 2, "Angelos, Bradley"),
                player("2433", 31, "Đorđević, Zoë"),
                player("2389", 29, "Müller-Lüdenscheidt-Ångström, Anna-Maria"),
                player("1085p", 9, "D'Souza, Christine"),
                player("7R", 2, "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"),
            ],
        },
        StateSection {
            code: "A".into(),
            name: "Australian Capital Territory".into(),
            players: vec![
                player("1383", 15, "Abramov, Alex"),
                player("2433", 12, "Solomon, Stephen"),
                player("900p", 9, "Cavazzoni, Antonio"),
            ],
        },
    ];
    BookletData {
        federation: "Australian Chess Federation".into(),
        period: "August 1993".into(),
        published: "1993-08-01".into(),
        published_long: "1 August 1993".into(),
        active_since_long: "1 January 1992".into(),
        age_date_long: "1 January 1993".into(),
        system: "acf".into(),
        words: crate::model::words::ACF,
        rules: crate::rate::rule_set(crate::model::system::SystemName::Acf).rules_text(),
        lists: vec![top, u20, u12, females, improvers],
        statistics: statistics(),
        switched: None,
        part: None,
        parts: Vec::new(),
        states,
        events_rated: vec![
            StateEvents {
                code: "V".into(),
                name: "Victoria".into(),
                events: vec![
                    event("V93019", "Victorian Major", "V", ""),
                    event("V93020", "MCC Easter Open", "V", "late"),
                ],
            },
            StateEvents {
                code: "W".into(),
                name: "Western Australia".into(),
                events: vec![event("W93005", "Foundation Day", "W", "")],
            },
            StateEvents { code: "A".into(), name: "Australian Capital Territory".into(), events: vec![] },
        ],
        events_not_rated: vec![
            event("A93115", "Tuggeranong Blitz", "A", "time control too fast: 5 minutes a game"),
            event("V93040", "Box Hill Spring Open", "V", "deferred: ends after the period"),
        ],
        tables: SystemTables {
            table1: [(".99", 677), (".75", 193), (".50", 0), (".21", -230), (".20", -240), (".01", -677)]
                .into_iter()
                .map(|(p, dp)| Table1Line { p: p.into(), dp })
                .collect(),
            table2: [
                ("0-3", ".50", ".50"),
                ("198-206", ".76", ".24"),
                ("236-245", ".80", ".20"),
                ("736+", "1.00", ".00"),
            ]
            .into_iter()
            .map(|(d, h, l)| Table2Line { difference: d.into(), higher: h.into(), lower: l.into() })
            .collect(),
        },
        totals: Totals { active_players: 13, rated_events: 3, games_rated: 1234 },
    }
}

/// A national-sized booklet: `players` made-up players across seven states,
/// 60-row lists, about a hundred events, and the full tables.
pub(super) fn big_fixture(players: usize) -> BookletData {
    const SURNAMES: &[&str] = &[
        "Smith",
        "Nguyen",
        "Jones",
        "Williams",
        "Brown",
        "Wilson",
        "Taylor",
        "Johnson",
        "White",
        "Martin",
        "Anderson",
        "Thompson",
        "Tran",
        "Walker",
        "Harris",
        "Lee",
        "Ryan",
        "Robinson",
        "Kelly",
        "King",
        "Papadopoulos",
        "Kowalczyk",
        "O'Sullivan",
        "Đorđević",
        "Müller",
        "Østergaard",
        "Van Der Kooy",
        "Radosavljevic",
        "Schwarzenegger-Lindqvist",
        "Abdurakhmanov",
        "Fitzgerald-Smythe",
        "Zhang",
        "Wang",
        "Chen",
        "Ivanchuk",
        "Jamieson",
        "Leskiewicz",
        "Szuveges",
        "Rozycki",
        "Ngata",
        "Pizzato",
    ];
    const FIRST: &[&str] = &[
        "Ian",
        "Darryl",
        "Zoë",
        "Anna-Maria",
        "Stephen",
        "Mikhail",
        "Robert",
        "Aleksandar",
        "Guy",
        "Haydn J",
        "John-Paul",
        "Arvids",
        "Naum",
        "Tim",
        "Terrey I",
        "Murray D",
        "Michael",
        "Maxwell",
        "Leonid",
        "Gregory",
        "Bill",
        "Douglas G",
        "Craig",
        "Chloé",
        "Søren",
        "Thi Thu Hương",
        "Ana Lucía",
        "Krzysztof",
        "Eu-Jin",
    ];
    const STATES: &[(&str, &str)] = &[
        ("N", "New South Wales"),
        ("V", "Victoria"),
        ("Q", "Queensland"),
        ("S", "South Australia"),
        ("W", "Western Australia"),
        ("A", "Australian Capital Territory"),
        ("T", "Tasmania"),
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut by_state: Vec<Vec<StateRow>> = vec![Vec::new(); STATES.len()];
    let mut all = Vec::new();
    for _ in 0..players {
        let s = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 5, 6][next(13) as usize];
        let name =
            format!("{}, {}", SURNAMES[next(SURNAMES.len() as u64) as usize], FIRST[next(FIRST.len() as u64) as usize]);
        let games = next(40) as u32;
        let kind = next(20);
        let value = 600.0 + (next(900) + next(900)) as f64 + next(100) as f64 / 100.0;
        let (rating, value) = match kind {
            0 => ("Unr".to_string(), None),
            1 | 2 => (format!("{}R", 1 + next(8)), None),
            3..=5 => (format!("{}p", value.round()), Some(value)),
            _ => (format!("{}", value.round()), Some(value)),
        };
        all.push((value.unwrap_or(0.0), games, STATES[s].0, name.clone()));
        by_state[s].push(StateRow { rating, games, name, value });
    }
    for rows in &mut by_state {
        rows.sort_by(|a, b| a.name.cmp(&b.name));
    }
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let ranked = |title: &str, subtitle: &str, heading: &str, skip: usize| RankedList {
        title: title.into(),
        subtitle: subtitle.into(),
        headings: vec![heading.into()],
        bars: heading == "Increase",
        rows: all
            .iter()
            .skip(skip)
            .take(60)
            .enumerate()
            .map(|(i, (v, games, state, name))| {
                let (figure, text) = match heading {
                    "Age" => (10 + (i as i64 % 9), (10 + (i as i64 % 9)).to_string()),
                    "Increase" => (400 - 5 * i as i64, format!("{:+}", 400 - 5 * i as i64)),
                    _ => (*games as i64, games.to_string()),
                };
                RankedRow {
                    place: Some(i as u32 + 1),
                    rating: format!("{}", v.round()),
                    figures: vec![Some(figure)],
                    texts: vec![text],
                    state: state.to_string(),
                    name: name.clone(),
                }
            })
            .collect(),
    };
    let lists = vec![
        ranked("Top Players", "Confirmed players active since 1 January 1992", "Games", 0),
        ranked("Top Under 20", "Ages as at 1 January 1993", "Age", 40),
        ranked("Top Under 16", "Ages as at 1 January 1993", "Age", 300),
        ranked("Top Under 12", "Ages as at 1 January 1993", "Age", 900),
        ranked("Top Females", "Confirmed players active since 1 January 1992", "Games", 20),
        ranked("Top Improvers", "Rise in the printed rating this period", "Increase", 500),
    ];
    let states = STATES
        .iter()
        .zip(by_state)
        .map(|((code, name), players)| StateSection { code: code.to_string(), name: name.to_string(), players })
        .collect();
    let events_rated = STATES
        .iter()
        .map(|(code, name)| StateEvents {
            code: code.to_string(),
            name: name.to_string(),
            events: (0..14)
                .map(|i| {
                    let note = if i == 3 { "late" } else { "" };
                    event(
                        &format!("{code}931{i:02}"),
                        &format!("{name} Club Championship Division {}", i + 1),
                        code,
                        note,
                    )
                })
                .collect(),
        })
        .collect();
    let mut data = fixture();
    data.lists = lists;
    data.states = states;
    data.events_rated = events_rated;
    data.tables = crate::rate::tables::booklet_tables();
    data.totals = Totals { active_players: players as u32, rated_events: 98, games_rated: 21_345 };
    data
}

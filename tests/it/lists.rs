//! The lists as players and officers read them: names in the order of a
//! Unicode collation, namesakes told apart, and ratings.xlsx with the rating
//! as a number, its mark and the status beside it.

use ratebook::model::{Player, Status};

use crate::common::*;

/// Active confirmed players of Victoria with the names of the issue, two
/// namesakes among them, each having played one drawn game this period.
fn fixture() -> (Fixture, Vec<Player>) {
    let f = Fixture::new(AUGUST_1993);
    let names = [
        ("Zieliński", "Piotr"),
        ("Ångström", "Anders"),
        ("Đorđević", "Milan"),
        ("Šimić", "Ivan"),
        ("Sørensen", "Søren"),
        ("Sutton", "Tom"),
        ("Dunn", "Dan"),
        ("Anderson", "Stephen"),
        ("ANDERSON", "Stephen"),
        ("Abbott", "Ann"),
    ];
    let players: Vec<Player> = names
        .iter()
        .enumerate()
        .map(|(i, (s, n))| player(100 + i as u32, s, n, "V", Status::Confirmed, Some(1500.0 + 10.0 * i as f64), 40))
        .collect();
    f.players(players.clone());
    let entrants = players.iter().enumerate().map(|(i, p)| entrant(i as u32 + 1, p)).collect();
    let games = (0..5u32).map(|k| (1, 2 * k + 1, Some(2 * k + 2), "½-½")).collect();
    f.report(&event("V93001", "V", date(1993, 6, 6), entrants, games));
    (f, players)
}

#[test]
fn names_are_listed_by_their_letter_and_namesakes_told_apart() {
    let (f, _) = fixture();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let vic = sheet_rows(&f.out().join("ratings.xlsx"), "Victoria");
    let name = column(&vic, "Name");
    let listed: Vec<&str> = vic[1..].iter().map(|r| r[name].split(',').next().unwrap()).collect();
    assert_eq!(
        listed,
        ["Abbott", "Anderson", "ANDERSON", "Ångström", "Đorđević", "Dunn", "Šimić", "Sørensen", "Sutton", "Zieliński"],
        "root collation: accented letters stand with their base letter"
    );
    // The booklet's state list: the same order, and the two Stephen Andersons with their IDs.
    let booklet = ratebook::commands::booklet_data(&f.data()).unwrap();
    let state = booklet.states.iter().find(|s| s.code == "V").unwrap();
    let printed: Vec<&str> = state.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(printed[1], "Anderson, Stephen (107)");
    assert_eq!(printed[2], "ANDERSON, Stephen (108)");
    assert_eq!(printed[3], "Ångström, Anders", "a name nobody shares prints without its ID");
    assert_eq!(printed.last(), Some(&"Zieliński, Piotr"));
}

#[test]
fn the_collation_is_the_one_period_toml_names() {
    let (f, _) = fixture();
    let toml = std::fs::read_to_string(f.data().join("period.toml")).unwrap();
    let swedish = toml.replace("collation    = \"und\"", "collation    = \"sv\"");
    assert_ne!(toml, swedish, "period.toml names the collation");
    std::fs::write(f.data().join("period.toml"), swedish).unwrap();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let vic = sheet_rows(&f.out().join("ratings.xlsx"), "Victoria");
    let name = column(&vic, "Name");
    assert!(vic.last().unwrap()[name].starts_with("Ångström"), "Swedish puts Å after Z");

    std::fs::write(f.data().join("period.toml"), toml.replace("collation    = \"und\"", "collation    = \"?? x\""))
        .unwrap();
    let run = f.run(&["period"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("`collation`"), "{}", stderr(&run));
}

#[test]
fn the_workbook_has_the_rating_as_a_number_and_the_status() {
    let (f, _) = fixture();
    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let path = f.out().join("ratings.xlsx");
    let vic = sheet_rows(&path, "Victoria");
    assert_eq!(vic[0], ["Rating", "Mark", "Status", "Games", "Name", "ID", "Change", "Rating unrounded"]);
    let abbott = vic.iter().find(|r| r[4] == "Abbott, Ann").unwrap();
    let value: f64 = abbott[7].parse().unwrap();
    // The change since the list before: the new rating as printed minus the
    // old one as printed (1589.85 → 1590 after 1590 is 0), in the lists and
    // in the next player file (which reads back without it).
    let id: u32 = abbott[5].parse().unwrap();
    let old = crate::common::find(&read_players(&f.data().join("players.xlsx")), id).rating.unwrap();
    let change: f64 = abbott[6].parse().unwrap();
    assert_eq!(change, ((value + 0.5).floor() - (old + 0.5).floor()), "{change} = {value} - {old}, as printed");
    let next = sheet_rows(&f.out().join("players.xlsx"), "Players");
    let at = column(&next, "Change");
    let row = next.iter().find(|r| r[0] == id.to_string()).unwrap();
    assert_eq!(row[at].parse::<f64>().unwrap(), change, "the next player file's Change is the lists' own");
    assert!(read_players(&f.out().join("players.xlsx")).extra_columns.is_empty(), "Change is not carried");
    assert_eq!(abbott[0], format!("{}", (value + 0.5).floor()), "the printed rating is the value rounded");
    assert_eq!(abbott[1], "", "a confirmed rating has no mark");
    assert_eq!(abbott[2], "confirmed");
    // The rating and the unrounded one are number cells.
    use calamine::{Data, Reader};
    let mut wb = calamine::open_workbook_auto(&path).unwrap();
    let range = wb.worksheet_range("Victoria").unwrap();
    assert!(matches!(range.get_value((1, 0)), Some(Data::Float(_))), "{:?}", range.get_value((1, 0)));
    assert!(matches!(range.get_value((1, 7)), Some(Data::Float(_))), "{:?}", range.get_value((1, 7)));
    // Every sheet can be filtered: each sheet's XML has an autoFilter.
    let file = std::fs::File::open(&path).unwrap();
    let mut zip = zip::ZipArchive::new(file).unwrap();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).unwrap();
        let name = entry.name().map(|n| n.to_string()).unwrap_or_default();
        if name.starts_with("xl/worksheets/sheet") {
            let mut xml = String::new();
            std::io::Read::read_to_string(&mut entry, &mut xml).unwrap();
            assert!(xml.contains("<autoFilter"), "{name} has a filter");
        }
    }
    // Figures carry no noise of binary fractions: −0.3, not −0.30000000000000027.
    let calc = sheet_rows(&path, "Calculations");
    for row in &calc[1..] {
        for cell in &row[5..] {
            assert!(cell.len() < 12, "a tidy figure: {cell} in {row:?}");
        }
    }
}

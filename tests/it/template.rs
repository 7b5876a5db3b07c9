//! `ratebook template` writes the workbook a state officer starts from; read
//! back by `check`, both layouts give no error and their example events rate.

use crate::common::*;

#[test]
fn templates_check_clean_and_publish() {
    let f = Fixture::new(AUGUST_1993);
    f.players(vec![]);
    let reports = f.data().join("reports/V");
    std::fs::create_dir_all(&reports).unwrap();
    let games = reports.join("games.xlsx");
    let cross = reports.join("crosstable.xlsx");
    let run = ratebook(&["template", games.to_str().unwrap(), "--data", f.data().to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    let run = ratebook(&["template", cross.to_str().unwrap(), "--crosstable", "--data", f.data().to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));

    let sheets: Vec<String> = {
        use calamine::Reader;
        calamine::open_workbook_auto(&games).unwrap().sheet_names()
    };
    for s in ["Event", "Players", "Games", "Notes"] {
        assert!(sheets.contains(&s.to_string()), "{s} in {sheets:?}");
    }

    let run = f.run(&["check"]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(0), "{err}");
    assert!(!err.contains("error["), "{err}");

    let run = f.run(&["period"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let players = read_players(&f.out().join("players.xlsx"));
    assert!(players.players.len() >= 12, "the examples' newcomers joined the file");
}

//! The officer's year of issue 43, through the binary on a generated
//! federation: publish; next; publish; correct an earlier period (an event
//! withdrawn); the outputs show the corrected list; next and publish;
//! switch to Glicko-2; compare from the switched history. The invariants
//! are checked after each step.

use super::invariants::check;
use super::officer::Officer;
use crate::common::stderr;

#[test]
fn an_officers_year_publish_next_correct_next_switch_compare() {
    let mut o = Officer::new(80, 8, 4301);
    let (out, record) = (o.out(), o.record());

    o.ok(&["period"]);
    check(&out, &record, "August 1993 published");

    o.ok(&["next", "--from", out.to_str().unwrap()]);
    check(&out, &record, "next: August 1994 started");
    o.draw_reports(&out.join("players.xlsx"));
    o.ok(&["period"]);
    check(&out, &record, "August 1994 published");

    // An event of August 1993 whose players played on in August 1994
    // (and which gave no newcomer an ID) is withdrawn.
    let code = o.query(
        "SELECT e.code FROM events e WHERE e.period = 'August 1993' AND e.disposition = 'rated'
           AND e.code NOT IN (SELECT event FROM newcomer)
           AND EXISTS (SELECT 1 FROM games g JOIN games h ON h.period = 'August 1994'
                       AND g.white_id IN (h.white_id, h.black_id) WHERE g.period = 'August 1993' AND g.event = e.code)
         ORDER BY e.code LIMIT 1",
    )[0][0]
        .clone();
    let printed = "SELECT player_id, printed FROM ratings WHERE period = 'August 1994' ORDER BY player_id";
    let before = o.query(printed);
    let run = o.ok(&["rerate", "--from", "August 1993", "--withdraw", &code]);
    assert!(stderr(&run).contains(&out.display().to_string()), "{}", stderr(&run));
    check(&out, &record, "August 1993 corrected");
    let after = o.query(printed);
    let moved = before.iter().zip(&after).filter(|(b, a)| b != a).count();
    assert!(moved > 0, "the correction reaches August 1994's list, which the outputs show");
    assert!(out.join("errata/errata.pdf").is_file(), "the errata beside the corrected list");

    o.ok(&["next", "--from", out.to_str().unwrap()]);
    o.draw_reports(&out.join("players.xlsx"));
    o.ok(&["period"]);
    check(&out, &record, "August 1995 published after the correction");
    assert!(!out.join("errata").exists(), "a new period's publication carries no errata of the one before");

    // The federation moves to Glicko-2 with its next period.
    o.ok(&["next", "--from", out.to_str().unwrap()]);
    o.draw_reports(&out.join("players.xlsx"));
    let settings = o.data().join("period.toml");
    let text = std::fs::read_to_string(&settings).unwrap();
    let system = text.lines().find(|l| l.starts_with("system")).unwrap().to_string();
    std::fs::write(&settings, text.replace(&system, "system = \"glicko2\"")).unwrap();
    o.ok(&["period"]);
    check(&out, &record, "August 1996 published under Glicko-2");
    let systems = o.query("SELECT period, system FROM periods WHERE current = 1 ORDER BY \"end\"");
    assert_eq!(systems.last().unwrap(), &["August 1996".to_string(), "glicko2".into()]);

    // The committee compares from the switched history; the record is untouched.
    let bytes = o.record_bytes();
    let run = o.run(&["compare", "--system", "acf", "--system", "fide"]);
    assert!(run.status.success(), "compare from the switched history:\n{}", stderr(&run));
    assert!(o.record_bytes() == bytes, "compare leaves the record's bytes as they were");
    check(&out, &record, "compared");
}

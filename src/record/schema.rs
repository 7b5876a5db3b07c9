//! The record's tables (the implementation's own), its public views (the
//! stable face record.md names), and the schema version the program migrates.
//!
//! The SQL keeps to what PostgreSQL and other servers also accept (standard
//! types, double-quoted identifiers, no SQLite-only syntax in the views), so
//! the same schema can move to a database server.

/// The schema this ratebook writes (SQLite's `user_version`). A record with a
/// higher version was written by a newer ratebook and is not touched.
pub const VERSION: i64 = 4;

/// SQLite's `application_id` for a ratebook record ("RBK1"): a database of
/// something else is refused, not written into.
pub const APPLICATION_ID: i64 = 0x5242_4B31;

/// Version 1: the tables and the views.
pub const V1: &str = r#"
CREATE TABLE correction (
    id          INTEGER PRIMARY KEY,
    from_period TEXT NOT NULL,
    what        TEXT NOT NULL,
    detail      TEXT NOT NULL
);

CREATE TABLE revision (
    id               INTEGER PRIMARY KEY,
    period           TEXT NOT NULL,
    revision         INTEGER NOT NULL,
    "start"          TEXT NOT NULL,
    "end"            TEXT NOT NULL,
    published        TEXT NOT NULL,
    system           TEXT NOT NULL,
    ratebook_version TEXT NOT NULL,
    inputs_sha256    TEXT,
    outputs_sha256   TEXT,
    -- staged: recorded with outputs not yet in place; published: in place.
    state            TEXT NOT NULL,
    -- what made it: period, rerate, merge, import.
    source           TEXT NOT NULL,
    -- also written into the output folder, so that a run killed between the
    -- two commits can tell whether the outputs went in.
    token            TEXT NOT NULL,
    correction_id    INTEGER REFERENCES correction (id),
    UNIQUE (period, revision)
);
CREATE INDEX revision_by_end ON revision ("end", state);

CREATE TABLE blob (
    sha256 TEXT PRIMARY KEY,
    bytes  BLOB NOT NULL
);

CREATE TABLE revision_file (
    revision_id INTEGER NOT NULL REFERENCES revision (id),
    path        TEXT NOT NULL,
    sha256      TEXT NOT NULL REFERENCES blob (sha256),
    PRIMARY KEY (revision_id, path)
);

CREATE TABLE player_line (
    revision_id  INTEGER NOT NULL REFERENCES revision (id),
    player_id    INTEGER NOT NULL,
    surname      TEXT NOT NULL,
    first_names  TEXT NOT NULL,
    state        TEXT,
    status       TEXT NOT NULL,
    rating       REAL,
    printed      TEXT NOT NULL,
    games_period INTEGER NOT NULL,
    games_total  INTEGER NOT NULL,
    change       REAL,
    PRIMARY KEY (revision_id, player_id)
);
CREATE INDEX player_line_by_player ON player_line (player_id);

CREATE TABLE event_line (
    revision_id INTEGER NOT NULL REFERENCES revision (id),
    code        TEXT NOT NULL,
    name        TEXT NOT NULL,
    state       TEXT NOT NULL,
    "start"     TEXT NOT NULL,
    "end"       TEXT NOT NULL,
    disposition TEXT NOT NULL,
    reason      TEXT NOT NULL
);
-- (Not keyed by code: a report with errors, skipped, may repeat another's code.)
CREATE INDEX event_line_by_revision ON event_line (revision_id, code);

CREATE TABLE game_line (
    revision_id  INTEGER NOT NULL REFERENCES revision (id),
    event        TEXT NOT NULL,
    round        INTEGER,
    white_id     INTEGER NOT NULL,
    black_id     INTEGER NOT NULL,
    white_points REAL NOT NULL
);
CREATE INDEX game_line_by_revision ON game_line (revision_id);

-- The IDs newcomers were given, so that a re-rated period gives them the same.
CREATE TABLE newcomer (
    revision_id INTEGER NOT NULL REFERENCES revision (id),
    event       TEXT NOT NULL,
    number      INTEGER NOT NULL,
    player_id   INTEGER NOT NULL,
    PRIMARY KEY (revision_id, event, number)
);

CREATE VIEW current_revision AS
    SELECT r.* FROM revision r
    WHERE r.state = 'published'
      AND r.revision = (SELECT MAX(s.revision) FROM revision s
                        WHERE s.period = r.period AND s.state = 'published');

CREATE VIEW periods AS
    SELECT r.period, r.revision,
           CASE WHEN r.revision = (SELECT MAX(s.revision) FROM revision s
                                   WHERE s.period = r.period AND s.state = 'published')
                THEN 1 ELSE 0 END AS current,
           r."start", r."end", r.published, r.system, r.ratebook_version,
           r.inputs_sha256, r.outputs_sha256
    FROM revision r
    WHERE r.state = 'published';

CREATE VIEW ratings AS
    SELECT c.period, l.player_id, l.surname, l.first_names, l.state, l.status,
           l.rating, l.printed, l.games_period, l.games_total, l.change
    FROM player_line l JOIN current_revision c ON c.id = l.revision_id;

CREATE VIEW events AS
    SELECT c.period, e.code, e.name, e.state, e."start", e."end", e.disposition, e.reason
    FROM event_line e JOIN current_revision c ON c.id = e.revision_id;

CREATE VIEW games AS
    SELECT c.period, g.event, g.round, g.white_id, g.black_id, g.white_points
    FROM game_line g JOIN current_revision c ON c.id = g.revision_id;

CREATE VIEW corrections AS
    SELECT id, from_period, what, detail FROM correction;
"#;

/// Version 2: each revision names the output folder that carries its token
/// (so that a run settles a killed run's revision by its own folder, not by
/// the folder it publishes into itself), and the `corrections` view shows a
/// correction once its revisions are published (never one a killed run left
/// staged). The view's columns do not change.
pub const V2: &str = r#"
ALTER TABLE revision ADD COLUMN output TEXT;

DROP VIEW corrections;
CREATE VIEW corrections AS
    SELECT c.id, c.from_period, c.what, c.detail FROM correction c
    WHERE EXISTS (SELECT 1 FROM revision r WHERE r.correction_id = c.id AND r.state = 'published');
"#;

/// Version 3: what the statistics read of a period besides its lines (the
/// dates its activity and ages are taken at) and of each player (gender,
/// birth date, last game). A revision recorded before has none: its
/// statistics say so. The views do not change.
pub const V3: &str = r#"
CREATE TABLE revision_detail (
    revision_id  INTEGER PRIMARY KEY REFERENCES revision (id),
    active_since TEXT NOT NULL,
    age_date     TEXT NOT NULL
);

CREATE TABLE player_detail (
    revision_id INTEGER NOT NULL REFERENCES revision (id),
    player_id   INTEGER NOT NULL,
    gender      TEXT,
    birth_date  TEXT,
    last_played TEXT,
    PRIMARY KEY (revision_id, player_id)
);
"#;

/// Version 4: the rating lists a period keeps beside the main one
/// (standard, rapid, blitz): each revision's lists and their rule sets,
/// each player's line on each, and the list each event went to (NULL for
/// the main list and for a period that keeps one). The main list's lines
/// stay in `player_line`, so the views of version 1 read as before; the
/// view `list_ratings` shows every list's current lines.
pub const V4: &str = r#"
ALTER TABLE event_line ADD COLUMN list TEXT;

CREATE TABLE revision_list (
    revision_id INTEGER NOT NULL REFERENCES revision (id),
    list        TEXT NOT NULL,
    position    INTEGER NOT NULL,
    system      TEXT NOT NULL,
    PRIMARY KEY (revision_id, list)
);

CREATE TABLE list_line (
    revision_id  INTEGER NOT NULL REFERENCES revision (id),
    list         TEXT NOT NULL,
    player_id    INTEGER NOT NULL,
    status       TEXT NOT NULL,
    rating       REAL,
    printed      TEXT NOT NULL,
    games_period INTEGER NOT NULL,
    games_total  INTEGER NOT NULL,
    change       REAL,
    PRIMARY KEY (revision_id, list, player_id)
);
CREATE INDEX list_line_by_player ON list_line (player_id);

CREATE VIEW list_ratings AS
    SELECT c.period, l.list, l.player_id, p.surname, p.first_names, p.state, l.status,
           l.rating, l.printed, l.games_period, l.games_total, l.change
    FROM list_line l
    JOIN current_revision c ON c.id = l.revision_id
    JOIN player_line p ON p.revision_id = l.revision_id AND p.player_id = l.player_id;
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_of_schema_1_is_brought_up_to_date_keeping_its_corrections() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("record.sqlite");
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(V1).unwrap();
            conn.execute_batch(&format!("PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 1;")).unwrap();
            conn.execute_batch(
                "INSERT INTO correction VALUES (1, 'August 1993', 'event withdrawn', 'withdrawn V93001');
                 INSERT INTO revision VALUES (1, 'August 1993', 2, '1993-04-01', '1993-07-31', '1993-08-01', 'acf',
                   '0.1.0', NULL, NULL, 'published', 'rerate', 'correction 1', 1);",
            )
            .unwrap();
        }
        let record = crate::record::Record::open(&path, crate::record::Access::Write).unwrap();
        let conn = record.connection();
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, VERSION);
        let shown: i64 = conn.query_row("SELECT COUNT(*) FROM corrections", [], |r| r.get(0)).unwrap();
        assert_eq!(shown, 1, "a published correction stays in the view");
        let output: Option<String> = conn.query_row("SELECT output FROM revision", [], |r| r.get(0)).unwrap();
        assert_eq!(output, None, "an earlier ratebook's revisions name no output folder");
    }
}

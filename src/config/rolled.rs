//! The settings of the period after this one, every date rolled on by the
//! period's length: what `ratebook next` writes into `period.toml`, and the
//! dates the site's what-if calculator rates the next games on.

use anyhow::{bail, Context, Result};
use chrono::{Datelike, Months, NaiveDate};

use super::PeriodConfig;

impl PeriodConfig {
    /// The settings of the period after this one: every date rolled on by
    /// the period's length (whole months, or else days), the name of the
    /// month and year of the new published date when this one is so named,
    /// else `name`.
    pub fn rolled(&self, name: Option<&str>) -> Result<PeriodConfig> {
        let on = |day: NaiveDate| -> Result<NaiveDate> {
            let later = match self.months() {
                Some(m) => day.checked_add_months(Months::new(m)),
                None => day.checked_add_signed(self.end - self.start + chrono::Duration::days(1)),
            };
            later.with_context(|| format!("{day} rolled on by the period's length is past the calendar's end"))
        };
        let published = on(self.published)?;
        let new_year = |year| NaiveDate::from_ymd_opt(year, 1, 1).expect("1 January exists");
        // Ages taken on 1 January of the published year stay so.
        let age_date = if self.age_date == new_year(self.published.year()) {
            new_year(published.year())
        } else {
            on(self.age_date)?
        };
        let month_year = |day: NaiveDate| day.format("%B %Y").to_string();
        let period = match name.map(str::trim) {
            Some(given) if !given.is_empty() => {
                super::limits::name("--name", given).map_err(anyhow::Error::msg)?;
                if given.chars().any(crate::diag::is_control) {
                    bail!("--name holds a control character (a line break, an escape or a direction override): type it as plain text");
                }
                given.to_string()
            }
            Some(_) => bail!("--name is empty: give the next period's name, e.g. \"{}\"", month_year(published)),
            None if self.period.trim() == month_year(self.published) => month_year(published),
            None => bail!(
                "the next period's name cannot be told from \"{}\" (not the month and year it is published, {}): give it with --name, e.g. --name \"{}\"",
                self.period,
                month_year(self.published),
                month_year(published)
            ),
        };
        // (The day after the end rolls on: a period to 30 November ends next on 31 March.)
        let start = self.end.succ_opt().context("the period ends at the calendar's end")?;
        let end = on(start)?.pred_opt().expect("a day after the start has a day before it");
        Ok(PeriodConfig {
            period,
            published,
            start,
            end,
            active_since: on(self.active_since)?,
            age_date,
            // A conversion applies once, with the period that changes the rule set.
            switch: None,
            ..self.clone()
        })
    }
}

//! `ratebook explain`: one player's calculation, step by step, as the rules
//! page shows it.

use std::path::Path;

use anyhow::Result;

/// The calculation of player `id`, or `None` when no player has that ID.
pub fn explain(data: &Path, id: u32) -> Result<Option<String>> {
    let (loaded, ratings) = super::rate_only(data)?;
    let period = &loaded.validated.period;
    let Some(p) = period.players.players.iter().position(|player| player.id == id) else { return Ok(None) };
    Ok(Some(loaded.system.explain(period, &ratings, p).to_text()))
}

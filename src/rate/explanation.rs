//! One player's calculation as a rule set explains it, in a structured,
//! system-neutral form: a list of lines, each with its kind, its depth and
//! what a page needs to link (the opponent on a game line, the event on an
//! event line). The terminal prints [`Explanation::to_text`]; a web page can
//! render the same lines with links.

/// What a line of an explanation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// The player's name, or the title of a part of the calculation.
    Heading,
    /// An event the player played in.
    Event,
    /// One game, or one dated step that is a game.
    Game,
    /// One step of the calculation: a formula with its numbers, or a dated
    /// step (an entry, a lesson, a renewal).
    Step,
    /// Anything else: the start, a conclusion, a remark.
    Text,
    /// An empty line between parts.
    Blank,
}

/// One line of an explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub kind: LineKind,
    /// How far the line is indented: two spaces a level in the text.
    pub depth: u8,
    pub text: String,
    /// The player the line links to (the opponent of a game), by ID.
    pub player: Option<u32>,
    /// The event the line links to, by its code.
    pub event: Option<String>,
}

/// A player's calculation, line by line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Explanation {
    pub lines: Vec<Line>,
}

impl Explanation {
    fn push(&mut self, kind: LineKind, depth: u8, text: String) -> &mut Line {
        self.lines.push(Line { kind, depth, text, player: None, event: None });
        self.lines.last_mut().expect("just pushed")
    }

    /// A heading at `depth`.
    pub fn heading(&mut self, depth: u8, text: impl Into<String>) {
        self.push(LineKind::Heading, depth, text.into());
    }

    /// An event's line, linking to the event `code`.
    pub fn event(&mut self, depth: u8, code: &str, text: impl Into<String>) {
        self.push(LineKind::Event, depth, text.into()).event = Some(code.to_string());
    }

    /// A game's line, linking to the opponent (by ID) and, when given, the event.
    pub fn game(&mut self, depth: u8, opponent: u32, event: Option<&str>, text: impl Into<String>) {
        let line = self.push(LineKind::Game, depth, text.into());
        line.player = Some(opponent);
        line.event = event.map(str::to_string);
    }

    /// A step of the calculation.
    pub fn step(&mut self, depth: u8, text: impl Into<String>) {
        self.push(LineKind::Step, depth, text.into());
    }

    /// Any other line.
    pub fn text(&mut self, depth: u8, text: impl Into<String>) {
        self.push(LineKind::Text, depth, text.into());
    }

    /// An empty line.
    pub fn blank(&mut self) {
        self.push(LineKind::Blank, 0, String::new());
    }

    /// The explanation as `ratebook explain` prints it: a line each, indented
    /// two spaces a level.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            if line.kind != LineKind::Blank {
                for _ in 0..line.depth {
                    out.push_str("  ");
                }
                out.push_str(&line.text);
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_indents_two_spaces_a_level_and_keeps_the_links() {
        let mut x = Explanation::default();
        x.heading(0, "Smith, John (V), ID 1001");
        x.blank();
        x.event(1, "V93001", "V93001 Club Championship");
        x.game(2, 1002, None, "won v Jones, Ann (1002): rating 1500");
        x.step(2, "NG = 1");
        assert_eq!(
            x.to_text(),
            "Smith, John (V), ID 1001\n\n  V93001 Club Championship\n    won v Jones, Ann (1002): rating 1500\n    NG = 1\n"
        );
        assert_eq!(x.lines[2].event.as_deref(), Some("V93001"));
        assert_eq!(x.lines[3].player, Some(1002));
    }
}

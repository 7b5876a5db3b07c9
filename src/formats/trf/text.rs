//! A TRF file as text: bytes decoded (UTF-8 with or without a byte-order
//! mark, UTF-16 with one, otherwise Windows-1252/Latin-1), split into lines
//! at CR LF, LF or a lone CR, and each line read by TRF's fixed, one-based
//! columns.

/// Decodes a text file. `Err` says why the bytes are not text.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| cp1252(b)).collect(),
    };
    if text.contains('\0') {
        return Err("the file holds binary data (NUL bytes), not text".into());
    }
    Ok(text)
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err("the file starts with a UTF-16 byte-order mark but has an odd number of bytes".into());
    }
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    let text: String = char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
    if text.contains('\0') {
        return Err("the file holds binary data (NUL characters), not text".into());
    }
    Ok(text)
}

/// Windows-1252, which is Latin-1 with printable characters in 0x80–0x9F.
fn cp1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}', '\u{90}', '‘',
        '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The lines of a text, without their line ends (CR LF, LF or CR).
pub fn lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// How a line's columns are counted: by characters (as an editor shows
/// them), or by bytes (a UTF-8 file written by a program that padded its
/// fields by bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Chars,
    Bytes,
}

/// A line read by one-based columns; positions past its end are blank.
pub struct Columns<'a> {
    mode: Mode,
    chars: Vec<char>,
    bytes: &'a [u8],
}

impl<'a> Columns<'a> {
    pub fn new(line: &'a str, mode: Mode) -> Columns<'a> {
        let chars = if mode == Mode::Chars { line.chars().collect() } else { Vec::new() };
        Columns { mode, chars, bytes: line.as_bytes() }
    }

    /// Length of the line without trailing blanks, in this mode's columns.
    pub fn len(&self) -> usize {
        match self.mode {
            Mode::Chars => self.chars.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1),
            Mode::Bytes => self.bytes.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1),
        }
    }

    /// Whether the line is blank.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Columns `from` to `to` (one-based, inclusive), clipped to the line.
    pub fn get(&self, from: usize, to: usize) -> String {
        let from = from.max(1) - 1;
        match self.mode {
            Mode::Chars => {
                let to = to.min(self.chars.len());
                if from >= to {
                    return String::new();
                }
                self.chars[from..to].iter().collect()
            }
            Mode::Bytes => {
                let to = to.min(self.bytes.len());
                if from >= to {
                    return String::new();
                }
                String::from_utf8_lossy(&self.bytes[from..to]).into_owned()
            }
        }
    }

    /// The character at one-based column `at`, a space past the end.
    pub fn at(&self, at: usize) -> char {
        let i = at.max(1) - 1;
        match self.mode {
            Mode::Chars => self.chars.get(i).copied().unwrap_or(' '),
            Mode::Bytes => match self.bytes.get(i) {
                Some(b) if b.is_ascii() => *b as char,
                Some(_) => '?',
                None => ' ',
            },
        }
    }
}

/// One-based line and column of byte `offset` in `text` (columns count characters).
pub fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(text.len());
    let mut offset = offset;
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset].chars().count() + 1;
    (line as u32, column as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_utf8_bom_latin1_and_utf16() {
        assert_eq!(decode(b"\xEF\xBB\xBF012 Caf\xC3\xA9").unwrap(), "012 Café");
        assert_eq!(decode(b"012 M\xEDche\xE1l").unwrap(), "012 Mícheál");
        assert_eq!(decode(b"\x80\x9A").unwrap(), "€š");
        let mut le = vec![0xFF, 0xFE];
        for u in "012 Ó".encode_utf16() {
            le.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&le).unwrap(), "012 Ó");
        let mut be = vec![0xFE, 0xFF];
        for u in "001".encode_utf16() {
            be.extend(u.to_be_bytes());
        }
        assert_eq!(decode(&be).unwrap(), "001");
        assert!(decode(b"PK\x03\x04\0\0binary").is_err());
        assert!(decode(b"\xFF\xFE\x30").is_err());
        assert_eq!(decode(b"").unwrap(), "");
    }

    #[test]
    fn splits_lines_at_every_kind_of_line_end() {
        assert_eq!(lines("a\r\nb\nc\rd"), vec!["a", "b", "c", "d"]);
        assert_eq!(lines("a\n\nb\n"), vec!["a", "", "b"]);
        assert_eq!(lines(""), Vec::<&str>::new());
        assert_eq!(lines("\r\r"), vec!["", ""]);
    }

    #[test]
    fn columns_by_characters_and_by_bytes() {
        let line = "001    1 m    Müller, Jörg";
        let c = Columns::new(line, Mode::Chars);
        assert_eq!(c.get(1, 3), "001");
        assert_eq!(c.get(5, 8), "   1");
        assert_eq!(c.at(10), 'm');
        assert_eq!(c.get(15, 47), "Müller, Jörg");
        assert_eq!(c.get(100, 120), "");
        assert_eq!(c.at(500), ' ');
        assert_eq!(c.len(), 26);
        let b = Columns::new(line, Mode::Bytes);
        assert_eq!(b.len(), 28);
        assert_eq!(b.get(15, 47), "Müller, Jörg");
        assert_eq!(b.at(16), '?');
        assert_eq!(b.get(16, 16), "\u{FFFD}");
    }

    #[test]
    fn line_and_column_of_an_offset() {
        let t = "a = 1\nbé = 2\n";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 6), (2, 1));
        assert_eq!(line_column(t, 10), (2, 4));
        assert_eq!(line_column(t, 999), (3, 1));
    }
}

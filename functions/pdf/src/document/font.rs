//! The two faces a report is set in, DejaVu Sans and DejaVu Sans Bold
//! (shipped in `shared/fonts/`, Bitstream Vera licence beside them): the
//! letters of every corpus language and the zodiac and planet symbols.
//!
//! Layout measures text with the full fonts' advances; the document embeds
//! only the glyphs it uses (printpdf subsets only with its HTML layout
//! engine, which we leave out, so allsorts does it here). A subset keeps the
//! advances, so what was measured is what prints.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};
use printpdf::{ParsedFont, PdfFont};
use sha2::{Digest, Sha256};

use super::DocumentError;

static REGULAR: &[u8] = include_bytes!("../../../../shared/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../../../shared/fonts/DejaVuSans-Bold.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Regular,
    Bold,
}

impl Face {
    pub const ALL: [Face; 2] = [Face::Regular, Face::Bold];

    fn bytes(self) -> &'static [u8] {
        match self {
            Self::Regular => REGULAR,
            Self::Bold => BOLD,
        }
    }

    /// The PostScript name the subset is embedded under (after its tag).
    fn family(self) -> &'static str {
        match self {
            Self::Regular => "DejaVuSans",
            Self::Bold => "DejaVuSans-Bold",
        }
    }

    /// The font's resource name in every page (not F1–F14: those name the
    /// standard 14 fonts in some readers).
    pub fn resource(self) -> &'static str {
        match self {
            Self::Regular => "DejaVuR",
            Self::Bold => "DejaVuB",
        }
    }

    /// The whole font, parsed once per process.
    fn parsed(self) -> &'static ParsedFont {
        static FACES: [OnceLock<ParsedFont>; 2] = [OnceLock::new(), OnceLock::new()];
        FACES[self as usize].get_or_init(|| {
            let mut warnings = Vec::new();
            // The shipped files are fixed bytes that a unit test parses: a
            // failure here is a broken build, not bad input.
            ParsedFont::from_bytes(self.bytes(), 0, &mut warnings).expect("the shipped DejaVu font parses")
        })
    }

    pub fn has(self, c: char) -> bool {
        match self.metrics().get(c as usize) {
            Some(&(_, has)) => has,
            None => Self::glyph(self.parsed(), c).is_some(),
        }
    }

    /// The advance of `text` at `size` points.
    pub fn width(self, text: &str, size: f32) -> f32 {
        let font = self.parsed();
        let table = self.metrics();
        let units: u32 = text
            .chars()
            .map(|c| match table.get(c as usize) {
                Some(&(units, _)) => u32::from(units),
                None => Self::advance(font, c),
            })
            .sum();
        units as f32 * size / f32::from(font.units_per_em.max(1))
    }

    /// The glyph of `c`; glyph 0 (`.notdef`) means the face lacks it.
    fn glyph(font: &ParsedFont, c: char) -> Option<u16> {
        font.lookup_glyph_index(c as u32).filter(|gid| *gid != 0)
    }

    fn advance(font: &ParsedFont, c: char) -> u32 {
        font.lookup_glyph_index(c as u32).and_then(|gid| font.get_glyph_width(gid)).map_or(0, u32::from)
    }

    /// The advance of each character below U+2800 (the Latin, Greek and
    /// Cyrillic letters, punctuation and the zodiac and planet symbols), and
    /// whether the face has a glyph for it, looked up once per process:
    /// layout measures every word and checks every character, and the
    /// font's own lookups (cmap, then metrics) were a tenth of a report.
    fn metrics(self) -> &'static [(u16, bool)] {
        static TABLES: [OnceLock<Vec<(u16, bool)>>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[self as usize].get_or_init(|| {
            let font = self.parsed();
            (0u32..Self::TABLED)
                .map(|code| {
                    char::from_u32(code)
                        .map_or((0, false), |c| (Self::advance(font, c).min(u32::from(u16::MAX)) as u16, Self::glyph(font, c).is_some()))
                })
                .collect()
        })
    }

    /// The characters [`Face::metrics`] holds: those below U+2800 (also
    /// where the printed characters are kept as bits).
    pub const TABLED: u32 = 0x2800;

    /// The font holding only the glyphs of `used` (and `.notdef`), named
    /// `ABCDEF+DejaVuSans` with a tag drawn from the glyph set, so the same
    /// text embeds the same bytes.
    pub fn subset(self, used: &BTreeSet<char>) -> Result<PdfFont, DocumentError> {
        let full = self.parsed();
        let mut glyphs: Vec<u16> = used.iter().filter_map(|c| full.lookup_glyph_index(*c as u32)).filter(|gid| *gid != 0).collect();
        glyphs.sort_unstable();
        glyphs.dedup();
        // `.notdef` first: the subsetter keeps it as glyph 0.
        glyphs.insert(0, 0);
        let data = ReadScope::new(self.bytes()).read::<FontData<'_>>().map_err(|e| DocumentError::Font(e.to_string()))?;
        let provider = data.table_provider(0).map_err(|e| DocumentError::Font(e.to_string()))?;
        let bytes = subset(&provider, &glyphs, &SubsetProfile::Pdf, CmapTarget::Unicode).map_err(|e| DocumentError::Font(e.to_string()))?;
        let mut warnings = Vec::new();
        let mut parsed =
            ParsedFont::from_bytes(&bytes, 0, &mut warnings).ok_or_else(|| DocumentError::Font("the subset font does not parse".into()))?;
        parsed.font_name = Some(format!("{}+{}", tag(&glyphs), self.family()));
        Ok(PdfFont::new(parsed))
    }
}

/// Six capital letters from the glyph set (PDF 32000-1 §9.6.4's subset tag).
fn tag(glyphs: &[u16]) -> String {
    let mut hash = Sha256::new();
    for gid in glyphs {
        hash.update(gid.to_be_bytes());
    }
    hash.finalize().iter().take(6).map(|b| char::from(b'A' + b % 26)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_hold_the_symbols_and_letters_a_report_prints() {
        for face in Face::ALL {
            for c in "☉☽☿♀♂♃♄♅♆♇☊☋⚸⚷⊗♈♉♊♋♌♍♎♏♐♑♒♓☌☍△□∠℞°′áéíóúñÁÉÍÓÚÑüÜ¿¡—–·…".chars()
            {
                assert!(face.has(c), "{face:?} lacks {c}");
            }
        }
    }

    #[test]
    fn a_subset_keeps_the_glyphs_asked_for_and_their_advances() {
        let used: BTreeSet<char> = "María ☉ ♈ 12°".chars().collect();
        let font = Face::Regular.subset(&used).unwrap();
        let parsed = &font.parsed_font;
        assert!(parsed.original_bytes.len() < 40_000, "{} bytes", parsed.original_bytes.len());
        let name = parsed.font_name.clone().unwrap();
        assert!(name.ends_with("+DejaVuSans") && name.split('+').next().unwrap().chars().all(|c| c.is_ascii_uppercase()), "{name}");
        for c in used {
            let gid = parsed.lookup_glyph_index(c as u32).unwrap_or(0);
            assert_ne!(gid, 0, "{c} lost");
            let full = Face::Regular.parsed();
            let full_width = full.get_glyph_width(full.lookup_glyph_index(c as u32).unwrap());
            assert_eq!(parsed.get_glyph_width(gid), full_width, "{c}");
        }
        assert_eq!(Face::Regular.subset(&"María ☉ ♈ 12°".chars().collect()).unwrap().parsed_font.font_name, Some(name));
    }
}

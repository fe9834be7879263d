//! The astrological symbols as stroke paths on a 20 × 20 grid.
//!
//! Drawn here rather than taken from a font so that a chart looks the same
//! on a machine with no astrological font (most have none, and the Unicode
//! code points render as boxes or emoji). Each path is stroked with
//! `currentColor`, never filled, so one definition serves every colour.

use crate::astro::aspect::AspectKind;
use crate::astro::point::PointId;
use crate::astro::zodiac::Sign;

/// The side of the square every glyph is designed on.
pub const GRID: f64 = 20.0;

/// A closed circle as path data (two half arcs), for the glyphs built from rings.
macro_rules! ring {
    ($cx:literal, $cy:literal, $r:literal) => {
        concat!(
            "M", $cx, " ", $cy, "m-", $r, " 0", "a", $r, " ", $r, " 0 0 0 ", $r, " ", $r, "a", $r, " ", $r, " 0 0 0 ", $r, " -", $r, "a",
            $r, " ", $r, " 0 0 0 -", $r, " -", $r, "a", $r, " ", $r, " 0 0 0 -", $r, " ", $r, "z"
        )
    };
}

pub fn point_path(point: PointId) -> &'static str {
    match point {
        // ☉ a circle with its centre marked.
        PointId::Sun => concat!(ring!("10", "10", "8"), "M10 10h0.01"),
        // ☽ a crescent, horns to the right.
        PointId::Moon => "M13 2.5A8 8 0 1 0 13 17.5A9 9 0 0 1 13 2.5Z",
        // ☿ horns over a circle over a cross.
        PointId::Mercury => concat!("M6.2 1.2A3.8 3.8 0 0 0 13.8 1.2", ring!("10", "8.8", "3.8"), "M10 12.6V19.5M7 16.2H13"),
        // ♀ a circle over a cross.
        PointId::Venus => concat!(ring!("10", "7", "5.5"), "M10 12.5V19.5M6.5 16.2H13.5"),
        // ♂ a circle with an arrow to the upper right.
        PointId::Mars => concat!(ring!("8", "12", "5.5"), "M11.9 8.1L17.5 2.5M12 2.5H17.5V8"),
        // ♃ a crescent stroke meeting a bar, crossed by a stem.
        PointId::Jupiter => "M4 4.8C4 1.6 9.6 1.2 9.6 5.2C9.6 8.6 6.2 11.2 3.5 14.2H17M13.6 2.5V19",
        // ♄ a cross over a sickle.
        PointId::Saturn => "M7 1.5V14.5M3.8 4.6H10.2M7 10.6C8.2 8 14 7.6 14 11.6C14 14.2 11 15 11 17.2C11 18.6 12.4 19.2 14.2 18.4",
        // ♅ an H whose middle stem ends in a small circle.
        PointId::Uranus => concat!("M4 2.5V13M16 2.5V13M4 7.6H16M10 2.5V13.8", ring!("10", "16.2", "2.4")),
        // ♆ a trident.
        PointId::Neptune => {
            "M3.5 3.5C3.5 10.5 16.5 10.5 16.5 3.5M10 2V19M6.8 15.5H13.2M8 4L10 2L12 4M2 5.2L3.5 3.5L5 5.2M15 5.2L16.5 3.5L18 5.2"
        }
        // ♇ (the circle-over-crescent form most astrologers draw): a small
        // circle in a cup over a cross.
        PointId::Pluto => concat!("M3.8 3A6.2 6.2 0 0 0 16.2 3", ring!("10", "3.6", "2.4"), "M10 9.2V19.5M6.6 15.2H13.4"),
        // ☊ a horseshoe open downward, a small circle on each foot.
        PointId::MeanNode | PointId::TrueNode => {
            concat!("M6.2 14A6.6 6.8 0 1 1 13.8 14", ring!("5.6", "16.2", "2.2"), ring!("14.4", "16.2", "2.2"))
        }
        // ☋ the same, open upward.
        PointId::SouthNode => concat!("M6.2 6A6.6 6.8 0 1 0 13.8 6", ring!("5.6", "3.8", "2.2"), ring!("14.4", "3.8", "2.2")),
        // ⚸ a crescent over a cross.
        PointId::MeanLilith => "M12.6 1.5A6 6 0 1 0 12.6 12.5A7.2 7.2 0 0 1 12.6 1.5ZM9.8 12.6V19.5M6.8 16.4H12.8",
        // ⚷ a key: a K standing on a circle.
        PointId::Chiron => concat!("M9 1.5V12.6M9 7.6L14.4 2.4M9 7.6L14.4 12", ring!("9", "15.9", "3.3")),
        // ⊗ a circle with a saltire.
        PointId::PartOfFortune => concat!(ring!("10", "10", "8"), "M4.35 4.35L15.65 15.65M15.65 4.35L4.35 15.65"),
        // Vx.
        PointId::Vertex => "M2.5 4.5L7 16L11.5 4.5M11.5 9.5L17.5 16M17.5 9.5L11.5 16",
        // ⊕ a circle quartered by a cross.
        PointId::Earth => concat!(ring!("10", "10", "8"), "M10 2V18M2 10H18"),
        // ⚳ a sickle (a hook opening left) over a cross.
        PointId::Ceres => "M6 3.5A4.6 4.6 0 1 1 10 11.5V19M6.8 15.6H13.2",
        // ⚴ a lozenge on a staff.
        PointId::Pallas => "M10 1.5L14.2 6.5L10 11.5L5.8 6.5ZM10 11.5V19M6.8 15.6H13.2",
        // ⚵ a star over a cross.
        PointId::Juno => "M10 1.5V11M5.9 3.6L14.1 8.9M14.1 3.6L5.9 8.9M10 11V19M6.8 15.6H13.2",
        // ⚶ the hearth: a flame in a V on a bar.
        PointId::Vesta => "M3.5 6L10 17.5L16.5 6M2.5 17.5H17.5M10 3.5C8.4 6 8.4 8.6 10 10.6C11.6 8.6 11.6 6 10 3.5Z",
        // Pholus: a small circle over a crossbar, on a stem to a ring.
        PointId::Pholus => concat!(ring!("10", "4.6", "2.6"), "M10 7.2V13M6.4 10H13.6", ring!("10", "15.8", "2.6")),
        // ⊗'s companion: a circle with an upright cross, tilted.
        PointId::PartOfSpirit => concat!(ring!("10", "10", "8"), "M10 2V18M2 10H18M4.35 4.35L15.65 15.65"),
    }
}

pub fn sign_path(sign: Sign) -> &'static str {
    match sign {
        // ♈ the ram's horns.
        Sign::Aries => "M10 18V7.2C10 1.2 2.6 1 2.6 6C2.6 8 3.8 9.2 5.2 9.2M10 7.2C10 1.2 17.4 1 17.4 6C17.4 8 16.2 9.2 14.8 9.2",
        // ♉ a circle under horns.
        Sign::Taurus => concat!(ring!("10", "13.2", "5"), "M2.8 2.5C4 6.6 7 8.2 10 8.2C13 8.2 16 6.6 17.2 2.5"),
        // ♊ two pillars under a lintel, over a base.
        Sign::Gemini => "M3.5 3C7.8 4.8 12.2 4.8 16.5 3M3.5 17C7.8 15.2 12.2 15.2 16.5 17M7.4 4.2V15.8M12.6 4.2V15.8",
        // ♋ two curls, one above the other, facing.
        Sign::Cancer => concat!(
            ring!("6.2", "8", "2.6"),
            "M3.6 8C3.6 3.4 13.6 2.2 17.5 5.2",
            ring!("13.8", "12", "2.6"),
            "M16.4 12C16.4 16.6 6.4 17.8 2.5 14.8"
        ),
        // ♌ a small circle whose stroke loops up and ends in a curl.
        Sign::Leo => concat!(
            ring!("5.8", "13.4", "3"),
            "M8.8 13.4C8.8 9.6 6.6 8 6.6 5.4C6.6 2.6 9 1.4 11.4 1.4C14.2 1.4 16 3.4 15.6 6.2C15.2 9.4 12.2 12 12.2 15C12.2 17.4 14.4 18.6 16.8 17.4"
        ),
        // ♍ an m whose last leg curls back across itself.
        Sign::Virgo => {
            "M2.6 4.6H4.8V16M4.8 7.8C4.8 3.6 8.8 3.6 8.8 7.8V16M8.8 7.8C8.8 3.6 12.8 3.6 12.8 7.8V14.6C12.8 16.8 12.2 18 11 19.2M12.8 10.8C14.2 8.4 17.8 8.6 17.4 12C17 15 14.4 16.4 11.6 16.4"
        }
        // ♎ a bar under a hump.
        Sign::Libra => "M2.5 17H17.5M2.5 13.2H7.2C5.2 11.4 5 5 10 5C15 5 14.8 11.4 12.8 13.2H17.5",
        // ♏ an m whose last leg ends in an arrow.
        Sign::Scorpio => {
            "M2.6 4.6H4.8V16M4.8 7.8C4.8 3.6 8.8 3.6 8.8 7.8V16M8.8 7.8C8.8 3.6 12.8 3.6 12.8 7.8V15C12.8 17 14 17.6 17.6 17.6M15.4 15.4L17.6 17.6L15.4 19.8"
        }
        // ♐ an arrow to the upper right, crossed.
        Sign::Sagittarius => "M3 17L17 3M10 3H17V10M5.4 9.4L10.6 14.6",
        // ♑ a v whose right leg loops into a tail.
        Sign::Capricorn => {
            "M2.4 4.6L5.8 15.6L9.4 4.6V13C9.4 17.4 15.6 18 16.8 14.6C17.8 11.4 13.8 10 12.2 12.6C10.6 15.2 11.2 18.4 7.6 19.6"
        }
        // ♒ two zigzag waves.
        Sign::Aquarius => "M2 8.6L5.5 5.6L8.6 8.6L11.6 5.6L14.6 8.6L18 5.6M2 14.4L5.5 11.4L8.6 14.4L11.6 11.4L14.6 14.4L18 11.4",
        // ♓ two arcs back to back, joined by a bar.
        Sign::Pisces => "M4 2.5C9.2 6 9.2 14 4 17.5M16 2.5C10.8 6 10.8 14 16 17.5M4.4 10H15.6",
    }
}

/// ℞: an R with its leg crossed.
pub const RETROGRADE_PATH: &str = "M5 17.5V2.8H10.4C14.6 2.8 14.6 10.2 10.4 10.2H5M9.2 10.2L16.2 18.2M10.8 16.6L15 12.2";

pub fn aspect_path(kind: AspectKind) -> &'static str {
    match kind {
        // ☌ a circle with a stroke to the upper right.
        AspectKind::Conjunction => concat!(ring!("7.6", "12.4", "4.6"), "M10.9 9.1L17 3"),
        // ☍ two circles joined.
        AspectKind::Opposition => concat!(ring!("5", "15", "3"), ring!("15", "5", "3"), "M7.1 12.9L12.9 7.1"),
        // △
        AspectKind::Trine => "M10 2.8L17.8 16.6H2.2Z",
        // □
        AspectKind::Square => "M3.6 3.6H16.4V16.4H3.6Z",
        // ⚹ a six-rayed star.
        AspectKind::Sextile => "M2.5 10H17.5M6.25 3.5L13.75 16.5M13.75 3.5L6.25 16.5",
        // ⚻ a bar over a wedge.
        AspectKind::Quincunx => "M3 3.5H17M4 16.5L10 6L16 16.5",
        // ⚺ a wedge over a bar.
        AspectKind::Semisextile => "M4 3.5L10 14L16 3.5M3 16.5H17",
        // ∠
        AspectKind::Semisquare => "M16.5 4L3.5 16.5H17",
        // ⚼ a square with an angle.
        AspectKind::Sesquiquadrate => "M10 3H17V10H10ZM10 10L3 17H14.5",
        // Q
        AspectKind::Quintile => concat!(ring!("10", "9", "6.6"), "M11.4 13.2L16.8 18.6"),
        // bQ
        AspectKind::Biquintile => concat!("M2.6 3V16.2", ring!("5.4", "13.4", "2.8"), ring!("14", "10.6", "3.8"), "M15 13.4L18 16.8"),
    }
}

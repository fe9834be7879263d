//! Pure astrology and astronomy: time, the ephemeris, the zodiac, houses,
//! aspects and the charts built from them. Nothing here knows HTTP or storage.

pub mod analysis;
pub mod aspect;
pub mod astrocartography;
pub mod chart;
pub mod chinese;
pub mod ephemeris;
pub mod events;
pub mod frame;
pub mod house;
pub mod point;
pub mod primary_directions;
pub mod sky;
pub mod stars;
pub mod time;
pub mod time_lords;
pub mod vedic;
pub mod zodiac;

pub use ephemeris::{Ephemeris, EphemerisError, EphemerisSource};

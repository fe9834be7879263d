//! Charts: the positions, houses, angles and aspects for a moment and place.

pub mod composite;
pub mod declination;
pub mod harmonic;
pub mod midpoint;
pub mod natal;
pub mod progression;
pub mod relocation;
pub mod returns;
pub mod solar_arc;
pub mod transit;

pub use natal::{ChartInput, ChartWarning, MoonCenter, NatalChart, PointPlacement};

//! Charts: the positions, houses, angles and aspects for a moment and place.

pub mod natal;

pub use natal::{ChartInput, ChartWarning, MoonCenter, NatalChart, PointPlacement};

//! Time lords: the planets that govern periods of a life, by the age and
//! the birth chart alone (annual and monthly profections, firdaria).

pub mod firdaria;
pub mod profection;

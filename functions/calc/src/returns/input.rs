//! The return requests, parsed into a [`ReturnQuery`].

use chrono::NaiveTime;
use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::time::{JulianDay, Repeated, ResolvedInstant, local_time_on};
use shared::http::ApiError;

use crate::extras::ChartExtras;
use crate::request::{
    CommonOptions, CommonOptionsBody, LocationBody, Place, Problems, chart_request, ephemeris_error, parse_common, parse_day,
    parse_instant, parse_location,
};

/// The years whose return is always inside the ephemeris (1000-01-01 to
/// 2999-12-31): a return falls within a day of the birthday, which may be
/// 1 January or 31 December. The document states the same bounds.
const RETURN_YEARS: std::ops::RangeInclusive<i32> = 1001..=2998;

chart_request! {
    pub struct SolarReturnRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        #[serde(deserialize_with = "shared::http::whole::number")]
        return_year: i32,
        /// Where the return is cast (default: the birth place).
        return_location: Option<LocationBody>,
        /// Add the chart's analysis (elements, modalities, hemispheres, patterns).
        include_analysis: Option<bool>,
        /// Add each point's declination, the out-of-bounds points and the parallels and contraparallels.
        include_declinations: Option<bool>,
        /// The orb of parallels and contraparallels, degrees of declination (default 1; more than 0, at most 5).
        parallel_orb: Option<f64>,
        /// Add the midpoints of the ten planets, the ascendant and the midheaven, and the points on them.
        include_midpoints: Option<bool>,
    }
}

chart_request! {
    pub struct LunarReturnRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        /// `YYYY-MM-DD`: the search starts at local midnight of this day.
        return_date: String,
        /// Where the return is cast (default: the birth place).
        return_location: Option<LocationBody>,
        /// Add the chart's analysis (elements, modalities, hemispheres, patterns).
        include_analysis: Option<bool>,
        /// Add each point's declination, the out-of-bounds points and the parallels and contraparallels.
        include_declinations: Option<bool>,
        /// The orb of parallels and contraparallels, degrees of declination (default 1; more than 0, at most 5).
        parallel_orb: Option<f64>,
        /// Add the midpoints of the ten planets, the ascendant and the midheaven, and the points on them.
        include_midpoints: Option<bool>,
    }
}

/// Which return is sought.
pub enum Returning {
    /// The solar return nearest the birthday of `year`.
    Solar { year: i32 },
    /// The first lunar return from local midnight of `from_date` (as sent).
    Lunar { from: JulianDay, from_date: String },
}

/// A return request as the use case reads it.
pub struct ReturnQuery {
    /// `birthDateTime` as sent (for the repeated-hour warning).
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub birth_place: Place,
    /// Where the return chart is cast: `returnLocation`, else the birth place.
    pub chart_place: Place,
    /// Whether the request named a return place.
    pub chart_place_given: bool,
    pub include_analysis: bool,
    pub extras: ChartExtras,
    pub options: CommonOptions,
    pub returning: Returning,
}

/// What both returns parse: the birth, the chart place and the options.
struct Parsed {
    birth: Option<ResolvedInstant>,
    birth_place: Place,
    chart_place: Option<Place>,
    options: CommonOptions,
}

impl Parsed {
    fn of(
        ephemeris: &Ephemeris,
        birth_text: &str,
        (birth_location, return_location): (&LocationBody, Option<&LocationBody>),
        common: &CommonOptionsBody,
        problems: &mut Problems,
    ) -> Self {
        let birth_place = parse_location(birth_location, "/birthLocation", problems);
        let birth = parse_instant(birth_text, birth_place.zone.as_ref(), ephemeris, "/birthDateTime", problems);
        let chart_place = return_location.map(|l| parse_location(l, "/returnLocation", problems));
        // Chiron's range is judged at the return, which is unknown yet: by the server's files only.
        let options = parse_common(common, ephemeris, None, problems);
        Self { birth, birth_place, chart_place, options }
    }

    fn birth(&self) -> Result<ResolvedInstant, ApiError> {
        self.birth.ok_or_else(|| ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"))
    }

    /// Where the return chart is cast.
    fn chart_place(&self) -> Place {
        self.chart_place.unwrap_or(self.birth_place)
    }

    fn query(
        self,
        birth: ResolvedInstant,
        birth_text: &str,
        (include_analysis, extras): (Option<bool>, ChartExtras),
        returning: Returning,
    ) -> ReturnQuery {
        ReturnQuery {
            birth_text: birth_text.to_owned(),
            birth,
            birth_place: self.birth_place,
            chart_place_given: self.chart_place.is_some(),
            chart_place: self.chart_place(),
            include_analysis: include_analysis.unwrap_or(false),
            extras,
            options: self.options,
            returning,
        }
    }
}

impl ReturnQuery {
    pub fn solar(body: &SolarReturnRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let locations = (&body.birth_location, body.return_location.as_ref());
        let parsed = Parsed::of(ephemeris, &body.birth_date_time, locations, &body.common_options(), &mut problems);
        let extras = ChartExtras::parse(body.include_declinations, body.parallel_orb, body.include_midpoints, &mut problems);
        if !RETURN_YEARS.contains(&body.return_year) {
            problems.add("/returnYear", format!("returnYear must be from {} to {}", RETURN_YEARS.start(), RETURN_YEARS.end()));
        }
        problems.into_result()?;
        let birth = parsed.birth()?;
        Ok(parsed.query(birth, &body.birth_date_time, (body.include_analysis, extras), Returning::Solar { year: body.return_year }))
    }

    /// A date before birth is answered like any other: the Moon passed its
    /// natal longitude every month before the birth as after it.
    pub fn lunar(body: &LunarReturnRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let locations = (&body.birth_location, body.return_location.as_ref());
        let parsed = Parsed::of(ephemeris, &body.birth_date_time, locations, &body.common_options(), &mut problems);
        let from_day = parse_day(&body.return_date, "/returnDate", &mut problems);
        let extras = ChartExtras::parse(body.include_declinations, body.parallel_orb, body.include_midpoints, &mut problems);
        problems.into_result()?;
        let birth = parsed.birth()?;
        let from_day = from_day.ok_or_else(|| ApiError::invalid_field("/returnDate", "expected a date as YYYY-MM-DD"))?;
        let zone = parsed.chart_place().zone.ok_or_else(|| ApiError::invalid_field("/birthLocation/timezone", "unknown time zone"))?;
        let from = local_time_on(from_day, NaiveTime::MIN, &zone, Repeated::Earlier)
            .ok_or_else(|| ApiError::invalid_field("/returnDate", "this day has no midnight in the time zone"))?;
        ephemeris.check_supported(from.julian_day_ut()).map_err(|e| ephemeris_error(e, "/returnDate"))?;
        let returning = Returning::Lunar { from: from.julian_day_ut(), from_date: body.return_date.clone() };
        Ok(parsed.query(birth, &body.birth_date_time, (body.include_analysis, extras), returning))
    }

    /// The pointer of the field a return's date comes from.
    pub fn date_pointer(&self) -> &'static str {
        match self.returning {
            Returning::Solar { .. } => "/returnYear",
            Returning::Lunar { .. } => "/returnDate",
        }
    }

    /// The return chart: the return instant at the chart place. The return
    /// charts use the geocentric Moon (see the family's docs).
    pub fn return_input(&self, at: JulianDay) -> ChartInput {
        ChartInput {
            instant: at,
            latitude: self.chart_place.latitude,
            longitude: self.chart_place.longitude,
            house_system: self.options.house_system,
            moon_center: MoonCenter::Geocentric,
            points: self.options.points.clone(),
            orbs: self.options.orbs.clone(),
            frame: self.options.frame,
        }
    }

    /// The natal chart as POST /api/calc/natal draws it (topocentric Moon).
    pub fn natal_input(&self) -> ChartInput {
        ChartInput {
            frame: self.options.frame,
            instant: self.birth.julian_day_ut(),
            latitude: self.birth_place.latitude,
            longitude: self.birth_place.longitude,
            house_system: self.options.house_system,
            moon_center: MoonCenter::Topocentric,
            points: self.options.points.clone(),
            orbs: self.options.orbs.clone(),
        }
    }
}

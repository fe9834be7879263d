//! The transit event search checked against brute force, independently.
//!
//! The independent check uses nothing of the search (no tracks, no
//! interpolation, no root-finding): only `Ephemeris::position`, called
//! directly, and sign changes.
//! 1. A coarse scan of every transiting body over the whole period (hourly
//!    for the Moon, every three hours for the others) finds every sign change
//!    of g = (longitude − exact aspect longitude) and of |g| − orb. Each
//!    bracket must hold exactly as many events of that kind as the search
//!    reported, in the same order: this proves no event was missed or
//!    invented (down to double crossings closer together than one coarse
//!    step, which only a level within a hair of a station could give).
//! 2. Around every reported event the body is sampled at 1-minute steps
//!    (±6 minutes); the sign change between two samples, interpolated
//!    linearly, is the brute-force time. Every reported time must be within
//!    60 s of it.
//!
//! Ten cases: different births, eras, periods, bodies and orbs.

use shared::astro::Ephemeris;
use shared::astro::aspect::{AspectKind, Orbs};
use shared::astro::chart::transit::{NatalTarget, Pass, TransitInput, TransitingBody, default_transit_orbs, find_transits};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::Observer;
use shared::astro::house::HouseSystem;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::JulianDay;

const MINUTE: f64 = 1.0 / 1440.0;

fn wrap180(angle: f64) -> f64 {
    let wrapped = angle.rem_euclid(360.0);
    if wrapped > 180.0 { wrapped - 360.0 } else { wrapped }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Enter,
    Exact,
    Leave,
}

struct Case {
    name: &'static str,
    /// Birth: Julian day (UT), latitude, longitude.
    birth: (f64, f64, f64),
    start: f64,
    days: f64,
    transiting: Vec<PointId>,
    orbs: Orbs,
}

fn natal_targets(ephemeris: &Ephemeris, (jd, latitude, longitude): (f64, f64, f64)) -> Vec<(NatalTarget, f64)> {
    let chart = NatalChart::compute(
        ephemeris,
        &ChartInput {
            frame: Default::default(),
            instant: JulianDay(jd),
            latitude,
            longitude,
            house_system: HouseSystem::Placidus,
            moon_center: MoonCenter::Topocentric,
            points: PointId::defaults(false),
            orbs: Orbs::default(),
        },
    )
    .expect("natal chart");
    let mut natal: Vec<(NatalTarget, f64)> = chart.points.iter().map(|p| (NatalTarget::Point(p.point), p.position.longitude)).collect();
    for &(angle, value) in &chart.angles {
        if matches!(angle, AngleId::Ascendant | AngleId::Midheaven) {
            natal.push((NatalTarget::Angle(angle), value));
        }
    }
    natal
}

fn cases() -> Vec<Case> {
    let planets = PointId::PLANETS.to_vec();
    let slow = vec![PointId::Jupiter, PointId::Saturn, PointId::Uranus, PointId::Neptune, PointId::Pluto];
    let wide = Orbs::from_client([
        (AspectKind::Conjunction, 3.0),
        (AspectKind::Opposition, 3.0),
        (AspectKind::Square, 2.0),
        (AspectKind::Quincunx, 1.5),
    ]);
    vec![
        Case {
            name: "Rome 1990, 2025, all planets",
            birth: (2_448_023.02, 41.9, 12.5),
            start: 2_460_676.46,
            days: 365.0,
            transiting: planets.clone(),
            orbs: default_transit_orbs(),
        },
        Case {
            name: "New York 1975, spring 2024, inner",
            birth: (2_442_500.3, 40.7, -74.0),
            start: 2_460_400.2,
            days: 120.0,
            transiting: vec![PointId::Sun, PointId::Moon, PointId::Mercury, PointId::Venus, PointId::Mars],
            orbs: default_transit_orbs(),
        },
        Case {
            name: "Tokyo 2001, 2030, slow, wide orbs",
            birth: (2_452_000.9, 35.7, 139.7),
            start: 2_462_503.0,
            days: 366.0,
            transiting: slow.clone(),
            orbs: wide.clone(),
        },
        Case {
            name: "Sydney 1960, 1999, Moon",
            birth: (2_436_935.1, -33.9, 151.2),
            start: 2_451_200.6,
            days: 60.0,
            transiting: vec![PointId::Moon],
            orbs: wide.clone(),
        },
        Case {
            name: "Reykjavik 1985, 2010, Mercury retrograde",
            birth: (2_446_200.4, 64.1, -21.9),
            start: 2_455_300.0,
            days: 200.0,
            transiting: vec![PointId::Mercury, PointId::Venus],
            orbs: default_transit_orbs(),
        },
        Case {
            name: "Lima 1950, 1951, Mars loop",
            birth: (2_433_283.0, -12.0, -77.0),
            start: 2_433_600.5,
            days: 300.0,
            transiting: vec![PointId::Mars, PointId::Sun],
            orbs: wide.clone(),
        },
        Case {
            name: "Cairo 1920, 1935, nodes and Lilith",
            birth: (2_422_325.2, 30.0, 31.2),
            start: 2_427_900.5,
            days: 180.0,
            transiting: vec![PointId::TrueNode, PointId::MeanNode, PointId::SouthNode, PointId::MeanLilith],
            orbs: default_transit_orbs(),
        },
        Case {
            name: "Moscow 2010, 2100, all planets, 90 days",
            birth: (2_455_400.7, 55.8, 37.6),
            start: 2_488_100.3,
            days: 90.0,
            transiting: planets.clone(),
            orbs: default_transit_orbs(),
        },
        Case {
            name: "Cape Town 1890, 1900, slow",
            birth: (2_411_000.5, -33.9, 18.4),
            start: 2_415_020.5,
            days: 366.0,
            transiting: slow,
            orbs: default_transit_orbs(),
        },
        Case {
            name: "Moshier era: Paris 1700, 1750",
            birth: (2_342_000.5, 48.9, 2.35),
            start: 2_360_234.5,
            days: 45.0,
            transiting: planets,
            orbs: wide,
        },
    ]
}

/// The body's longitude at `t` (geocentric, as the search uses).
fn longitude(ephemeris: &Ephemeris, body: TransitingBody, t: f64) -> f64 {
    let position = ephemeris.position(JulianDay(t), body.body, Observer::Geocentric).expect("position");
    if body.opposite { position.longitude + 180.0 } else { position.longitude }
}

/// The function whose sign change is an event of `kind` at exact longitude `exact`.
fn signed(kind: Kind, longitude: f64, exact: f64, orb: f64) -> f64 {
    let g = wrap180(longitude - exact);
    match kind {
        Kind::Exact => g,
        Kind::Enter | Kind::Leave => g.abs() - orb,
    }
}

fn reported_events(pass: &Pass) -> Vec<(Kind, f64)> {
    let mut events = Vec::new();
    if let Some(t) = pass.starts_at {
        events.push((Kind::Enter, t.0));
    }
    events.extend(pass.exact_at.iter().map(|t| (Kind::Exact, t.0)));
    if let Some(t) = pass.ends_at {
        events.push((Kind::Leave, t.0));
    }
    events
}

#[test]
fn event_times_match_brute_force_sampling_within_a_minute() {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut worst_overall: f64 = 0.0;
    let mut total_events = 0;
    for case in cases() {
        let natal = natal_targets(&ephemeris, case.birth);
        let transiting: Vec<TransitingBody> = case.transiting.iter().map(|p| TransitingBody::of(*p).expect("body")).collect();
        let input = TransitInput {
            start: JulianDay(case.start),
            end: JulianDay(case.start + case.days),
            transiting: transiting.clone(),
            natal: natal.clone(),
            orbs: case.orbs.clone(),
        };
        let found = find_transits(&ephemeris, &input).expect("transits");
        let mut worst = [0.0f64; 3];

        for body in &transiting {
            // 1. The coarse scan of this body, computed once for all targets.
            let coarse_step = if body.point == PointId::Moon { 1.0 / 24.0 } else { 0.125 };
            let steps = (case.days / coarse_step).ceil() as usize;
            let times: Vec<f64> =
                (0..=steps).map(|i| if i == steps { case.start + case.days } else { case.start + coarse_step * i as f64 }).collect();
            let longitudes: Vec<f64> = times.iter().map(|&t| longitude(&ephemeris, *body, t)).collect();

            for (natal_index, &(_, natal_longitude)) in natal.iter().enumerate() {
                for &(aspect, orb) in case.orbs.entries() {
                    let sides: &[i8] = if aspect.angle() == 0.0 || aspect.angle() == 180.0 { &[1] } else { &[1, -1] };
                    for &side in sides {
                        let exact = natal_longitude + f64::from(side) * aspect.angle();
                        let passes: Vec<&Pass> = found
                            .passes
                            .iter()
                            .filter(|p| p.transiting == body.point && p.natal == natal_index && p.aspect == aspect && p.side == side)
                            .collect();
                        for kind in [Kind::Enter, Kind::Exact, Kind::Leave] {
                            let mut reported: Vec<f64> =
                                passes.iter().flat_map(|p| reported_events(p)).filter(|(k, _)| *k == kind).map(|(_, t)| t).collect();
                            reported.sort_by(f64::total_cmp);
                            // Brute-force brackets of this kind.
                            let mut brackets = Vec::new();
                            for i in 0..steps {
                                let (a, b) = (longitudes[i], longitudes[i + 1]);
                                let (fa, fb) = (signed(kind, a, exact, orb), signed(kind, b, exact, orb));
                                if (fa >= 0.0) == (fb >= 0.0) {
                                    continue;
                                }
                                // g jumps at the far side of the circle: not an exact hit.
                                if kind == Kind::Exact && wrap180(a - exact).abs() > 90.0 {
                                    continue;
                                }
                                let entering = fa >= 0.0;
                                if kind == Kind::Exact || (kind == Kind::Enter) == entering {
                                    brackets.push((times[i], times[i + 1]));
                                }
                            }
                            assert_eq!(
                                reported.len(),
                                brackets.len(),
                                "{}: {:?} {:?} {aspect:?} side {side} to natal #{natal_index}, {kind:?}: reported {reported:?}, brute force {brackets:?}",
                                case.name,
                                body.point,
                                natal[natal_index].0,
                            );
                            for (&t, &(a, b)) in reported.iter().zip(&brackets) {
                                assert!(
                                    t >= a - MINUTE && t <= b + MINUTE,
                                    "{}: {:?} {kind:?} at {t} outside its bracket {a}..{b}",
                                    case.name,
                                    body.point
                                );
                                // 2. Fine sampling at one minute around the reported time.
                                let fine: Vec<(f64, f64)> = (-6..=6)
                                    .map(|m| {
                                        let t = (t + f64::from(m) * MINUTE).clamp(case.start, case.start + case.days);
                                        (t, signed(kind, longitude(&ephemeris, *body, t), exact, orb))
                                    })
                                    .collect();
                                let crossing = fine.windows(2).find_map(|w| {
                                    let ((ta, fa), (tb, fb)) = (w[0], w[1]);
                                    if (fa >= 0.0) != (fb >= 0.0) { Some(ta + (tb - ta) * fa / (fa - fb)) } else { None }
                                });
                                let brute = crossing.unwrap_or_else(|| {
                                    panic!("{}: {:?} {kind:?} at {t}: no crossing within 6 minutes: {fine:?}", case.name, body.point)
                                });
                                let difference = (t - brute).abs() * 86_400.0;
                                let slot = kind as usize;
                                worst[slot] = worst[slot].max(difference);
                                assert!(difference <= 60.0, "{}: {:?} {kind:?} {difference} s from brute force", case.name, body.point);
                                total_events += 1;
                            }
                        }
                    }
                }
            }
        }
        println!(
            "{}: {} passes; worst |search − brute force|: enter {:.2} s, exact {:.2} s, leave {:.2} s",
            case.name,
            found.passes.len(),
            worst[0],
            worst[1],
            worst[2]
        );
        worst_overall = worst_overall.max(worst.iter().copied().fold(0.0, f64::max));
    }
    println!("{total_events} events checked; worst difference {worst_overall:.2} s");
    assert!(total_events > 1000, "the cases must exercise the search: {total_events}");
}

//! Aspects: angular relationships between two points, with their orb and
//! whether they are applying (closing) or separating.

use super::zodiac::normalize_degrees;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AspectKind {
    Conjunction,
    Opposition,
    Trine,
    Square,
    Sextile,
    Quincunx,
    Semisextile,
    Semisquare,
    Sesquiquadrate,
    Quintile,
    Biquintile,
}

impl AspectKind {
    pub const ALL: [AspectKind; 11] = [
        Self::Conjunction,
        Self::Opposition,
        Self::Trine,
        Self::Square,
        Self::Sextile,
        Self::Quincunx,
        Self::Semisextile,
        Self::Semisquare,
        Self::Sesquiquadrate,
        Self::Quintile,
        Self::Biquintile,
    ];

    /// The five Ptolemaic aspects.
    pub const MAJOR: [AspectKind; 5] = [Self::Conjunction, Self::Opposition, Self::Trine, Self::Square, Self::Sextile];

    pub fn id(self) -> &'static str {
        match self {
            Self::Conjunction => "conjunction",
            Self::Opposition => "opposition",
            Self::Trine => "trine",
            Self::Square => "square",
            Self::Sextile => "sextile",
            Self::Quincunx => "quincunx",
            Self::Semisextile => "semisextile",
            Self::Semisquare => "semisquare",
            Self::Sesquiquadrate => "sesquiquadrate",
            Self::Quintile => "quintile",
            Self::Biquintile => "biquintile",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.id() == id)
    }

    /// The exact angle in degrees.
    pub fn angle(self) -> f64 {
        match self {
            Self::Conjunction => 0.0,
            Self::Opposition => 180.0,
            Self::Trine => 120.0,
            Self::Square => 90.0,
            Self::Sextile => 60.0,
            Self::Quincunx => 150.0,
            Self::Semisextile => 30.0,
            Self::Semisquare => 45.0,
            Self::Sesquiquadrate => 135.0,
            Self::Quintile => 72.0,
            Self::Biquintile => 144.0,
        }
    }
}

/// Maximum orbs, degrees. The largest orb any aspect may be given.
pub const MAX_ORB: f64 = 15.0;

/// Which aspects to look for and how far from exact each may be.
#[derive(Debug, Clone, PartialEq)]
pub struct Orbs(Vec<(AspectKind, f64)>);

impl Default for Orbs {
    /// The five major aspects: conjunction and opposition 8°, trine and
    /// square 7°, sextile 5° (a common modern set).
    fn default() -> Self {
        Self(vec![
            (AspectKind::Conjunction, 8.0),
            (AspectKind::Opposition, 8.0),
            (AspectKind::Trine, 7.0),
            (AspectKind::Square, 7.0),
            (AspectKind::Sextile, 5.0),
        ])
    }
}

impl Orbs {
    /// The client's own table: only aspects with a positive orb are sought.
    pub fn from_client(entries: impl IntoIterator<Item = (AspectKind, f64)>) -> Self {
        let mut entries: Vec<_> = entries.into_iter().filter(|(_, orb)| *orb > 0.0).collect();
        entries.sort_by_key(|(kind, _)| *kind);
        Self(entries)
    }

    pub fn entries(&self) -> &[(AspectKind, f64)] {
        &self.0
    }
}

/// A point as the aspect search sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement<P> {
    pub point: P,
    pub longitude: f64,
    /// Degrees per day; 0 for points that do not move on their own.
    pub speed: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aspect<P> {
    pub point_a: P,
    pub point_b: P,
    pub kind: AspectKind,
    /// The actual angular separation, degrees in [0, 180].
    pub separation: f64,
    /// |separation − exact angle|.
    pub orb: f64,
    /// True while the orb is shrinking.
    pub applying: bool,
}

/// The aspect between two placements, if one is within orb. When two
/// aspects qualify (only possible with very wide orbs) the tighter one wins.
pub fn aspect_between<P: Copy>(a: &Placement<P>, b: &Placement<P>, orbs: &Orbs) -> Option<Aspect<P>> {
    // Signed shortest arc from a to b, in (−180, 180].
    let mut delta = normalize_degrees(b.longitude - a.longitude);
    if delta > 180.0 {
        delta -= 360.0;
    }
    let separation = delta.abs();
    let separation_rate = delta.signum() * (b.speed - a.speed);
    orbs.entries()
        .iter()
        .filter_map(|&(kind, max_orb)| {
            let off = separation - kind.angle();
            (off.abs() <= max_orb).then_some((kind, off))
        })
        .min_by(|x, y| x.1.abs().total_cmp(&y.1.abs()))
        .map(|(kind, off)| Aspect {
            point_a: a.point,
            point_b: b.point,
            kind,
            separation,
            orb: off.abs(),
            applying: off.signum() * separation_rate < 0.0,
        })
}

/// Every aspect among `placements`, each unordered pair once, in input order.
pub fn aspects_within<P: Copy>(placements: &[Placement<P>], orbs: &Orbs) -> Vec<Aspect<P>> {
    let mut found = Vec::new();
    for (i, a) in placements.iter().enumerate() {
        for b in &placements[i + 1..] {
            if let Some(aspect) = aspect_between(a, b, orbs) {
                found.push(aspect);
            }
        }
    }
    found
}

/// Every aspect from a point of `leading` to a point of `other`: the two
/// sets are different charts (synastry, progressed to natal, transits).
/// `applying` comes from both placements' speeds as given: pass the other
/// chart's speeds as zero to let only the leading chart's motion count.
pub fn aspects_across<P: Copy>(leading: &[Placement<P>], other: &[Placement<P>], orbs: &Orbs) -> Vec<Aspect<P>> {
    leading.iter().flat_map(|a| other.iter().filter_map(move |b| aspect_between(a, b, orbs))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(point: &'static str, longitude: f64, speed: f64) -> Placement<&'static str> {
        Placement { point, longitude, speed }
    }

    #[test]
    fn finds_aspects_across_aries() {
        let aspect = aspect_between(&at("a", 355.0, 0.0), &at("b", 3.0, 0.0), &Orbs::default()).unwrap();
        assert_eq!(aspect.kind, AspectKind::Conjunction);
        assert!((aspect.orb - 8.0).abs() < 1e-9);
        let aspect = aspect_between(&at("a", 10.0, 0.0), &at("b", 250.0, 0.0), &Orbs::default()).unwrap();
        assert_eq!(aspect.kind, AspectKind::Trine);
        assert!(aspect.orb.abs() < 1e-9);
        assert!(aspect_between(&at("a", 10.0, 0.0), &at("b", 50.0, 0.0), &Orbs::default()).is_none());
    }

    #[test]
    fn applying_means_the_orb_shrinks() {
        // Fast Moon at 85° behind Sun at 0°+... : Sun 0°, Moon 84° moving away
        // from the Sun toward the square at 90°: applying.
        let sun = at("sun", 0.0, 1.0);
        let moon = at("moon", 84.0, 13.0);
        assert!(aspect_between(&sun, &moon, &Orbs::default()).unwrap().applying);
        // Moon at 96°, past the square and still moving away: separating.
        let moon = at("moon", 96.0, 13.0);
        assert!(!aspect_between(&sun, &moon, &Orbs::default()).unwrap().applying);
        // Retrograde Mercury at 2° backing toward Sun at 0°: conjunction applying.
        let mercury = at("mercury", 2.0, -1.0);
        assert!(aspect_between(&sun, &mercury, &Orbs::default()).unwrap().applying);
        // The same from the other side, across 0° Aries.
        let sun = at("sun", 359.0, 1.0);
        let mercury = at("mercury", 1.0, -0.5);
        assert!(aspect_between(&sun, &mercury, &Orbs::default()).unwrap().applying);
        assert!(aspect_between(&mercury, &sun, &Orbs::default()).unwrap().applying);
        // Opposition closing: a at 0°, b at 175° moving forward.
        assert!(aspect_between(&at("a", 0.0, 0.0), &at("b", 175.0, 1.0), &Orbs::default()).unwrap().applying);
        assert!(!aspect_between(&at("a", 0.0, 0.0), &at("b", 185.0, 1.0), &Orbs::default()).unwrap().applying);
    }

    #[test]
    fn client_orbs_choose_the_aspects() {
        let orbs = Orbs::from_client([(AspectKind::Quincunx, 3.0), (AspectKind::Conjunction, 0.0)]);
        assert!(aspect_between(&at("a", 0.0, 0.0), &at("b", 1.0, 0.0), &orbs).is_none());
        assert_eq!(aspect_between(&at("a", 0.0, 0.0), &at("b", 152.0, 0.0), &orbs).unwrap().kind, AspectKind::Quincunx);
    }
}

//! The points a chart places: planets, lunar nodes, Lilith, Chiron and the
//! computed points, plus the four angles.

use super::ephemeris::Body;
use super::frame::Perspective;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PointId {
    Sun,
    Moon,
    Mercury,
    Venus,
    Mars,
    Jupiter,
    Saturn,
    Uranus,
    Neptune,
    Pluto,
    MeanNode,
    TrueNode,
    /// Opposite the true node.
    SouthNode,
    MeanLilith,
    Chiron,
    /// Ascendant + Moon − Sun by day, + Sun − Moon by night.
    PartOfFortune,
    Vertex,
    /// The Earth seen from the Sun: the Sun's place in heliocentric charts.
    Earth,
    /// A centaur (from the asteroid file, like Chiron).
    Pholus,
    /// The four main asteroids (from the asteroid file).
    Ceres,
    Pallas,
    Juno,
    Vesta,
    /// Ascendant + Sun − Moon by day, + Moon − Sun by night (the Part of
    /// Fortune reversed).
    PartOfSpirit,
}

impl PointId {
    pub const ALL: [PointId; 17] = [
        Self::Sun,
        Self::Moon,
        Self::Mercury,
        Self::Venus,
        Self::Mars,
        Self::Jupiter,
        Self::Saturn,
        Self::Uranus,
        Self::Neptune,
        Self::Pluto,
        Self::MeanNode,
        Self::TrueNode,
        Self::SouthNode,
        Self::MeanLilith,
        Self::Chiron,
        Self::PartOfFortune,
        Self::Vertex,
    ];

    /// Points the service places that the interpretation corpus has no
    /// texts for.
    pub const WITHOUT_TEXTS: [PointId; 7] =
        [Self::Earth, Self::Pholus, Self::Ceres, Self::Pallas, Self::Juno, Self::Vesta, Self::PartOfSpirit];

    pub const PLANETS: [PointId; 10] = [
        Self::Sun,
        Self::Moon,
        Self::Mercury,
        Self::Venus,
        Self::Mars,
        Self::Jupiter,
        Self::Saturn,
        Self::Uranus,
        Self::Neptune,
        Self::Pluto,
    ];

    /// The default selection: the ten planets, the true node, Lilith, and
    /// Chiron when the server has its data file.
    pub fn defaults(chiron_available: bool) -> Vec<PointId> {
        let mut points = Self::PLANETS.to_vec();
        points.extend([Self::TrueNode, Self::MeanLilith]);
        if chiron_available {
            points.push(Self::Chiron);
        }
        points
    }

    /// The default selection seen from `perspective`: from the Sun the
    /// Earth takes the Sun's place and the Moon, the lunar nodes and Lilith
    /// (which only exist as seen from the Earth) are left out.
    pub fn defaults_seen_from(perspective: Perspective, chiron_available: bool) -> Vec<PointId> {
        match perspective {
            Perspective::Heliocentric => {
                let mut points = vec![Self::Earth];
                points.extend(Self::PLANETS.iter().copied().filter(|p| p.seen_from(perspective)));
                if chiron_available {
                    points.push(Self::Chiron);
                }
                points
            }
            Perspective::Geocentric | Perspective::Topocentric => Self::defaults(chiron_available),
        }
    }

    /// Whether the point has a place seen from `perspective`.
    pub fn seen_from(self, perspective: Perspective) -> bool {
        match perspective {
            Perspective::Heliocentric => matches!(
                self,
                Self::Mercury
                    | Self::Venus
                    | Self::Mars
                    | Self::Jupiter
                    | Self::Saturn
                    | Self::Uranus
                    | Self::Neptune
                    | Self::Pluto
                    | Self::Chiron
                    | Self::Earth
            ),
            Perspective::Geocentric | Perspective::Topocentric => self != Self::Earth,
        }
    }

    /// Whether the point's positions come from the asteroid file.
    pub fn needs_asteroid_file(self) -> bool {
        self.body().is_some_and(Body::needs_asteroid_file)
    }

    /// Whether the interpretation corpus has texts for the point.
    pub fn has_texts(self) -> bool {
        !Self::WITHOUT_TEXTS.contains(&self)
    }

    /// Every point a request may name.
    pub fn every() -> impl Iterator<Item = PointId> {
        Self::ALL.into_iter().chain(Self::WITHOUT_TEXTS)
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Sun => "sun",
            Self::Moon => "moon",
            Self::Mercury => "mercury",
            Self::Venus => "venus",
            Self::Mars => "mars",
            Self::Jupiter => "jupiter",
            Self::Saturn => "saturn",
            Self::Uranus => "uranus",
            Self::Neptune => "neptune",
            Self::Pluto => "pluto",
            Self::MeanNode => "mean_node",
            Self::TrueNode => "true_node",
            Self::SouthNode => "south_node",
            Self::MeanLilith => "mean_lilith",
            Self::Chiron => "chiron",
            Self::PartOfFortune => "part_of_fortune",
            Self::Vertex => "vertex",
            Self::Earth => "earth",
            Self::Pholus => "pholus",
            Self::Ceres => "ceres",
            Self::Pallas => "pallas",
            Self::Juno => "juno",
            Self::Vesta => "vesta",
            Self::PartOfSpirit => "part_of_spirit",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::every().find(|point| point.id() == id)
    }

    /// The body the ephemeris computes for this point, if it is one.
    pub fn body(self) -> Option<Body> {
        Some(match self {
            Self::Sun => Body::Sun,
            Self::Moon => Body::Moon,
            Self::Mercury => Body::Mercury,
            Self::Venus => Body::Venus,
            Self::Mars => Body::Mars,
            Self::Jupiter => Body::Jupiter,
            Self::Saturn => Body::Saturn,
            Self::Uranus => Body::Uranus,
            Self::Neptune => Body::Neptune,
            Self::Pluto => Body::Pluto,
            Self::MeanNode => Body::MeanNode,
            Self::TrueNode => Body::TrueNode,
            Self::MeanLilith => Body::MeanLilith,
            Self::Chiron => Body::Chiron,
            Self::Earth => Body::Earth,
            Self::Pholus => Body::Pholus,
            Self::Ceres => Body::Ceres,
            Self::Pallas => Body::Pallas,
            Self::Juno => Body::Juno,
            Self::Vesta => Body::Vesta,
            Self::SouthNode | Self::PartOfFortune | Self::PartOfSpirit | Self::Vertex => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AngleId {
    Ascendant,
    Midheaven,
    Descendant,
    ImumCoeli,
}

impl AngleId {
    pub const ALL: [AngleId; 4] = [Self::Ascendant, Self::Midheaven, Self::Descendant, Self::ImumCoeli];

    pub fn id(self) -> &'static str {
        match self {
            Self::Ascendant => "ascendant",
            Self::Midheaven => "midheaven",
            Self::Descendant => "descendant",
            Self::ImumCoeli => "imum_coeli",
        }
    }
}

/// What an aspect can touch in a chart: one of its points or one of its
/// four angles (a transit to the natal midheaven, a directed midheaven to
/// the natal Sun).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChartPoint {
    Point(PointId),
    Angle(AngleId),
}

impl ChartPoint {
    pub fn id(self) -> &'static str {
        match self {
            Self::Point(point) => point.id(),
            Self::Angle(angle) => angle.id(),
        }
    }
}

"""The open-source peer of the load comparison (issue 37).

FastAPI on uvicorn around kerykeion 5.12.10, the most used open-source
astrology library in Python (Swiss Ephemeris through pyswisseph), answering
the same request bodies as ours (the same wrk script drives both):

* POST /api/calc/natal: the birth chart's points, houses and aspects.
* POST /api/calc/synastry: both charts and the aspects between them.
* POST /api/calc/solar-return: the solar return of `returnYear` at the
  birth place, with its aspects.
* POST /api/calc/lunar-return: the first lunar return from local midnight
  of `returnDate` at the birth place, with its aspects.
* POST /api/calc/transit: the transits to the natal chart over the period,
  sampled once a day (kerykeion has no exact pass times).
* POST /api/chart/svg: the natal wheel as SVG. Ours is a GET of a signed
  link; the peer has no links, so the birth data comes in the body.

Ours without a peer equivalent, because kerykeion 5.12.10 has no such
technique: events (ingresses, stations, phases, eclipses and void-of-course
spans over a period: kerykeion only gives one moment's Moon phase and the
next eclipses), secondary progressions (nor solar arc or primary
directions), PDF reports, and the AI summaries.

As our keyed requests, each one checks an API key and is metered (a counter
per key, in memory: the peer gets the cheapest metering there is).

Everything runs offline: coordinates and time zone are always given, so
kerykeion never asks GeoNames.

`infra/load.sh` (natal and catalogue modes) starts it with one uvicorn
worker a core (kerykeion holds the GIL) and drives it with the same wrk
scripts as ours.
"""

import collections
import datetime
import os
import zoneinfo

from fastapi import Depends, FastAPI, Header, HTTPException, Response
from kerykeion import (
    AspectsFactory,
    AstrologicalSubjectFactory,
    ChartDataFactory,
    ChartDrawer,
    EphemerisDataFactory,
    PlanetaryReturnFactory,
    TransitsTimeRangeFactory,
)
from pydantic import BaseModel

app = FastAPI()
KEY = os.environ.get("PEER_API_KEY", "peer-load-key")
usage: collections.Counter = collections.Counter()


class Location(BaseModel):
    latitude: float
    longitude: float
    timezone: str


class NatalRequest(BaseModel):
    dateTime: str
    location: Location


class SynastryRequest(BaseModel):
    dateTime1: str
    location1: Location
    dateTime2: str
    location2: Location


class SolarReturnRequest(BaseModel):
    birthDateTime: str
    birthLocation: Location
    returnYear: int


class LunarReturnRequest(BaseModel):
    birthDateTime: str
    birthLocation: Location
    returnDate: str


class TransitRequest(BaseModel):
    birthDateTime: str
    birthLocation: Location
    startDate: str
    endDate: str


def metered(x_api_key: str = Header(default="")) -> str:
    """The key check and metering every route pays, as ours does."""
    if x_api_key != KEY:
        raise HTTPException(status_code=401, detail="unknown API key")
    usage[x_api_key] += 1
    return x_api_key


def chart(name: str, date_time: str, location: Location):
    moment = datetime.datetime.fromisoformat(date_time)
    return AstrologicalSubjectFactory.from_birth_data(
        name,
        moment.year,
        moment.month,
        moment.day,
        moment.hour,
        moment.minute,
        lng=location.longitude,
        lat=location.latitude,
        tz_str=location.timezone,
        online=False,
        suppress_geonames_warning=True,
    )


def returns_at(natal, location: Location) -> PlanetaryReturnFactory:
    # Ours casts returns at the birth place when no returnLocation is sent;
    # offline with explicit coordinates keeps kerykeion off GeoNames.
    return PlanetaryReturnFactory(
        natal,
        lng=location.longitude,
        lat=location.latitude,
        tz_str=location.timezone,
        online=False,
    )


def with_aspects(returned) -> dict:
    # Our return answers carry the return chart's aspects, as the natal one.
    aspects = AspectsFactory.single_chart_aspects(returned)
    return {"subject": returned.model_dump(), "aspects": [a.model_dump() for a in aspects.aspects]}


@app.post("/api/calc/natal")
def natal(body: NatalRequest, _key: str = Depends(metered)):
    subject = chart("load", body.dateTime, body.location)
    aspects = AspectsFactory.single_chart_aspects(subject)
    return {"subject": subject.model_dump(), "aspects": [a.model_dump() for a in aspects.aspects]}


@app.post("/api/calc/synastry")
def synastry(body: SynastryRequest, _key: str = Depends(metered)):
    first = chart("first", body.dateTime1, body.location1)
    second = chart("second", body.dateTime2, body.location2)
    # One list with both charts moving: kerykeion has no counterpart of our
    # two directed lists (aspects1to2, aspects2to1), which differ only in
    # which chart is held still for applying/separating.
    aspects = AspectsFactory.dual_chart_aspects(first, second)
    return {
        "first": first.model_dump(),
        "second": second.model_dump(),
        "aspects": [a.model_dump() for a in aspects.aspects],
    }


@app.post("/api/calc/solar-return")
def solar_return(body: SolarReturnRequest, _key: str = Depends(metered)):
    natal = chart("load", body.birthDateTime, body.birthLocation)
    # kerykeion's solar return "of a year" is the first one from 1 January
    # 00:00 UTC; ours is the one nearest the birthday, the same one unless
    # the birthday is within about a day of the new year.
    returned = returns_at(natal, body.birthLocation).next_return_from_date(body.returnYear, 1, 1, return_type="Solar")
    return with_aspects(returned)


@app.post("/api/calc/lunar-return")
def lunar_return(body: LunarReturnRequest, _key: str = Depends(metered)):
    natal = chart("load", body.birthDateTime, body.birthLocation)
    # Ours searches from local midnight of returnDate, but kerykeion's
    # next_return_from_date starts at midnight UTC, and its time search
    # reads only the wall-clock fields of what it is given (the offset is
    # dropped): so it gets that local midnight already converted to UTC.
    day = datetime.date.fromisoformat(body.returnDate)
    zone = zoneinfo.ZoneInfo(body.birthLocation.timezone)
    start = datetime.datetime.combine(day, datetime.time(), tzinfo=zone).astimezone(datetime.timezone.utc)
    returned = returns_at(natal, body.birthLocation).next_return_from_iso_formatted_time(start.isoformat(), "Lunar")
    return with_aspects(returned)


@app.post("/api/calc/transit")
def transit(body: TransitRequest, _key: str = Depends(metered)):
    natal = chart("load", body.birthDateTime, body.birthLocation)
    # A daily step, as kerykeion documents and uses it: one snapshot at
    # local midnight of every day from startDate to endDate, both included
    # (365 for a common year), in the birth zone as ours without a
    # transitLocation. Each snapshot lists the aspects within kerykeion's
    # default orbs at that instant; kerykeion has no search for the exact
    # and orb-entry/exit instants of a pass, which is what ours returns.
    ephemeris = EphemerisDataFactory(
        start_datetime=datetime.datetime.fromisoformat(body.startDate),
        end_datetime=datetime.datetime.fromisoformat(body.endDate),
        step_type="days",
        step=1,
        lat=body.birthLocation.latitude,
        lng=body.birthLocation.longitude,
        tz_str=body.birthLocation.timezone,
    )
    moments = TransitsTimeRangeFactory(natal, ephemeris.get_ephemeris_data_as_astrological_subjects())
    return moments.get_transit_moments().model_dump()


@app.post("/api/chart/svg")
def chart_svg(body: NatalRequest, _key: str = Depends(metered)):
    subject = chart("load", body.dateTime, body.location)
    # The wheel only, as our image: kerykeion's full chart adds the aspect
    # grid and data tables beside it.
    svg = ChartDrawer(ChartDataFactory.create_natal_chart_data(subject)).generate_wheel_only_svg_string()
    # kerykeion opens with a licence comment; the root element first is
    # what SVG sniffers (and our image's first bytes) have.
    return Response(content=svg[svg.index("<svg") :], media_type="image/svg+xml")

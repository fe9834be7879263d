"""The open-source peer of the natal load comparison (issue 37).

FastAPI on uvicorn around kerykeion, the most used open-source astrology
library in Python (Swiss Ephemeris through pyswisseph), answering the same
request as our POST /api/calc/natal: the birth moment and place in, the
chart's points, houses and aspects out. As our keyed requests, each one
checks an API key and is metered (a counter per key, in memory: the peer
gets the cheapest metering there is).

`infra/load.sh natal` starts it with `uvicorn --workers 2` (one process a
core: kerykeion holds the GIL) and drives it with the same wrk script.
"""

import collections
import datetime
import os

from fastapi import FastAPI, Header, HTTPException
from kerykeion import AspectsFactory, AstrologicalSubjectFactory
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


@app.post("/api/calc/natal")
def natal(body: NatalRequest, x_api_key: str = Header(default="")):
    if x_api_key != KEY:
        raise HTTPException(status_code=401, detail="unknown API key")
    usage[x_api_key] += 1
    moment = datetime.datetime.fromisoformat(body.dateTime)
    subject = AstrologicalSubjectFactory.from_birth_data(
        "load",
        moment.year,
        moment.month,
        moment.day,
        moment.hour,
        moment.minute,
        lng=body.location.longitude,
        lat=body.location.latitude,
        tz_str=body.location.timezone,
        online=False,
        suppress_geonames_warning=True,
    )
    aspects = AspectsFactory.single_chart_aspects(subject)
    return {"subject": subject.model_dump(), "aspects": [a.model_dump() for a in aspects.aspects]}

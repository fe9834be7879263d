"""Chinese New Year dates 1900-2100 from two published-table libraries.

`lunarcalendar` and `lunardate` both carry the lunar-calendar tables of the
Hong Kong Observatory / Purple Mountain Observatory; the dates are taken
from the first (it covers 2100) and checked against the second wherever it
has the year. Writes chinese_new_year.json beside this script.

    python3 -m venv /tmp/cnyvenv
    /tmp/cnyvenv/bin/pip install lunarcalendar==0.0.9 lunardate==0.3.0
    /tmp/cnyvenv/bin/python shared/tests/reference/chinese_new_year.py
"""

import json
import pathlib

from lunarcalendar import Converter, Lunar
from lunardate import LunarDate

dates = {}
for year in range(1900, 2101):
    solar = Converter.Lunar2Solar(Lunar(year, 1, 1))
    text = f"{solar.year:04d}-{solar.month:02d}-{solar.day:02d}"
    try:
        other = LunarDate(year, 1, 1).to_solar_date().isoformat()
    except ValueError:
        other = None  # lunardate's table ends earlier
    if other is not None and other != text:
        raise SystemExit(f"{year}: lunarcalendar {text} but lunardate {other}")
    dates[str(year)] = text

out = pathlib.Path(__file__).with_name("chinese_new_year.json")
out.write_text(json.dumps({"source": "lunarcalendar 0.0.9, checked against lunardate 0.3.0", "new_year": dates}, indent=1) + "\n")
print(f"wrote {len(dates)} years to {out}")

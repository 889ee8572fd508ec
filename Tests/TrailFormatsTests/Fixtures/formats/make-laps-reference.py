#!/usr/bin/env python3
"""Computes laps-reference.json, the independent expected laps for TrackFileReaderLapTests.
Run from the repository root:

    pip install fitparse==1.2.0
    python3 Tests/TrailFormatsTests/Fixtures/formats/make-laps-reference.py ../shared/data \
        > Tests/TrailFormatsTests/Fixtures/formats/laps-reference.json

FIT: python-fitparse's `lap` messages (start_time as Unix seconds, None when fitparse gives a
relative time, total_elapsed_time and total_timer_time in s, total_distance in m, total_calories in kcal).
TCX: the `Lap` elements read with xml.etree (StartTime attribute, TotalTimeSeconds,
DistanceMeters, Calories).
"""
import calendar, datetime, json, os, sys
import xml.etree.ElementTree as ET
import fitparse

data = sys.argv[1]
out = {"fit": {}, "tcx": {}}

def unix(t):
    return calendar.timegm(t.timetuple()) if isinstance(t, datetime.datetime) else None

for name in sorted(os.listdir(os.path.join(data, "fit"))):
    if not name.endswith(".fit"):
        continue
    laps = []
    try:
        for m in fitparse.FitFile(os.path.join(data, "fit", name), check_crc=False).get_messages("lap"):
            v = m.get_values()
            laps.append({"start": unix(v.get("start_time")), "elapsed": v.get("total_elapsed_time"),
                         "timer": v.get("total_timer_time"), "distance": v.get("total_distance"),
                         "calories": v.get("total_calories")})
    except Exception:
        pass  # a cut-off file: the laps before the error
    out["fit"][name] = laps

NS = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"
for name in sorted(os.listdir(os.path.join(data, "tcx"))):
    root = ET.parse(os.path.join(data, "tcx", name)).getroot()
    laps = []
    for lap in root.iter(NS + "Lap"):
        st = datetime.datetime.fromisoformat(lap.get("StartTime").replace("Z", "+00:00"))
        laps.append({"start": calendar.timegm(st.utctimetuple()),
                     "timer": float(lap.find(NS + "TotalTimeSeconds").text),
                     "distance": float(lap.find(NS + "DistanceMeters").text),
                     "calories": float(c.text) if (c := lap.find(NS + "Calories")) is not None else None})
    out["tcx"][name] = laps

json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()

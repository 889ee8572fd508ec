#!/usr/bin/python3
"""Writes the small test photographs of TrailPhotosTests (8x8 grey JPEGs made here, no camera
picture, no licence needed) with known EXIF: capture times with and without an offset and
sub-seconds, GPS tags north-east and south-west, a tag at 0,0, an unset clock, a lying offset.
Needs Pillow (Debian python3-pil): /usr/bin/python3 make-photos.py"""
from fractions import Fraction
from PIL import Image
from PIL.TiffImagePlugin import IFDRational

def rational(x):
    f = Fraction(x).limit_denominator(10000)
    return IFDRational(f.numerator, f.denominator)

def photo(name, when=None, offset=None, subsec=None, gps=None, bare=False):
    img = Image.new("RGB", (8, 8), (120, 130, 140))
    if bare:
        img.save(name, "JPEG")  # no APP1 segment at all
        return
    exif = Image.Exif()
    exif[0x010F] = "Cairn tests"  # Make
    sub = {}
    if when: sub[0x9003] = when
    if offset: sub[0x9011] = offset
    if subsec: sub[0x9291] = subsec
    if sub: exif[0x8769] = sub
    if gps:
        lat, lon, alt = gps
        def dms(v):
            v = abs(v); d = int(v); m = int((v - d) * 60); s = (v - d - m / 60) * 3600
            return (rational(d), rational(m), rational(round(s, 4)))
        exif[0x8825] = {1: "N" if lat >= 0 else "S", 2: dms(lat), 3: "E" if lon >= 0 else "W", 4: dms(lon),
                        5: b"\x00" if alt >= 0 else b"\x01", 6: rational(abs(alt))}
    img.save(name, "JPEG", exif=exif.tobytes() if len(exif) else b"")

photo("offset.jpg", "2018:05:02 10:15:30", "+02:00", "25")
photo("local.jpg", "2018:05:02 10:15:30")
photo("gps.jpg", "2018:05:02 11:00:00", "+02:00", gps=(42.562667, 1.520083, 2345.5))
photo("gps-south-west.jpg", "2020:01:15 09:00:00", "-03:00", gps=(-33.45, -70.6667, -12.25))
photo("gps-zero.jpg", "2018:05:02 11:00:00", "+02:00", gps=(0.0, 0.0, 0.0))
photo("unset-clock.jpg", "1970:01:01 00:00:05")
photo("lying-offset.jpg", "2018:05:02 10:15:30", "+25:00")
photo("no-exif.jpg", bare=True)
# Issue 36: the same capture time as offset.jpg with a GPS tag added afterwards (point 35 of the tests' walk).
photo("offset-gps.jpg", "2018:05:02 10:15:30", "+02:00", "25", gps=(42.5675, 1.520083, 2035.0))

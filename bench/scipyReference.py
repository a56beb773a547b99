# The reference side of `npm run bench -- signal`: a long-lived scipy process fed the same arrays as our code.
# Protocol (one request at a time): a JSON line on stdin, for "load" followed by n little-endian float64
# values; one JSON line back. Each "run" call is timed here, inside Python, around the call alone (wall
# time and process CPU time). "peaks" returns a find_peaks call's count and the CRC-32 of its indices as
# little-endian int32, untimed, for the comparison with ours.
import json
import sys
import time
import zlib

import numpy as np
from scipy.signal import find_peaks, peak_widths

arrays = {}
stdin = sys.stdin.buffer
stdout = sys.stdout


def pipeline(x, t, kwargs):
    # The equivalent steps of a plain processing run: detection with prominence and width minimums, the
    # half-height widths, then each peak's area over its prominence bases above a straight baseline.
    peaks, properties = find_peaks(x, **kwargs)
    widths = peak_widths(x, peaks, rel_height=0.5, prominence_data=(
        properties["prominences"], properties["left_bases"], properties["right_bases"]))
    areas = np.empty(len(peaks))
    for k, (left, right) in enumerate(zip(properties["left_bases"], properties["right_bases"])):
        segment = x[left:right + 1]
        times = t[left:right + 1]
        line = np.interp(times, (times[0], times[-1]), (segment[0], segment[-1]))
        areas[k] = np.trapezoid(segment - line, times)
    return peaks, widths, areas


def run(request):
    x = arrays[request["array"]]
    kwargs = request.get("kwargs", {})
    start, cpu = time.perf_counter(), time.process_time()
    if request["case"] == "find_peaks":
        peaks, _ = find_peaks(x, **kwargs)
    else:
        peaks, _, _ = pipeline(x, arrays[request["time"]], kwargs)
    elapsed, cpu = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
    return {"ms": elapsed, "cpuMs": cpu, "count": int(len(peaks))}


for line in stdin:
    request = json.loads(line)
    if request["op"] == "load":
        size = request["n"]
        arrays[request["name"]] = np.frombuffer(stdin.read(8 * size), dtype="<f8").copy()
        reply = {"ok": True}
    elif request["op"] == "run":
        reply = run(request)
    elif request["op"] == "peaks":
        peaks, _ = find_peaks(arrays[request["array"]], **request.get("kwargs", {}))
        reply = {"count": int(len(peaks)), "crc32": zlib.crc32(peaks.astype("<i4").tobytes())}
    elif request["op"] == "version":
        import scipy
        reply = {"numpy": np.__version__, "scipy": scipy.__version__, "python": sys.version.split()[0]}
    else:
        reply = {"error": "unknown op"}
    stdout.write(json.dumps(reply) + "\n")
    stdout.flush()

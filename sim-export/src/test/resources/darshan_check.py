"""Reads a Darshan log with PyDarshan and compares it with what the exporting test expects, field by field.

Usage: darshan_check.py LOG EXPECTED_JSON
EXPECTED_JSON: {"nprocs": N, "start_ns": ns, "end_ns": ns, "partial": bool,
                "records": [{"name": path, "rank": r (-1: shared), "counters": {NAME: int}, "fcounters": {NAME: float}}],
                "dxt": [{"name": path, "rank": r, "write": [[offset, length, start_s, end_s], ...], "read": [...]}]}
Prints one line per mismatch and exits 1 if there is any; prints "ok <records> records" otherwise.
"""
import json
import sys

import darshan


def main():
    log, expected_path = sys.argv[1], sys.argv[2]
    with open(expected_path) as f:
        expected = json.load(f)
    report = darshan.DarshanReport(log, read_all=True)
    problems = []

    job = report.metadata["job"]
    if job["nprocs"] != expected["nprocs"]:
        problems.append(f"job nprocs {job['nprocs']} != {expected['nprocs']}")
    start_s, start_ns = divmod(expected["start_ns"], 1_000_000_000)
    end_s, end_ns = divmod(expected["end_ns"], 1_000_000_000)
    for key, want in (("start_time_sec", start_s), ("start_time_nsec", start_ns), ("end_time_sec", end_s),
                      ("end_time_nsec", end_ns)):
        if key in job and job[key] != want:
            problems.append(f"job {key} {job[key]} != {want}")

    names = report.name_records
    posix = report.records["POSIX"].to_df()
    counters, fcounters = posix["counters"], posix["fcounters"]
    dxt = {(r["id"], r["rank"]): r for r in report.records["DXT_POSIX"]} if "DXT_POSIX" in report.records else {}

    if len(counters) != len(expected["records"]):
        problems.append(f"{len(counters)} POSIX records in the log, expected {len(expected['records'])}")
    by_name_rank = {}
    for i in range(len(counters)):
        # column access keeps the uint64 ids exact (a row of mixed dtypes would turn them into floats)
        by_name_rank[(names.get(int(counters["id"].iloc[i])), int(counters["rank"].iloc[i]))] = i

    for rec in expected["records"]:
        key = (rec["name"], rec["rank"])
        if key not in by_name_rank:
            problems.append(f"no POSIX record for {key}; log has {sorted(by_name_rank)}")
            continue
        i = by_name_rank[key]
        for name, want in rec.get("counters", {}).items():
            got = int(counters[name].iloc[i])
            if got != want:
                problems.append(f"{key} {name} = {got}, expected {want}")
        for name, want in rec.get("fcounters", {}).items():
            got = float(fcounters[name].iloc[i])
            if abs(got - want) > 1e-6:
                problems.append(f"{key} {name} = {got!r}, expected {want!r}")
    ids = {name: rec_id for rec_id, name in names.items()}
    for rec in expected.get("dxt", []):
        key = (rec["name"], rec["rank"])
        for kind in ("write", "read"):
            want = rec[kind]
            d = dxt.get((ids.get(rec["name"]), rec["rank"]))
            if d is None:
                if want:
                    problems.append(f"{key} has no DXT record")
                continue
            segs = d[kind + "_segments"]
            if len(segs) != len(want):
                problems.append(f"{key} DXT {kind} segments: {len(segs)}, expected {len(want)}")
                continue
            for j, (off, length, t1, t2) in enumerate(want):
                s = segs.iloc[j] if hasattr(segs, "iloc") else segs[j]
                if int(s["offset"]) != off or int(s["length"]) != length \
                        or abs(float(s["start_time"]) - t1) > 1e-6 or abs(float(s["end_time"]) - t2) > 1e-6:
                    problems.append(f"{key} DXT {kind} segment {j}: ({int(s['offset'])}, {int(s['length'])}, "
                                    f"{float(s['start_time'])}, {float(s['end_time'])}) != {(off, length, t1, t2)}")
    if "partial" in expected:
        partial = bool(report.metadata.get("job", {}).get("partial_flag", False)) or bool(
            getattr(report, "partial_flag", False))
        if "DXT_POSIX" in report.modules:
            partial = partial or bool(report.modules["DXT_POSIX"].get("partial_flag", False))
        if partial != expected["partial"]:
            problems.append(f"DXT_POSIX partial flag {partial}, expected {expected['partial']}")

    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"ok {len(expected['records'])} records")


if __name__ == "__main__":
    main()

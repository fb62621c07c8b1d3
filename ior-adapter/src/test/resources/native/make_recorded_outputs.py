#!/usr/bin/env python3
"""Writes the recorded IOR outputs the parser tests read.

The real IOR cannot be installed on this project's machines, so these files are made by applying IOR 4.0's output
format strings (src/ior-output.c: PrintHeader, ShowTestStart, ShowSetup, PrintTableHeader, PrintReducedResult,
PrintRemoveTiming, PrintShortSummary, PrintLongSummaryOneOperation; PPDouble's widths and precisions) to chosen
timings. Re-run after changing it: python3 make_recorded_outputs.py
"""
import json
import math

MIB = 1048576.0


def pp(x, append=" "):
    if x < 0:
        return "   -      " + append
    prec = 6 if x < 1 else 2 if x < 3600 else 0
    return ("%-10." + str(prec) + "f%s") % (x, append)


def human(v):
    g, m = 1 << 30, 1 << 20
    if v >= g:
        return ("%.2f GiB" % (v / g)) if v % g else "%d GiB" % (v // g)
    if v >= m:
        return ("%.2f MiB" % (v / m)) if v % m else "%d MiB" % (v // m)
    return "%d bytes" % v


def rows_for(p, times):
    agg = p["N"] * p["s"] * p["b"]
    rows = []
    for it, (access, open_t, rdwr, close_t, lat) in enumerate(times):
        total = open_t + rdwr + close_t
        rows.append(dict(access=access, iter=it // 2 if p["read"] and p["write"] else it, bw=agg / total / MIB,
                         iops=(agg / p["t"]) / rdwr, lat=lat, open=open_t, rdwr=rdwr, close=close_t, total=total))
    return rows


def stats(vals):
    mean = sum(vals) / len(vals)
    sd = math.sqrt(sum((mean - v) ** 2 for v in vals) / len(vals))
    return max(vals), min(vals), mean, sd


def text(p, rows, removes):
    agg = p["N"] * p["s"] * p["b"]
    o = []
    o.append("IOR-4.0.0: MPI Coordinated Test of Parallel I/O\n")
    o.append("%-20s: %s\n" % ("Began", "Sun Nov 22 04:10:11 2026"))
    o.append("%-20s: %s\n" % ("Command line", p["cmd"]))
    o.append("%-20s: %s\n" % ("Machine", "Linux node017"))
    o.append("%-20s: %d\n" % ("TestID", 0))
    o.append("%-20s: %s\n" % ("StartTime", "Sun Nov 22 04:10:11 2026"))
    o.append("%-20s: %s\n" % ("Path", p["dir"]))
    o.append("%-20s: %.1f %s   Used FS: %2.1f%%   Inodes: %.1f Mi   Used Inodes: %2.1f%%\n" % ("FS", 1.8, "TiB", 13.4, 116.4, 4.9))
    o.append("\n%s: \n" % "Options")
    kv = [("api", "POSIX"), ("apiVersion", ""), ("test filename", p["o"]),
          ("access", "file-per-process" if p["F"] else "single-shared-file"), ("type", "independent"),
          ("segments", str(p["s"])), ("ordering in a file", "sequential"), ("ordering inter file", "no tasks offsets"),
          ("nodes", str(p["nodes"])), ("tasks", str(p["N"])), ("clients per node", str(p["N"] // p["nodes"])),
          ("repetitions", str(p["i"])), ("xfersize", human(p["t"])), ("blocksize", human(p["b"])),
          ("aggregate filesize", human(agg))]
    for k, v in kv:
        o.append("%-20s: %s\n" % (k, v))
    o.append("\n%s: \n" % "Results")
    o.append("\n")
    o.append("access    bw(MiB/s)  IOPS       Latency(s)  block(KiB) xfer(KiB)  open(s)    wr/rd(s)   close(s)   total(s)   iter\n")
    o.append("------    ---------  ----       ----------  ---------- ---------  --------   --------   --------   --------   ----\n")
    per_iter = 2 if p["read"] and p["write"] else 1
    for n, r in enumerate(rows):
        o.append("%-10s" % r["access"] + pp(r["bw"]) + pp(r["iops"]) + pp(r["lat"], "  ") + pp(p["b"] / 1024) +
                 pp(p["t"] / 1024) + pp(r["open"]) + pp(r["rdwr"]) + pp(r["close"]) + pp(r["total"]) + "%-4d\n" % r["iter"])
        if n % per_iter == per_iter - 1:
            o.append("remove    -          -          -           -          -          -          -          -          "
                     + pp(removes[n // per_iter]) + "%-4d\n" % r["iter"])
    for access, label in (("write", "Max Write: "), ("read", "Max Read:  ")):
        bws = [r["bw"] * MIB for r in rows if r["access"] == access]
        if bws:
            o.append("%s%.2f MiB/sec (%.2f MB/sec)\n" % (label, max(bws) / MIB, max(bws) / 1e6))
    o.append("\nSummary of all tests:")
    o.append("\n%-9s %10s %10s %10s %10s %10s %10s %10s %10s %10s" % ("Operation", "Max(MiB)", "Min(MiB)", "Mean(MiB)", "StdDev", "Max(OPs)", "Min(OPs)", "Mean(OPs)", "StdDev", "Mean(s)"))
    o.append(" Stonewall(s) Stonewall(MiB) Test# #Tasks tPN reps fPP reord reordoff reordrand seed segcnt ")
    o.append("%8s %8s %9s %5s" % (" blksiz", "xsize", "aggs(MiB)", "API"))
    o.append(" RefNum\n")
    for access in ("write", "read"):
        rs = [r for r in rows if r["access"] == access]
        if not rs:
            continue
        bw = stats([agg / r["total"] for r in rs])
        ops = stats([agg / p["t"] / r["total"] for r in rs])
        meant = sum(r["total"] for r in rs) / len(rs)
        o.append("%-9s " % access + "".join("%10.2f " % (x / MIB) for x in bw) + "".join("%10.2f " % x for x in ops)
                 + "%10.5f " % meant + "%10s %13s " % ("NA", "NA")
                 + "%5d %6d %3d %4d %3d %5d %8d %9d %4d " % (0, p["N"], p["N"] // p["nodes"], p["i"], p["F"], 0, 1, 0, 0)
                 + "%6d %8d %8d %9.1f %3s %6d\n" % (p["s"], p["b"], p["t"], agg / MIB, "POSIX", 0))
    o.append("%-20s: %s\n" % ("Finished", "Sun Nov 22 04:10:25 2026"))
    return "".join(o)


def json_doc(p, rows, removes):
    agg = p["N"] * p["s"] * p["b"]
    results = []
    per_iter = 2 if p["read"] and p["write"] else 1
    for n, r in enumerate(rows):
        results.append({"access": r["access"], "bwMiB": r["bw"], "blockKiB": p["b"] / 1024, "xferKiB": p["t"] / 1024,
                        "iops": r["iops"], "latency": r["lat"], "openTime": r["open"], "wrRdTime": r["rdwr"],
                        "closeTime": r["close"], "totalTime": r["total"]})
        if n % per_iter == per_iter - 1:
            results.append({"access": "remove", "totalTime": removes[n // per_iter]})
    summary = []
    for access in ("write", "read"):
        rs = [r for r in rows if r["access"] == access]
        bw = stats([agg / r["total"] for r in rs])
        ops = stats([agg / p["t"] / r["total"] for r in rs])
        summary.append({"operation": access, "API": "POSIX", "TestID": 0, "ReferenceNumber": 0, "segmentCount": p["s"],
                        "blockSize": p["b"], "transferSize": p["t"], "numTasks": p["N"], "tasksPerNode": p["N"] // p["nodes"],
                        "repetitions": p["i"], "filePerProc": p["F"], "reorderTasks": 0, "taskPerNodeOffset": 1,
                        "reorderTasksRandom": 0, "reorderTasksRandomSeed": 0, "bwMaxMIB": bw[0] / MIB,
                        "bwMinMIB": bw[1] / MIB, "bwMeanMIB": bw[2] / MIB, "bwStdMIB": bw[3] / MIB, "OPsMax": ops[0],
                        "OPsMin": ops[1], "OPsMean": ops[2], "OPsSD": ops[3],
                        "MeanTime": sum(r["total"] for r in rs) / len(rs), "xsizeMiB": agg / MIB})
    params = {"testID": 0, "refnum": 0, "api": "POSIX", "platform": "node(Linux)", "testFileName": p["o"],
              "deadlineForStonewall": 0, "stoneWallingWearOut": 0, "maxTimeDuration": 0, "outlierThreshold": 0,
              "options": "(null)", "dryRun": 0, "nodes": p["nodes"], "memoryPerTask": 0, "memoryPerNode": 0,
              "tasksPerNode": p["N"] // p["nodes"], "repetitions": p["i"], "multiFile": 0, "interTestDelay": 0,
              "fsync": 0, "fsyncperwrite": 0, "useExistingTestFile": 0, "uniqueDir": 0, "singleXferAttempt": 0,
              "readFile": 1, "writeFile": 1, "filePerProc": p["F"], "reorderTasks": 0, "reorderTasksRandom": 0,
              "reorderTasksRandomSeed": 0, "randomOffset": 0, "checkWrite": 0, "checkRead": 0, "keepFile": 0,
              "keepFileWithError": 0, "quitOnError": 0, "verbose": 0, "data packet type": "t",
              "setTimeStampSignature/incompressibleSeed": 0, "collective": 0, "segmentCount": p["s"],
              "transferSize": p["t"], "blockSize": p["b"]}
    options = {"api": "POSIX", "apiVersion": "", "test filename": p["o"],
               "access": "file-per-process" if p["F"] else "single-shared-file", "type": "independent",
               "segments": p["s"], "ordering in a file": "sequential", "ordering inter file": "no tasks offsets",
               "nodes": p["nodes"], "tasks": p["N"], "clients per node": p["N"] // p["nodes"], "repetitions": p["i"],
               "xfersize": human(p["t"]), "blocksize": human(p["b"]), "aggregate filesize": human(agg)}
    maxes = {}
    for access, key in (("write", "write"), ("read", "read")):
        bws = [r["bw"] * MIB for r in rows if r["access"] == access]
        maxes[key + "MiB"] = max(bws) / MIB
        maxes[key + "MB"] = max(bws) / 1e6
    doc = {"Version": "4.0.0", "Began": "Sun Nov 22 04:12:40 2026", "Command line": p["cmd"],
           "Machine": "Linux node017", "tests": [{"TestID": 0, "StartTime": "Sun Nov 22 04:12:40 2026",
                                                  "Path": p["dir"], "Capacity": "1.8 TiB", "Used Capacity": "13.4%",
                                                  "Inodes": "116.4 Mi", "Used Inodes": "4.9%", "Parameters": params,
                                                  "Options": options, "Results": results, "max": maxes}],
           "summary": summary, "Finished": "Sun Nov 22 04:12:58 2026"}
    return json.dumps(doc, indent=2).replace("\n", "\n") + "\n"


def csv(p, rows):
    o = ["access,bw(MiB/s),IOPS,Latency,block(KiB),xfer(KiB),open(s),wr/rd(s),close(s),total(s),numTasks,iter\n"]
    for r in rows:
        o.append("%s,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%d,%d\n" % (
            r["access"], r["bw"], r["iops"], r["lat"], p["b"] / 1024, p["t"] / 1024, r["open"], r["rdwr"], r["close"],
            r["total"], p["N"], r["iter"]))
    return "".join(o)


shared = dict(cmd="ior -a POSIX -w -r -i 3 -b 64m -t 1m -o /scratch/ckpt/shared", o="/scratch/ckpt/shared",
              dir="/scratch/ckpt", F=0, N=16, nodes=4, s=1, b=64 << 20, t=1 << 20, i=3, read=True, write=True)
shared_times = [("write", 0.0412, 2.311, 0.1031, 0.0361), ("read", 0.0021, 1.402, 0.0009, 0.0219),
                ("write", 0.0388, 2.502, 0.0937, 0.0391), ("read", 0.0019, 1.388, 0.0011, 0.0216),
                ("write", 0.0401, 2.207, 0.1102, 0.0344), ("read", 0.0023, 1.451, 0.0010, 0.0226)]
fpp = dict(cmd="ior -a POSIX -w -r -F -s 4 -b 16m -t 4m -o /scratch/ckpt/fpp", o="/scratch/ckpt/fpp",
           dir="/scratch/ckpt", F=1, N=8, nodes=2, s=4, b=16 << 20, t=4 << 20, i=2, read=True, write=True)
fpp_times = [("write", 0.0101, 1.905, 0.0501, 0.2381), ("read", 0.0011, 0.610, 0.0004, 0.0762),
             ("write", 0.0099, 1.871, 0.0487, 0.2338), ("read", 0.0012, 0.624, 0.0004, 0.0780)]

mpirun_noise = "[node017:01234] mca_base_component_repository_open: unable to open mca_btl_openib\n"
with open("ior-4.0-text-shared-3iter.txt", "w") as f:
    f.write(mpirun_noise + text(shared, rows_for(shared, shared_times), [0.0121, 0.0118, 0.0125]))
with open("ior-4.0-text-fpp.txt", "w") as f:
    f.write(text(fpp, rows_for(fpp, fpp_times), [0.0311, 0.0298]))
with open("ior-4.0-shared-3iter.json", "w") as f:
    f.write(json_doc(shared, rows_for(shared, shared_times), [0.0121, 0.0118, 0.0125]))
with open("ior-4.0-fpp.csv", "w") as f:
    f.write(csv(fpp, rows_for(fpp, fpp_times)))

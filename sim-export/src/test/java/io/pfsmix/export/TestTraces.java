package io.pfsmix.export;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds real trace files with tracing's writer, keeping the records written so tests can derive what to expect. */
final class TestTraces {
  static final long T0 = 1_700_000_000_123_456_789L;
  static final long MIB = 1 << 20;

  final List<TraceRecord> records = new ArrayList<>();

  /** An IOR-like N-to-1 write then read: each rank opens, writes blocks of size block at i*N*B + rank*B, seeks, reads. */
  TestTraces iorRank(String host, int rank, int ranks, String file, int segments, long block, long startNs) {
    EventContext c = new EventContext(host, 4000 + rank, "", "", rank);
    long t = startNs;
    t = add(t, 1000, TraceOp.POSIX_OPEN, TracePoint.POSIX, file, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, c);
    for (int i = 0; i < segments; i++) {
      long off = (long) i * ranks * block + rank * block;
      t = add(t, 2_000_000, TraceOp.POSIX_PWRITE, TracePoint.POSIX, file, off, block, block, c);
    }
    t = add(t, 500, TraceOp.POSIX_LSEEK, TracePoint.POSIX, file, TraceRecord.NONE, 0, 0, c);
    for (int i = 0; i < segments; i++) {
      long off = (long) i * ranks * block + rank * block;
      t = add(t, 1_000_000, TraceOp.POSIX_PREAD, TracePoint.POSIX, file, off, block, block, c);
    }
    add(t, 700, TraceOp.POSIX_CLOSE, TracePoint.POSIX, file, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, c);
    return this;
  }

  /** A Hadoop map task: stat, open, sequential stream reads without explicit offsets, a storage-point read, close. */
  TestTraces hadoopTask(String host, String attempt, String file, int reads, long size, long startNs) {
    EventContext c = new EventContext(host, 7000, "job_1700000000000_0007", attempt, EventContext.NO_RANK);
    long t = startNs;
    t = add(t, 3000, TraceOp.GET_FILE_STATUS, TracePoint.APPLICATION, file, TraceRecord.NONE, TraceRecord.NONE,
        TraceRecord.NONE, c);
    t = add(t, 5000, TraceOp.OPEN, TracePoint.APPLICATION, file, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE,
        c);
    for (int i = 0; i < reads; i++) {
      // the storage point sees the read-ahead refill: excluded by default, so it must not change any count
      if (i == 0) {
        add(t, 9000, TraceOp.PREAD, TracePoint.STORAGE, file, 0, 4 * size, 4 * size, c);
      }
      t = add(t, 20_000, TraceOp.READ, TracePoint.APPLICATION, file, TraceRecord.NONE, size, size, c);
    }
    add(t, 1000, TraceOp.CLOSE, TracePoint.APPLICATION, file, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, c);
    return this;
  }

  /**
   * One rank opening a file, doing the given accesses ({write?1:0, offset, bytes} each, or {2, 0, 0} for an fsync,
   * optionally followed by the access's duration and its distance from the previous call's end, in ns) one after the
   * other, closing.
   */
  TestTraces rankAccesses(String host, int rank, String file, long[][] accesses, long startNs) {
    return rankAccesses(host, 5000 + rank, rank, file, accesses, startNs);
  }

  /** As {@link #rankAccesses(String, int, String, long[][], long)}, the rank a thread of process pid. */
  TestTraces rankAccesses(String host, int pid, int rank, String file, long[][] accesses, long startNs) {
    EventContext c = new EventContext(host, pid, "", "", rank);
    long t = add(startNs, 1000, TraceOp.POSIX_OPEN, TracePoint.POSIX, file, TraceRecord.NONE, TraceRecord.NONE,
        TraceRecord.NONE, c);
    for (long[] a : accesses) {
      // optional a[3]: the access's duration (1 ms); a[4]: the time since the previous call ended (10 us)
      t += a.length > 4 ? a[4] - 10_000 : 0;
      if (a[0] == 2) {
        t = add(t, a.length > 3 ? a[3] : 1_000_000, TraceOp.POSIX_FSYNC, TracePoint.POSIX, file, TraceRecord.NONE,
            TraceRecord.NONE, 0, c);
        continue;
      }
      t = add(t, a.length > 3 ? a[3] : 1_000_000, a[0] == 1 ? TraceOp.POSIX_PWRITE : TraceOp.POSIX_PREAD,
          TracePoint.POSIX, file, a[1], a[2], a[2], c);
    }
    add(t, 1000, TraceOp.POSIX_CLOSE, TracePoint.POSIX, file, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE, c);
    return this;
  }

  /** A rank's stats of one path, {duration, time since the previous call ended} each (ns), from startNs. */
  TestTraces rankStats(String host, int pid, int rank, String path, long[][] stats, long startNs) {
    EventContext c = new EventContext(host, pid, "", "", rank);
    long t = startNs;
    for (long[] stat : stats) {
      t += stat[1] - 10_000;
      t = add(t, stat[0], TraceOp.GET_FILE_STATUS, TracePoint.POSIX, path, TraceRecord.NONE, TraceRecord.NONE,
          TraceRecord.NONE, c);
    }
    return this;
  }

  /**
   * A Hadoop task's namespace calls around one read and one write, each path spelled as Hadoop prints it (pfs:/x): it
   * makes a directory, lists one, stats the root, a missing file (failing) and its input, fails to open a missing file,
   * then reads its input (reads stream reads of size bytes), creates its output with one write, and closes both. Only the
   * input and the output are regular files.
   */
  TestTraces hadoopNamespaceTask(String host, String attempt, String input, String output, int reads, long size,
      long startNs) {
    EventContext c = new EventContext(host, 7100, "job_1700000000000_0007", attempt, EventContext.NO_RANK);
    long n = TraceRecord.NONE;
    long t = add(startNs, 4000, TraceOp.MKDIRS, TracePoint.APPLICATION, "pfs:/out", n, n, n, c);
    t = add(t, 6000, TraceOp.LIST_STATUS, TracePoint.APPLICATION, "pfs:/in", n, n, n, c);
    t = add(t, 2000, TraceOp.GET_FILE_STATUS, TracePoint.APPLICATION, "pfs:/", n, n, n, c);
    t = add(t, 2000, TraceOp.GET_FILE_STATUS, TracePoint.APPLICATION, "pfs:/out/_missing", n, n, n,
        "java.io.FileNotFoundException", c);
    t = add(t, 2000, TraceOp.OPEN, TracePoint.APPLICATION, "pfs:/in/absent", n, n, n, "java.io.FileNotFoundException",
        c);
    t = add(t, 2000, TraceOp.GET_FILE_STATUS, TracePoint.APPLICATION, input, n, n, n, c);
    t = add(t, 5000, TraceOp.OPEN, TracePoint.APPLICATION, input, n, n, n, c);
    for (int i = 0; i < reads; i++) {
      t = add(t, 20_000, TraceOp.READ, TracePoint.APPLICATION, input, n, size, size, c);
    }
    t = add(t, 1000, TraceOp.CLOSE, TracePoint.APPLICATION, input, n, n, n, c);
    t = add(t, 5000, TraceOp.CREATE, TracePoint.APPLICATION, output, n, n, n, c);
    t = add(t, 30_000, TraceOp.WRITE, TracePoint.APPLICATION, output, n, size, size, c);
    add(t, 1000, TraceOp.CLOSE, TracePoint.APPLICATION, output, n, n, n, c);
    return this;
  }

  private long add(long t, long dur, TraceOp op, TracePoint point, String path, long offset, long length, long bytes,
      EventContext c) {
    return add(t, dur, op, point, path, offset, length, bytes, TraceRecord.OK, c);
  }

  private long add(long t, long dur, TraceOp op, TracePoint point, String path, long offset, long length, long bytes,
      String result, EventContext c) {
    records.add(new TraceRecord(t, dur, op, point, path, offset, length, bytes, result, 1, c));
    return t + dur + 10_000;
  }

  /** Writes the records whose context host matches into one trace file per host, each in start order. */
  List<Path> write(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    List<String> hosts = records.stream().map(r -> r.context().host()).distinct().toList();
    for (String host : hosts) {
      Path f = dir.resolve(host + ".ptrace");
      try (TraceWriter w = TraceWriter.create(f, TraceHeader.current(T0, 0, host, 1, "pfsmix-test"))) {
        records.stream().filter(r -> r.context().host().equals(host))
            .sorted(java.util.Comparator.comparingLong(TraceRecord::startNs)).forEach(r -> {
              try {
                w.write(r);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
      }
      files.add(f);
    }
    return files;
  }
}

package io.pfsmix.export.darshan;

import io.pfsmix.export.Actor;
import io.pfsmix.export.ActorTable;
import io.pfsmix.export.EventKind;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportWarnings;
import io.pfsmix.export.Exporter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Accumulates Darshan POSIX counters and DXT segments per file and rank while the trace streams by, then writes the log.
 * Memory grows with files x ranks (counters) and with the number of DXT segments, which --dxt-max-segments caps: past it
 * DXT stops recording, the log's DXT_POSIX partial flag is set and a counted warning says so (counters stay complete).
 * As Darshan's runtime does, only regular files get POSIX records (here: paths some call opened, read or wrote
 * successfully; directories, listings and names only probed are left out), only successful calls are counted, and a file
 * several ranks used gets one reduced rank -1 record instead of theirs (its DXT segments stay per rank).
 */
public final class DarshanExporter implements Exporter {
  static final int POSIX_MODULE = 1;
  static final int POSIX_VERSION = 4;
  static final int DXT_POSIX_MODULE = 10;
  static final int DXT_POSIX_VERSION = 1;
  private static final int HOSTNAME_SIZE = 64;
  private static final double NS = 1e9;

  private final Path output;
  private final ExportOptions options;
  private final ExportWarnings warnings;
  private final String dxtCapWarning;
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private final List<String> fileNames = new ArrayList<>();
  /** Per actor index: its records by file path. */
  private final List<Map<String, PosixFileRecord>> byActor = new ArrayList<>();
  private final List<PosixFileRecord> records = new ArrayList<>();
  /** File indices of the paths known to be regular files: some call opened, read or wrote them successfully. */
  private final BitSet regularFiles = new BitSet();
  private final Set<String> hosts = new LinkedHashSet<>();
  private final Set<String> jobIds = new LinkedHashSet<>();
  private long dxtSegments;
  private int actorsSeen;
  private boolean dxtTruncated;
  private long baseNs = Long.MIN_VALUE;
  private long minStartNs = Long.MAX_VALUE;
  private long maxEndNs = Long.MIN_VALUE;
  private int lastActor = -1;
  private String lastPath;
  private PosixFileRecord lastRecord;

  public DarshanExporter(Path output, ExportOptions options, ExportWarnings warnings) {
    this.dxtCapWarning = "DXT segment beyond --dxt-max-segments=" + options.dxtMaxSegments()
        + " not recorded (POSIX counters still count it; the log's DXT_POSIX partial flag is set)";
    this.output = output;
    this.options = options;
    this.warnings = warnings;
  }

  @Override
  public void accept(ExportEvent e) {
    long start = e.startNs();
    if (baseNs == Long.MIN_VALUE) {
      baseNs = start;
    }
    minStartNs = Math.min(minStartNs, start);
    maxEndNs = Math.max(maxEndNs, e.endNs());
    if (e.actor.index() >= actorsSeen) {
      // actors are numbered in order of appearance: a new index is a new actor
      actorsSeen = e.actor.index() + 1;
      hosts.add(e.actor.host());
      if (!e.actor.context().jobId().isEmpty()) {
        jobIds.add(e.actor.context().jobId());
      }
    }
    if (e.fsPath == null) {
      if (e.kind.movesData() || e.kind == EventKind.OPEN) {
        warnings.warn("data or open call without a file path, left out of the Darshan log", e);
      }
      return;
    }
    if (!e.record.succeeded() && e.kind != EventKind.CLOSE) {
      // Darshan's wrappers record successful calls only (a close is recorded whatever it returned)
      if (e.kind.movesData()) {
        warnings.warn("failed read or write, not counted (Darshan counts successful calls only)", e);
      }
      return;
    }
    double t1 = (start - baseNs) / NS;
    double t2 = (e.endNs() - baseNs) / NS;
    PosixFileRecord rec = recordOf(e);
    if (e.kind.movesData() || e.kind == EventKind.OPEN) {
      regularFiles.set(rec.fileIndex);
    }
    switch (e.kind) {
      case OPEN -> rec.open(t1, t2);
      case CLOSE -> rec.close(t1, t2);
      case SEEK -> rec.count(PosixCounters.SEEKS, t1, t2);
      case STAT -> rec.count(PosixCounters.STATS, t1, t2);
      case FSYNC -> rec.count(PosixCounters.FSYNCS, t1, t2);
      case FDATASYNC -> rec.count(PosixCounters.FDSYNCS, t1, t2);
      case FLUSH, METADATA -> rec.meta(t1, t2);
      case READ, WRITE -> {
        boolean write = e.kind == EventKind.WRITE;
        if (write) {
          rec.write(e.offset, e.transferred, t1, t2);
        } else {
          rec.read(e.offset, e.transferred, t1, t2);
        }
        addSegment(rec, e, write, t1, t2);
      }
      case UNKNOWN -> warnings.warn("operation unknown to this reader, left out of the Darshan log", e);
    }
  }

  private PosixFileRecord recordOf(ExportEvent e) {
    int actor = e.actor.index();
    if (actor == lastActor && e.fsPath == lastPath) {
      return lastRecord;
    }
    while (byActor.size() <= actor) {
      byActor.add(new HashMap<>());
    }
    Map<String, PosixFileRecord> files = byActor.get(actor);
    PosixFileRecord rec = files.get(e.fsPath);
    if (rec == null) {
      Integer file = fileIndex.get(e.fsPath);
      if (file == null) {
        file = fileNames.size();
        fileNames.add(e.fsPath);
        fileIndex.put(e.fsPath, file);
      }
      rec = new PosixFileRecord(DarshanHash.recordId(e.fsPath), actor, file, options.fileAlignment());
      files.put(e.fsPath, rec);
      records.add(rec);
    }
    lastActor = actor;
    lastPath = e.fsPath;
    lastRecord = rec;
    return rec;
  }

  private void addSegment(PosixFileRecord rec, ExportEvent e, boolean write, double t1, double t2) {
    if (dxtSegments >= options.dxtMaxSegments()) {
      dxtTruncated = true;
      warnings.warn(dxtCapWarning, e);
      return;
    }
    dxtSegments++;
    if (rec.dxt == null) {
      rec.dxt = new DxtSegments();
    }
    rec.dxt.add(write, e.offset, e.transferred, t1, t2);
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    if (baseNs == Long.MIN_VALUE) {
      throw new IOException("the trace holds no exportable record: a Darshan log needs at least one");
    }
    List<Actor> order = actors.sorted();
    int[] rankOf = new int[actors.size()];
    for (int r = 0; r < order.size(); r++) {
      rankOf[order.get(r).index()] = r;
    }
    double shift = (baseNs - minStartNs) / NS;
    List<PosixFileRecord> perRank = new ArrayList<>();
    Map<Integer, List<PosixFileRecord>> byFile = new HashMap<>();
    for (PosixFileRecord rec : records) {
      if (regularFiles.get(rec.fileIndex)) {
        rec.complete();
        rec.shiftTimestamps(shift);
        perRank.add(rec);
        byFile.computeIfAbsent(rec.fileIndex, f -> new ArrayList<>()).add(rec);
      }
    }
    List<PosixFileRecord> entries = new ArrayList<>();
    for (List<PosixFileRecord> file : byFile.values()) {
      if (file.size() == 1) {
        entries.add(file.get(0));
      } else {
        file.sort(Comparator.comparingInt(r -> rankOf[r.actorIndex]));
        entries.add(PosixFileRecord.shared(file, rankOf));
      }
    }
    entries.sort(Comparator.comparingInt((PosixFileRecord r) -> rankOf(r, rankOf)).thenComparingInt(r -> r.fileIndex));
    perRank.sort(Comparator.comparingInt((PosixFileRecord r) -> rankOf[r.actorIndex]).thenComparingInt(r -> r.fileIndex));
    try (DarshanLogWriter log = new DarshanLogWriter(output)) {
      log.writeJob(minStartNs, maxEndNs, actors.size(), jobNumber(), metadata(), options.commandLine(),
          "\npfs\t/");
      log.beginNames();
      Set<Long> written = new HashSet<>();
      for (int f = regularFiles.nextSetBit(0); f >= 0; f = regularFiles.nextSetBit(f + 1)) {
        String name = fileNames.get(f);
        long id = DarshanHash.recordId(name);
        if (written.add(id)) {
          log.name(id, name);
        }
      }
      log.beginModule(POSIX_MODULE, POSIX_VERSION);
      ByteBuffer b = ByteBuffer.allocate(16 + PosixCounters.COUNT * 8 + PosixCounters.F_COUNT * 8)
          .order(ByteOrder.LITTLE_ENDIAN);
      OutputStream out = log.out();
      for (PosixFileRecord rec : entries) {
        b.clear();
        b.putLong(rec.recordId).putLong(rankOf(rec, rankOf));
        for (long c : rec.counters) {
          b.putLong(c);
        }
        for (double c : rec.fcounters) {
          b.putDouble(c);
        }
        out.write(b.array(), 0, b.position());
      }
      if (dxtSegments > 0) {
        log.beginModule(DXT_POSIX_MODULE, DXT_POSIX_VERSION);
        writeDxt(log.out(), perRank, rankOf, actors, shift);
        if (dxtTruncated) {
          log.markPartial(DXT_POSIX_MODULE);
        }
      }
      log.finish();
    }
  }

  private static int rankOf(PosixFileRecord rec, int[] rankOf) {
    return rec.actorIndex == PosixFileRecord.SHARED ? -1 : rankOf[rec.actorIndex];
  }

  private void writeDxt(OutputStream out, List<PosixFileRecord> entries, int[] rankOf,
      ActorTable actors, double shift) throws IOException {
    ByteBuffer head = ByteBuffer.allocate(8 * 3 + HOSTNAME_SIZE + 16).order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer seg = ByteBuffer.allocate(32 * 1024).order(ByteOrder.LITTLE_ENDIAN);
    for (PosixFileRecord rec : entries) {
      DxtSegments s = rec.dxt;
      if (s == null) {
        continue;
      }
      head.clear();
      head.putLong(rec.recordId).putLong(rankOf[rec.actorIndex]);
      head.putLong(0); // shared_record: every record belongs to one rank
      byte[] host = actors.actors().get(rec.actorIndex).host().getBytes(StandardCharsets.UTF_8);
      head.put(host, 0, Math.min(host.length, HOSTNAME_SIZE - 1));
      head.position(24 + HOSTNAME_SIZE);
      head.putLong(s.writeCount()).putLong(s.readCount());
      out.write(head.array(), 0, head.position());
      // DXT lists all write segments first, then all reads
      writeSegments(out, seg, s.raw(true), s.writeCount(), shift);
      writeSegments(out, seg, s.raw(false), s.readCount(), shift);
    }
  }

  private static void writeSegments(OutputStream out, ByteBuffer seg, long[] raw, int count, double shift)
      throws IOException {
    seg.clear();
    for (int i = 0; i < count; i++) {
      if (!seg.hasRemaining()) {
        out.write(seg.array(), 0, seg.position());
        seg.clear();
      }
      int at = i * 4;
      seg.putLong(raw[at]).putLong(raw[at + 1]);
      seg.putDouble(Double.longBitsToDouble(raw[at + 2]) + shift);
      seg.putDouble(Double.longBitsToDouble(raw[at + 3]) + shift);
    }
    out.write(seg.array(), 0, seg.position());
  }

  /** The numeric part of a single Hadoop job id ("job_1700000000000_0042" -> 42), else 0. */
  private long jobNumber() {
    if (jobIds.size() != 1) {
      return 0;
    }
    String id = jobIds.iterator().next();
    int underscore = id.lastIndexOf('_');
    try {
      return Long.parseLong(id.substring(underscore + 1));
    } catch (NumberFormatException ex) {
      return 0;
    }
  }

  private String metadata() {
    StringBuilder m = new StringBuilder();
    // PyDarshan's summary report shows lib_ver as the runtime library version: name the producer there
    m.append("lib_ver=pfsmix-export\n");
    m.append("hosts=").append(String.join(",", hosts)).append('\n');
    if (!jobIds.isEmpty()) {
      m.append("hadoop_jobs=").append(String.join(",", jobIds)).append('\n');
    }
    return m.toString();
  }

  @Override
  public void close() {
    // the log file is written and closed in finish()
  }
}

package io.pfsmix.export;

import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import java.util.EnumSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns trace records into export events: picks the trace points to export (the application and storage points of one
 * read describe the same bytes twice), assigns actors, and gives stream calls without an explicit offset the position
 * their stream was at (open sets 0, a seek sets its target, a read or write advances by the bytes moved).
 */
public final class EventNormalizer {
  private final Set<TracePoint> points;
  private final ActorTable actors = new ActorTable();
  /** Per actor: stream position per file, keyed by the (cached, so identical) fsPath instance. */
  private final List<Map<String, long[]>> positions = new ArrayList<>();
  /** Trace readers hand out one String per path-table entry: the stripped path is computed once per entry. */
  private final Map<String, String> fsPaths = new IdentityHashMap<>();
  private int lastActor = -1;
  private String lastPath;
  private long[] lastPosition;
  private final ExportEvent event = new ExportEvent();
  private long sequence;
  private long skippedPoints;
  private final Set<TracePoint> pointsLeftOut = EnumSet.noneOf(TracePoint.class);

  public EventNormalizer(Set<TracePoint> points) {
    this.points = EnumSet.copyOf(points);
  }

  /** The event for this record, or null when its trace point is not exported. The returned instance is reused. */
  public ExportEvent normalize(TraceRecord record) {
    sequence++;
    if (record.point() != null && !points.contains(record.point())) {
      skippedPoints++;
      pointsLeftOut.add(record.point());
      return null;
    }
    ExportEvent e = event;
    e.sequence = sequence;
    e.record = record;
    e.kind = EventKind.of(record.op());
    e.actor = actors.actorOf(record.context());
    e.fsPath = record.path() == null ? null : cachedFsPath(record.path());
    long bytes = record.bytes();
    long done = bytes == TraceRecord.NONE ? Math.max(0, record.length()) : Math.max(0, bytes);
    e.transferred = e.kind.movesData() && record.succeeded() ? done : 0;
    e.offset = record.offset() == TraceRecord.NONE ? 0 : record.offset();
    if (e.fsPath != null && (e.kind.movesData() || e.kind == EventKind.OPEN || e.kind == EventKind.SEEK)) {
      trackPosition(e, record);
    }
    return e;
  }

  private String cachedFsPath(String path) {
    String fs = fsPaths.get(path);
    if (fs == null) {
      if (fsPaths.size() >= 1 << 16) {
        fsPaths.clear(); // paths not from a reader's table: keep the cache bounded
      }
      fs = fsPath(path);
      fsPaths.put(path, fs);
    }
    return fs;
  }

  private long[] positionOf(int actor, String path) {
    if (actor == lastActor && path == lastPath) {
      return lastPosition;
    }
    while (positions.size() <= actor) {
      positions.add(new HashMap<>());
    }
    long[] pos = positions.get(actor).computeIfAbsent(path, p -> new long[1]);
    lastActor = actor;
    lastPath = path;
    lastPosition = pos;
    return pos;
  }

  private void trackPosition(ExportEvent e, TraceRecord record) {
    long[] pos = positionOf(e.actor.index(), e.fsPath);
    switch (e.kind) {
      case OPEN -> pos[0] = 0;
      case SEEK -> {
        if (record.length() != TraceRecord.NONE) {
          pos[0] = record.length();
        } else if (record.offset() != TraceRecord.NONE) {
          pos[0] = record.offset();
        }
      }
      default -> {
        if (record.offset() == TraceRecord.NONE) {
          e.offset = pos[0];
        }
        pos[0] = e.offset + e.transferred;
      }
    }
  }

  public ActorTable actors() {
    return actors;
  }

  /** Records read, exported or not. */
  public long recordsSeen() {
    return sequence;
  }

  /** Records left out because their trace point was not selected. */
  public long skippedByPoint() {
    return skippedPoints;
  }

  /** The trace points of the records left out. */
  public Set<TracePoint> pointsLeftOut() {
    return EnumSet.copyOf(pointsLeftOut);
  }

  /**
   * A URI's path with scheme and authority removed: "pfs://host/a/b", "pfs:///a/b" and "pfs:/a/b" (how Hadoop prints a
   * path without authority) all become "/a/b", so the application point names a file as the storage point does. Plain
   * paths stay as they are.
   */
  static String fsPath(String path) {
    int colon = schemeEnd(path);
    if (colon < 0) {
      return path;
    }
    int start = colon + 1;
    if (path.startsWith("//", start)) {
      int slash = path.indexOf('/', start + 2);
      return slash < 0 ? "/" : path.substring(slash);
    }
    return start == path.length() ? "/" : path.substring(start);
  }

  /** Index of the colon ending a URI scheme (RFC 3986: a letter, then letters, digits, "+", "-", "."), else -1. */
  private static int schemeEnd(String path) {
    if (path.isEmpty() || !isAsciiLetter(path.charAt(0))) {
      return -1;
    }
    for (int i = 1; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == ':') {
        // a scheme is followed by a path that starts with "/" or by nothing ("pfs:" is the root)
        return i + 1 == path.length() || path.charAt(i + 1) == '/' ? i : -1;
      }
      if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
        return -1;
      }
    }
    return -1;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}

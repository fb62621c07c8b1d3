package io.pfsmix.trace.tools;

import java.io.IOException;
import java.io.PrintStream;

import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/** Prints a trace as text: the header, then one tab-separated line per record. */
public final class TraceDump {

  public static final String COLUMNS = "start_ns\tduration_ns\top\tpoint\tpath\toffset\tlength\tbytes\tresult\tthread\t"
      + "pid\thost\tjob\ttask_attempt\trank";

  private TraceDump() {
  }

  /** Dumps up to {@code limit} records (negative: all); returns the number printed. */
  public static long dump(TraceReader reader, PrintStream out, long limit, boolean withHeader) throws IOException {
    if (withHeader) {
      TraceHeader h = reader.header();
      out.printf("# %s: format %d.%d, producer %s, host %s, pid %d, wall anchor %d ns, monotonic anchor %d ns%n",
          reader.name(), h.versionMajor(), h.versionMinor(), h.producer(), h.host(), h.pid(), h.wallAnchorNs(),
          h.monotonicAnchorNs());
      out.println("# " + COLUMNS);
    }
    long printed = 0;
    StringBuilder line = new StringBuilder(256);
    for (TraceRecord r = limit == 0 ? null : reader.next(); r != null; r = ++printed == limit ? null : reader.next()) {
      line.setLength(0);
      line.append(r.startNs()).append('\t').append(r.durationNs()).append('\t').append(r.op()).append('\t')
          .append(r.point()).append('\t').append(r.path() == null ? "-" : r.path()).append('\t')
          .append(number(r.offset())).append('\t').append(number(r.length())).append('\t').append(number(r.bytes()))
          .append('\t').append(r.result()).append('\t').append(r.threadId()).append('\t').append(r.context().pid())
          .append('\t').append(r.context().host()).append('\t')
          .append(r.context().jobId().isEmpty() ? "-" : r.context().jobId()).append('\t')
          .append(r.context().taskAttemptId().isEmpty() ? "-" : r.context().taskAttemptId()).append('\t')
          .append(r.context().hasRank() ? Integer.toString(r.context().rank()) : "-");
      out.println(line);
    }
    if (withHeader) {
      if (reader.cutShort()) {
        out.println("# " + reader.cutShortMessage());
      } else if (reader.complete()) {
        out.println("# end: " + reader.endRecordCount() + " records, " + reader.lostRecords() + " lost");
      }
    }
    return printed;
  }

  static String number(long value) {
    return value == TraceRecord.NONE ? "-" : Long.toString(value);
  }
}

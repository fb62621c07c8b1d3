package io.pfsmix.export.chrome;

import io.pfsmix.export.Actor;
import io.pfsmix.export.ActorTable;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.Exporter;
import io.pfsmix.trace.format.TraceRecord;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chrome/Perfetto trace-event JSON: {"traceEvents":[...]} with one complete event (ph "X") per record. pid is the host (a
 * process track group named after it), tid the actor (a thread track named after the rank or task attempt); ts and dur are
 * microseconds since the first record. args carry path, offset, length asked, bytes done and the result.
 */
public final class ChromeTraceExporter implements Exporter {
  private final BufferedWriter out;
  private final Map<String, Integer> hostPids = new HashMap<>();
  private final List<Boolean> named = new ArrayList<>();
  private final StringBuilder b = new StringBuilder(256);
  private long baseNs = Long.MIN_VALUE;
  private boolean first = true;

  public ChromeTraceExporter(Path output) throws IOException {
    out = Files.newBufferedWriter(output, StandardCharsets.UTF_8);
    out.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  }

  @Override
  public void accept(ExportEvent e) throws IOException {
    if (baseNs == Long.MIN_VALUE) {
      baseNs = e.startNs();
    }
    TraceRecord r = e.record;
    int pid = hostPids.computeIfAbsent(e.actor.host(), h -> hostPids.size() + 1);
    int tid = e.actor.index() + 1;
    b.setLength(0);
    nameTrack(e.actor, pid, tid);
    separator();
    b.append("{\"name\":\"").append(r.op().name()).append("\",\"cat\":\"")
        .append(r.point() == null ? "unknown" : r.point().name().toLowerCase(Locale.ROOT))
        .append("\",\"ph\":\"X\",\"ts\":");
    micros(b, r.startNs() - baseNs);
    b.append(",\"dur\":");
    micros(b, r.durationNs());
    b.append(",\"pid\":").append(pid).append(",\"tid\":").append(tid).append(",\"args\":{");
    if (r.path() != null) {
      b.append("\"path\":");
      string(b, r.path());
      b.append(',');
    }
    if (e.kind.movesData()) {
      b.append("\"offset\":").append(e.offset).append(",\"bytes\":").append(e.transferred).append(',');
    }
    if (r.length() != TraceRecord.NONE) {
      b.append("\"length\":").append(r.length()).append(',');
    }
    b.append("\"result\":");
    string(b, r.result());
    b.append(",\"seq\":").append(e.sequence).append("}}");
    out.append(b);
  }

  private void nameTrack(Actor actor, int pid, int tid) {
    while (named.size() <= actor.index()) {
      named.add(Boolean.FALSE);
    }
    if (named.get(actor.index())) {
      return;
    }
    named.set(actor.index(), Boolean.TRUE);
    separator();
    b.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":").append(pid).append(",\"tid\":").append(tid)
        .append(",\"args\":{\"name\":");
    string(b, actor.host());
    b.append("}}");
    separator();
    b.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":").append(pid).append(",\"tid\":").append(tid)
        .append(",\"args\":{\"name\":");
    string(b, actor.name());
    b.append("}}");
  }

  private void separator() {
    if (!first) {
      b.append(",\n");
    }
    first = false;
  }

  /** Microseconds with three decimals (nanosecond resolution). */
  static void micros(StringBuilder b, long ns) {
    if (ns < 0) {
      b.append('-');
      ns = -ns;
    }
    b.append(ns / 1000).append('.');
    long frac = ns % 1000;
    if (frac < 100) {
      b.append('0');
    }
    if (frac < 10) {
      b.append('0');
    }
    b.append(frac);
  }

  static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    out.write("\n]}\n");
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}

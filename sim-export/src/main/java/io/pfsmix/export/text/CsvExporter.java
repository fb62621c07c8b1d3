package io.pfsmix.export.text;

import io.pfsmix.export.ActorTable;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.Exporter;
import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceRecord;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One row per record with every field of the trace plus the derived kind, actor and effective offset. Fields that do not
 * apply to an operation are empty; text fields are quoted when they hold a comma, quote or line break (RFC 4180).
 */
public final class CsvExporter implements Exporter {
  static final String HEADER = "seq,start_ns,duration_ns,op,kind,point,path,offset,effective_offset,length,bytes,result,"
      + "thread,host,pid,job,task_attempt,rank,actor";
  private final BufferedWriter out;
  private final StringBuilder row = new StringBuilder(256);

  public CsvExporter(Path output) throws IOException {
    out = Files.newBufferedWriter(output, StandardCharsets.UTF_8);
    out.write(HEADER);
    out.write('\n');
  }

  @Override
  public void accept(ExportEvent e) throws IOException {
    TraceRecord r = e.record;
    EventContext c = r.context();
    StringBuilder b = row;
    b.setLength(0);
    b.append(e.sequence).append(',').append(r.startNs()).append(',').append(r.durationNs()).append(',')
        .append(r.op().name()).append(',').append(e.kind.name()).append(',')
        .append(r.point() == null ? "" : r.point().name()).append(',');
    text(b, r.path());
    b.append(',');
    number(b, r.offset());
    b.append(',');
    if (e.kind.movesData()) {
      b.append(e.offset);
    }
    b.append(',');
    number(b, r.length());
    b.append(',');
    number(b, r.bytes());
    b.append(',');
    text(b, r.result());
    b.append(',').append(r.threadId()).append(',');
    text(b, c.host());
    b.append(',').append(c.pid()).append(',');
    text(b, c.jobId());
    b.append(',');
    text(b, c.taskAttemptId());
    b.append(',');
    if (c.hasRank()) {
      b.append(c.rank());
    }
    b.append(',');
    text(b, e.actor.name());
    b.append('\n');
    out.append(b);
  }

  private static void number(StringBuilder b, long value) {
    if (value != TraceRecord.NONE) {
      b.append(value);
    }
  }

  static void text(StringBuilder b, String value) {
    if (value == null) {
      return;
    }
    boolean quote = false;
    for (int i = 0; i < value.length() && !quote; i++) {
      char ch = value.charAt(i);
      quote = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
    }
    if (!quote) {
      b.append(value);
      return;
    }
    b.append('"').append(value.replace("\"", "\"\"")).append('"');
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}

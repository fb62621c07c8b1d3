package io.pfsmix.trace.recorder;

import java.nio.ByteBuffer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;

/**
 * One log line per record into the process's log (a task's syslog under YARN), as the 2009 study recorded its traces.
 * Lines are tab-separated after the word {@code pfsmix-trace}; docs/trace-format.md lists the columns.
 */
public final class Log4jTraceDestination implements TraceDestination {

  /** First word of every line, so trace lines can be picked out of a task log. */
  public static final String LINE_TAG = "pfsmix-trace";

  private final String loggerName;
  private Logger logger;
  private TraceDictionary dictionary;
  private final StringBuilder line = new StringBuilder(256);
  private long logged;

  public Log4jTraceDestination(String loggerName) {
    this.loggerName = loggerName;
  }

  @Override
  public void open(TraceHeader header, TraceDictionary dictionary) {
    this.logger = LoggerFactory.getLogger(loggerName);
    this.dictionary = dictionary;
  }

  @Override
  public void write(ByteBuffer records, long lostRecords) {
    for (int at = records.position(); at < records.limit(); at += TraceFormat.RECORD_SIZE) {
      line.setLength(0);
      EventContext context = dictionary.contexts().value(records.getInt(at + TraceFormat.R_CONTEXT));
      String path = dictionary.paths().value(records.getInt(at + TraceFormat.R_PATH));
      line.append(LINE_TAG)
          .append('\t').append(records.getLong(at + TraceFormat.R_START))
          .append('\t').append(records.getLong(at + TraceFormat.R_DURATION))
          .append('\t').append(TraceOp.fromCode(Short.toUnsignedInt(records.getShort(at + TraceFormat.R_OP))))
          .append('\t').append(TracePoint.fromCode(records.get(at + TraceFormat.R_POINT)))
          .append('\t').append(path == null ? "-" : path)
          .append('\t').append(number(records.getLong(at + TraceFormat.R_OFFSET)))
          .append('\t').append(number(records.getLong(at + TraceFormat.R_LENGTH)))
          .append('\t').append(number(records.getLong(at + TraceFormat.R_BYTES)))
          .append('\t').append(dictionary.strings().value(records.getInt(at + TraceFormat.R_RESULT)))
          .append('\t').append(records.getLong(at + TraceFormat.R_THREAD))
          .append('\t').append(context.pid())
          .append('\t').append(context.host())
          .append('\t').append(context.jobId().isEmpty() ? "-" : context.jobId())
          .append('\t').append(context.taskAttemptId().isEmpty() ? "-" : context.taskAttemptId())
          .append('\t').append(context.rank());
      logger.info(line.toString());
      logged++;
    }
    records.position(records.limit());
  }

  @Override
  public long recordsWritten() {
    return logged;
  }

  private static String number(long value) {
    return value == io.pfsmix.trace.format.TraceRecord.NONE ? "-" : Long.toString(value);
  }

  @Override
  public void flush() {
    // Log4j appenders flush on their own terms.
  }

  @Override
  public void finish(long lostRecords) {
    if (lostRecords > 0) {
      logger.warn("{}\tlost {} records", LINE_TAG, lostRecords);
    }
  }

  @Override
  public void abandon() {
  }

  @Override
  public String describe() {
    return "log4j logger " + loggerName;
  }
}

package io.pfsmix.trace.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceHeader;

/**
 * Where a {@link TraceRecorder} delivers records. Only the recorder's flusher thread calls these methods, so a
 * destination may block on I/O without delaying any traced call. An exception from {@link #open}, {@link #write} or
 * {@link #flush} makes the recorder stop writing to the destination and count every record it does not hold as lost;
 * the recorder still calls {@link #finish} at the end, so a destination that can still record the count does.
 */
public interface TraceDestination {

  /** Opens the destination; called once, before anything else, by the flusher. */
  void open(TraceHeader header, TraceDictionary dictionary) throws IOException;

  /**
   * Delivers the encoded records between the buffer's position and limit; ids refer to the dictionary.
   *
   * @param lostRecords the records the recorder has dropped so far, for destinations that keep a running count
   */
  void write(ByteBuffer records, long lostRecords) throws IOException;

  /** Pushes delivered records out of any buffer (called when the flusher's queue runs empty). */
  void flush() throws IOException;

  /** Records the trace holds for certain: written whole, or flushed, and never taken back. */
  long recordsWritten();

  /**
   * Ends the trace: {@code lostRecords} is the number of records the recorder dropped (including those a failed
   * write did not keep). Called after a failure too. Releases resources.
   */
  void finish(long lostRecords) throws IOException;

  /** Releases resources after a failure of {@link #finish}, without writing anything more. */
  void abandon();

  /** Where the records go, for messages (a path, or "log4j logger X"). */
  String describe();
}

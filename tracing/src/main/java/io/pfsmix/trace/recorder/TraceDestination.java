package io.pfsmix.trace.recorder;

import java.io.IOException;
import java.nio.ByteBuffer;

import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceHeader;

/**
 * Where a {@link TraceRecorder} delivers records. Only the recorder's flusher thread calls these methods, so a
 * destination may block on I/O without delaying any traced call. Any exception makes the recorder stop using the
 * destination and count the records it could not deliver as lost.
 */
public interface TraceDestination {

  /** Opens the destination; called once, before anything else, by the flusher. */
  void open(TraceHeader header, TraceDictionary dictionary) throws IOException;

  /** Delivers the encoded records between the buffer's position and limit; ids refer to the dictionary. */
  void write(ByteBuffer records) throws IOException;

  /** Pushes delivered records out of any buffer (called when the flusher's queue runs empty). */
  void flush() throws IOException;

  /** Ends the trace: {@code lostRecords} is the number of records the recorder dropped. Releases resources. */
  void finish(long lostRecords) throws IOException;

  /** Releases resources after a failure, without writing anything more. */
  void abandon();

  /** Where the records go, for messages (a path, or "log4j logger X"). */
  String describe();
}

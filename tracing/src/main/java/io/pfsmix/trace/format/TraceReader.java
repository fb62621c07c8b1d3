package io.pfsmix.trace.format;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import java.util.zip.CRC32C;

/**
 * Streams the records of one trace file, one block in memory at a time, so memory does not grow with the file.
 *
 * <p>A file that ends without its END block (a killed process) reads back up to its last whole block; afterwards
 * {@link #cutShort()} is true and {@link #cutShortMessage()} says where. Structural damage (bad magic, checksum mismatch,
 * impossible sizes, references to undefined table entries) raises {@link TraceFormatException} naming the file and the
 * byte offset.
 */
public final class TraceReader implements Closeable, Iterable<TraceRecord> {

  private final InputStream in;
  private final String name;
  private final TraceHeader header;
  private final CRC32C crc = new CRC32C();
  private final List<String> paths = new ArrayList<>();
  private final List<String> strings = new ArrayList<>();
  private final List<EventContext> contexts = new ArrayList<>();
  private final List<TraceHeader> sources = new ArrayList<>();
  /** Record size from the header: a later minor version may append fields, which this reader skips. */
  private int recordSize;
  /** Offset of the current block when it is a PACKED RECORDS block (whose records have no offsets of their own). */
  private long packedBlockStart = -1;
  /** The next record of the current PACKED RECORDS block. */
  private int packedIndex;
  private final PackedRecords.Decoder unpacker = new PackedRecords.Decoder();

  private long position;
  private ByteBuffer block = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);
  private long blockPayloadOffset;
  private int recordsLeftInBlock;
  private boolean finished;
  private boolean complete;
  private long cutShortAt = -1;
  private String cutShortReason;
  private long recordsRead;
  private long endRecordCount = -1;
  private long lostRecords;
  private long endWallNs;
  private Path localFile;

  /** Opens a local trace file; anything but a regular file is refused first (a FIFO would make the reader wait). */
  public static TraceReader open(Path file) throws IOException {
    requireRegularFile(file);
    InputStream in = Files.newInputStream(file);
    try {
      TraceReader reader = new TraceReader(in, file.toString());
      reader.localFile = file;
      return reader;
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * Refuses a trace that is not a regular file before anything opens it: a FIFO or a device would make a reader wait
   * forever or read without end. Every tool that reads local traces checks through here.
   */
  public static void requireRegularFile(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new FileNotFoundException(file.toString());
    }
    if (!attributes.isRegularFile()) {
      throw new IOException(file + " is not a regular file (" + (attributes.isDirectory() ? "a directory"
          : "a FIFO, socket or device") + "); a trace is a .ptrace file");
    }
  }

  /**
   * Reads the header from {@code in} (for example a Hadoop FSDataInputStream).
   *
   * @param name the file's name for messages
   */
  public TraceReader(InputStream in, String name) throws IOException {
    this.in = in instanceof BufferedInputStream || in instanceof java.io.ByteArrayInputStream ? in
        : new BufferedInputStream(in, 256 << 10);
    this.name = name;
    this.header = readHeader();
    paths.add(null);
    strings.add(TraceRecord.OK);
    contexts.add(EventContext.ofProcess(header.host(), header.pid()));
  }

  public String name() {
    return name;
  }

  /** The local file this reader was opened on by {@link #open(Path)}, or null for a stream. */
  public Path localFile() {
    return localFile;
  }

  public TraceHeader header() {
    return header;
  }

  /** The next record, or null after the last one. */
  public TraceRecord next() throws IOException {
    while (recordsLeftInBlock == 0) {
      if (finished || !readBlock()) {
        return null;
      }
    }
    TraceRecord record = packedBlockStart >= 0 ? packedRecord(packedIndex++) : plainRecord();
    recordsLeftInBlock--;
    recordsRead++;
    return record;
  }

  /** The record at the position of the current RECORDS block. */
  private TraceRecord plainRecord() throws TraceFormatException {
    long recordOffset = blockPayloadOffset + block.position();
    int base = block.position();
    TraceRecord record = new TraceRecord(
        block.getLong(base + TraceFormat.R_START),
        block.getLong(base + TraceFormat.R_DURATION),
        TraceOp.fromCode(Short.toUnsignedInt(block.getShort(base + TraceFormat.R_OP))),
        point(block.get(base + TraceFormat.R_POINT), recordOffset),
        lookup(paths, block.getInt(base + TraceFormat.R_PATH), "path", recordOffset),
        block.getLong(base + TraceFormat.R_OFFSET),
        block.getLong(base + TraceFormat.R_LENGTH),
        block.getLong(base + TraceFormat.R_BYTES),
        lookup(strings, block.getInt(base + TraceFormat.R_RESULT), "result string", recordOffset),
        block.getLong(base + TraceFormat.R_THREAD),
        lookup(contexts, block.getInt(base + TraceFormat.R_CONTEXT), "context", recordOffset));
    block.position(base + recordSize);
    return record;
  }

  /** Record {@code i} of the current PACKED RECORDS block; its errors name the block (records have no offsets). */
  private TraceRecord packedRecord(int i) throws TraceFormatException {
    PackedRecords.Decoder d = unpacker;
    long at = packedBlockStart;
    return new TraceRecord(d.start[i], d.duration[i], TraceOp.fromCode((int) d.op[i]), point((byte) d.point[i], at),
        lookup(paths, (int) d.path[i], "path", at), d.offset[i], d.length[i], d.bytes[i],
        lookup(strings, (int) d.result[i], "result string", at), d.thread[i],
        lookup(contexts, (int) d.context[i], "context", at));
  }

  public long recordsRead() {
    return recordsRead;
  }

  /** True once the END block has been read: the producer closed the trace properly. */
  public boolean complete() {
    return complete;
  }

  /** True once reading stopped at the end of the data without an END block. */
  public boolean cutShort() {
    return cutShortAt >= 0;
  }

  /** Byte offset where the last whole block ended, when {@link #cutShort()}. */
  public long cutShortOffset() {
    return cutShortAt;
  }

  /** A sentence for users about a cut-short file, or null when it is not (or not yet known to be) cut short. */
  public String cutShortMessage() {
    if (!cutShort()) {
      return null;
    }
    return name + " was cut short at byte offset " + cutShortAt + " (" + cutShortReason + "); " + recordsRead
        + " records read up to its last whole block";
  }

  /**
   * Records the producer reported lost (destination failures, full buffers): from the END block, or for a file cut
   * short, from the last PROGRESS block before the cut (0 for a version 1.0 file cut short).
   */
  public long lostRecords() {
    return lostRecords;
  }

  /** Records the producer said it wrote, from the END block, or -1 when no END block was read. */
  public long endRecordCount() {
    return endRecordCount;
  }

  /** Wall time the producer closed the trace, from the END block, or 0. */
  public long endWallNs() {
    return endWallNs;
  }

  /**
   * The headers of the traces this one was merged from (its SOURCES block; transitively), or none for a trace that no
   * merge made. A merge writes them before any record, so this reads ahead to the first record block at most.
   */
  public List<TraceHeader> mergedFrom() throws IOException {
    while (recordsRead == 0 && recordsLeftInBlock == 0 && !finished && readBlock()) {
      // table blocks and SOURCES before the first record
    }
    return List.copyOf(sources);
  }

  /** The path table read so far (index = id; id 0 is null). */
  public List<String> pathsSoFar() {
    return List.copyOf(paths.subList(1, paths.size()));
  }

  @Override
  public Iterator<TraceRecord> iterator() {
    return new Iterator<>() {
      private TraceRecord nextRecord;

      @Override
      public boolean hasNext() {
        if (nextRecord == null) {
          try {
            nextRecord = TraceReader.this.next();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return nextRecord != null;
      }

      @Override
      public TraceRecord next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        TraceRecord result = nextRecord;
        nextRecord = null;
        return result;
      }
    };
  }

  /** The records as a sequential stream; I/O and format errors surface as {@link UncheckedIOException}. */
  public Stream<TraceRecord> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false);
  }

  @Override
  public void close() throws IOException {
    unpacker.close();
    in.close();
  }

  private TraceHeader readHeader() throws IOException {
    byte[] prefix = new byte[TraceFormat.HEADER_PREFIX_SIZE];
    int got = in.readNBytes(prefix, 0, prefix.length);
    if (got == 0) {
      throw new TraceFormatException(name, 0, "empty file, not a pfsmix trace");
    }
    for (int i = 0; i < Math.min(got, TraceFormat.FILE_MAGIC.length); i++) {
      if (prefix[i] != TraceFormat.FILE_MAGIC[i]) {
        throw new TraceFormatException(name, 0, "not a pfsmix trace (magic is not \"PFSMIXTR\")");
      }
    }
    if (got < prefix.length) {
      throw new TraceFormatException(name, got, "file ends inside the trace header (" + got + " bytes)");
    }
    ByteBuffer p = ByteBuffer.wrap(prefix).order(ByteOrder.LITTLE_ENDIAN);
    int major = Short.toUnsignedInt(p.getShort(8));
    int minor = Short.toUnsignedInt(p.getShort(10));
    int bodyLength = p.getInt(12);
    if (major < TraceFormat.OLDEST_MAJOR || major > TraceFormat.VERSION_MAJOR) {
      throw new TraceFormatException(name, 8, "trace format version " + major + "." + minor
          + " is not supported by this reader (it reads versions " + TraceFormat.OLDEST_MAJOR + ".x to "
          + TraceFormat.VERSION_MAJOR + ".x)");
    }
    if (bodyLength < 0 || bodyLength > TraceFormat.MAX_HEADER_BODY) {
      throw new TraceFormatException(name, 12, "impossible header length " + Integer.toUnsignedString(bodyLength));
    }
    byte[] body = new byte[bodyLength + TraceFormat.CHECKSUM_SIZE];
    got = in.readNBytes(body, 0, body.length);
    if (got < body.length) {
      throw new TraceFormatException(name, TraceFormat.HEADER_PREFIX_SIZE + got, "file ends inside the trace header");
    }
    crc.reset();
    crc.update(prefix);
    crc.update(body, 0, bodyLength);
    ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
    if (b.getInt(bodyLength) != (int) crc.getValue()) {
      throw new TraceFormatException(name, TraceFormat.HEADER_PREFIX_SIZE + bodyLength, "header checksum mismatch");
    }
    position = TraceFormat.HEADER_PREFIX_SIZE + body.length;
    b.limit(bodyLength);
    try {
      long wall = b.getLong();
      long mono = b.getLong();
      int pid = b.getInt();
      String host = getString(b);
      String producer = getString(b);
      recordSize = Short.toUnsignedInt(b.getShort());
      if (recordSize < TraceFormat.RECORD_SIZE) {
        throw new TraceFormatException(name, TraceFormat.HEADER_PREFIX_SIZE,
            "record size " + recordSize + " is smaller than version 1's " + TraceFormat.RECORD_SIZE);
      }
      // The field, operation and trace point tables make the file self-describing; this reader knows version 1's.
      return new TraceHeader(major, minor, wall, mono, host, pid, producer);
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw new TraceFormatException(name, TraceFormat.HEADER_PREFIX_SIZE, "malformed header body");
    }
  }

  /** Reads the next block; false at the end of the trace (END block, or data cut short). */
  private boolean readBlock() throws IOException {
    long blockStart = position;
    byte[] head = new byte[TraceFormat.BLOCK_HEADER_SIZE];
    int got = in.readNBytes(head, 0, head.length);
    if (got < head.length) {
      stopCutShort(blockStart, got == 0 ? "no end block" : "file ends inside a block header");
      return false;
    }
    ByteBuffer h = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
    if (h.getInt(0) != TraceFormat.BLOCK_MAGIC) {
      throw new TraceFormatException(name, blockStart, "bad block magic (not a block boundary: corrupted data)");
    }
    int type = head[4] & 0xff;
    int entries = h.getInt(8);
    int payloadLength = h.getInt(12);
    if (payloadLength < 0 || payloadLength > TraceFormat.MAX_BLOCK_PAYLOAD || entries < 0) {
      throw new TraceFormatException(name, blockStart,
          "impossible block size (payload " + Integer.toUnsignedString(payloadLength) + " bytes, "
              + Integer.toUnsignedString(entries) + " entries)");
    }
    byte[] payload = new byte[payloadLength + TraceFormat.CHECKSUM_SIZE];
    got = in.readNBytes(payload, 0, payload.length);
    if (got < payload.length) {
      stopCutShort(blockStart, "file ends inside a block");
      return false;
    }
    crc.reset();
    crc.update(head, 4, head.length - 4);
    crc.update(payload, 0, payloadLength);
    ByteBuffer data = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
    if (data.getInt(payloadLength) != (int) crc.getValue()) {
      throw new TraceFormatException(name, blockStart, "block checksum mismatch (corrupted data)");
    }
    position = blockStart + head.length + payload.length;
    data.limit(payloadLength);
    long payloadOffset = blockStart + head.length;
    try {
      switch (type) {
        case TraceFormat.BLOCK_PATHS -> readStringTable(data, entries, paths, "path", payloadOffset);
        case TraceFormat.BLOCK_STRINGS -> readStringTable(data, entries, strings, "string", payloadOffset);
        case TraceFormat.BLOCK_CONTEXTS -> readContexts(data, entries, payloadOffset);
        case TraceFormat.BLOCK_RECORDS -> {
          if ((long) entries * recordSize != payloadLength) {
            throw new TraceFormatException(name, blockStart, "record block of " + payloadLength + " bytes cannot hold "
                + entries + " records of " + recordSize + " bytes");
          }
          block = data;
          blockPayloadOffset = payloadOffset;
          packedBlockStart = -1;
          recordsLeftInBlock = entries;
        }
        case TraceFormat.BLOCK_PACKED_RECORDS -> {
          unpacker.unpack(data, entries, name, blockStart);
          packedBlockStart = blockStart;
          packedIndex = 0;
          recordsLeftInBlock = entries;
        }
        case TraceFormat.BLOCK_END -> readEnd(data, blockStart);
        case TraceFormat.BLOCK_PROGRESS -> readProgress(data, blockStart);
        case TraceFormat.BLOCK_SOURCES -> readSources(data, entries);
        default -> {
          // A block type added by a later minor version: its checksum was fine, so skip it.
        }
      }
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw new TraceFormatException(name, blockStart, "malformed block of type " + type);
    }
    return true;
  }

  private void readStringTable(ByteBuffer data, int entries, List<String> table, String what, long payloadOffset)
      throws TraceFormatException {
    for (int i = 0; i < entries; i++) {
      int id = data.getInt();
      if (id != table.size()) {
        throw new TraceFormatException(name, payloadOffset + data.position() - 4,
            what + " table entry has id " + id + ", expected " + table.size());
      }
      table.add(getString(data));
    }
  }

  private void readContexts(ByteBuffer data, int entries, long payloadOffset) throws TraceFormatException {
    for (int i = 0; i < entries; i++) {
      int id = data.getInt();
      if (id != contexts.size()) {
        throw new TraceFormatException(name, payloadOffset + data.position() - 4,
            "context table entry has id " + id + ", expected " + contexts.size());
      }
      String host = getString(data);
      int pid = data.getInt();
      String job = getString(data);
      String attempt = getString(data);
      int rank = data.getInt();
      contexts.add(new EventContext(host, pid, job, attempt, rank));
    }
  }

  private void readSources(ByteBuffer data, int entries) {
    for (int i = 0; i < entries; i++) {
      int major = Short.toUnsignedInt(data.getShort());
      int minor = Short.toUnsignedInt(data.getShort());
      long wall = data.getLong();
      long mono = data.getLong();
      int pid = data.getInt();
      String host = getString(data);
      String producer = getString(data);
      sources.add(new TraceHeader(major, minor, wall, mono, host, pid, producer));
    }
  }

  private void readEnd(ByteBuffer data, long blockStart) throws IOException {
    endRecordCount = data.getLong();
    lostRecords = data.getLong();
    endWallNs = data.getLong();
    finished = true;
    complete = true;
    if (in.read() != -1) {
      throw new TraceFormatException(name, position, "data after the end block");
    }
    if (endRecordCount != recordsRead) {
      throw new TraceFormatException(name, blockStart,
          "end block counts " + endRecordCount + " records but the file holds " + recordsRead);
    }
  }

  /** A PROGRESS block (format 1.1): the lost count so far, which a file cut short before its END block keeps. */
  private void readProgress(ByteBuffer data, long blockStart) throws TraceFormatException {
    long records = data.getLong();
    long lost = data.getLong();
    if (records != recordsRead || lost < 0) {
      throw new TraceFormatException(name, blockStart, "progress block counts " + records + " records ("
          + lost + " lost) but the file holds " + recordsRead + " before it");
    }
    lostRecords = lost;
  }

  private void stopCutShort(long offset, String reason) {
    finished = true;
    cutShortAt = offset;
    cutShortReason = reason;
  }

  private <T> T lookup(List<T> table, int id, String what, long recordOffset) throws TraceFormatException {
    if (id < 0 || id >= table.size()) {
      throw new TraceFormatException(name, recordOffset,
          "record refers to " + what + " id " + Integer.toUnsignedString(id) + " which the file does not define");
    }
    return table.get(id);
  }

  private TracePoint point(byte code, long recordOffset) throws TraceFormatException {
    TracePoint point = TracePoint.fromCode(code & 0xff);
    if (point == null) {
      throw new TraceFormatException(name, recordOffset, "record has unknown trace point code " + (code & 0xff));
    }
    return point;
  }

  private static String getString(ByteBuffer buffer) {
    int length = buffer.getInt();
    if (length < 0 || length > buffer.remaining()) {
      throw new IllegalArgumentException("string length " + length);
    }
    String value = new String(buffer.array(), buffer.arrayOffset() + buffer.position(), length, StandardCharsets.UTF_8);
    buffer.position(buffer.position() + length);
    return value;
  }

}

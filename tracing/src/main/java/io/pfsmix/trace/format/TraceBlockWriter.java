package io.pfsmix.trace.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes the framed structure of a trace file: header, table blocks, record blocks, end block. Not thread-safe: one
 * writer (a flusher thread, or {@link TraceWriter}) owns it, and it alone packs and compresses records. Table entries
 * are always written before the first record block that could refer to them, because {@link #writeRecords} writes
 * pending table entries first. The header's version decides the record blocks: PACKED RECORDS from 2.0 on, 64-byte
 * records for a 1.x header (a file for readers of that version).
 */
public final class TraceBlockWriter {

  /** Table blocks are cut at about this size, far below the format's block limit. */
  private static final int TABLE_BLOCK_TARGET = 1 << 20;

  private final OutputStream out;
  private final TraceDictionary dictionary;
  private final CRC32C crc = new CRC32C();
  private ByteBuffer scratch = ByteBuffer.allocate(64 << 10).order(ByteOrder.LITTLE_ENDIAN);
  private int pathsWritten = 1;
  private int stringsWritten = 1;
  private int contextsWritten = 1;
  private long recordsWritten;
  private long bytesWritten;
  private PackedRecords.Encoder packer;

  public TraceBlockWriter(OutputStream out, TraceDictionary dictionary) {
    this.out = out;
    this.dictionary = dictionary;
  }

  public void writeHeader(TraceHeader header) throws IOException {
    packer = header.versionMajor() >= 2
        ? new PackedRecords.Encoder(TraceFormat.codecOf(header.versionMajor(), header.versionMinor())) : null;
    ByteBuffer body = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
    body.putLong(header.wallAnchorNs());
    body.putLong(header.monotonicAnchorNs());
    body.putInt(header.pid());
    body = putString(body, header.host());
    body = putString(body, header.producer());
    body.putShort((short) TraceFormat.RECORD_SIZE);
    body.putShort((short) TraceFormat.RECORD_FIELDS.length);
    for (Object[] field : TraceFormat.RECORD_FIELDS) {
      body = putString(body, (String) field[0]);
      body = ensure(body, 3);
      body.put((byte) (int) (Integer) field[1]);
      body.putShort((short) (int) (Integer) field[2]);
    }
    TraceOp[] ops = TraceOp.values();
    body = ensure(body, 2);
    body.putShort((short) (ops.length - 1));
    for (TraceOp op : ops) {
      if (op != TraceOp.UNKNOWN) {
        body = ensure(body, 2);
        body.putShort((short) op.code());
        body = putString(body, op.name());
      }
    }
    body = ensure(body, 2);
    body.putShort((short) TracePoint.values().length);
    for (TracePoint point : TracePoint.values()) {
      body = ensure(body, 1);
      body.put((byte) point.code());
      body = putString(body, point.name());
    }
    body.flip();

    ByteBuffer all = ByteBuffer.allocate(TraceFormat.HEADER_PREFIX_SIZE + body.remaining() + TraceFormat.CHECKSUM_SIZE)
        .order(ByteOrder.LITTLE_ENDIAN);
    all.put(TraceFormat.FILE_MAGIC);
    all.putShort((short) header.versionMajor());
    all.putShort((short) header.versionMinor());
    all.putInt(body.remaining());
    all.put(body);
    crc.reset();
    crc.update(all.array(), 0, all.position());
    all.putInt((int) crc.getValue());
    write(all.array(), all.position());
  }

  /** Writes table entries assigned since the last call, one block per table that grew. */
  public void writeNewTableEntries() throws IOException {
    pathsWritten = writeStringTable(TraceFormat.BLOCK_PATHS, dictionary.paths(), pathsWritten);
    stringsWritten = writeStringTable(TraceFormat.BLOCK_STRINGS, dictionary.strings(), stringsWritten);
    List<EventContext> contexts = dictionary.contexts().valuesFrom(contextsWritten);
    if (!contexts.isEmpty()) {
      ByteBuffer payload = startPayload();
      int id = contextsWritten;
      int inBlock = 0;
      for (EventContext context : contexts) {
        if (payload.position() > TABLE_BLOCK_TARGET) {
          writeBlock(TraceFormat.BLOCK_CONTEXTS, inBlock, payload);
          payload = startPayload();
          inBlock = 0;
        }
        inBlock++;
        payload = ensure(payload, 4);
        payload.putInt(id++);
        payload = putString(payload, context.host());
        payload = ensure(payload, 4);
        payload.putInt(context.pid());
        payload = putString(payload, context.jobId());
        payload = putString(payload, context.taskAttemptId());
        payload = ensure(payload, 4);
        payload.putInt(context.rank());
      }
      writeBlock(TraceFormat.BLOCK_CONTEXTS, inBlock, payload);
      contextsWritten = id;
    }
  }

  /** A SOURCES block: each source's header as the file header holds it, without its tables. */
  public void writeSources(List<TraceHeader> sources) throws IOException {
    ByteBuffer payload = startPayload();
    for (TraceHeader source : sources) {
      payload = ensure(payload, 24);
      payload.putShort((short) source.versionMajor());
      payload.putShort((short) source.versionMinor());
      payload.putLong(source.wallAnchorNs());
      payload.putLong(source.monotonicAnchorNs());
      payload.putInt(source.pid());
      payload = putString(payload, source.host());
      payload = putString(payload, source.producer());
    }
    writeBlock(TraceFormat.BLOCK_SOURCES, sources.size(), payload);
  }

  /**
   * Writes the encoded records between the buffer's position and limit (a multiple of the record size) as one or more
   * record blocks, preceded by any table entries they may use.
   */
  public void writeRecords(ByteBuffer records) throws IOException {
    writeNewTableEntries();
    int maxPayload = TraceFormat.RECORDS_PER_BLOCK * 16 * TraceFormat.RECORD_SIZE;
    while (records.hasRemaining()) {
      int length = Math.min(records.remaining(), maxPayload);
      int count = length / TraceFormat.RECORD_SIZE;
      if (packer != null) {
        writeFramed(TraceFormat.BLOCK_PACKED_RECORDS, count, packer.pack(records, count));
      } else {
        writeFramed(TraceFormat.BLOCK_RECORDS, count, records.slice(records.position(), length));
      }
      records.position(records.position() + length);
      recordsWritten += count;
    }
  }

  /** Writes the END block; a file without one was cut short. */
  public void writeEnd(long lostRecords, long endWallNs) throws IOException {
    writeNewTableEntries();
    byte[] block = countsBlock(TraceFormat.BLOCK_END, recordsWritten, lostRecords, endWallNs);
    write(block, block.length);
  }

  /** Writes a PROGRESS block: the records written so far and the producer's running count of lost records. */
  public void writeProgress(long lostRecords, long wallNs) throws IOException {
    byte[] block = countsBlock(TraceFormat.BLOCK_PROGRESS, recordsWritten, lostRecords, wallNs);
    write(block, block.length);
  }

  /**
   * An END or PROGRESS block ({@link TraceFormat#COUNTS_BLOCK_SIZE} bytes), framed, for a producer that writes it in
   * place of another (a full disk: over the last PROGRESS block, whose room is already allocated).
   */
  public static byte[] countsBlock(int type, long records, long lostRecords, long wallNs) {
    ByteBuffer block = ByteBuffer.allocate(TraceFormat.COUNTS_BLOCK_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    putBlockHeader(block, type, 0, TraceFormat.END_PAYLOAD_SIZE);
    block.position(TraceFormat.BLOCK_HEADER_SIZE);
    block.putLong(records);
    block.putLong(lostRecords);
    block.putLong(wallNs);
    CRC32C crc = new CRC32C();
    crc.update(block.array(), 4, TraceFormat.BLOCK_HEADER_SIZE - 4 + TraceFormat.END_PAYLOAD_SIZE);
    block.putInt((int) crc.getValue());
    return block.array();
  }

  public void flush() throws IOException {
    out.flush();
  }

  public long recordsWritten() {
    return recordsWritten;
  }

  public long bytesWritten() {
    return bytesWritten;
  }

  private int writeStringTable(int type, TraceDictionary.Table<String> table, int from) throws IOException {
    List<String> values = table.valuesFrom(from);
    if (values.isEmpty()) {
      return from;
    }
    ByteBuffer payload = startPayload();
    int id = from;
    int inBlock = 0;
    for (String value : values) {
      if (payload.position() > TABLE_BLOCK_TARGET) {
        writeBlock(type, inBlock, payload);
        payload = startPayload();
        inBlock = 0;
      }
      inBlock++;
      payload = ensure(payload, 4);
      payload.putInt(id++);
      payload = putString(payload, value);
    }
    writeBlock(type, inBlock, payload);
    return id;
  }

  private ByteBuffer startPayload() {
    scratch.clear();
    scratch.position(TraceFormat.BLOCK_HEADER_SIZE);
    return scratch;
  }

  /** Frames a payload built in {@link #scratch} after its reserved header bytes. */
  private void writeBlock(int type, int entries, ByteBuffer payload) throws IOException {
    scratch = payload;
    int payloadLength = payload.position() - TraceFormat.BLOCK_HEADER_SIZE;
    payload = ensure(payload, TraceFormat.CHECKSUM_SIZE);
    scratch = payload;
    putBlockHeader(payload, type, entries, payloadLength);
    crc.reset();
    crc.update(payload.array(), 4, TraceFormat.BLOCK_HEADER_SIZE - 4 + payloadLength);
    payload.putInt(TraceFormat.BLOCK_HEADER_SIZE + payloadLength, (int) crc.getValue());
    write(payload.array(), TraceFormat.BLOCK_HEADER_SIZE + payloadLength + TraceFormat.CHECKSUM_SIZE);
  }

  /** Frames a payload that lives in its own buffer (record blocks), without copying it. */
  private void writeFramed(int type, int entries, ByteBuffer payload) throws IOException {
    ByteBuffer head = ByteBuffer.allocate(TraceFormat.BLOCK_HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    int length = payload.remaining();
    putBlockHeader(head, type, entries, length);
    crc.reset();
    crc.update(head.array(), 4, TraceFormat.BLOCK_HEADER_SIZE - 4);
    crc.update(payload.duplicate());
    write(head.array(), TraceFormat.BLOCK_HEADER_SIZE);
    if (payload.hasArray()) {
      out.write(payload.array(), payload.arrayOffset() + payload.position(), length);
    } else {
      byte[] copy = new byte[length];
      payload.duplicate().get(copy);
      out.write(copy);
    }
    bytesWritten += length;
    byte[] sum = new byte[4];
    ByteBuffer.wrap(sum).order(ByteOrder.LITTLE_ENDIAN).putInt((int) crc.getValue());
    write(sum, 4);
  }

  private static void putBlockHeader(ByteBuffer buffer, int type, int entries, int payloadLength) {
    buffer.putInt(0, TraceFormat.BLOCK_MAGIC);
    buffer.put(4, (byte) type);
    buffer.put(5, (byte) 0);
    buffer.put(6, (byte) 0);
    buffer.put(7, (byte) 0);
    buffer.putInt(8, entries);
    buffer.putInt(12, payloadLength);
  }

  private void write(byte[] bytes, int length) throws IOException {
    out.write(bytes, 0, length);
    bytesWritten += length;
  }

  private static ByteBuffer putString(ByteBuffer buffer, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    buffer = ensure(buffer, 4 + bytes.length);
    buffer.putInt(bytes.length);
    buffer.put(bytes);
    return buffer;
  }

  private static ByteBuffer ensure(ByteBuffer buffer, int more) {
    if (buffer.remaining() >= more) {
      return buffer;
    }
    ByteBuffer bigger = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + more + 1024))
        .order(ByteOrder.LITTLE_ENDIAN);
    buffer.flip();
    bigger.put(buffer);
    return bigger;
  }
}

package io.pfsmix.trace.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TraceFormatTest {

  @TempDir
  Path dir;

  private static final TraceHeader HEADER = TraceHeader.current(1_700_000_000_000_000_000L, 123_456_789L, "node7", 4242,
      "test");

  /** Records that use every field with distinct values, several paths, results and contexts. */
  private static List<TraceRecord> sampleRecords(int count) {
    EventContext task = new EventContext("node7", 4242, "job_1_0001", "attempt_1_0001_m_000003_0", EventContext.NO_RANK);
    EventContext rank = new EventContext("node8", 99, "", "", 17);
    List<TraceRecord> records = new ArrayList<>();
    TraceOp[] ops = TraceOp.values();
    for (int i = 0; i < count; i++) {
      TraceOp op = ops[1 + i % (ops.length - 1)];
      records.add(new TraceRecord(
          1_700_000_000_000_000_000L + i * 1000L, 10L + i, op, TracePoint.values()[i % 3],
          i % 5 == 0 ? null : "/data/file-" + (i % 7) + "-\u00e9",
          i % 4 == 0 ? TraceRecord.NONE : i * 4096L, i * 3L, i % 9 == 0 ? -1 : i * 2L,
          i % 6 == 0 ? "java.io.FileNotFoundException" : (i % 11 == 0 ? "ENOSPC" : TraceRecord.OK),
          1000 + i % 13, i % 3 == 0 ? null : (i % 3 == 1 ? task : rank)));
    }
    return records;
  }

  private Path write(List<TraceRecord> records, long lost) throws IOException {
    Path file = dir.resolve("t.ptrace");
    try (TraceWriter writer = TraceWriter.create(file, HEADER)) {
      for (TraceRecord record : records) {
        writer.write(record);
      }
      writer.addLostRecords(lost);
    }
    return file;
  }

  private static List<TraceRecord> readAll(TraceReader reader) throws IOException {
    List<TraceRecord> out = new ArrayList<>();
    for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
      out.add(r);
    }
    return out;
  }

  private static EventContext processContext() {
    return EventContext.ofProcess(HEADER.host(), HEADER.pid());
  }

  @Test
  void everyFieldSurvivesARoundTrip() throws IOException {
    List<TraceRecord> records = sampleRecords(5000);
    Path file = write(records, 7);
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(reader.header()).isEqualTo(HEADER);
      assertThat(reader.header().monotonicToWallOffsetNs()).isEqualTo(1_700_000_000_000_000_000L - 123_456_789L);
      List<TraceRecord> back = readAll(reader);
      assertThat(back).containsExactlyElementsOf(withProcessContext(records));
      assertThat(reader.complete()).isTrue();
      assertThat(reader.cutShort()).isFalse();
      assertThat(reader.lostRecords()).isEqualTo(7);
      assertThat(reader.endRecordCount()).isEqualTo(5000);
    }
  }

  @Test
  void extremeValuesOfEveryNumberSurviveARoundTripAcrossBlocks() throws IOException {
    long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
        Integer.MAX_VALUE + 1L, -(1L << 56)};
    List<TraceRecord> records = new ArrayList<>();
    int n = 3 * TraceFormat.RECORDS_PER_BLOCK + 17;
    for (int i = 0; i < n; i++) {
      records.add(new TraceRecord(extremes[i % extremes.length], extremes[(i / 2) % extremes.length], TraceOp.PWRITE,
          TracePoint.POSIX, "/x", extremes[(i / 3) % extremes.length], extremes[(i / 5) % extremes.length],
          extremes[(i / 7) % extremes.length], TraceRecord.OK, extremes[(i / 11) % extremes.length], processContext()));
    }
    Path file = write(records, 0);
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(readAll(reader)).containsExactlyElementsOf(records);
      assertThat(reader.complete()).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {TraceFormat.CODEC_LZ4, TraceFormat.CODEC_ZSTD})
  void packedBlocksKeepEveryByteOfTheirRecordsAtTheLimitsOfEachField(int codec) throws IOException {
    int n = 5000;
    ByteBuffer records = ByteBuffer.allocate(n * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    java.util.Random random = new java.util.Random(20);
    for (int i = 0; i < n; i++) {
      boolean edge = i % 3 == 0;
      TraceFormat.putRecord(records, edge ? Long.MIN_VALUE : random.nextLong(), edge ? Long.MAX_VALUE : random.nextLong(),
          edge ? 0xFFFF : random.nextInt(0x10000), edge ? 0xFF : random.nextInt(0x100),
          edge ? -1 : random.nextInt(), i % 2 == 0 ? TraceRecord.NONE : random.nextLong(), random.nextLong(),
          i % 5 == 0 ? -1 : random.nextLong(), edge ? -1 : 0, random.nextLong(), edge ? -1 : i);
      records.put(records.position() - 1, (byte) (edge ? 0xFF : i)); // flags: a later version may use them
    }
    records.flip();
    ByteBuffer payload = new PackedRecords.Encoder(codec).pack(records, n);
    assertThat(payload.get(0)).isEqualTo((byte) codec);
    try (PackedRecords.Decoder back = new PackedRecords.Decoder()) {
      back.unpack(payload, n, "t", 0);
      ByteBuffer again = ByteBuffer.allocate(records.remaining()).order(ByteOrder.LITTLE_ENDIAN);
      for (int i = 0; i < n; i++) {
        TraceFormat.putRecord(again, back.start[i], back.duration[i], (int) back.op[i], (int) back.point[i],
            (int) back.path[i], back.offset[i], back.length[i], back.bytes[i], (int) back.result[i], back.thread[i],
            (int) back.context[i]);
        again.put(again.position() - 1, (byte) back.flags[i]);
      }
      assertThat(again.flip()).isEqualTo(records);
    }
  }

  @Test
  void fieldsThatStayTheSameThroughABlockRoundTripFromTheirFirstValue() throws IOException {
    // the first record alone differs in result and flags; thread, context, path, op and point never change
    ByteBuffer records = ByteBuffer.allocate(300 * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < 300; i++) {
      TraceFormat.putRecord(records, 5_000 + i * 7L, 3, TraceOp.PREAD.code(), TracePoint.STORAGE.code(), 9, 4096L * i,
          4096, 4096, i == 0 ? 4 : 0, 77, 2);
      records.put(records.position() - 1, (byte) (i == 0 ? 3 : 0));
    }
    records.flip();
    ByteBuffer payload = new PackedRecords.Encoder(TraceFormat.CODEC_LZ4).pack(records, 300);
    try (PackedRecords.Decoder back = new PackedRecords.Decoder()) {
      back.unpack(payload, 300, "t", 0);
      for (int i = 0; i < 300; i++) {
        assertThat(new long[] {back.start[i], back.offset[i], back.thread[i], back.path[i], back.result[i],
            back.context[i], back.op[i], back.point[i], back.flags[i]})
            .containsExactly(5_000 + i * 7L, 4096L * i, 77, 9, i == 0 ? 4 : 0, 2, TraceOp.PREAD.code(),
                TracePoint.STORAGE.code(), i == 0 ? 3 : 0);
      }
    }
  }

  @Test
  void columnsOfOneOrTwoByteValuesRoundTripAroundOtherLengthsAtEveryPositionOfAGroup() throws IOException {
    // path, op, point and length hold one-byte deltas (the largest: 63 and -64), start two-byte ones (64 to 8191 and
    // -65 to -8192), the others landing at every position of a group of eight or four, at the block's end and in its
    // last, short group; 1,003 records are no multiple of 8
    int n = 1003;
    ByteBuffer records = ByteBuffer.allocate(n * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    long start = 1_700_000_000_000_000_000L;
    long path = 1_000_000;
    int op = 30_000;
    long length = 0;
    for (int i = 0; i < n; i++) {
      boolean longer = i % 9 == 4 || i == n - 1 || i == n - 2;
      long step = longer ? (i % 2 == 0 ? 64 : -65) : (i % 3 == 0 ? 63 : i % 3 == 1 ? -64 : 0);
      path += i == 500 ? 0xFFFF_FFFFL - path : step;
      op += (int) (i % 5 == 0 ? -step : step) / 2;
      length = i == 700 ? Long.MIN_VALUE : i == 701 ? Long.MAX_VALUE : length + step;
      start += longer ? (i % 2 == 0 ? 8192 : 5) : (i % 3 == 0 ? 8191 : i % 3 == 1 ? -8192 : 64);
      TraceFormat.putRecord(records, start, 5, op, i % 2 == 0 ? 1 : 3, (int) path, i, length, length, 0, 7, 0);
    }
    records.flip();
    assertEveryFieldUnpacked(records, n);
  }

  @Test
  void runsOfUnchangedFieldsRoundTripBetweenValuesThatChange() throws IOException {
    // the reader fills eight values at once where eight deltas are 0: a field kept (path, op, point, thread) repeats
    // its value, a field stored as is (duration, result) is 0 again after a record that had another value
    int n = 1000;
    ByteBuffer records = ByteBuffer.allocate(n * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      int run = i / 13;
      TraceFormat.putRecord(records, 1_000L * i, i % 13 == 0 ? 3 : 0, 10 + run % 3, run % 2, 100 + run, 4096L * i,
          4096, 4096, i % 29 == 0 ? 2 : 0, 7 + run / 5, 1);
    }
    records.flip();
    assertEveryFieldUnpacked(records, n);
  }

  /** Packs {@code n} records into an LZ4 block and checks every field of every record unpacked from it. */
  private static void assertEveryFieldUnpacked(ByteBuffer records, int n) throws IOException {
    ByteBuffer payload = new PackedRecords.Encoder(TraceFormat.CODEC_LZ4).pack(records, n);
    try (PackedRecords.Decoder back = new PackedRecords.Decoder()) {
      back.unpack(payload, n, "t", 0);
      for (int i = 0; i < n; i++) {
        int base = i * TraceFormat.RECORD_SIZE;
        assertThat(new long[] {back.start[i], back.duration[i], back.offset[i], back.length[i], back.bytes[i],
            back.thread[i], back.path[i], back.result[i], back.context[i], back.op[i], back.point[i]})
            .as("record %d", i).containsExactly(records.getLong(base + TraceFormat.R_START),
                records.getLong(base + TraceFormat.R_DURATION), records.getLong(base + TraceFormat.R_OFFSET),
                records.getLong(base + TraceFormat.R_LENGTH), records.getLong(base + TraceFormat.R_BYTES),
                records.getLong(base + TraceFormat.R_THREAD),
                Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_PATH)),
                Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_RESULT)),
                Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_CONTEXT)),
                records.getShort(base + TraceFormat.R_OP) & 0xFFFF, records.get(base + TraceFormat.R_POINT) & 0xFF);
      }
    }
  }

  /**
   * A PACKED RECORDS payload of {@code entries} records whose columns hold a zero each (every field 0 through the
   * block) but the one given: what a damaged writer could have packed under a valid checksum.
   */
  private static ByteBuffer packedPayload(int entries, int column, byte... values) {
    ByteBuffer raw = ByteBuffer.allocate(PackedRecords.COLUMN_TABLE_SIZE + PackedRecords.COLUMNS.length - 1 + values.length)
        .order(ByteOrder.LITTLE_ENDIAN);
    for (int c = 0; c < PackedRecords.COLUMNS.length; c++) {
      raw.putInt(c == column ? values.length : 1);
    }
    for (int c = 0; c < PackedRecords.COLUMNS.length; c++) {
      if (c == column) {
        raw.put(values);
      } else {
        raw.put((byte) 0);
      }
    }
    byte[] frame = com.github.luben.zstd.Zstd.compress(raw.array());
    return ByteBuffer.allocate(TraceFormat.PACKED_PREFIX_SIZE + frame.length).order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) TraceFormat.CODEC_ZSTD).put(new byte[3]).putInt(raw.capacity()).put(frame).flip();
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @Test
  void damagedColumnsAreErrorsNamingTheirBlockAndRecord() throws IOException {
    int path = java.util.Arrays.asList(PackedRecords.COLUMNS).indexOf("path_id");
    int point = java.util.Arrays.asList(PackedRecords.COLUMNS).indexOf("point");
    try (PackedRecords.Decoder decoder = new PackedRecords.Decoder()) {
      // the last value goes on past the column's end
      assertThatThrownBy(() -> decoder.unpack(packedPayload(10, path, bytes(2, 2, 2, 2, 2, 2, 2, 2, 2, 0x80)), 10,
          "t", 4096)).isInstanceOf(TraceFormatException.class)
          .hasMessage("t at byte offset 4096: packed record block's path_id column is malformed at record 9");
      // a value of two bytes in the first group of eight leaves the column one value short
      assertThatThrownBy(() -> decoder.unpack(packedPayload(10, path, bytes(2, 2, 2, 0x82, 0, 2, 2, 2, 2, 2)), 10,
          "t", 4096)).hasMessage("t at byte offset 4096: packed record block's path_id column is malformed at record 9");
      // eleven values for ten records
      assertThatThrownBy(() -> decoder.unpack(packedPayload(10, path, bytes(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)), 10,
          "t", 4096)).hasMessage("t at byte offset 4096: packed record block's path_id column has 1 bytes past its "
              + "last record");
      // a value of eleven bytes
      assertThatThrownBy(() -> decoder.unpack(packedPayload(2, path, bytes(2, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
          0x80, 0x80, 0x80, 1)), 2, "t", 4096))
          .hasMessage("t at byte offset 4096: packed record block's path_id column is malformed at record 1");
      // ids going below 0, and points counting up past 255 from 250
      assertThatThrownBy(() -> decoder.unpack(packedPayload(10, path, bytes(2, 2, 2, 3, 3, 3, 2, 2, 2, 2)), 10,
          "t", 4096)).hasMessage("t at byte offset 4096: record 4 of the packed record block has path_id -1, outside "
              + "0..4294967295");
      assertThatThrownBy(() -> decoder.unpack(packedPayload(10, point, bytes(0xF4, 0x03, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
          10, "t", 4096)).hasMessage("t at byte offset 4096: record 6 of the packed record block has point 256, "
              + "outside 0..255");
      // after the errors the decoder still unpacks a good block
      decoder.unpack(packedPayload(10, point, bytes(2, 2, 2, 2, 2, 2, 2, 2, 2, 1)), 10, "t", 4096);
      assertThat(java.util.Arrays.copyOf(decoder.point, 10)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 8);
    }
  }

  @Test
  void aCompactTraceTakesAFewBytesPerRecord() throws IOException {
    // a classifier writing one label per request: small sequential writes microseconds apart
    List<TraceRecord> records = new ArrayList<>();
    long offset = 0;
    for (int i = 0; i < 100_000; i++) {
      long size = i % 2 == 0 ? 1 : 17 + i % 5;
      records.add(new TraceRecord(1_700_000_000_000_000_000L + i * 2_345L + (i * 7919L) % 1000, 80 + (i * 31L) % 60,
          TraceOp.WRITE, TracePoint.APPLICATION, "pfs:/out/part-0", offset, size, size, TraceRecord.OK, 42,
          processContext()));
      offset += size;
    }
    Path file = write(records, 0);
    assertThat(Files.size(file)).isLessThan(6L * records.size());
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(readAll(reader)).containsExactlyElementsOf(records);
    }
  }

  @Test
  void largeTablesAreSplitIntoSeveralBlocks() throws IOException {
    List<TraceRecord> records = new ArrayList<>();
    for (int i = 0; i < 30_000; i++) {
      records.add(new TraceRecord(i, 1, TraceOp.OPEN, TracePoint.APPLICATION,
          "/a/rather/long/directory/name/for/file/number/" + i, TraceRecord.NONE, TraceRecord.NONE, TraceRecord.NONE,
          TraceRecord.OK, 1, new EventContext("host-" + (i % 2000), i % 2000, "", "", i % 2000)));
    }
    Path file = write(records, 0);
    try (TraceReader reader = TraceReader.open(file)) {
      List<TraceRecord> back = readAll(reader);
      assertThat(back).containsExactlyElementsOf(records);
      assertThat(reader.pathsSoFar()).hasSize(30_000);
    }
  }

  @Test
  void aTraceCutShortReadsUpToItsLastWholeBlockAndSaysSo() throws IOException {
    Path file = write(sampleRecords(3 * TraceFormat.RECORDS_PER_BLOCK + 10), 0);
    byte[] bytes = Files.readAllBytes(file);
    // Cut in the middle of the third record block: two whole blocks of records survive.
    long cut = offsetOfRecordBlock(bytes, 2) + 100;
    Path cutFile = dir.resolve("cut.ptrace");
    Files.write(cutFile, java.util.Arrays.copyOf(bytes, (int) cut));
    try (TraceReader reader = TraceReader.open(cutFile)) {
      assertThat(readAll(reader)).hasSize(2 * TraceFormat.RECORDS_PER_BLOCK);
      assertThat(reader.cutShort()).isTrue();
      assertThat(reader.complete()).isFalse();
      assertThat(reader.cutShortOffset()).isEqualTo(offsetOfRecordBlock(bytes, 2));
      assertThat(reader.cutShortMessage()).contains(cutFile.toString()).contains("byte offset " + reader.cutShortOffset())
          .contains("2048 records");
    }
  }

  /** Writes, through the block writer, the header and PROGRESS blocks between batches as the recorders do. */
  private Path writeWithProgress(int batches, int perBatch, TraceHeader header) throws IOException {
    Path file = dir.resolve("progress.ptrace");
    try (java.io.OutputStream out = Files.newOutputStream(file)) {
      TraceBlockWriter blocks = new TraceBlockWriter(out, new TraceDictionary(processContext()));
      blocks.writeHeader(header);
      blocks.writeProgress(0, 1);
      ByteBuffer records = ByteBuffer.allocate(perBatch * TraceFormat.RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
      for (int b = 0; b < batches; b++) {
        records.clear();
        for (int i = 0; i < perBatch; i++) {
          TraceFormat.putRecord(records, 1000 + i, 1, TraceOp.PWRITE.code(), TracePoint.POSIX.code(), 0, i, 1, 1, 0,
              7, 0);
        }
        records.flip();
        blocks.writeRecords(records);
        blocks.writeProgress(100L * (b + 1), 2);
      }
    }
    return file;
  }

  @Test
  void aTraceCutShortKeepsTheLostCountOfItsLastProgressBlock() throws IOException {
    Path file = writeWithProgress(3, 10, HEADER);
    long size = Files.size(file);
    // a process killed in the middle of its third batch: the third batch's records and PROGRESS are cut off
    java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)
        .truncate(size - TraceFormat.COUNTS_BLOCK_SIZE - 1).close();
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(readAll(reader)).hasSize(20);
      assertThat(reader.cutShort()).isTrue();
      assertThat(reader.lostRecords()).isEqualTo(200);
    }
  }

  @Test
  void aProgressBlockCountingOtherRecordsIsCorruption() throws IOException {
    Path file = writeWithProgress(1, 10, HEADER);
    byte[] bytes = Files.readAllBytes(file);
    // the last PROGRESS block says 10 records; make it say 11 (and fix its checksum, so only the count is wrong)
    int block = bytes.length - TraceFormat.COUNTS_BLOCK_SIZE;
    byte[] forged = TraceBlockWriter.countsBlock(TraceFormat.BLOCK_PROGRESS, 11, 100, 2);
    System.arraycopy(forged, 0, bytes, block, forged.length);
    Files.write(file, bytes);
    try (TraceReader reader = TraceReader.open(file)) {
      assertThatThrownBy(() -> readAll(reader)).isInstanceOf(TraceFormatException.class)
          .hasMessageContaining(file + " at byte offset " + block)
          .hasMessageContaining("progress block counts 11 records (100 lost) but the file holds 10 before it");
    }
  }

  @Test
  void version10TracesWithoutProgressBlocksStillRead() throws IOException {
    Path file = dir.resolve("v10.ptrace");
    TraceHeader old = new TraceHeader(1, 0, HEADER.wallAnchorNs(), HEADER.monotonicAnchorNs(), HEADER.host(),
        HEADER.pid(), "pfsmix-java 0.1.0");
    try (TraceWriter writer = TraceWriter.create(file, old)) {
      for (TraceRecord record : sampleRecords(100)) {
        writer.write(record);
      }
      writer.addLostRecords(3);
    }
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(reader.header().versionMinor()).isZero();
      assertThat(readAll(reader)).hasSize(100);
      assertThat(reader.complete()).isTrue();
      assertThat(reader.lostRecords()).isEqualTo(3);
    }
  }

  @Test
  void version11TracesOf64ByteRecordsStillRead() throws IOException {
    List<TraceRecord> records = sampleRecords(3 * TraceFormat.RECORDS_PER_BLOCK + 5);
    Path file = writeAsVersion(1, 1, records);
    byte[] bytes = Files.readAllBytes(file);
    assertThat(blockTypes(bytes)).contains(TraceFormat.BLOCK_RECORDS).doesNotContain(TraceFormat.BLOCK_PACKED_RECORDS);
    assertReadBack(file, 1, 1, records);
  }

  @Test
  void version20TracesOfZstdBlocksStillRead() throws IOException {
    List<TraceRecord> records = sampleRecords(3 * TraceFormat.RECORDS_PER_BLOCK + 5);
    Path file = writeAsVersion(2, 0, records);
    byte[] bytes = Files.readAllBytes(file);
    int first = (int) offsetOfRecordBlock(bytes, 0);
    assertThat(bytes[first + TraceFormat.BLOCK_HEADER_SIZE]).isEqualTo((byte) TraceFormat.CODEC_ZSTD);
    assertReadBack(file, 2, 0, records);
  }

  /** The records written as format major.minor, the way a producer of that version wrote them. */
  private Path writeAsVersion(int major, int minor, List<TraceRecord> records) throws IOException {
    Path file = dir.resolve("v" + major + "." + minor + ".ptrace");
    TraceHeader old = new TraceHeader(major, minor, HEADER.wallAnchorNs(), HEADER.monotonicAnchorNs(), HEADER.host(),
        HEADER.pid(), "pfsmix-java 0.1.0");
    try (TraceWriter writer = TraceWriter.create(file, old)) {
      for (TraceRecord record : records) {
        writer.write(record);
      }
    }
    return file;
  }

  private static void assertReadBack(Path file, int major, int minor, List<TraceRecord> records) throws IOException {
    try (TraceReader reader = TraceReader.open(file)) {
      assertThat(reader.header().versionMajor()).isEqualTo(major);
      assertThat(reader.header().versionMinor()).isEqualTo(minor);
      assertThat(readAll(reader)).containsExactlyElementsOf(withProcessContext(records));
      assertThat(reader.complete()).isTrue();
    }
  }

  @Test
  void traceOfAVersionThisReaderDoesNotKnowIsRefusedClearly() throws IOException {
    Path file = write(sampleRecords(3), 0);
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(8, (short) 3).putShort(10, (short) 0);
    Path future = Files.write(dir.resolve("future.ptrace"), bytes);
    assertThatThrownBy(() -> TraceReader.open(future)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(future + " at byte offset 8")
        .hasMessageContaining("trace format version 3.0 is not supported by this reader (it reads versions 1.x to 2.x)");
  }

  @Test
  void aCorruptedBlockIsAnErrorNamingFileAndOffset() throws IOException {
    Path file = write(sampleRecords(3 * TraceFormat.RECORDS_PER_BLOCK), 0);
    byte[] bytes = Files.readAllBytes(file);
    long second = offsetOfRecordBlock(bytes, 1);
    bytes[(int) second + TraceFormat.BLOCK_HEADER_SIZE + 77] ^= 0x10;
    Files.write(file, bytes);
    try (TraceReader reader = TraceReader.open(file)) {
      assertThatThrownBy(() -> readAll(reader)).isInstanceOf(TraceFormatException.class)
          .hasMessageContaining(file.toString()).hasMessageContaining("byte offset " + second)
          .hasMessageContaining("checksum mismatch");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1})
  void damagedCompressedRecordsUnderAValidChecksumAreAnErrorNamingTheirBlock(int minorVersion) throws IOException {
    Path file = writeAsVersion(2, minorVersion, sampleRecords(3 * TraceFormat.RECORDS_PER_BLOCK));
    byte[] bytes = Files.readAllBytes(file);
    int second = (int) offsetOfRecordBlock(bytes, 1);
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int payload = b.getInt(second + 12);
    // garble the compressed data after its first bytes (LZ4 in 2.1, zstd in 2.0), then give the block a checksum that
    // matches: only the codec can tell
    int frame = second + TraceFormat.BLOCK_HEADER_SIZE + TraceFormat.PACKED_PREFIX_SIZE;
    for (int i = frame + 6; i < second + TraceFormat.BLOCK_HEADER_SIZE + payload; i++) {
      bytes[i] = (byte) (bytes[i] * 31 + 7);
    }
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(bytes, second + 4, TraceFormat.BLOCK_HEADER_SIZE - 4 + payload);
    b.putInt(second + TraceFormat.BLOCK_HEADER_SIZE + payload, (int) crc.getValue());
    Files.write(file, bytes);
    try (TraceReader reader = TraceReader.open(file)) {
      assertThatThrownBy(() -> readAll(reader)).isInstanceOf(TraceFormatException.class)
          .hasMessageContaining(file + " at byte offset " + second)
          .hasMessageContaining("damaged compressed records");
    }
  }

  @Test
  void garbageAndForeignFilesAreRejectedClearly() throws IOException {
    Path empty = Files.write(dir.resolve("empty"), new byte[0]);
    assertThatThrownBy(() -> TraceReader.open(empty)).isInstanceOf(TraceFormatException.class)
        .hasMessageContaining(empty.toString()).hasMessageContaining("empty file");
    Path text = Files.writeString(dir.resolve("text"), "hello, this is not a trace at all");
    assertThatThrownBy(() -> TraceReader.open(text)).hasMessageContaining(text.toString())
        .hasMessageContaining("byte offset 0").hasMessageContaining("not a pfsmix trace");

    Path file = write(sampleRecords(10), 0);
    byte[] bytes = Files.readAllBytes(file);
    bytes[20] ^= 1;
    Path badHeader = Files.write(dir.resolve("bad-header"), bytes);
    assertThatThrownBy(() -> TraceReader.open(badHeader)).hasMessageContaining("header checksum mismatch");

    // A block claiming an impossible size must not be allocated or waited for.
    bytes = Files.readAllBytes(file);
    int firstBlock = headerLength(bytes);
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(firstBlock + 12, Integer.MAX_VALUE);
    Path huge = Files.write(dir.resolve("huge"), bytes);
    try (TraceReader reader = TraceReader.open(huge)) {
      assertThatThrownBy(() -> readAll(reader)).hasMessageContaining("byte offset " + firstBlock)
          .hasMessageContaining("impossible block size");
    }
  }

  @Test
  void everyPossibleTruncationEitherReadsAPrefixOrFailsClearly() throws IOException {
    Path file = write(sampleRecords(40), 0);
    byte[] bytes = Files.readAllBytes(file);
    for (int length = 0; length < bytes.length; length++) {
      String name = "cut-at-" + length;
      try (TraceReader reader = new TraceReader(new java.io.ByteArrayInputStream(bytes, 0, length), name)) {
        readAll(reader);
        assertThat(reader.cutShort()).as("cut at %d", length).isTrue();
      } catch (TraceFormatException e) {
        assertThat(e.getMessage()).contains(name).contains("byte offset");
        assertThat(length).as("only a cut header may fail to open").isLessThan(headerLength(bytes));
      }
    }
  }

  static int headerLength(byte[] bytes) {
    return TraceFormat.HEADER_PREFIX_SIZE + ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(12)
        + TraceFormat.CHECKSUM_SIZE;
  }

  /** The type of every block, in file order. */
  static List<Integer> blockTypes(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    List<Integer> types = new ArrayList<>();
    for (int at = headerLength(bytes); at < bytes.length; at += TraceFormat.BLOCK_HEADER_SIZE + b.getInt(at + 12)
        + TraceFormat.CHECKSUM_SIZE) {
      types.add((int) bytes[at + 4]);
    }
    return types;
  }

  /** The records as a reader returns them: no context is the header's process. */
  private static List<TraceRecord> withProcessContext(List<TraceRecord> records) {
    List<TraceRecord> expected = new ArrayList<>();
    for (TraceRecord r : records) {
      expected.add(r.context() != null ? r : new TraceRecord(r.startNs(), r.durationNs(), r.op(), r.point(), r.path(),
          r.offset(), r.length(), r.bytes(), r.result(), r.threadId(), processContext()));
    }
    return expected;
  }

  /** Byte offset of the n-th (0-based) record block, walking the block frames. */
  static long offsetOfRecordBlock(byte[] bytes, int n) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int at = headerLength(bytes);
    int seen = 0;
    while (at < bytes.length) {
      int type = bytes[at + 4];
      int payload = b.getInt(at + 12);
      if ((type == TraceFormat.BLOCK_RECORDS || type == TraceFormat.BLOCK_PACKED_RECORDS) && seen++ == n) {
        return at;
      }
      at += TraceFormat.BLOCK_HEADER_SIZE + payload + TraceFormat.CHECKSUM_SIZE;
    }
    throw new AssertionError("no record block " + n);
  }
}

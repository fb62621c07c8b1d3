package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.pfsmix.tfidf.generate.DatasetGenerator;

/** Every record is read exactly once, byte for byte, however the file is split. */
class RequestInputFormatTest {

  @TempDir
  java.nio.file.Path dir;

  /** Requests that stress the format: empty, trailing LF, 0x1E not after LF, CR LF lines, binary. */
  static final List<byte[]> TRICKY = List.of(
      new byte[0],
      "GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
      "ends with LF\n".getBytes(StandardCharsets.US_ASCII),
      "\n\n".getBytes(StandardCharsets.US_ASCII),
      "x\u001Ey \u001E\r\n\r\u001E".getBytes(StandardCharsets.ISO_8859_1),
      new byte[] {0, 1, 2, (byte) 0xff, '\n', '\r', 0x1D, 0x1F},
      "last".getBytes(StandardCharsets.US_ASCII));

  record Rec(long offset, String label, String bytes) {
  }

  private byte[] trickyFile(int copies) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int c = 0; c < copies; c++) {
      for (int i = 0; i < TRICKY.size(); i++) {
        RequestFormat.write(out, i % 2 == 0 ? "valid" : "", TRICKY.get(i), 0, TRICKY.get(i).length);
      }
    }
    return out.toByteArray();
  }

  private List<Rec> expectedTricky(byte[] file, int copies) {
    List<Rec> expected = new ArrayList<>();
    long offset = 0;
    for (int c = 0; c < copies; c++) {
      for (int i = 0; i < TRICKY.size(); i++) {
        String label = i % 2 == 0 ? "valid" : "";
        expected.add(new Rec(offset, label, new String(TRICKY.get(i), StandardCharsets.ISO_8859_1)));
        offset += label.length() + TRICKY.get(i).length + 3;
      }
    }
    assertThat(offset).isEqualTo(file.length);
    return expected;
  }

  private List<Rec> readWithSplits(java.nio.file.Path file, long splitSize) throws Exception {
    Configuration conf = new Configuration();
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, splitSize);
    conf.setLong(FileInputFormat.SPLIT_MINSIZE, 1);
    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, new Path(file.toUri()));
    RequestInputFormat format = new RequestInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    if (splitSize < Files.size(file)) {
      assertThat(splits.size()).isGreaterThan(1);
    }
    List<Rec> records = new ArrayList<>();
    for (InputSplit split : splits) {
      TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<?, RequestRecord> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          RequestRecord r = reader.getCurrentValue();
          records.add(new Rec(r.offset(), r.label(), r.text()));
        }
      }
    }
    return records;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 5, 8, 13, 64, 1000, Long.MAX_VALUE})
  void trickyRecordsAreReadExactlyOnceWhateverTheSplitSize(long splitSize) throws Exception {
    byte[] bytes = trickyFile(3);
    java.nio.file.Path file = dir.resolve("tricky.req");
    Files.write(file, bytes);
    assertThat(readWithSplits(file, splitSize)).containsExactlyElementsOf(expectedTricky(bytes, 3));
  }

  @Test
  void generatedFileReadsTheSameWithSmallAndWholeSplits() throws Exception {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve("gen").toUri());
    o.records = 400;
    o.attackShare = 0.4;
    o.malformedShare = 0.1;
    o.files = 1;
    DatasetGenerator.Result result = DatasetGenerator.generate(new Configuration(), o, null);
    java.nio.file.Path file = dir.resolve("gen").resolve("requests-00000.req");
    List<Rec> whole = readWithSplits(file, Long.MAX_VALUE);
    assertThat(whole).hasSize(400);
    assertThat(whole.stream().mapToLong(r -> r.bytes().length()).sum()).isEqualTo(result.requestBytes);
    for (long size : new long[] {211, 1009, 4096}) {
      assertThat(readWithSplits(file, size)).as("split size " + size).containsExactlyElementsOf(whole);
    }
  }

  @Test
  void bytesBeforeTheFirstRecordAreSkippedAndCounted() throws Exception {
    byte[] records = trickyFile(1);
    byte[] junk = "leftover\n\u001E no LF before".getBytes(StandardCharsets.ISO_8859_1);
    // the junk itself contains LF 0x1E: that starts a record, so only "leftover\n" is junk
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.write(junk);
    file.write('\n');
    file.write(records);
    java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(file.toByteArray());
    try (RequestStreamReader reader = new RequestStreamReader(in, 0, Long.MAX_VALUE, 1 << 20)) {
      assertThat(reader.junkBytes()).isEqualTo("leftover\n".length());
      RequestRecord r = new RequestRecord();
      assertThat(reader.next(r)).isTrue();
      assertThat(r.label()).isEqualTo(" no LF before");
      assertThat(r.length()).isZero();
      int n = 1;
      while (reader.next(r)) {
        n++;
      }
      assertThat(n).isEqualTo(1 + TRICKY.size());
    }
  }

  @Test
  void recordsLongerThanTheLimitAreCutAndFlagged() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] big = "A".repeat(5000).getBytes(StandardCharsets.US_ASCII);
    RequestFormat.write(out, "valid", big, 0, big.length);
    RequestFormat.write(out, "xss", "small".getBytes(StandardCharsets.US_ASCII), 0, 5);
    try (RequestStreamReader reader = new RequestStreamReader(new java.io.ByteArrayInputStream(out.toByteArray()), 0,
        Long.MAX_VALUE, 1000)) {
      RequestRecord r = new RequestRecord();
      assertThat(reader.next(r)).isTrue();
      assertThat(r.oversize()).isTrue();
      assertThat(r.length()).isEqualTo(1000);
      assertThat(reader.next(r)).isTrue();
      assertThat(r.oversize()).isFalse();
      assertThat(r.text()).isEqualTo("small");
      assertThat(r.label()).isEqualTo("xss");
      assertThat(reader.next(r)).isFalse();
    }
  }

  @Test
  void writerRefusesRequestsThatWouldSplitIntoTwoRecords() {
    byte[] bad = "a\n\u001Eb".getBytes(StandardCharsets.ISO_8859_1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> RequestFormat.write(new ByteArrayOutputStream(), "valid", bad,
        0, bad.length)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("LF 0x1E at byte 2");
  }
}

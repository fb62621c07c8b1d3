package io.pfsmix.tfidf;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/** Reads request files ({@link RequestFormat}): key = record offset in its file, value = the record. Splittable anywhere. */
public final class RequestInputFormat extends FileInputFormat<LongWritable, RequestRecord> {

  @Override
  public RecordReader<LongWritable, RequestRecord> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new Reader();
  }

  static final class Reader extends RecordReader<LongWritable, RequestRecord> {
    private final LongWritable key = new LongWritable();
    private final RequestRecord value = new RequestRecord();
    private RequestStreamReader reader;
    private long start;
    private long end;

    @Override
    public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
      FileSplit split = (FileSplit) genericSplit;
      Configuration conf = context.getConfiguration();
      start = split.getStart();
      end = start + split.getLength();
      Path file = split.getPath();
      FSDataInputStream in = file.getFileSystem(conf).open(file);
      try {
        if (start > 0) {
          in.seek(start - 1);
        }
        reader = new RequestStreamReader(in, start, end,
            TfidfSettings.maxRecordBytes(conf));
      } catch (IOException | RuntimeException e) {
        in.close();
        throw e;
      }
      if (reader.junkBytes() > 0) {
        context.getCounter(TfidfCounters.JUNK_BYTES).increment(reader.junkBytes());
      }
    }

    @Override
    public boolean nextKeyValue() throws IOException {
      if (!reader.next(value)) {
        return false;
      }
      key.set(value.offset());
      return true;
    }

    @Override
    public LongWritable getCurrentKey() {
      return key;
    }

    @Override
    public RequestRecord getCurrentValue() {
      return value;
    }

    @Override
    public float getProgress() {
      return end == start ? 1f : Math.min(1f, (reader.position() - start) / (float) (end - start));
    }

    @Override
    public void close() throws IOException {
      if (reader != null) {
        reader.close();
      }
    }
  }
}

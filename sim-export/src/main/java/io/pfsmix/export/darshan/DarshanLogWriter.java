package io.pfsmix.export.darshan;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes a Darshan log of format 3.41: an uncompressed header, then the job, name and module regions in that order (modules
 * by increasing id), each region one zlib stream whose compressed offset and length the header records. Integers are
 * little-endian, as the Darshan runtime writes them on x86-64. Use: {@link #writeJob}, {@link #beginNames}/{@link #name},
 * then per module {@link #beginModule} and record bytes via {@link #out()}, then {@link #finish}.
 */
final class DarshanLogWriter implements AutoCloseable {
  static final String VERSION = "3.41";
  static final long MAGIC = 6567223L;
  static final int MAX_MODULES = 64;
  static final int HEADER_SIZE = 8 + 8 + 8 + 8 + 16 + MAX_MODULES * 16 + MAX_MODULES * 4;
  static final int JOB_RECORD_SIZE = 4096;
  static final int JOB_METADATA_LEN = 1024;
  /** int64 uid, start sec, start nsec, end sec, end nsec, nprocs, jobid, then the metadata text. */
  static final int JOB_STRUCT_SIZE = 7 * 8 + JOB_METADATA_LEN;
  static final int NAME_REGION = -1;

  private final FileChannel channel;
  private final long[][] moduleMaps = new long[MAX_MODULES][2];
  private final int[] moduleVersions = new int[MAX_MODULES];
  private final long[] nameMap = new long[2];
  private long partialFlags;
  private RegionStream region;
  private int regionId = Integer.MIN_VALUE;

  DarshanLogWriter(Path file) throws IOException {
    channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
        StandardOpenOption.WRITE);
    channel.position(HEADER_SIZE);
  }

  /** The job region: times, process count, job id, "key=value" metadata lines, the command line and mount table. */
  void writeJob(long startNs, long endNs, long nprocs, long jobId, String metadata, String exe, String mounts)
      throws IOException {
    ByteBuffer job = le(JOB_RECORD_SIZE);
    job.putLong(0); // uid: not recorded by the trace
    job.putLong(Math.floorDiv(startNs, 1_000_000_000L)).putLong(Math.floorMod(startNs, 1_000_000_000L));
    job.putLong(Math.floorDiv(endNs, 1_000_000_000L)).putLong(Math.floorMod(endNs, 1_000_000_000L));
    job.putLong(nprocs).putLong(jobId);
    putText(job, metadata, JOB_METADATA_LEN - 1);
    job.position(JOB_STRUCT_SIZE);
    // exe line, then "\n<type>\t<mount point>" entries, then a terminating NUL, all within the 4 KiB job record
    putText(job, exe + mounts, JOB_RECORD_SIZE - JOB_STRUCT_SIZE - 1);
    job.put((byte) 0);
    int length = job.position();
    job.flip().limit(length);
    try (DeflaterOutputStream z = new DeflaterOutputStream(Channels.output(channel), new Deflater(), 1 << 16)) {
      z.write(job.array(), 0, length);
    }
  }

  void beginNames() throws IOException {
    beginRegion(NAME_REGION);
  }

  void name(long recordId, String name) throws IOException {
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = le(8);
    b.putLong(recordId);
    region.write(b.array());
    region.write(bytes);
    region.write(0);
  }

  void beginModule(int moduleId, int version) throws IOException {
    if (moduleId <= regionId) {
      throw new IllegalStateException("modules must be written in increasing id order");
    }
    beginRegion(moduleId);
    moduleVersions[moduleId] = version;
  }

  /** Uncompressed bytes of the current region. */
  OutputStream out() {
    return region;
  }

  /** Marks a module's data as incomplete (Darshan's partial flag: a module that ran out of memory). */
  void markPartial(int moduleId) {
    partialFlags |= 1L << moduleId;
  }

  void finish() throws IOException {
    endRegion();
    ByteBuffer h = le(HEADER_SIZE);
    byte[] version = VERSION.getBytes(StandardCharsets.US_ASCII);
    h.put(version).position(8);
    h.putLong(MAGIC);
    h.put((byte) 0); // zlib
    h.position(24);
    h.putLong(partialFlags);
    h.putLong(nameMap[0]).putLong(nameMap[1]);
    for (long[] map : moduleMaps) {
      h.putLong(map[0]).putLong(map[1]);
    }
    for (int v : moduleVersions) {
      h.putInt(v);
    }
    h.flip();
    channel.position(0);
    while (h.hasRemaining()) {
      channel.write(h);
    }
    channel.force(false);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  private void beginRegion(int id) throws IOException {
    endRegion();
    regionId = id;
    region = new RegionStream(channel.position());
  }

  private void endRegion() throws IOException {
    if (region == null) {
      return;
    }
    region.finish();
    long[] map = regionId == NAME_REGION ? nameMap : moduleMaps[regionId];
    map[0] = region.start;
    map[1] = channel.position() - region.start;
    region = null;
  }

  private static ByteBuffer le(int size) {
    return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
  }

  private static void putText(ByteBuffer b, String text, int max) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    b.put(bytes, 0, Math.min(bytes.length, max));
  }

  /** One region's zlib stream, written through to the channel. */
  private final class RegionStream extends DeflaterOutputStream {
    final long start;

    RegionStream(long start) {
      // zlib level 1: DXT regions hold 32 bytes per access, and the default level costs more than the whole export
      super(Channels.output(channel), new Deflater(Deflater.BEST_SPEED), 1 << 16);
      this.start = start;
    }

    @Override
    public void close() {
      throw new UnsupportedOperationException("regions end with finish()");
    }

    @Override
    public void finish() throws IOException {
      super.finish();
      def.end();
      out.flush();
    }
  }

  /** An unbuffered OutputStream over the channel that leaves the channel open. */
  private static final class Channels {
    static OutputStream output(FileChannel channel) {
      return new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          ByteBuffer buf = ByteBuffer.wrap(b, off, len);
          while (buf.hasRemaining()) {
            channel.write(buf);
          }
        }

        @Override
        public void close() {
          // the channel outlives the region
        }
      };
    }
  }
}

package io.pfsmix.fs.ceph;

import java.net.URI;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.PositionedWriter;
import io.pfsmix.fs.PositionedWrites;

/**
 * One writer of an N-to-1 file, run as its own process by {@link CephSharedWriteTest}: rank r of n writes blocks
 * r, r + n, r + 2n, ... of one shared ceph:// file through the positioned-write extension (IOR's strided pattern).
 * Arguments: CONF_FILE ROOT FILE RANK RANKS BLOCK_BYTES BLOCKS_PER_RANK.
 */
public final class SharedWriterProcess {

  private SharedWriterProcess() {
  }

  /** The content of global block {@code index}: the same in the writers and in the checking test. */
  static byte[] block(int index, int bytes) {
    byte[] data = new byte[bytes];
    new Random(1000L + index).nextBytes(data);
    return data;
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    conf.set(CephConfigKeys.CONF_FILE, args[0]);
    conf.set(CephConfigKeys.ROOT_DIR, args[1]);
    int rank = Integer.parseInt(args[3]);
    int ranks = Integer.parseInt(args[4]);
    int blockBytes = Integer.parseInt(args[5]);
    int blocks = Integer.parseInt(args[6]);
    try (FileSystem fs = FileSystem.newInstance(URI.create("ceph:///"), conf);
        PositionedWriter writer = PositionedWrites.open(fs, new Path(args[2]))) {
      for (int i = 0; i < blocks; i++) {
        int index = i * ranks + rank;
        writer.write((long) index * blockBytes, block(index, blockBytes), 0, blockBytes);
      }
      writer.sync();
    }
  }
}

package io.pfsmix.fs.orangefs;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;

/**
 * Calls OrangeFS's client library from 8 threads at once, as a mix does (IOR's ranks writing one file, the
 * classifier's tasks reading other files to their end): 4 threads write 1 MiB blocks of one file at disjoint offsets
 * and flush, 4 read another file to its end in 4 KiB reads, listing and stating meanwhile. Exits non-zero on any failure or on a block read back wrong. Arguments: FILE [KEY=VALUE ...].
 */
public final class ConcurrentCallsProcess {

  private static final int WRITERS = 4;
  private static final int BLOCKS_PER_WRITER = 96;
  private static final int BLOCK = 1 << 20;

  private ConcurrentCallsProcess() {
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    for (int i = 1; i < args.length; i++) {
      String[] setting = args[i].split("=", 2);
      conf.set(setting[0], setting[1]);
    }
    Path file = new Path(args[0]);
    ExecutorService pool = Executors.newFixedThreadPool(2 * WRITERS);
    try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
      fs.mkdirs(file.getParent());
      fs.create(file, true).close();
      Path input = new Path(file.getParent(), "input");
      try (org.apache.hadoop.fs.FSDataOutputStream out = fs.create(input, true)) {
        out.write(new byte[9 << 20]);
      }
      List<Future<?>> done = new ArrayList<>();
      for (int rank = 0; rank < WRITERS; rank++) {
        int writer = rank;
        done.add(pool.submit(() -> {
          byte[] data = new byte[BLOCK];
          Arrays.fill(data, (byte) writer);
          try (PositionedWriter out = PositionedWrites.open(fs, file)) {
            for (int i = 0; i < BLOCKS_PER_WRITER; i++) {
              out.write((long) (i * WRITERS + writer) * BLOCK, data, 0, BLOCK);
              if (i % 8 == 7) {
                out.sync();
              }
            }
          }
          return null;
        }));
        done.add(pool.submit(() -> {
          // the classifier's pattern: small sequential reads of other files to their end
          byte[] buffer = new byte[4 << 10];
          for (int i = 0; i < BLOCKS_PER_WRITER / 4; i++) {
            fs.listStatus(input.getParent());
            try (FSDataInputStream in = fs.open(input)) {
              for (int reads = 0; in.read(buffer, 0, buffer.length) > 0; reads++) {
                if (reads % 8 == 0) {
                  fs.getFileStatus(file);
                }
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      byte[] block = new byte[BLOCK];
      try (FSDataInputStream in = fs.open(file)) {
        for (int index = 0; index < WRITERS * BLOCKS_PER_WRITER; index++) {
          in.readFully((long) index * BLOCK, block);
          for (byte b : block) {
            if (b != (byte) (index % WRITERS)) {
              throw new IllegalStateException("block " + index + " holds " + b + ", written by " + index % WRITERS);
            }
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}

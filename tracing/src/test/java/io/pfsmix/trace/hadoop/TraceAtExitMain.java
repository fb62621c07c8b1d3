package io.pfsmix.trace.hadoop;

import java.net.URI;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.trace.TraceConfigKeys;

/**
 * Run in a separate JVM by TraceAtExitTest: writes through a traced file system and exits without closing anything,
 * as a task that ends with System.exit does. Arguments: trace directory, data file.
 */
public final class TraceAtExitMain {

  private TraceAtExitMain() {
  }

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", TracingLocalFileSystem.class.getName());
    conf.set(TraceConfigKeys.DESTINATION, args[0]);
    conf.setLong(TraceConfigKeys.FLUSH_INTERVAL_MS, 3_600_000); // nothing is written before exit
    FileSystem fs = FileSystem.get(URI.create("file:///"), conf);
    FSDataOutputStream out = fs.create(new Path(args[1]));
    for (int i = 0; i < 100; i++) {
      out.write(new byte[1024]); // whole 512-byte checksum chunks, so hflush passes all of it to the raw layer
    }
    out.hflush();
    System.exit(0);
  }
}

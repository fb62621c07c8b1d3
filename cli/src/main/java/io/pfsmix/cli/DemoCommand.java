package io.pfsmix.cli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A small end-to-end run of everything built so far on the embedded default file system. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run a small end-to-end experiment on the embedded default file system and print where results went.")
final class DemoCommand implements Callable<Integer> {

  @Option(names = "--fs", defaultValue = "pfs:///", description = "file system to run on (default: ${DEFAULT-VALUE})")
  String fileSystem;

  @Override
  public Integer call() throws Exception {
    Configuration conf = new Configuration();
    Path dir = new Path(fileSystem, "/pfsmix-demo");
    FileSystem fs = dir.getFileSystem(conf);
    Path file = new Path(dir, "hello.txt");
    byte[] text = "hello from pfsmix\n".getBytes(StandardCharsets.UTF_8);
    try (FSDataOutputStream out = fs.create(file, true)) {
      out.write(text);
    }
    byte[] back = new byte[text.length];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(0, back);
    }
    if (!Arrays.equals(text, back)) {
      throw new IllegalStateException("read back different bytes from " + file);
    }
    System.out.println("demo: wrote and read back " + fs.makeQualified(file));
    return 0;
  }
}

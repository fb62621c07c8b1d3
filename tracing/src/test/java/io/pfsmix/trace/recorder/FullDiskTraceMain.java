package io.pfsmix.trace.recorder;

import java.nio.file.Path;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;

/**
 * Run in a separate JVM by TraceRecorderTest under a file size limit, so that the trace file's writes fail as on a full
 * disk: records {@code count} calls, closes the recorder and prints "written lost". Arguments: trace directory, count,
 * file size limit in bytes. The limit is set on this process (prlimit) once lz4-java has unpacked its native library,
 * a file larger than the limit, so that the packing is the same as without the limit (under it from the start, lz4-java
 * falls back to its Java codec).
 */
public final class FullDiskTraceMain {

  private FullDiskTraceMain() {
  }

  public static void main(String[] args) throws Exception {
    int count = Integer.parseInt(args[1]);
    net.jpountz.lz4.LZ4Factory.fastestInstance();
    Process limit = new ProcessBuilder("prlimit", "--pid", Long.toString(ProcessHandle.current().pid()),
        "--fsize=" + args[2]).inheritIO().start();
    if (limit.waitFor() != 0) {
      throw new IllegalStateException("prlimit --fsize failed");
    }
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(Path.of(args[0])),
        new TraceRecorder.Settings(1000, 64L << 20, 1000), "test");
    int path = recorder.pathId("/data/checkpoint");
    // scattered offsets do not compress: about 9 bytes a record in a packed block, so the disk fills at a known pace
    java.util.Random offsets = new java.util.Random(20);
    for (int i = 0; i < count; i++) {
      long now = TraceRecorder.now();
      recorder.record(now, now + 10, TraceOp.PWRITE, TracePoint.APPLICATION, path, offsets.nextLong(), 8, 8, 0, 0);
      if (i % 1000 == 999) {
        recorder.flush(); // the disk fills at a known pace, not all at close
      }
    }
    recorder.close();
    System.out.println(recorder.deliveredRecords() + " " + recorder.lostRecords());
  }
}

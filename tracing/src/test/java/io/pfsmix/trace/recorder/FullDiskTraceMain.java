package io.pfsmix.trace.recorder;

import java.nio.file.Path;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;

/**
 * Run in a separate JVM by TraceRecorderTest under a file size limit (ulimit -f), so that the trace file's writes fail
 * as on a full disk: records {@code count} calls, closes the recorder and prints "written lost". Arguments: trace
 * directory, count.
 */
public final class FullDiskTraceMain {

  private FullDiskTraceMain() {
  }

  public static void main(String[] args) {
    int count = Integer.parseInt(args[1]);
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(Path.of(args[0])),
        new TraceRecorder.Settings(1000, 64L << 20, 1000), "test");
    int path = recorder.pathId("/data/checkpoint");
    for (int i = 0; i < count; i++) {
      long now = TraceRecorder.now();
      recorder.record(now, now + 10, TraceOp.PWRITE, TracePoint.APPLICATION, path, i * 8L, 8, 8, 0, 0);
      if (i % 1000 == 999) {
        recorder.flush(); // the disk fills at a known pace, not all at close
      }
    }
    recorder.close();
    System.out.println(recorder.deliveredRecords() + " " + recorder.lostRecords());
  }
}

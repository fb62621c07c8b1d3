package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.shim.TracingBackendDecorator;

/**
 * ofs:// is traced at both trace points by configuration alone, as pfs:// is: what the application asked for above
 * the file system, and what reached OrangeFS behind the shim's read-ahead and write-behind buffers.
 */
class OrangefsTracingTest {

  @Test
  void smallReadsAboveBecomeReadAheadSizedReadsOfOrangefs(@TempDir java.nio.file.Path traces) throws IOException {
    Configuration conf = OrangefsTestCluster.get().configuration("/tracing-test");
    conf.set("fs.ofs.impl", TracingFileSystem.class.getName());
    conf.set(TraceConfigKeys.wrappedImplKey(OrangefsConfigKeys.SCHEME), OrangefsFileSystem.class.getName());
    conf.setBoolean("fs.ofs.impl.disable.cache", true);
    conf.set("fs.pfs.backend.decorators", TracingBackendDecorator.class.getName());
    conf.set("fs.pfs.readahead.size", "256k");
    conf.set(TraceConfigKeys.DESTINATION, traces.toString());
    int size = 1 << 20;
    try (FileSystem fs = FileSystem.get(URI.create("ofs:///"), conf)) {
      assertThat(fs).isInstanceOf(TracingFileSystem.class);
      try (FSDataOutputStream out = fs.create(new Path("/traced.bin"))) {
        for (int i = 0; i < size / 4096; i++) {
          out.write(new byte[4096]);
        }
      }
      try (FSDataInputStream in = fs.open(new Path("/traced.bin"))) {
        byte[] buffer = new byte[4096];
        for (int i = 0; i < size / 4096; i++) {
          in.readFully(buffer);
        }
      }
      fs.delete(new Path("/"), true);
    } finally {
      TraceRecorders.closeAll();
    }
    List<TraceRecord> records = new ArrayList<>();
    try (var files = Files.list(traces)) {
      for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".ptrace")).toList()) {
        try (TraceReader reader = TraceReader.open(file)) {
          reader.forEach(r -> {
            if (r.path() != null && r.path().endsWith("/traced.bin")) {
              records.add(r);
            }
          });
        }
      }
    }
    assertThat(records.stream().filter(r -> r.point() == TracePoint.APPLICATION && r.op() == TraceOp.READ))
        .hasSize(size / 4096);
    assertThat(records.stream().filter(r -> r.point() == TracePoint.STORAGE && r.op() == TraceOp.PREAD
        && r.bytes() > 0)).extracting(TraceRecord::offset).containsExactly(0L, 262144L, 524288L, 786432L);
    assertThat(records.stream().filter(r -> r.point() == TracePoint.STORAGE && r.op() == TraceOp.PWRITE)
        .mapToLong(TraceRecord::bytes).sum()).isEqualTo(size);
  }
}

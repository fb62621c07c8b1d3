package io.pfsmix.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.trace.hadoop.CloseTraceRecorders;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.hadoop.TracingLocalFileSystem;
import io.pfsmix.trace.shim.TracingBackendDecorator;

/** Tracing.enable: the wrapper and decorator each scheme gets, and that what Hadoop builds from it works. */
@ExtendWith(CloseTraceRecorders.class)
class TracingTest {

  @TempDir
  Path tmp;

  @Test
  void fileKeepsALocalFileSystemSoThatHadoopCanCastIt() throws Exception {
    Configuration conf = new Configuration();
    conf.setBoolean("fs.file.impl.disable.cache", true);
    Tracing.enable(conf, "file", tmp.resolve("traces").toString());
    // the local job runner calls FileSystem.getLocal, which casts: with TracingFileSystem bound it threw
    // ClassCastException
    LocalFileSystem local = FileSystem.getLocal(conf);
    assertThat(local).isInstanceOf(TracingLocalFileSystem.class);
    Files.writeString(tmp.resolve("data.txt"), "traced");
    try (var in = local.open(new org.apache.hadoop.fs.Path(tmp.resolve("data.txt").toUri()))) {
      assertThat(new String(in.readAllBytes())).isEqualTo("traced");
    }
    local.close();
    TraceRecorders.closeAll();
    try (var traces = Files.list(tmp.resolve("traces"))) {
      assertThat(traces).as("one trace file for this process").hasSize(1);
    }
    assertThat(conf.get(PfsConfigKeys.BACKEND_DECORATORS)).as("no pfs backend on file:").isNull();
  }

  @Test
  void pfsGetsBothPointsOnceHowEverOftenItIsEnabled() {
    Configuration conf = new Configuration();
    conf.set(PfsConfigKeys.BACKEND_DECORATORS, "com.example.Other");
    Tracing.enable(conf, "pfs", "/traces");
    Tracing.enable(conf, "pfs", "/traces");
    assertThat(conf.get("fs.pfs.impl")).isEqualTo(TracingFileSystem.class.getName());
    assertThat(conf.get(TraceConfigKeys.wrappedImplKey("pfs"))).isNull();
    assertThat(conf.getTrimmedStrings(PfsConfigKeys.BACKEND_DECORATORS))
        .containsExactly("com.example.Other", TracingBackendDecorator.class.getName());
    assertThat(conf.getBoolean(TraceConfigKeys.ENABLED, false)).isTrue();
    assertThat(conf.get(TraceConfigKeys.DESTINATION)).isEqualTo("/traces");
  }

  /** A scheme bound to the shim with a fixed backend, as ceph: and ofs: are. */
  public static final class FixedPosixFileSystem extends PfsFileSystem {
    public FixedPosixFileSystem() {
      super("fixedposix", "posix");
    }
  }

  @Test
  void anotherSchemeOfTheShimGetsTheStoragePointAndKeepsItsClass() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.fixedposix.impl", FixedPosixFileSystem.class.getName());
    Tracing.enable(conf, "fixedposix", "/traces");
    assertThat(conf.get("fs.fixedposix.impl")).isEqualTo(TracingFileSystem.class.getName());
    assertThat(conf.get(TraceConfigKeys.wrappedImplKey("fixedposix"))).isEqualTo(FixedPosixFileSystem.class.getName());
    assertThat(conf.getTrimmedStrings(PfsConfigKeys.BACKEND_DECORATORS))
        .containsExactly(TracingBackendDecorator.class.getName());
  }

  @Test
  void hdfsGetsTheApplicationPointOnly() {
    Configuration conf = new Configuration();
    Tracing.enable(conf, "hdfs", "/traces");
    assertThat(conf.get("fs.hdfs.impl")).isEqualTo(TracingFileSystem.class.getName());
    assertThat(conf.get(PfsConfigKeys.BACKEND_DECORATORS)).isNull();
  }
}

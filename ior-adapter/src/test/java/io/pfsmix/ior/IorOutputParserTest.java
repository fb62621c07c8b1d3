package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real IOR's output (recorded, see src/test/resources/native) into IorResult; --native with a stand-in binary. */
class IorOutputParserTest {

  @TempDir
  Path dir;

  private static String recorded(String name) throws IOException {
    try (InputStream in = IorOutputParserTest.class.getResourceAsStream("/native/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void textSharedFileWithThreeIterations() throws IOException {
    IorResult r = IorOutputParser.parse(recorded("ior-4.0-text-shared-3iter.txt"), null);
    assertThat(r.api()).isEqualTo("POSIX");
    assertThat(r.filePerProc()).isFalse();
    assertThat(r.numTasks()).isEqualTo(16);
    assertThat(r.tasksPerNode()).isEqualTo(4);
    assertThat(r.blockSize()).isEqualTo(64L << 20);
    assertThat(r.transferSize()).isEqualTo(1L << 20);
    assertThat(r.repetitions()).isEqualTo(3);
    assertThat(r.testFileName()).isEqualTo("/scratch/ckpt/shared");
    assertThat(r.iterations("write")).extracting(IorIteration::iteration).containsExactly(0, 1, 2);
    assertThat(r.iterations("read")).hasSize(3);
    IorIteration first = r.iterations("write").get(0);
    assertThat(first.bandwidthMiB()).isEqualTo(417.06);
    assertThat(first.iops()).isEqualTo(443.10);
    assertThat(first.latency()).isEqualTo(0.0361);
    assertThat(first.openTime()).isEqualTo(0.0412);
    assertThat(first.totalTime()).isEqualTo(2.46);
    assertThat(first.aggregateBytes()).isEqualTo(1L << 30);
    IorSummary write = r.summary("write");
    assertThat(write.maxMiB()).isEqualTo(434.40);
    assertThat(write.minMiB()).isEqualTo(388.69);
    assertThat(write.meanTime()).isEqualTo(2.48237);
    assertThat(write.aggregateMiB()).isEqualTo(1024.0);
    assertThat(r.summary("read").meanMiB()).isEqualTo(723.04);
  }

  @Test
  void textFilePerProcess() throws IOException {
    IorResult r = IorOutputParser.parse(recorded("ior-4.0-text-fpp.txt"), null);
    assertThat(r.filePerProc()).isTrue();
    assertThat(r.numTasks()).isEqualTo(8);
    assertThat(r.segmentCount()).isEqualTo(4);
    assertThat(r.aggregateBytes()).isEqualTo(8L * 4 * (16L << 20));
    assertThat(r.iterations()).hasSize(4);
    assertThat(r.iterations("read").get(1).wrRdTime()).isEqualTo(0.624);
  }

  @Test
  void jsonWithSeveralIterationsFlatOrNested() throws IOException {
    String json = recorded("ior-4.0-shared-3iter.json");
    IorResult r = IorOutputParser.parse(json, null);
    assertThat(r.numTasks()).isEqualTo(16);
    assertThat(r.segmentCount()).isEqualTo(1);
    assertThat(r.iterations()).hasSize(6);
    assertThat(r.iterations("write").get(2).iteration()).isEqualTo(2);
    assertThat(r.iterations("read").get(0).bandwidthMiB()).isCloseTo(728.83, offset(0.01));
    assertThat(r.summary("write").maxMiB()).isCloseTo(434.40, offset(0.01));
    // IOR 3.x nests each iteration's rows in its own array
    String nested = "{\"tests\": [{\"Parameters\": {\"blockSize\": 1048576, \"transferSize\": 262144, \"segmentCount\": 1},"
        + " \"Options\": {\"tasks\": 2}, \"Results\": [[{\"access\": \"write\", \"bwMiB\": 10.0, \"totalTime\": 0.2}],"
        + " [{\"access\": \"write\", \"bwMiB\": 12.0, \"totalTime\": 0.16}]]}], \"summary\": []}";
    IorResult old = IorOutputParser.parse("IOR-3.3.0: MPI Coordinated Test of Parallel I/O\n" + nested, null);
    assertThat(old.iterations("write")).extracting(IorIteration::iteration).containsExactly(0, 1);
    assertThat(old.aggregateBytes()).isEqualTo(2L << 20);
  }

  @Test
  void csvUsesTheFlagsForWhatItLacks() throws IOException {
    IorOptions flags = IorOptions.parse("-a", "POSIX", "-w", "-r", "-F", "-s", "4", "-b", "16m", "-t", "4m", "-o",
        "/scratch/ckpt/fpp");
    IorResult r = IorOutputParser.parse(recorded("ior-4.0-fpp.csv"), flags);
    assertThat(r.numTasks()).isEqualTo(8);
    assertThat(r.blockSize()).isEqualTo(16L << 20);
    assertThat(r.transferSize()).isEqualTo(4L << 20);
    assertThat(r.segmentCount()).isEqualTo(4);
    assertThat(r.filePerProc()).isTrue();
    assertThat(r.repetitions()).isEqualTo(2);
    assertThat(r.iterations("write").get(0).aggregateBytes()).isCloseTo(512L << 20, offset(1L << 16));
  }

  @Test
  void somethingElseIsNotIorOutput() {
    assertThatThrownBy(() -> IorOutputParser.parse("mpirun: command not found\n", null)).isInstanceOf(IOException.class)
        .hasMessageContaining("not IOR output");
  }

  /** A stand-in for the missing IOR binary: a shell script that prints a recorded output and its LD_PRELOAD. */
  private Path fakeIor(String recordedName) throws IOException {
    Path output = dir.resolve(recordedName);
    Files.writeString(output, recorded(recordedName));
    Path script = dir.resolve("ior");
    Files.writeString(script, "#!/bin/sh\necho \"$LD_PRELOAD\" > " + dir.resolve("preload") + "\necho \"$@\" > "
        + dir.resolve("args") + "\ncat " + output + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  /** A shared library this JVM has loaded (so preloading it into the stand-in script is harmless): libc, or libz. */
  private static Path loadedSharedLibrary() throws IOException {
    return Files.readAllLines(Path.of("/proc/self/maps")).stream().map(line -> line.substring(line.lastIndexOf(' ') + 1))
        .filter(path -> path.matches(".*/lib(c|z)\\.so[.0-9]*")).map(Path::of).findFirst()
        .orElseThrow(() -> new IOException("no libc or libz among this JVM's mappings"));
  }

  @Test
  void nativeRunsTheBinaryWithTheTraceLibraryPreloadedAndParsesItsOutput() throws IOException {
    Path ior = fakeIor("ior-4.0-text-fpp.txt");
    Path library = loadedSharedLibrary();
    Configuration conf = new Configuration(false);
    conf.set(IorConfigKeys.NATIVE_PRELOAD, library.toString());
    conf.set(IorConfigKeys.NATIVE_MPIRUN, dir.resolve("no-mpirun-here").toString());
    ByteArrayOutputStream shown = new ByteArrayOutputStream();
    IorResult r = new NativeIor(conf).run(ior, List.of(), List.of("-w", "-r", "-F", "-s", "4", "-o", "/scratch/ckpt/fpp"),
        true, shown);
    assertThat(Files.readString(dir.resolve("preload")).strip()).isEqualTo(library.toString());
    assertThat(Files.readString(dir.resolve("args")).strip()).isEqualTo("-w -r -F -s 4 -o /scratch/ckpt/fpp");
    assertThat(shown.toString(StandardCharsets.UTF_8)).isEqualTo(recorded("ior-4.0-text-fpp.txt"));
    assertThat(r.iterations()).hasSize(4);
    assertThat(r.filePerProc()).isTrue();
  }

  @Test
  void nativeReadsTheSummaryFileAndRefusesMpirunOptionsWithoutMpirun() throws IOException {
    Path ior = fakeIor("ior-4.0-text-shared-3iter.txt");
    Path json = dir.resolve("out.json");
    Files.writeString(json, recorded("ior-4.0-shared-3iter.json"));
    Configuration conf = new Configuration(false);
    conf.set(IorConfigKeys.NATIVE_MPIRUN, dir.resolve("no-mpirun-here").toString());
    IorResult r = new NativeIor(conf).run(ior, List.of(), List.of("-w", "-O", "summaryFormat=JSON,summaryFile=" + json),
        false, new ByteArrayOutputStream());
    assertThat(r.iterations()).hasSize(6);
    assertThat(Files.readString(dir.resolve("preload")).strip()).isEmpty();
    assertThatThrownBy(() -> new NativeIor(conf).run(ior, List.of("-np", "4"), List.of("-w"), false,
        new ByteArrayOutputStream())).hasMessageContaining("no mpirun").hasMessageContaining("[-np, 4]");
  }
}

package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.ior.IorConfigKeys;

/** mix.workloads and mix.workload.NAME.*: further workloads beside the study's two, and what is refused. */
class ExtraWorkloadTest {

  @TempDir
  Path tmp;

  private Path program;
  private Path jar;

  @BeforeEach
  void files() throws Exception {
    program = Files.writeString(tmp.resolve("my_ckpt"), "#!/bin/sh\nexit 0\n");
    assertThat(program.toFile().setExecutable(true)).isTrue();
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.example.Count");
    jar = tmp.resolve("count.jar");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
      j.flush();
    }
  }

  /** The study's two sides plus a command "ckpt2" and a jar job "count"; the trace library only needs to exist. */
  private Map<String, String> values() throws Exception {
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.RESULTS, tmp.resolve("results").toString());
    values.put(MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_PRELOAD,
        Files.writeString(tmp.resolve("libtrace.so"), "").toString());
    values.put(MixKeys.WORKLOADS, "ckpt2, count");
    values.put("mix.workload.ckpt2.run", "command:" + program + " --out {dir}/f --size {scale}m");
    values.put("mix.workload.count.run", "jar:" + jar + " {dir}/in {out} {scale}");
    return values;
  }

  @Test
  void furtherWorkloadsAreDefinedByTheirOwnKeys() throws Exception {
    Map<String, String> v = values();
    v.put("mix.workload.ckpt2.scale", "4");
    v.put("mix.workload.ckpt2.balance", "true");
    v.put(MixKeys.BALANCE, "true");
    v.put("mix.workload.count.name", "word count");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.workloads()).extracting(ExtraWorkload::name).containsExactly("ckpt2", "count");
    ExtraWorkload ckpt = s.workloads().get(0);
    assertThat(ckpt.label()).isEqualTo("ckpt2");
    assertThat(ckpt.scale()).isEqualTo(4);
    assertThat(ckpt.balance()).isTrue();
    assertThat(ckpt.command().command(Path.of("/mnt/pfs/mix/workloads/ckpt2/004-pfs-r1-mixed-traced"), 9, 4))
        .isEqualTo(program + " --out /mnt/pfs/mix/workloads/ckpt2/004-pfs-r1-mixed-traced/f --size 9m");
    assertThat(ckpt.phasesDirectory(s)).isEqualTo("/pfsmix-mix/workloads/ckpt2");
    ExtraWorkload count = s.workloads().get(1);
    assertThat(count.label()).isEqualTo("word count");
    assertThat(count.scale()).isEqualTo(1);
    assertThat(count.balance()).isFalse();
    assertThat(count.directory(s)).isEqualTo("/pfsmix-mix/workloads/count");
    assertThat(count.phasesDirectory(s)).isEqualTo("/pfsmix-mix/workloads/count/out");
    assertThat(count.job().args("pfs:/pfsmix-mix/workloads/count", "pfs:/o", 3))
        .containsExactly("pfs:/pfsmix-mix/workloads/count/in", "pfs:/o", "3");
    // the report reads the labels from the settings as results.json keeps them
    assertThat(ExtraWorkload.labelsOf(s.asWritten())).containsExactly(Map.entry("ckpt2", "ckpt2"),
        Map.entry("count", "word count"));
    // the study's sides are untouched
    assertThat(s.hpc()).isNull();
    assertThat(s.analytics()).isNull();
    assertThat(MixSettings.parse(Map.of(MixKeys.RESULTS, tmp.resolve("results").toString())).workloads()).isEmpty();
  }

  @Test
  void badDefinitionsAreRefusedNamingTheKey() throws Exception {
    List<List<String>> cases = List.of(
        List.of(MixKeys.WORKLOADS, "ckpt2,count,my_job", "mix.workloads: 'my_job' is not a name (letters, digits and"
            + " '-')"),
        List.of(MixKeys.WORKLOADS, "ckpt2,count,IOR", "mix.workloads: 'IOR' is the name of a side of the study's mix"
            + " (ior, tfidf); give the workload another"),
        List.of(MixKeys.WORKLOADS, "ckpt2,count,ckpt2", "mix.workloads: names 'ckpt2' twice"),
        List.of(MixKeys.WORKLOADS, "ckpt2", "mix.workload.count.run: 'count' is not a workload of mix.workloads"
            + " (ckpt2)"),
        List.of("mix.workload.ckpt2.size", "4", "mix.workload.ckpt2.size: unknown setting: a workload's keys are"
            + " mix.workload.NAME.run, .name, .scale, .balance"),
        List.of("mix.workload.ckpt2.run", "", "mix.workload.ckpt2.run: is missing: every workload of mix.workloads is"
            + " defined by command:CMD, jar:JAR [CLASS] ARGS or spark:SPARK_HOME ARGS"),
        List.of("mix.workload.ckpt2.run", "mpi:./x", "mix.workload.ckpt2.run: 'mpi:./x' is neither command:CMD,"
            + " jar:JAR [CLASS] ARGS nor spark:SPARK_HOME ARGS"),
        List.of("mix.workload.ckpt2.run", "command: ", "mix.workload.ckpt2.run: the command is empty"),
        List.of("mix.workload.ckpt2.run", "command:no_such_program_i15 {dir}",
            "mix.workload.ckpt2.run: 'no_such_program_i15' is neither a program on PATH nor a shell builtin"),
        List.of("mix.workload.ckpt2.run", "command:dd of={dir}/f count={sacle}", "mix.workload.ckpt2.run: unknown"
            + " placeholder {sacle} (known: {dir}, {scale}, {ranks}; a literal one is written '{'sacle'}')"),
        List.of("mix.workload.count.run", "jar:" + tmp.resolve("missing.jar") + " {out}",
            "mix.workload.count.run: " + tmp.resolve("missing.jar") + " does not exist"),
        List.of("mix.workload.count.run", "spark:" + tmp + " app.py", "mix.workload.count.run: " + tmp + " is no"
            + " Spark installation"),
        List.of("mix.workload.count.name", " ", "mix.workload.count.name: is empty"),
        List.of("mix.workload.ckpt2.scale", "0", "mix.workload.ckpt2.scale = '0' is out of range: must be between 1"
            + " and 2147483647"),
        List.of("mix.workload.ckpt2.balance", "yes", "mix.workload.ckpt2.balance = 'yes' is not a boolean"),
        List.of("mix.workload.ckpt2.balance", "true", "mix.workload.ckpt2.balance: resizes the workload when"
            + " balancing runs, and mix.balance is false"),
        List.of(MixKeys.FS, "hdfs-mini", "mix.fs: a command does its I/O through local paths, and hdfs has none here:"
            + " use pfs, pfs@DIR or file:/// with mix.workload.ckpt2.run = command:CMD"),
        List.of(MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_PRELOAD, tmp.resolve("no.so").toString(),
            "mix.workload.ckpt2.run: a command's bytes are counted from its trace by the preload library "
                + tmp.resolve("no.so") + ", which is not built"));
    for (List<String> c : cases) {
      Map<String, String> v = values();
      v.put(c.get(0), c.get(1));
      assertRefused(v, c.get(2));
    }
    // balancing resizes {scale}: a workload marked for it must take one
    Map<String, String> unscaled = Map.of("ckpt2", "command:" + program + " --out {dir}/f", "count",
        "jar:" + jar + " {dir}/in {out}");
    for (Map.Entry<String, String> w : unscaled.entrySet()) {
      Map<String, String> v = values();
      v.put(MixKeys.BALANCE, "true");
      v.put("mix.workload." + w.getKey() + ".run", w.getValue());
      v.put("mix.workload." + w.getKey() + ".balance", "true");
      assertRefused(v, "mix.workload." + w.getKey() + ".run: has no {scale}, which balancing (mix.workload."
          + w.getKey() + ".balance) resizes: put {scale} where the " + (w.getKey().equals("ckpt2") ? "command" : "job")
          + " takes its size, or balance off");
    }
    // keys of a workload no list names
    assertRefused(new HashMap<>(Map.of(MixKeys.RESULTS, tmp.resolve("results").toString(), "mix.workload.x.run",
        "command:true")), "mix.workload.x.run: 'x' is not a workload of mix.workloads (none)");
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private static void assertRefused(Map<String, String> values, String message) {
    assertThatThrownBy(() -> MixSettings.parse(values)).as(values.toString()).isInstanceOf(MixConfigException.class)
        .hasMessageStartingWith(message);
  }
}

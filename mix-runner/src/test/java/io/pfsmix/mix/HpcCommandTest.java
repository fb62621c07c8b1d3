package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.ior.IorConfigKeys;

/** mix.hpc = command:CMD: what is refused before anything runs, and what each phase's command becomes. */
class HpcCommandTest {

  @TempDir
  Path tmp;

  private Path program;
  private Path preload;

  @BeforeEach
  void files() throws Exception {
    program = Files.writeString(tmp.resolve("my_ckpt"), "#!/bin/sh\nexit 0\n");
    assertThat(program.toFile().setExecutable(true)).isTrue();
    // validation only asks that the library exists; CommandWorkload's end-to-end test preloads the real one
    preload = Files.writeString(tmp.resolve("libtrace.so"), "");
  }

  private Map<String, String> command(String cmd) {
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.RESULTS, tmp.resolve("results").toString());
    values.put(MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_PRELOAD, preload.toString());
    values.put(MixKeys.HPC, "command:" + cmd);
    return values;
  }

  @Test
  void aCommandTakesIorsPlaceAsOnePatternWithItsScaleAndLabel() {
    Map<String, String> v = command("mpirun --allow-run-as-root -np {ranks} " + program + " --out {dir}/ckpt"
        + " --size {scale}m");
    v.put(MixKeys.HPC_SCALE, "8");
    v.put(MixKeys.IOR_RANKS, "3");
    MixSettings s = MixSettings.parse(v);
    assertThat(s.patterns()).containsExactly(IorPattern.COMMAND);
    assertThat(s.hpcSize()).isEqualTo(8);
    assertThat(s.hpcLabel()).isEqualTo("my_ckpt");
    assertThat(HpcCommand.labelOf(s.asWritten())).isEqualTo("my_ckpt");
    assertThat(s.hpc().command(Path.of("/mnt/pfs/mix/ior/003-pfs-r1-command-mixed-traced"), 64, s.iorRanks()))
        .isEqualTo("mpirun --allow-run-as-root -np 3 " + program
            + " --out /mnt/pfs/mix/ior/003-pfs-r1-command-mixed-traced/ckpt --size 64m");
    v.put(MixKeys.HPC_NAME, "checkpoint v2");
    assertThat(MixSettings.parse(v).hpcLabel()).isEqualTo("checkpoint v2");
    // IOR stays the default, labelled as before
    assertThat(HpcCommand.labelOf(Map.of())).isEqualTo("IOR");
  }

  @Test
  void placeholdersAreSubstitutedAsOneShellWordEach() {
    HpcCommand c = HpcCommand.parse(WorkloadKeys.HPC, "command:dd if=/dev/zero of={dir}/f bs=64k count={scale}", null,
        1, true);
    assertThat(c.command(Path.of("/data/it's here"), 4, 2))
        .isEqualTo("dd if=/dev/zero of='/data/it'\\''s here'/f bs=64k count=4");
    // the shell's own ${VAR} is not a placeholder
    assertThat(HpcCommand.parse(WorkloadKeys.HPC, "command:echo ${HOME} {dir}", null, 1, false)
        .command(Path.of("/d"), 1, 1))
        .isEqualTo("echo ${HOME} /d");
  }

  @Test
  void theDefaultLabelIsTheProgramALauncherStarts() {
    assertThat(HpcCommand.defaultLabel("/opt/bin/ckpt --out {dir}")).isEqualTo("ckpt");
    assertThat(HpcCommand.defaultLabel("OMP_NUM_THREADS=2 ./ckpt")).isEqualTo("ckpt");
    assertThat(HpcCommand.defaultLabel("mpirun -np {ranks} --oversubscribe ./bin/ckpt -s 4")).isEqualTo("ckpt");
    assertThat(HpcCommand.defaultLabel("mpiexec -n 4 h5bench config.json")).isEqualTo("h5bench");
    // a bare name right after an option may be the option's value: only the launcher is known then
    assertThat(HpcCommand.defaultLabel("mpirun --hostfile hosts")).isEqualTo("mpirun");
  }

  @Test
  void badDefinitionsAreRefusedNamingTheKey() throws Exception {
    Path notExecutable = Files.writeString(tmp.resolve("data.txt"), "");
    List<List<String>> cases = List.of(
        List.of(MixKeys.HPC, "command:  ", "mix.hpc: the command is empty"),
        List.of(MixKeys.HPC, "mpi:./ckpt", "mix.hpc: 'mpi:./ckpt' is neither ior nor command:CMD"),
        List.of(MixKeys.HPC, "command:no_such_program_i15 {dir}",
            "mix.hpc: 'no_such_program_i15' is neither a program on PATH nor a shell builtin"),
        List.of(MixKeys.HPC, "command:" + tmp.resolve("missing") + " {dir}",
            "mix.hpc: " + tmp.resolve("missing") + " does not exist"),
        List.of(MixKeys.HPC, "command:" + notExecutable + " {dir}", "mix.hpc: " + notExecutable + " is not executable"),
        List.of(MixKeys.HPC, "command:" + tmp + " {dir}", "mix.hpc: " + tmp + " is not a regular file"),
        List.of(MixKeys.HPC, "command:dd of={dir}/f count={sacle}", "mix.hpc: unknown placeholder {sacle} (known:"
            + " {dir}, {scale}, {ranks}; a literal one is written '{'sacle'}')"),
        List.of(MixKeys.HPC_NAME, " ", "mix.hpc.name: is empty"),
        List.of(MixKeys.HPC_SCALE, "0", "mix.hpc.scale = '0' is out of range: must be between 1 and 2147483647"),
        List.of(MixKeys.IOR_SEGMENTS, "8", "mix.ior.segments: applies to IOR, and mix.hpc runs a command in its place"
            + " (its size is mix.hpc.scale, its ranks mix.ior.ranks)"),
        List.of(MixKeys.PATTERNS, "n-to-n", "mix.patterns: applies to IOR"),
        List.of(MixKeys.IOR_DRIVER, "native:" + program, "mix.ior.driver: applies to IOR"),
        List.of(MixKeys.FS, "hdfs-mini", "mix.fs: a command does its I/O through local paths, and hdfs has none here:"
            + " use pfs, pfs@DIR or file:/// with mix.hpc = command:CMD"),
        List.of(MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_PRELOAD, tmp.resolve("no.so").toString(),
            "mix.hpc: a command's bytes are counted from its trace by the preload library " + tmp.resolve("no.so")
                + ", which is not built"));
    for (List<String> c : cases) {
      Map<String, String> v = command(program + " --out {dir}");
      v.put(c.get(0), c.get(1));
      assertRefused(v, c.get(2));
    }
    Map<String, String> unscaled = command(program + " --out {dir}");
    unscaled.put(MixKeys.BALANCE, "true");
    assertRefused(unscaled, "mix.hpc: has no {scale}, which balancing (mix.balance) resizes: put {scale} where the"
        + " command takes its size, or balance off");
    for (String key : List.of(MixKeys.HPC_NAME, MixKeys.HPC_SCALE)) {
      assertRefused(new HashMap<>(Map.of(MixKeys.RESULTS, tmp.resolve("results").toString(), key, "4")),
          key + ": applies to a command (mix.hpc = command:CMD), and mix.hpc is ior");
    }
    // a shell builtin and a word the shell expands are the shell's to run
    assertThat(MixSettings.parse(command("cd {dir} && " + program)).hpcLabel()).isEqualTo("cd");
    assertThat(MixSettings.parse(command("\"$CKPT\" {dir}")).hpc().template()).isEqualTo("\"$CKPT\" {dir}");
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private static void assertRefused(Map<String, String> values, String message) {
    assertThatThrownBy(() -> MixSettings.parse(values)).as(values.toString()).isInstanceOf(MixConfigException.class)
        .hasMessageStartingWith(message);
  }
}

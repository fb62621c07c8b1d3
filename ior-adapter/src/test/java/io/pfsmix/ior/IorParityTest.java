package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The driver's report against the real IOR 4.0.0's for the same flags, 4 ranks, the same directory: line for line
 * once measured values, times, host and command line are blanked (text, JSON and CSV, -v and -vv). -vvv is left out:
 * there every rank prints, and the real IOR's lines interleave differently from run to run.
 */
class IorParityTest {

  @TempDir
  Path dir;

  @BeforeAll
  static void realIorIsBuilt() {
    RealIor.assumeBuilt();
  }

  static Stream<String> flagSets() {
    return Stream.of(
        "-w -r -b 1m -t 256k",
        "-w -r -F -b 1m -t 256k",
        "-w -r -i 3 -b 1m -t 256k",
        "-w -W -r -R -b 1m -t 256k",
        "-w -r -C -b 1m -t 256k",
        "-w -r -Z -Z -F -b 1m -t 256k",
        "-w -r -z -b 1m -t 256k",
        "-w -r -e -b 1m -t 256k",
        "-w -r -Y -s 2 -b 1m -t 256k",
        "-w -r -i 2 -b 1m -t 256k -O summaryFormat=JSON",
        "-w -r -i 2 -v -F -b 1m -t 256k -O summaryFormat=JSON",
        "-w -r -i 2 -b 1m -t 256k -O summaryFormat=CSV",
        "-w -r -i 2 -v -b 1m -t 256k -O summaryFormat=CSV",
        "-w -r -v -i 2 -b 1m -t 256k",
        "-w -W -r -vv -C -b 1m -t 256k",
        // IOR 4.0's further flags and directives
        "-w -r -m -i 2 -b 1m -t 256k",
        "-w -r -u -F -b 1m -t 256k",
        "-w -r -j 30 -m -u -b 1m -t 256k -O summaryFormat=JSON",
        "-w -r -O minTimeDuration=1 -b 1m -t 256k",
        "-w -r -z --randomPrefill=64k -vv -b 1m -t 256k",
        // fsync'd 4 KiB writes of 64 MiB per rank outlast the 1 s stonewall
        "-w -r -Y -D 1 -O stoneWallingWearOut=1 -b 64m -t 4k",
        "-w -r -Y -D 1 -O stoneWallingWearOut=1 -b 64m -t 4k -O summaryFormat=JSON",
        "-w -r -O interIODelay=1000 -b 1m -t 256k",
        "-w -r -O debug=note -b 1m -t 256k",
        "-w -r -v -i 2 -O summaryAlways=1 -b 1m -t 256k",
        "-w -r -O memoryPerTask=8m -b 1m -t 256k",
        // transfers smaller than a page, and not a whole number of pages
        "-w -W -r -R -b 4096 -t 1024 -s 3",
        "-w -r -F -b 6k -t 6k",
        // IOR's POSIX backend takes -c and ignores it
        "-w -r -c -b 1m -t 256k -O summaryFormat=JSON",
        "-w -r -d 1 -v -b 1m -t 256k",
        // the API as it was spelt, in the options and the summary
        "-a posix -w -r -i 2 -b 1m -t 256k -O summaryFormat=JSON",
        "-a posix -w -r -b 1m -t 256k",
        // no segments: IOR runs and moves nothing
        "-w -r -s 0 -b 1m -t 256k",
        "-w -r -s 0 -b 1m -t 256k -O summaryFormat=JSON");
  }

  @ParameterizedTest
  @MethodSource("flagSets")
  void outputIsTheRealIorsBarMeasuredValues(String flags) throws Exception {
    Path real = Files.createDirectory(dir.resolve("real"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    List<String> args = new ArrayList<>(Arrays.asList(flags.split(" ")));
    List<String> realArgs = new ArrayList<>(args);
    realArgs.addAll(List.of("-o", real.resolve("f").toString()));
    String expected = RealIor.run(real, 4, realArgs);

    List<String> ourArgs = new ArrayList<>(List.of("-a", "POSIX", "-N", "4"));
    ourArgs.addAll(args);
    ourArgs.addAll(List.of("-o", ours.resolve("f").toString()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorRunner.run(new Configuration(), IorOptions.parse(ourArgs.toArray(new String[0])), out);
    String actual = out.toString(StandardCharsets.UTF_8);

    assertThat(normalize(actual.replace(ours.toString(), "DIR")))
        .isEqualTo(normalize(expected.replace(real.toString(), "DIR")));
    // no -k: no file left, and the directories the real IOR leaves (-u's); the real IOR's -Z -F run now and then
    // leaves a file whose unlink failed, so its files are not compared
    assertThat(tree(ours, false)).isEmpty();
    assertThat(tree(ours, true)).isEqualTo(tree(real, true));
  }

  @Test
  void aRunOverAnEarlierRunsFilesWarnsAndAReadFindingOtherDataSaysSoBeforeItsRow() throws Exception {
    Path real = Files.createDirectory(dir.resolve("real"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    String[][] steps = {{"-w", "-k", "-G", "1234"}, {"-w", "-k", "-G", "1234"}, {"-r", "-R", "-k", "-G", "99"}};
    // 16 transfers of 256 KiB, every one with the other signature: the real IOR exits with its error count twice
    int[] exits = {0, 0, 32};
    for (int s = 0; s < steps.length; s++) {
      List<String> flags = new ArrayList<>(List.of(steps[s]));
      flags.addAll(List.of("-b", "1m", "-t", "256k"));
      List<String> realArgs = new ArrayList<>(flags);
      realArgs.addAll(List.of("-o", real.resolve("f").toString()));
      String expected = RealIor.run(real, 4, realArgs, exits[s]);
      List<String> ourArgs = new ArrayList<>(List.of("-a", "POSIX", "-N", "4"));
      ourArgs.addAll(flags);
      ourArgs.addAll(List.of("-o", ours.resolve("f").toString()));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      IorResult result = IorRunner.run(new Configuration(), IorOptions.parse(ourArgs.toArray(new String[0])), out);
      String actual = out.toString(StandardCharsets.UTF_8);
      assertThat(normalize(actual.replace(ours.toString(), "DIR"))).as(String.join(" ", flags))
          .isEqualTo(normalize(expected.replace(real.toString(), "DIR")));
      assertThat(result.dataErrors()).hasSize(s == 2 ? 4 : 0);
    }
  }

  @Test
  void usedFsIsTheShareOfBlocksNotFreeAsTheRealIorsStatfsHasIt() throws Exception {
    Path real = Files.createDirectory(dir.resolve("real"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    String expected = RealIor.run(real, 4, List.of("-w", "-b", "1m", "-t", "256k", "-o", real.resolve("f").toString()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorRunner.run(new Configuration(), IorOptions.parse("-a", "POSIX", "-N", "4", "-w", "-b", "1m", "-t", "256k", "-o",
        ours.resolve("f").toString()), out);
    // the same file system a moment apart: the same share to within what other work on it wrote meanwhile
    assertThat(usedFs(out.toString(StandardCharsets.UTF_8))).isCloseTo(usedFs(expected), within(0.5));
  }

  private static double usedFs(String report) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("Used FS: ([0-9.]+)%").matcher(report);
    assertThat(m.find()).as("a Used FS figure in %s", report).isTrue();
    return Double.parseDouble(m.group(1));
  }

  @Test
  void aScriptRunsAsTheRealIorRunsIt() throws Exception {
    Path script = dir.resolve("tests.ior");
    Files.writeString(script, String.join("\n", "IOR START", "  blockSize=1m, transferSize=256k  # two",
        "  writeFile=1", "RUN", "  readFile=1", "  segmentCount=2", "RUN", "RUN", "IOR STOP", ""));
    Path real = Files.createDirectory(dir.resolve("real"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    String expected = RealIor.run(real, 4, List.of("-f", script.toString(), "-o", real.resolve("f").toString()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorRunner.run(new Configuration(), IorOptions.parse("-a", "POSIX", "-N", "4", "-f", script.toString(), "-o",
        ours.resolve("f").toString()), out);
    assertThat(normalize(out.toString(StandardCharsets.UTF_8).replace(ours.toString(), "DIR")))
        .isEqualTo(normalize(expected.replace(real.toString(), "DIR")));
  }

  @Test
  void rankDetailsCsvIsTheRealIorsBarMeasuredValues() throws Exception {
    Path real = Files.createDirectory(dir.resolve("real"));
    Path ours = Files.createDirectory(dir.resolve("ours"));
    RealIor.run(real, 4, List.of("-w", "-r", "-i", "2", "-b", "1m", "-t", "256k", "-O",
        "saveRankPerformanceDetailsCSV=" + dir.resolve("real.csv"), "-o", real.resolve("f").toString()));
    IorRunner.run(new Configuration(), IorOptions.parse("-a", "POSIX", "-N", "4", "-w", "-r", "-i", "2", "-b", "1m",
        "-t", "256k", "-O", "saveRankPerformanceDetailsCSV=" + dir.resolve("ours.csv"), "-o",
        ours.resolve("f").toString()), new ByteArrayOutputStream());
    // ranks keep their numbers; times and rates are blanked
    String number = "-?\\d\\.\\d+e[+-]\\d+";
    assertThat(Files.readString(dir.resolve("ours.csv")).replaceAll(number, "N"))
        .isEqualTo(Files.readString(dir.resolve("real.csv")).replaceAll(number, "N"));
  }

  /** The directories, or the files, under {@code directory}, relative to it. */
  private static List<String> tree(Path directory, boolean directories) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(p -> !p.equals(directory) && Files.isDirectory(p) == directories)
          .map(p -> directory.relativize(p).toString()).sorted().toList();
    }
  }

  /** Blanks what differs from run to run: measured values and times, the host, the command line. */
  static String normalize(String report) {
    StringBuilder out = new StringBuilder();
    for (String line : report.split("\n", -1)) {
      if (line.matches("WARNING: \\[RANK \\d+\\]: unlink\\(\\) of file .* failed")) {
        // the real IOR's -Z -F run warns now and then that a rank's unlink failed (random task order): timing, not format
        continue;
      }
      line = line.replaceAll("^(Command line\\s*: ).*", "$1CMD")
          .replaceAll("(\"Command line\": \").*(\", ?)$", "$1CMD$2")
          .replaceAll("[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}", "TIME")
          .replaceAll("^(Machine\\s*: ).*", "$1HOST")
          .replaceAll("(\"Machine\": \")[^\"]*", "$1HOST")
          .replaceAll("^(platform\\s*: ).*", "$1HOST")
          .replaceAll("(\"platform\": \")[^\"]*", "$1HOST")
          .replaceAll("0x[0-9a-f]+", "N")
          .replaceAll("-?\\d+(\\.\\d+)?", "N")
          // column widths follow the numbers
          .replaceAll(" +N", " N").replaceAll("N +", "N ");
      out.append(line).append('\n');
    }
    return out.toString();
  }
}

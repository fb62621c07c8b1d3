package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
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
        "-w -W -r -vv -C -b 1m -t 256k");
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
    // nothing left behind by either (no -k)
    try (Stream<Path> left = Files.list(ours)) {
      assertThat(left).isEmpty();
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

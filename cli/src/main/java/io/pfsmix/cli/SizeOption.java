package io.pfsmix.cli;

import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Byte sizes given on the command line, with Hadoop's suffixes (4k, 64m, 1g); every error names the option. */
final class SizeOption {

  private SizeOption() {
  }

  static long parse(CommandSpec spec, String option, String value) {
    try {
      return TraditionalBinaryPrefix.string2long(value.trim());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(),
          option + " '" + value + "' is not a size (bytes or a suffix: 4k, 64m, 1g)");
    }
  }

  static long positive(CommandSpec spec, String option, String value) {
    long bytes = parse(spec, option, value);
    if (bytes <= 0) {
      throw new ParameterException(spec.commandLine(), option + " must be positive, is '" + value + "'");
    }
    return bytes;
  }
}

package io.pfsmix.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.function.Supplier;

import io.pfsmix.trace.tools.FileErrors;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * Turns the errors a user can act on while a command runs (missing files, I/O failures, refused input) into one line on
 * stderr and exit code 1; anything else is a bug and keeps its stack trace. PFSMIX_DEBUG=1 shows stack traces always.
 * A bad flag value or combination is not one of these but a usage error (exit 2, with the usage), whether picocli's
 * parser or the command's own checks refuse it: those checks throw picocli's ParameterException ({@link #checkFlags}).
 */
final class UserErrorHandler implements IExecutionExceptionHandler {

  static final int EXIT_USER_ERROR = 1;
  static final int EXIT_BUG = 70;

  /**
   * Runs a command's checks of its flag values made outside picocli (Sizes, a library's options), before anything
   * runs: what they refuse with an IllegalArgumentException is a usage error, as picocli's own refusals are.
   */
  static <T> T checkFlags(CommandSpec spec, Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parsed) {
    boolean debug = "1".equals(System.getenv("PFSMIX_DEBUG"));
    if (!debug && isUserError(e)) {
      String message = describe(e);
      cmd.getErr().println(cmd.getCommandName() + ": " + message);
      String hint = MissingBackends.forMessage(message);
      if (hint != null) {
        cmd.getErr().println(cmd.getCommandName() + ": " + hint);
      }
      return EXIT_USER_ERROR;
    }
    e.printStackTrace(cmd.getErr());
    return isUserError(e) ? EXIT_USER_ERROR : EXIT_BUG;
  }

  private static boolean isUserError(Throwable e) {
    return e instanceof IOException || e instanceof UncheckedIOException || e instanceof IllegalArgumentException
        || e instanceof IllegalStateException || e instanceof UnsupportedOperationException
        || e instanceof CommandLine.ParameterException;
  }

  private static String describe(Throwable e) {
    if (e instanceof UncheckedIOException u) {
      return describe(u.getCause());
    }
    String message = e.getMessage();
    if (e instanceof FileNotFoundException) {
      return "not found: " + message;
    }
    if (e instanceof FileSystemException f) {
      return FileErrors.describe(f); // NoSuchFileException and friends name only the path
    }
    return message == null ? e.getClass().getSimpleName() : message;
  }
}

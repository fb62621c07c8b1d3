package io.pfsmix.cli;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;

import io.pfsmix.trace.tools.FileErrors;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns the errors a user can act on (bad input, missing files, I/O failures) into one line on stderr and exit code 1;
 * anything else is a bug and keeps its stack trace. PFSMIX_DEBUG=1 shows stack traces always.
 */
final class UserErrorHandler implements IExecutionExceptionHandler {

  static final int EXIT_USER_ERROR = 1;
  static final int EXIT_BUG = 70;

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

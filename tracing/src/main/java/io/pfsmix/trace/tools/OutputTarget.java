package io.pfsmix.trace.tools;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Comparator;
import java.util.stream.Stream;

import org.apache.hadoop.util.ShutdownHookManager;

/**
 * The output of a tool that reads traces (merge, export): written into a staging path beside it and renamed into place
 * only when complete, deleted on failure. It never replaces one of the tool's inputs (the same file however it is named:
 * another spelling, a symbolic or hard link), and replacing (--force) replaces a file or an empty directory, never a
 * directory's contents. Ctrl-C or SIGTERM, which end the JVM without closing it, delete the staging path too (a
 * shutdown hook held while the output is unpublished): its name holds the pid, so no later run would remove it.
 */
public final class OutputTarget implements Closeable {

  /** Deleting a local path needs no Hadoop file system: any order among the other hooks will do. */
  private static final int SHUTDOWN_PRIORITY = 0;
  /** Deletions of a staging directory tried while the tool may still be adding files to it. */
  private static final int DISCARD_ATTEMPTS = 10;

  private final Path target;
  private final Path staging;
  private final boolean directory;
  private final Runnable onShutdown = this::discard;
  private boolean published;
  private boolean discarded;

  private OutputTarget(Path target, Path staging, boolean directory) {
    this.target = target;
    this.staging = staging;
    this.directory = directory;
  }

  /**
   * Checks the output and creates its staging path: an empty file, or an empty directory for tools that write one.
   *
   * @param flag the option that named the output, for messages
   * @param replace whether an existing file (or empty directory) may be replaced
   * @param inputs the files the tool reads
   */
  public static OutputTarget create(Path output, String flag, boolean replace, Collection<Path> inputs,
      boolean directory) throws IOException {
    Path target = output.toAbsolutePath().normalize();
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      for (Path input : inputs) {
        if (Files.exists(target) && Files.isSameFile(target, input)) {
          throw new IllegalArgumentException(flag + " " + output + " is one of the inputs (" + input
              + "); an output never replaces its input: choose another " + flag);
        }
      }
      if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS) && !isEmptyDirectory(target)) {
        throw new IllegalArgumentException(flag + " " + output + " is a directory that is not empty; --force "
            + "replaces files, never a directory's contents: remove it or choose another " + flag);
      }
      if (!replace) {
        throw new FileAlreadyExistsException(target.toString(), null,
            flag + " exists; remove it or pass --force to replace it");
      }
    }
    Path staging;
    try {
      staging = createStaging(target, directory);
    } catch (IOException e) {
      throw new IOException("cannot write " + flag + " " + output + ": " + FileErrors.reason(e)
          + (e instanceof java.nio.file.FileSystemException f ? " (" + f.getFile() + ")" : ""), e);
    }
    OutputTarget out = new OutputTarget(target, staging, directory);
    try {
      ShutdownHookManager.get().addShutdownHook(out.onShutdown, SHUTDOWN_PRIORITY);
    } catch (IllegalStateException e) {
      // the JVM is shutting down and a hook of the caller's own writes this output meanwhile (the mix merges its
      // traces after Ctrl-C): nothing would run this one, and close() still removes an unpublished staging path
    }
    return out;
  }

  /** A new file or directory beside the target, with the permissions a new output gets (not a temporary file's). */
  private static Path createStaging(Path target, boolean directory) throws IOException {
    Path parent = Files.createDirectories(target.getParent());
    String stem = "." + target.getFileName() + ".partial-" + ProcessHandle.current().pid();
    for (int attempt = 0; ; attempt++) {
      Path candidate = parent.resolve(attempt == 0 ? stem : stem + "-" + attempt);
      try {
        return directory ? Files.createDirectory(candidate) : Files.createFile(candidate);
      } catch (FileAlreadyExistsException e) {
        if (attempt >= 100) {
          throw e;
        }
      }
    }
  }

  /** Where the tool writes: a file, or a directory, that becomes the output when published. */
  public Path staging() {
    return staging;
  }

  public Path target() {
    return target;
  }

  /**
   * Renames the complete staging path into place, replacing a file or an empty directory found there; fails when an
   * interrupt deleted the staging path meanwhile.
   */
  public synchronized void publish() throws IOException {
    if (discarded) {
      throw new InterruptedIOException("interrupted: " + target + " was not written");
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS) || (directory && Files.exists(target,
        LinkOption.NOFOLLOW_LINKS))) {
      Files.delete(target); // only an empty directory can go; one filled since the check stays, with an error
    }
    try {
      Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(staging, target, StandardCopyOption.REPLACE_EXISTING);
    }
    published = true;
    forgetOnShutdown();
  }

  /** Deletes the staging path unless it was published. */
  @Override
  public synchronized void close() throws IOException {
    forgetOnShutdown();
    if (!published && !discarded) {
      discarded = true;
      deleteRecursively(staging);
    }
  }

  /** The shutdown hook held while the output is unpublished; tests run it as an interrupt would. */
  Runnable onShutdown() {
    return onShutdown;
  }

  /**
   * An interrupt's clean-up: deletes the staging path unless published. The tool's thread still runs meanwhile and may
   * add a file to a staging directory between listing and deleting it, hence the attempts.
   */
  private synchronized void discard() {
    if (published || discarded) {
      return;
    }
    discarded = true;
    for (int attempt = 1; attempt <= DISCARD_ATTEMPTS; attempt++) {
      try {
        deleteRecursively(staging);
        return;
      } catch (IOException e) {
        // a file added meanwhile (the directory is not empty): try again; what the last attempt leaves stays hidden
      }
    }
  }

  private void forgetOnShutdown() {
    // during shutdown the hook is running or done, and the manager refuses changes
    if (!ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(onShutdown);
    }
  }

  private static boolean isEmptyDirectory(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }

  /** Deletes a file or a directory tree; nothing when it does not exist. */
  public static void deleteRecursively(Path p) throws IOException {
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      walk.sorted(Comparator.reverseOrder()).forEach(f -> {
        try {
          Files.delete(f);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}

package io.pfsmix.mix;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.net.NetUtils;

/**
 * One run's hold on a path of a Hadoop file system (the mix's directory, or request data or a model it writes), so that
 * two runs never write the same files and a run killed with SIGKILL never blocks the next.
 *
 * <p>Each run adds an entry to the lock directory, named by its owner ({@code pid@host@startMillis@random}: unique,
 * never reused), then lists the directory: it holds the lock if no other owner's entry is there; otherwise it removes
 * its entry and, after a random pause, tries again, and after {@value #ATTEMPTS} tries refuses, naming the holder.
 * Whichever of two runs lists second sees the other's entry, so at most one holds the lock; two starting at the same
 * moment may both step back once, and the random pauses part them. This needs no atomic create or rename, which not
 * every Hadoop file system offers (RawLocalFileSystem checks, then creates). An entry whose owner ran on this host and
 * is gone (no such process, or another process with its pid) is removed by whoever finds it, with a message: its name
 * is never used again, so removing it cannot remove a live run's entry. The liveness of a run on another host cannot be
 * told from here: its entry is taken as live, and the message names the entry to delete if that run is gone.
 */
final class RunLock implements AutoCloseable {

  /** The lock directory inside a mix's directory. */
  static final String DIR_NAME = ".pfsmix-lock";
  private static final int ATTEMPTS = 5;
  private static final long PAUSE_MS = 100;
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private final Configuration conf;
  private final Path dir;
  private final Path entry;
  private final String key;
  private final String what;

  private RunLock(Configuration conf, Path dir, Path entry, String key, String what) {
    this.conf = conf;
    this.dir = dir;
    this.entry = entry;
    this.key = key;
    this.what = what;
  }

  /** The lock directory beside a path this run writes, e.g. {@code .requests.pfsmix-lock} beside {@code requests}. */
  static Path beside(Path target) {
    return new Path(target.getParent(), "." + target.getName() + ".pfsmix-lock");
  }

  /**
   * Takes the lock in {@code dir} or refuses with a {@link MixConfigException} naming {@code key}, {@code what} is
   * locked and who holds it. The entry holds the run's {@code results} directory, for others' messages.
   */
  static RunLock acquire(Configuration conf, Path dir, String key, String what, String results, Progress progress)
      throws IOException {
    Owner me = Owner.current();
    Path entry = new Path(dir, me.entryName());
    for (int attempt = 1; ; attempt++) {
      try (FileSystem fs = FileSystem.newInstance(dir.toUri(), conf)) {
        try (FSDataOutputStream out = fs.create(entry, false)) {
          out.write(("results " + results + "\n").getBytes(StandardCharsets.UTF_8));
        }
        FileStatus holder = otherHolder(fs, dir, entry, what, progress);
        if (holder == null) {
          return new RunLock(conf, dir, entry, key, what);
        }
        fs.delete(entry, false);
        if (attempt == ATTEMPTS) {
          throw MixConfigException.unavailable(key, what + " is in use by another mix (" + describe(fs, holder) + "): "
              + advice(holder));
        }
      }
      try {
        Thread.sleep(PAUSE_MS * attempt + ThreadLocalRandom.current().nextLong(PAUSE_MS * attempt));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the lock on " + what);
      }
    }
  }

  /** Another run's entry, after removing those of runs that are gone; null when there is none. */
  private static FileStatus otherHolder(FileSystem fs, Path dir, Path mine, String what, Progress progress)
      throws IOException {
    for (FileStatus s : fs.listStatus(dir)) {
      if (s.getPath().getName().equals(mine.getName())) {
        continue;
      }
      Owner owner = Owner.parse(s.getPath().getName());
      if (owner != null && owner.gone()) {
        progress.say("  " + what + ": removing the lock of a mix that is gone (" + owner.describe() + ")");
        fs.delete(s.getPath(), false);
        continue;
      }
      return s;
    }
    return null;
  }

  private static String describe(FileSystem fs, FileStatus holder) {
    Owner owner = Owner.parse(holder.getPath().getName());
    String who = owner == null ? "an entry " + holder.getPath().getName() + " this version cannot read"
        : owner.describe();
    try (var in = fs.open(holder.getPath())) {
      String note = new String(in.readNBytes(4096), StandardCharsets.UTF_8).trim();
      return note.isEmpty() ? who : who + ", " + note.replace('\n', ' ');
    } catch (IOException e) {
      return who;
    }
  }

  private static String advice(FileStatus holder) {
    Owner owner = Owner.parse(holder.getPath().getName());
    return owner != null && owner.local() ? "wait for it to end"
        : "wait for it to end; if that mix is no longer running, delete " + holder.getPath();
  }

  /**
   * Throws when this run's entry is gone (deleted by hand, or taken for a dead run's by a run on a host sharing this
   * one's name): another run may then have used the path, and what this run measured cannot be trusted.
   */
  void checkHeld() throws IOException {
    try (FileSystem fs = FileSystem.newInstance(dir.toUri(), conf)) {
      if (!fs.exists(entry)) {
        throw MixConfigException.unavailable(key, "the lock on " + what + " (" + entry
            + ") was removed while this mix ran:"
            + " another run may have used " + what + ", so what was measured there is not trusted");
      }
    }
  }

  /**
   * Removes this run's entry. The lock directory stays: removing it could race with another run's create of its entry
   * (the directory made, then removed, before the file is created in it).
   */
  @Override
  public void close() throws IOException {
    // an instance of its own: phases close Hadoop's cached ones, and during JVM shutdown the cache takes no new ones
    try (FileSystem fs = FileSystem.newInstance(dir.toUri(), conf)) {
      fs.delete(entry, false);
    }
  }

  /** Who holds an entry: a process of a host, told apart from a later process with the same pid by its start time. */
  record Owner(long pid, String host, long startMs) {

    private static final String SEPARATOR = "@";
    /** This host's name (a name lookup: once). */
    private static final String HOST = NetUtils.getLocalHostname();

    static Owner current() {
      ProcessHandle self = ProcessHandle.current();
      return new Owner(self.pid(), HOST, startMs(self));
    }

    /** The owner an entry's name gives, or null for a name that is not an entry's. */
    static Owner parse(String name) {
      String[] parts = name.split(SEPARATOR, -1);
      if (parts.length != 4 || parts[1].isEmpty()) {
        return null;
      }
      try {
        return new Owner(Long.parseLong(parts[0]), parts[1], Long.parseLong(parts[2]));
      } catch (NumberFormatException e) {
        return null;
      }
    }

    String entryName() {
      return pid + SEPARATOR + host + SEPARATOR + startMs + SEPARATOR
          + Long.toHexString(ThreadLocalRandom.current().nextLong());
    }

    boolean local() {
      return host.equals(HOST);
    }

    /** On this host, and no process has its pid, or one started at another time does, or it is a zombie. */
    boolean gone() {
      if (!local()) {
        return false;
      }
      Optional<ProcessHandle> process = ProcessHandle.of(pid);
      if (process.isEmpty() || zombie(pid)) {
        return true;
      }
      long started = startMs(process.get());
      return started != 0 && startMs != 0 && started != startMs;
    }

    String describe() {
      return "pid " + pid + " on " + host + (startMs == 0 ? "" : ", started "
          + LocalDateTime.ofInstant(Instant.ofEpochMilli(startMs), ZoneId.systemDefault()).format(TIME));
    }

    private static long startMs(ProcessHandle process) {
      return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    }

    /** A killed process its parent has not yet waited for (Linux /proc; elsewhere: not known, so no). */
    private static boolean zombie(long pid) {
      try {
        String stat = Files.readString(java.nio.file.Path.of("/proc", Long.toString(pid), "stat"));
        int end = stat.lastIndexOf(')');
        return end > 0 && end + 2 < stat.length() && stat.charAt(end + 2) == 'Z';
      } catch (IOException e) {
        return false;
      }
    }
  }
}

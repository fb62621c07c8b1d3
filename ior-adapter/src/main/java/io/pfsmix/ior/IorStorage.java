package io.pfsmix.ior;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;

import io.pfsmix.fs.FreeSpace;
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.Sizes;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;

/**
 * The test file(s) of one IOR test on a Hadoop FileSystem: IOR's names (one shared file, or {@code <file>.%08d} per
 * rank), and the way each layout is written — the shim's positioned writes (pwrite per transfer, like IOR's POSIX
 * backend) where the file system offers them, else a sequential stream per rank for -F, or per-(segment, rank) parts
 * joined with {@link FileSystem#concat} for {@code --hadoop.concat}.
 */
final class IorStorage implements Closeable {

  private final FileSystem fs;
  private final Path path;
  private final IorOptions options;
  private final boolean positionedWrites;
  private final boolean ownsFileSystem;

  IorStorage(FileSystem fs, Path path, IorOptions options, boolean ownsFileSystem) throws IOException {
    this.fs = fs;
    this.path = path;
    this.options = options;
    this.positionedWrites = !options.concat && PositionedWrites.supported(fs, path);
    this.ownsFileSystem = ownsFileSystem;
  }

  /**
   * Resolves -o against the configuration: a URI for -a HADOOP; for -a POSIX a local path, opened as pfs:// with the
   * POSIX backend rooted at the test file's directory, so that ranks pwrite one shared file as IOR's POSIX backend
   * does (Hadoop's own local file system has one sequential writer per file).
   */
  static IorStorage open(Configuration conf, IorOptions options) throws IOException {
    if (!IorOptions.API_POSIX.equals(options.api)) {
      Path path = new Path(options.testFileName);
      FileSystem fs = path.getFileSystem(conf);
      return new IorStorage(fs, fs.makeQualified(path), options, false);
    }
    java.nio.file.Path local = java.nio.file.Path.of(options.testFileName).toAbsolutePath().normalize();
    java.nio.file.Path directory = local.getParent();
    if (directory == null || local.getFileName() == null) {
      throw new IorUsageException("-o " + options.testFileName + " names no file (-a POSIX needs a file path)");
    }
    if (!Files.isDirectory(directory)) {
      throw new IorUsageException("-o " + options.testFileName + ": directory " + directory + " does not exist");
    }
    Configuration rooted = new Configuration(conf);
    rooted.set(PfsConfigKeys.BACKEND, "posix");
    rooted.set(PfsConfigKeys.POSIX_ROOT, directory.toString());
    // an instance of its own: the cached one may be rooted elsewhere
    rooted.setBoolean(PfsConfigKeys.DISABLE_CACHE, true);
    FileSystem fs = FileSystem.get(URI.create(PfsConfigKeys.SCHEME + ":///"), rooted);
    return new IorStorage(fs, fs.makeQualified(new Path("/" + local.getFileName())), options, true);
  }

  @Override
  public void close() throws IOException {
    if (ownsFileSystem) {
      fs.close();
    }
  }

  FileSystem fileSystem() {
    return fs;
  }

  Path path() {
    return path;
  }

  /**
   * Refuses, before any I/O, what the file system cannot do: N-to-1 needs positioned writes (or concat with
   * --hadoop.concat); -F with -z needs positioned writes too.
   */
  void checkSupported() throws IOException {
    if (!options.writeFile) {
      return;
    }
    if (options.concat) {
      if (!fs.hasPathCapability(path.getParent(), CommonPathCapabilities.FS_CONCAT)) {
        throw new IorUsageException("--hadoop.concat needs FileSystem.concat, which " + fs.getUri() + " ("
            + fs.getClass().getSimpleName() + ") does not offer under " + path.getParent() + "; use -F (file per process)");
      }
      return;
    }
    if (!options.filePerProc && !PositionedWrites.supported(fs, path)) {
      StringBuilder message = new StringBuilder("N-to-1 (single-shared-file) needs several ranks writing one file at")
          .append(" their own offsets, and ").append(fs.getUri()).append(" (").append(fs.getClass().getSimpleName())
          .append(") cannot: its files have one sequential writer. Use -F (file per process)");
      if (fs.hasPathCapability(path.getParent(), CommonPathCapabilities.FS_CONCAT)) {
        message.append(", or --hadoop.concat (each rank writes its blocks as parts that are then joined into ")
            .append(path.getName()).append(" with FileSystem.concat)");
      }
      throw new IorUsageException(message.toString());
    }
    if (options.filePerProc && options.randomOffset && !PositionedWrites.supported(fs, path)) {
      throw new IorUsageException("-z (random offsets) with -F writes each file out of order, which needs positioned"
          + " writes; " + fs.getUri() + " (" + fs.getClass().getSimpleName() + ") has only sequential writers: drop -z");
    }
  }

  /**
   * A rank's transfer buffer: direct when every write takes a ByteBuffer (positioned writes), so that the transfer
   * goes from it to the kernel without the JDK's copy through a temporary direct buffer; on the heap when writes need
   * an array (sequential streams and concat parts take byte[]).
   */
  ByteBuffer allocateTransferBuffer(int size) {
    if (!directTransferBuffers()) {
      return ByteBuffer.allocate(size);
    }
    // page-aligned, as IOR's own buffers are (aligned_buffer_alloc): the kernel copies more slowly to and from a buffer
    // off the cache-line grid (malloc's, 16 bytes past a page); 1 MiB page-cache reads went from 0.43 to 0.61 of IOR's
    // (alignedSlice trims the capacity to whole pages from the aligned start: a page more than the rounded-up size)
    int pages = (size + PAGE - 1) / PAGE;
    return ByteBuffer.allocateDirect((pages + 1) * PAGE).alignedSlice(PAGE).limit(size).slice();
  }

  private static final int PAGE = 4096;

  boolean directTransferBuffers() {
    return positionedWrites || !options.writeFile;
  }

  /**
   * Refuses, before any buffer is allocated, reading (-r, -R) without writing (-w) when a test file is missing: the
   * run reads what an earlier one wrote and kept (-k).
   */
  void checkReadable() throws IOException {
    if (options.writeFile || !(options.readFile || options.checkRead)) {
      return;
    }
    if (options.dryRun) {
      return;
    }
    for (int rank = 0; rank < fileRanks(); rank++) {
      // -m reads each iteration's own file; the first one missing is named
      for (int rep = 0; rep < (options.multiFile ? options.repetitions : 1); rep++) {
        if (!fs.exists(fileOf(rank, rep))) {
          throw new IorUsageException("cannot read " + nameOf(rank, rep) + ": it does not exist (without -w, -r reads"
              + " the file(s) an earlier run wrote and kept with -k)");
        }
      }
    }
  }

  /**
   * Refuses, before any I/O, a write phase (-b x -s x -N bytes) larger than the file system's free space plus the
   * test files it replaces.
   */
  void checkFreeSpace() throws IOException {
    if (!options.writeFile || options.dryRun) {
      return;
    }
    long free = FreeSpace.of(fs, path);
    if (free != FreeSpace.UNKNOWN) {
      // the run removes or overwrites the files of an earlier one: their space is reused
      free += statSize();
    }
    // -m -k keeps a file set per iteration
    int sets = options.multiFile && options.keepFile ? options.repetitions : 1;
    try {
      FreeSpace.require("the write phase (-b " + Sizes.human(options.blockSize) + " x -s " + options.segmentCount
          + " x -N " + options.numTasks + (sets > 1 ? " x -i " + sets + " with -m -k" : "") + ") writes",
          options.expectedAggFileSize() * sets, free, 1.0, path.getParent().toString());
    } catch (FreeSpace.NotEnoughSpaceException e) {
      throw new IorUsageException(e.getMessage());
    }
  }

  /**
   * IOR's GetTestFileName: the shared file, or {@code <file>.%08d} of the given rank for -F (in {@code <dir>/<rank>/}
   * with -u), then {@code .<iteration>} with -m.
   */
  Path fileOf(int rank, int rep) {
    String iteration = options.multiFile ? "." + rep : "";
    if (!options.filePerProc) {
      return iteration.isEmpty() ? path : new Path(path.getParent(), path.getName() + iteration);
    }
    Path directory = options.uniqueDir ? new Path(path.getParent(), Integer.toString(rank)) : path.getParent();
    return new Path(directory, path.getName() + String.format(Locale.ROOT, ".%08d", rank) + iteration);
  }

  /** How many ranks name a test file of their own (rank 0 up): every rank with -F, else rank 0 the shared one. */
  private int fileRanks() {
    return options.filePerProc ? options.numTasks : 1;
  }

  /**
   * A test file as the user named it (-o as given, with IOR's rank and iteration suffixes), for messages: fileOf's
   * path is within the file system -a POSIX roots at -o's directory. A negative {@code rep} leaves out -m's suffix.
   */
  String nameOf(int rank, int rep) {
    String name = options.testFileName;
    if (options.filePerProc) {
      if (options.uniqueDir) {
        int slash = name.lastIndexOf('/');
        name = name.substring(0, slash + 1) + rank + "/" + name.substring(slash + 1);
      }
      name += String.format(Locale.ROOT, ".%08d", rank);
    }
    return options.multiFile && rep >= 0 ? name + "." + rep : name;
  }

  /**
   * IOR's warning before the iterations of a test that writes: the first iteration's test files an earlier run left
   * (rank 0's shared file, or each rank's own with -F), by name.
   */
  List<String> existingTestFiles() throws IOException {
    List<String> existing = new ArrayList<>();
    if ((options.writeFile || options.checkWrite) && !options.dryRun) {
      for (int rank = 0; rank < fileRanks(); rank++) {
        if (fs.exists(fileOf(rank, 0))) {
          existing.add(nameOf(rank, 0));
        }
      }
    }
    return existing;
  }

  private Path partsDirectory() {
    return new Path(path.getParent(), "." + path.getName() + ".ior-parts");
  }

  private Path part(long index) {
    return new Path(partsDirectory(), String.format(Locale.ROOT, "part-%012d", index));
  }

  RankFile openForWrite(int rank, int rep) throws IOException {
    if (options.dryRun) {
      return new NoFile();
    }
    if (options.concat) {
      fs.mkdirs(partsDirectory());
      return new ConcatPartsFile(rank);
    }
    Path file = fileOf(rank, rep);
    if (options.uniqueDir && options.filePerProc) {
      // IOR's PrependDir creates the rank's directory (and leaves it when the file is removed)
      fs.mkdirs(file.getParent());
    }
    if (positionedWrites) {
      return new PositionedFile(PositionedWrites.open(fs, file));
    }
    return new SequentialFile(fs.create(file, true));
  }

  RankFile openForRead(int dataRank, int rep) throws IOException {
    return options.dryRun ? new NoFile() : new InputFile(fs.open(fileOf(dataRank, rep)));
  }

  /** Joins the parts of --hadoop.concat into the shared file, in (segment, rank) order. Called once, by rank 0. */
  void joinParts() throws IOException {
    long parts = options.segmentCount * options.numTasks;
    Path first = part(0);
    if (parts > 1) {
      List<Path> rest = new ArrayList<>();
      for (long i = 1; i < parts; i++) {
        rest.add(part(i));
      }
      fs.concat(first, rest.toArray(new Path[0]));
    }
    fs.delete(path, false);
    if (!fs.rename(first, path)) {
      throw new IOException("could not rename the joined parts " + first + " to " + path);
    }
    fs.delete(partsDirectory(), true);
  }

  /**
   * IOR's RemoveFile for one rank: its own file with -F, the shared file (and any parts) from rank 0 otherwise; whether
   * this rank removed a file.
   */
  boolean remove(int rank, int rep) throws IOException {
    if (options.dryRun) {
      return false;
    }
    if (options.filePerProc) {
      return fs.delete(fileOf(rank, rep), false);
    }
    if (rank != 0) {
      return false;
    }
    boolean removed = fs.delete(fileOf(rank, rep), false);
    if (options.concat) {
      fs.delete(partsDirectory(), true);
    }
    return removed;
  }

  /** The size of the file rank {@code rank} used, as its stat gives it (IOR's CheckFileSize); -1 in a dry run. */
  long fileSize(int rank, int rep) throws IOException {
    if (options.dryRun) {
      return -1;
    }
    Path file = fileOf(rank, rep);
    return fs.exists(file) ? fs.getFileStatus(file).getLen() : 0;
  }

  /** Bytes in the test file(s) an earlier run left (with -m, its first iteration's), which a write replaces. */
  private long statSize() throws IOException {
    long total = 0;
    for (int rank = 0; rank < fileRanks(); rank++) {
      total += fileSize(rank, 0);
    }
    return total;
  }

  /**
   * IOR's statfs of the first rank's test file for the report's Path and FS lines: Hadoop's capacity and use of the
   * file system (no inode counts: Hadoop reports none); null when the file system cannot say.
   */
  IorReport.FileSystemSpace space() {
    String first = nameOf(0, -1);
    try {
      FsStatus status = fs.getStatus(path.getParent());
      if (status.getCapacity() <= 0) {
        return null;
      }
      // IOR's POSIX backend counts free blocks (statfs's f_bfree, which the POSIX backend reports as capacity less
      // used), not those left to unprivileged users (f_bavail, Hadoop's remaining); elsewhere remaining is what is free
      long free = IorOptions.API_POSIX.equals(options.api) ? status.getCapacity() - status.getUsed()
          : status.getRemaining();
      return new IorReport.FileSystemSpace(first, status.getCapacity(), free, 0, 0);
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }

  /** --dryRun: transfers that touch no file system. */
  private static final class NoFile implements RankFile {
    @Override
    public void write(long offset, ByteBuffer data) {
    }

    @Override
    public void read(long offset, ByteBuffer into) {
    }

    @Override
    public void sync() {
    }

    @Override
    public void close() {
    }
  }

  /** -F: one rank, one file, transfers at increasing contiguous offsets. */
  private static final class SequentialFile implements RankFile {
    private final FSDataOutputStream out;

    SequentialFile(FSDataOutputStream out) {
      this.out = out;
    }

    @Override
    public void write(long offset, ByteBuffer data) throws IOException {
      if (offset != out.getPos()) {
        throw new IOException("sequential writer is at " + out.getPos() + ", not at offset " + offset);
      }
      out.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
    }

    @Override
    public void read(long offset, ByteBuffer into) {
      throw new UnsupportedOperationException("a write-phase file does not read");
    }

    @Override
    public void sync() throws IOException {
      out.hsync();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** N-to-1, and -F where offered, through the shim's positioned-write extension. */
  private static final class PositionedFile implements RankFile {
    private final PositionedWriter writer;

    PositionedFile(PositionedWriter writer) {
      this.writer = writer;
    }

    @Override
    public void write(long offset, ByteBuffer data) throws IOException {
      // the position put back rather than a duplicate written: no allocation per transfer
      int start = data.position();
      writer.write(offset, data);
      data.position(start);
    }

    @Override
    public void read(long offset, ByteBuffer into) {
      throw new UnsupportedOperationException("a write-phase file does not read");
    }

    @Override
    public void sync() throws IOException {
      writer.sync();
    }

    @Override
    public void close() throws IOException {
      writer.close();
    }
  }

  /**
   * Reads at any offset with positioned reads, which every Hadoop FileSystem offers: straight into the (direct) buffer
   * where the stream reads into ByteBuffers, else through the buffer's array or, for a direct buffer, a heap copy.
   */
  private static final class InputFile implements RankFile {
    private final FSDataInputStream in;
    private final boolean byteBufferReads;
    private byte[] scratch;

    InputFile(FSDataInputStream in) {
      this.in = in;
      this.byteBufferReads = in.hasCapability(StreamCapabilities.PREADBYTEBUFFER);
    }

    @Override
    public void write(long offset, ByteBuffer data) {
      throw new UnsupportedOperationException("a read-phase file does not write");
    }

    @Override
    public void read(long offset, ByteBuffer into) throws IOException {
      try {
        if (byteBufferReads) {
          int start = into.position();
          in.readFully(offset, into);
          into.position(start);
        } else if (into.hasArray()) {
          in.readFully(offset, into.array(), into.arrayOffset() + into.position(), into.remaining());
        } else {
          if (scratch == null || scratch.length < into.remaining()) {
            scratch = new byte[into.remaining()];
          }
          in.readFully(offset, scratch, 0, into.remaining());
          into.put(into.position(), scratch, 0, into.remaining());
        }
      } catch (EOFException e) {
        throw new EOFException("file ends before offset " + (offset + into.remaining()) + " (reading " + into.remaining()
            + " bytes at " + offset + ")");
      }
    }

    @Override
    public void sync() {
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * --hadoop.concat: the shared-file offset i*N*B + r*B + j*T lands in part i*N + r at j*T, so each rank writes its own
   * parts sequentially and joining the parts in index order yields IOR's N-to-1 layout byte for byte.
   */
  private final class ConcatPartsFile implements RankFile {
    private final int rank;
    private long openPart = -1;
    private FSDataOutputStream out;

    ConcatPartsFile(int rank) {
      this.rank = rank;
    }

    @Override
    public void write(long offset, ByteBuffer data) throws IOException {
      long segmentBytes = options.blockSize * options.numTasks;
      long segment = offset / segmentBytes;
      long owner = (offset % segmentBytes) / options.blockSize;
      if (owner != rank) {
        throw new IOException("offset " + offset + " belongs to rank " + owner + "'s block, not rank " + rank + "'s");
      }
      long index = segment * options.numTasks + rank;
      if (index != openPart) {
        if (out != null) {
          out.close();
        }
        out = fs.create(part(index), true);
        openPart = index;
      }
      long within = offset % options.blockSize;
      if (within != out.getPos()) {
        throw new IOException("part " + index + " is at " + out.getPos() + ", not at " + within);
      }
      out.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
    }

    @Override
    public void read(long offset, ByteBuffer into) {
      throw new UnsupportedOperationException("a write-phase file does not read");
    }

    @Override
    public void sync() throws IOException {
      if (out != null) {
        out.hsync();
      }
    }

    @Override
    public void close() throws IOException {
      if (out != null) {
        out.close();
      }
    }
  }
}

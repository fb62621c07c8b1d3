package io.pfsmix.fs;

/** Every {@code fs.pfs.*} configuration key of the pfs file system with its default (layout keys: LayoutConfigKeys). */
public final class PfsConfigKeys {

  private PfsConfigKeys() {
  }

  /** The URI scheme of the file system. */
  public static final String SCHEME = "pfs";

  /**
   * Hadoop's per-scheme switch of its FileSystem cache, for pfs://: true gives each FileSystem.get a new instance. Read
   * with Configuration.getBoolean, as Hadoop's FileSystem.get reads it, so that both always agree.
   */
  public static final String DISABLE_CACHE = "fs." + SCHEME + ".impl.disable.cache";

  /** Which storage backend serves pfs:// (the name a StorageBackendFactory answers to). */
  public static final String BACKEND = "fs.pfs.backend";
  public static final String BACKEND_DEFAULT = "posix";

  /** Comma-separated StorageBackendDecorator class names, applied in order around the backend. */
  public static final String BACKEND_DECORATORS = "fs.pfs.backend.decorators";

  /** Root directory of the POSIX backend (a parallel file system mount); unset: an embedded directory. */
  public static final String POSIX_ROOT = "fs.pfs.posix.root";

  /** System property naming the pfsmix installation; the embedded root goes under it (set by ./pfsmix). */
  public static final String PFSMIX_HOME_PROPERTY = "pfsmix.home";

  /** Bytes read ahead per backend read for sequential reading; a size (docs/configuration.md, "Sizes"). */
  public static final String READAHEAD_SIZE = "fs.pfs.readahead.size";
  public static final long READAHEAD_SIZE_DEFAULT = 4L << 20;

  /**
   * Serve read-ahead chunks from memory mappings of the file instead of copying them into a buffer, where the backend
   * can map files (POSIX). Saves a copy per byte; the kernel's page-fault readahead then decides the backend request
   * sizes, and a file truncated by another process while mapped makes the reading JVM fail hard.
   */
  public static final String READAHEAD_MMAP = "fs.pfs.readahead.mmap";
  public static final boolean READAHEAD_MMAP_DEFAULT = false;

  /** Bytes read per backend read when a file is opened with the random or vector read policy (0: exactly what is asked). */
  public static final String READAHEAD_RANDOM_SIZE = "fs.pfs.readahead.random.size";
  public static final long READAHEAD_RANDOM_SIZE_DEFAULT = 64L << 10;

  /** Bytes of small writes collected before one backend write. */
  public static final String WRITE_BUFFER_SIZE = "fs.pfs.write.buffer.size";
  public static final long WRITE_BUFFER_SIZE_DEFAULT = 4L << 20;

  /** Vectored reads: ranges closer than this are merged into one backend read. */
  public static final String VECTORED_MIN_SEEK = "fs.pfs.vectored.min.seek.size";
  public static final long VECTORED_MIN_SEEK_DEFAULT = 128L << 10;

  /** Vectored reads: the largest merged range read in one backend read. */
  public static final String VECTORED_MAX_MERGED = "fs.pfs.vectored.max.merged.size";
  public static final long VECTORED_MAX_MERGED_DEFAULT = 8L << 20;

  /** Block size reported for files whose backend knows no stripe size, and default block size for new files. */
  public static final String BLOCK_SIZE = "fs.pfs.block.size";
  public static final long BLOCK_SIZE_DEFAULT = 64L << 20;
}

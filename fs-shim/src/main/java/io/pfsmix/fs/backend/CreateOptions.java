package io.pfsmix.fs.backend;

import org.apache.hadoop.fs.permission.FsPermission;

/**
 * How to create a file. Backends that choose a data layout per file derive it from {@code blockSize} and
 * {@code replication}; others ignore them.
 */
public record CreateOptions(boolean overwrite, FsPermission permission, short replication, long blockSize) {
}

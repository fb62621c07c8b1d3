package io.pfsmix.fs.posix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.fs.BlockLocation;

import io.pfsmix.fs.backend.FileInfo;

/** Where the stripes of a file under a POSIX mount live. */
final class PosixBlockLocator {

  private static final String[] LOCALHOST = {"localhost"};

  BlockLocation[] locate(String path, Path local, FileInfo file, long start, long length) {
    long blockSize = file.blockSize();
    List<BlockLocation> locations = new ArrayList<>();
    long end = Math.min(file.length(), start + length);
    for (long block = start - start % blockSize; block < end; block += blockSize) {
      long blockLength = Math.min(blockSize, file.length() - block);
      locations.add(new BlockLocation(LOCALHOST, LOCALHOST, block, blockLength));
    }
    return locations.toArray(new BlockLocation[0]);
  }
}

package io.pfsmix.ior;

/**
 * The first wrong byte one rank found when checking data (-W or -R).
 *
 * @param phase "write" for -W (check after write) or "read" for -R
 * @param iteration the iteration, from 0
 * @param rank the rank that read the data
 * @param dataRank the rank whose data it expected (differs from rank with -C/-Z)
 * @param file the file read
 * @param offset the byte's offset in the file
 * @param expected the byte IOR's pattern puts there
 * @param actual the byte found
 * @param wrongTransfers how many of this rank's transfers held wrong data (IOR's error count)
 */
public record IorDataError(String phase, int iteration, int rank, int dataRank, String file, long offset, byte expected,
    byte actual, long wrongTransfers) {

  public String describe() {
    return String.format("rank %d, iteration %d, %s check: %s offset %d: expected 0x%02x, found 0x%02x (data of rank %d;"
        + " %d wrong transfer(s) on this rank)", rank, iteration, phase, file, offset, expected & 0xff, actual & 0xff,
        dataRank, wrongTransfers);
  }
}

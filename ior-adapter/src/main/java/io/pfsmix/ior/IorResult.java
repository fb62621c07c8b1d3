package io.pfsmix.ior;

import java.util.ArrayList;
import java.util.List;

/**
 * What one IOR test measured: per-iteration per-phase rows, the summary lines, and any data-check errors. The Java
 * driver ({@link IorRunner}) and the native-output parser ({@link IorOutputParser}) both produce it.
 *
 * @param api the API column (HADOOP, POSIX, ...)
 * @param testFileName -o
 * @param filePerProc -F
 * @param numTasks ranks
 * @param tasksPerNode IOR's clients per node
 * @param blockSize -b in bytes
 * @param transferSize -t in bytes
 * @param segmentCount -s
 * @param repetitions -i
 * @param iterations the Results rows, in output order
 * @param summaries the "Summary of all tests" lines (write before read)
 * @param dataErrors first wrong byte per rank and check, empty when all data was right or unchecked
 */
public record IorResult(String api, String testFileName, boolean filePerProc, int numTasks, int tasksPerNode,
    long blockSize, long transferSize, long segmentCount, int repetitions, List<IorIteration> iterations,
    List<IorSummary> summaries, List<IorDataError> dataErrors) {

  public IorResult {
    iterations = List.copyOf(iterations);
    summaries = List.copyOf(summaries);
    dataErrors = List.copyOf(dataErrors);
  }

  /** This result with {@code errors} as its data errors (a script's run: those of every test). */
  IorResult withDataErrors(List<IorDataError> errors) {
    return new IorResult(api, testFileName, filePerProc, numTasks, tasksPerNode, blockSize, transferSize, segmentCount,
        repetitions, iterations, summaries, errors);
  }

  /** The rows of one access ("write" or "read"), in iteration order. */
  public List<IorIteration> iterations(String access) {
    List<IorIteration> rows = new ArrayList<>();
    for (IorIteration row : iterations) {
      if (row.access().equals(access)) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** The summary line of one access, or null when the test did not run it. */
  public IorSummary summary(String access) {
    for (IorSummary summary : summaries) {
      if (summary.operation().equals(access)) {
        return summary;
      }
    }
    return null;
  }

  /** Bytes each iteration moves by IOR's parameters: N x s x b. */
  public long aggregateBytes() {
    return blockSize * segmentCount * numTasks;
  }
}

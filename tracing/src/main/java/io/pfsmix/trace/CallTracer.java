package io.pfsmix.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.TraceRecorder;

/**
 * How every tracing wrapper records a call at its trace point: the call is timed and run, and one record names its op,
 * path, offset, length and the bytes it reports — or its failure, an IOException, RuntimeException or Error alike,
 * which is rethrown unchanged. One instance per wrapper, shared with the streams or handles it opens. Reads and writes
 * go through {@link #transfer}, whose calls capture nothing, so the hot path allocates nothing; the other calls may
 * allocate a lambda or two (measured: capturing lambdas are not reliably scalar-replaced there).
 */
public final class CallTracer {

  /** A traced call with a result. */
  @FunctionalInterface
  public interface Call<T> {
    T call() throws IOException;
  }

  /** A traced call returning a byte count. */
  @FunctionalInterface
  public interface LongCall {
    long call() throws IOException;
  }

  /** A traced call without a result. */
  @FunctionalInterface
  public interface VoidCall {
    void run() throws IOException;
  }

  /**
   * A read or write on {@code target}: given as a lambda that captures nothing (everything it needs comes as
   * arguments), so a traced read or write allocates nothing whether or not the JIT inlines it.
   */
  @FunctionalInterface
  public interface Transfer<S, B> {
    /** @return the bytes moved, or -1 at the end of a file */
    long apply(S target, long position, B buffer, int offset, int length) throws IOException;
  }

  /**
   * A read or write that moves all of its {@code length} bytes or throws (readFully, write): a {@link Transfer} that
   * reports {@code length}, so its calls too capture nothing and allocate nothing.
   */
  @FunctionalInterface
  public interface WholeTransfer<S, B> extends Transfer<S, B> {
    void move(S target, long position, B buffer, int offset, int length) throws IOException;

    @Override
    default long apply(S target, long position, B buffer, int offset, int length) throws IOException {
      move(target, position, buffer, offset, length);
      return length;
    }
  }

  /** {@link #traced(TraceOp, int, long, long, LongCall)} as a transfer, for the calls that are not one. */
  private static final Transfer<LongCall, Void> CALL = (call, position, unused, offset, length) -> call.call();

  private final TraceRecorder recorder;
  private final TracePoint point;
  private final EventContext baseContext;
  private final int baseContextId;

  /** @param baseContext the wrapper's task, which threads marked through {@link TraceContext} replace */
  public CallTracer(TraceRecorder recorder, TracePoint point, EventContext baseContext) {
    this.recorder = recorder;
    this.point = point;
    this.baseContext = baseContext;
    this.baseContextId = recorder.contextId(baseContext);
  }

  public TraceRecorder recorder() {
    return recorder;
  }

  public int pathId(String path) {
    return recorder.pathId(path);
  }

  /** The calling thread's context id: the wrapper's task with the thread's {@link TraceContext} marks applied. */
  public int contextId() {
    EventContext context = TraceContext.resolve(baseContext);
    return context == baseContext ? baseContextId : recorder.contextId(context);
  }

  /** Records a call that began at {@code start} (from {@link TraceRecorder#now}) and ends now; null failure: success. */
  public void record(long start, TraceOp op, int pathId, long offset, long length, long bytes, Throwable failure) {
    record(start, op, pathId, offset, length, bytes, failure, contextId());
  }

  /** {@link #record} with the context taken earlier, for calls that complete on another thread. */
  public void record(long start, TraceOp op, int pathId, long offset, long length, long bytes, Throwable failure,
      int contextId) {
    recorder.record(start, TraceRecorder.now(), op, point, pathId, offset, length, bytes, recorder.resultId(failure),
        contextId);
  }

  /** @param bytesOf the bytes a result reports, or null for none */
  public <T> T traced(TraceOp op, int pathId, long offset, long length, Call<T> call, ToLongFunction<? super T> bytesOf)
      throws IOException {
    List<T> result = new ArrayList<>(1);
    traced(op, pathId, offset, length, () -> {
      T value = call.call();
      result.add(value);
      return bytesOf == null ? TraceRecord.NONE : bytesOf.applyAsLong(value);
    });
    return result.get(0);
  }

  /** @param bytes what the call moved when it succeeds (a write's or a full read's length), or TraceRecord.NONE */
  public void traced(TraceOp op, int pathId, long offset, long length, long bytes, VoidCall call) throws IOException {
    traced(op, pathId, offset, length, () -> {
      call.run();
      return bytes;
    });
  }

  /** A call whose result is the byte count to record. */
  public long traced(TraceOp op, int pathId, long offset, long length, LongCall call) throws IOException {
    return run(op, pathId, offset, length, call, null, 0, 0, CALL);
  }

  /**
   * The hot path: a read or write of {@code length} bytes of {@code buffer} from {@code bufferOffset} (arrays; 0 for a
   * ByteBuffer), at {@code offset} of the file (the stream position for sequential calls, which ignore it).
   *
   * @return what {@code call} returned: the bytes moved, or -1 at the end of a file
   */
  public <S, B> int transfer(TraceOp op, int pathId, long offset, S target, B buffer, int bufferOffset, int length,
      Transfer<S, B> call) throws IOException {
    return (int) run(op, pathId, offset, length, target, buffer, bufferOffset, length, call);
  }

  /** {@link #transfer} of a call that moves all {@code length} bytes or throws. */
  public <S, B> void transferWhole(TraceOp op, int pathId, long offset, S target, B buffer, int bufferOffset,
      int length, WholeTransfer<S, B> call) throws IOException {
    run(op, pathId, offset, length, target, buffer, bufferOffset, length, call);
  }

  /** The one place a call is timed, run and recorded; {@code call} returns the bytes to record. */
  private <S, B> long run(TraceOp op, int pathId, long offset, long length, S target, B buffer, int bufferOffset,
      int bufferLength, Transfer<S, B> call) throws IOException {
    long start = TraceRecorder.now();
    long bytes;
    try {
      bytes = call.apply(target, offset, buffer, bufferOffset, bufferLength);
    } catch (IOException | RuntimeException | Error e) {
      record(start, op, pathId, offset, length, TraceRecord.NONE, e);
      throw e;
    }
    record(start, op, pathId, offset, length, bytes, null);
    return bytes;
  }
}

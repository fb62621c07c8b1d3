package io.pfsmix.ior;

/** The -h text: IOR's flags that this driver takes, with IOR's meanings, and the pfsmix additions. */
public final class IorOptionHelp {

  private IorOptionHelp() {
  }

  public static String text() {
    return """
        Usage: ./pfsmix ior [IOR flags]      (IOR 4.x flags and meanings)
          -a S  API for I/O [HADOOP|POSIX]: HADOOP = any Hadoop FileSystem URI in -o (default), POSIX = local path
          -A N  refNum -- user supplied reference number to include in the summary
          -b N  blockSize -- contiguous bytes to write per task (e.g.: 8, 4k, 2m, 1g) [1m]
          -C    reorderTasks -- changes task ordering for readback (one node over; on one node: its own)
          -d N  interTestDelay -- delay between reps in seconds
          -D N  deadlineForStonewalling -- seconds before stopping write or read phase
          -e    fsync -- perform a fsync() operation at the end of each write phase
          -E    useExistingTestFile -- do not remove test file before write access
          -f S  scriptFile -- test script name (key=value lines between IOR START and IOR STOP, RUN ends a test)
          -F    filePerProc -- file-per-process (<file>.%08d)
          -g    intraTestBarriers -- use barriers between open, write/read, and close
          -G N  setTimeStampSignature -- set value for time stamp signature (needed for -R without -w)
          -i N  repetitions -- number of repetitions of test [1]
          -j N  outlierThreshold -- warn on outlier N seconds from mean
          -k    keepFile -- don't remove the test file(s) on program exit
          -K    keepFileWithError -- keep error-filled file(s) after data-checking
          -l S  datapacket type [t|o|i|r]: timestamp (default), offset, incompressible, random
          -m    multiFile -- use number of reps (-i) for multiple file count
          -M S  memoryPerNode -- hog memory on the node (e.g.: 2g, 75%)
          -N N  numTasks -- number of ranks [1]
          -o S  testFile -- full name for test (required), e.g. pfs:///ckpt/file or hdfs://nn/ckpt/file
          -O S  directives, e.g. -O summaryFormat=JSON,summaryFile=out.json (default|JSON|CSV), numNodes=N
          -Q N  taskPerNodeOffset for read tests use with -C & -Z options [1]
          -r    readFile -- read existing file
          -R    checkRead -- verify that the output of read matches the expected signature
          -s N  segmentCount -- number of segments [1]
          -t N  transferSize -- size of transfer in bytes (e.g.: 8, 4k, 2m, 1g) [256k]
          -T N  maxTimeDuration -- max time in minutes executing repeated test
          -u    uniqueDir -- use unique directory name for each file-per-process
          -v    verbose -- output information (repeating flag increases level)
          -w    writeFile -- write file
          -W    checkWrite -- check read after write
          -x    singleXferAttempt -- do not retry transfer if incomplete (transfers here are always whole)
          -X N  reorderTasksRandomSeed -- random seed for -Z option
          -Y    fsyncPerWrite -- perform sync operation after every write operation
          -z    randomOffset -- access is to random, not sequential, offsets within a file
          -Z    reorderTasksRandom -- changes task ordering to random ordering for readback
          --dataPacketType=S     as -l
          --random-offset-seed=N the seed for -z (default: the iteration's time stamp)
          --warningAsErrors      any warning should lead to an error
          --dryRun               do not perform any I/O, just run through and print the report
          --randomPrefill=N      with -z: first write each block in order, in pieces of N bytes
        -O directives also include stoneWallingWearOut=1, stoneWallingWearOutIterations=N, stoneWallingStatusFile=F,
        minTimeDuration=S, saveRankPerformanceDetailsCSV=F, interIODelay=US, memoryPerTask=N, memoryPerNode=N,
        debug=S, summaryAlways=1 (docs/ior.md). Refused with the reason, as they cannot pass through the Hadoop
        FileSystem API: -c, -y, --gpuDirect and --posix.* (file-system hints). Flags also take IOR's -b=1m form.
        pfsmix additions:
          --hadoop.concat        N-to-1 where the file system has concat but not shared writers (HDFS): each rank
                                 writes its blocks as parts, joined into the shared file with FileSystem.concat
          --yarn                 run the ranks as the map tasks of a YARN job instead of threads of this JVM
          --ranks-per-task=N     ranks per YARN task (threads in the task) [1]
        Without -w, -r, -W or -R, IOR writes and reads.
        Sizes (-b, -t, -O segmentCount=): whole numbers with an optional suffix k, m, g, t or p in either case, powers
        of 1024, as IOR reads them (no fractions: 1536m, not 1.5g); at most 2^63-1 bytes. Before any I/O the write
        phase (-b x -s x -N) must fit the file system's free space, and the transfer buffers (-t x -N, threads of
        this JVM) the JVM's memory.
        """;
  }
}

package io.pfsmix.fs;

import java.util.Locale;

import org.apache.hadoop.fs.Options.OpenFileOptions;

/** How a stream reads ahead, chosen from the openFile() option fs.option.openfile.read.policy. */
enum PfsReadPolicy {
  /** Aligned chunks of fs.pfs.readahead.size: line readers and whole-file copies. */
  SEQUENTIAL,
  /** Unaligned reads of fs.pfs.readahead.random.size from the requested offset: columnar formats, vectored IO. */
  RANDOM;

  /** The first policy in the list that pfs knows; Hadoop lists policies in order of preference. */
  static PfsReadPolicy fromOptions(String[] policies) {
    for (String policy : policies) {
      switch (policy.toLowerCase(Locale.ROOT)) {
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_RANDOM:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_VECTOR:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_COLUMNAR:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_PARQUET:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_ORC:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_HBASE:
          return RANDOM;
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_SEQUENTIAL:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_WHOLE_FILE:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_CSV:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_JSON:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_AVRO:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_ADAPTIVE:
        case OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY_DEFAULT:
          return SEQUENTIAL;
        default:
          // unknown policies are skipped, as the openFile() specification asks
      }
    }
    return SEQUENTIAL;
  }
}

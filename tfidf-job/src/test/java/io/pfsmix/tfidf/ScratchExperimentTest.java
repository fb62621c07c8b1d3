package io.pfsmix.tfidf;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.tfidf.generate.DatasetGenerator;

class ScratchExperimentTest {
  @TempDir
  java.nio.file.Path dir;

  @Test
  void run() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    for (String[] s : new String[][] {{"train", "1"}, {"test", "2"}, {"same", "1"}}) {
      DatasetGenerator.Options o = new DatasetGenerator.Options();
      o.output = new Path(dir.resolve(s[0]).toUri());
      o.records = s[0].equals("train") ? 8000 : 4000;
      o.seed = Long.parseLong(s[1]);
      if (s[0].equals("same")) { o.records = 4000; o.files = 3; }
      o.attackShare = 0.5;
      o.files = 2;
      DatasetGenerator.generate(conf, o, null);
    }
    int run = 0;
    for (int k : new int[] {512}) {
      for (int m : new int[] {1, 4}) {
        Path model = new Path(dir.toUri().toString(), "m" + run);
        TfidfModel tm = TfidfJobs.train(conf, new Path(dir.resolve("train").toUri()), model, k, m);
        ClassifyResult r = TfidfJobs.classify(conf, new Path(dir.resolve("test").toUri()), model,
            new Path(dir.resolve("out" + run++).toUri()));
        System.out.println("EXP k=" + k + " m=" + m + " terms=" + tm.termCount() + " acc=" + r.confusion().accuracy()
            + " macroF1=" + r.confusion().macroF1());
        ClassifyResult same = TfidfJobs.classify(conf, new Path(dir.resolve("same").toUri()), model,
            new Path(dir.resolve("same" + run).toUri()));
        System.out.println("EXP same-seed acc=" + same.confusion().accuracy() + " macroF1=" + same.confusion().macroF1());
        if (k == 512 && m == 1) {
          System.out.println(r.confusion().format());
        }
      }
    }
  }
}

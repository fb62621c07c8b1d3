package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.ServiceOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.minicluster.MiniYarn;
import io.pfsmix.tfidf.generate.DatasetGenerator;

/** The classification job on a real (in-process) YARN cluster, model shipped through the distributed cache. */
class ClassifyOnYarnTest {

  @TempDir
  static java.nio.file.Path dir;

  static MiniMRYarnCluster cluster;

  @BeforeAll
  static void startCluster() {
    Configuration conf = MiniYarn.withoutHistoryServer(new Configuration());
    conf.setBoolean("mapreduce.job.ubertask.enable", true);
    conf.setInt("mapreduce.job.ubertask.maxmaps", 4);
    conf.set("yarn.app.mapreduce.am.resource.mb", "1024");
    cluster = MiniYarn.start("tfidf-yarn", conf, dir);
  }

  @AfterAll
  static void stopCluster() {
    ServiceOperations.stop(cluster);
  }

  @Test
  void classifiesLabelledRequestsOnYarn() throws Exception {
    Configuration local = new Configuration();
    local.set("mapreduce.framework.name", "local");
    DatasetGenerator.Options train = options("train", 1, 3000, 0);
    DatasetGenerator.generate(local, train, null);
    DatasetGenerator.Options test = options("test", 2, 1000, 0.03);
    DatasetGenerator.Result testData = DatasetGenerator.generate(local, test, null);
    Path model = new Path(dir.resolve("yarn.model").toUri());
    TfidfJobs.train(local, train.output, model, 128, 4);

    Configuration yarn = new Configuration(cluster.getConfig());
    assertThat(yarn.get("mapreduce.framework.name")).isEqualTo("yarn");
    ClassifyResult result = TfidfJobs.classify(yarn, test.output, model, new Path(dir.resolve("out").toUri()));

    assertThat(result.requests()).isEqualTo(1000);
    assertThat(result.malformed()).isEqualTo(testData.labels.get(HttpClass.MALFORMED_LABEL));
    assertThat(result.confusion().total()).isEqualTo(1000);
    assertThat(result.confusion().accuracy()).isGreaterThan(0.7);
    assertThat(Files.readString(dir.resolve("out").resolve("confusion.json"))).contains("\"total\": 1000");
  }

  static DatasetGenerator.Options options(String name, long seed, long records, double malformed) {
    DatasetGenerator.Options o = new DatasetGenerator.Options();
    o.output = new Path(dir.resolve(name).toUri());
    o.seed = seed;
    o.records = records;
    o.attackShare = 0.5;
    o.malformedShare = malformed;
    o.files = 2;
    return o;
  }
}

"""A small Spark application over a Hadoop file system: RDD text in and out, a DataFrame written as Parquet and scanned back.

Usage: spark-submit word_count.py INPUT OUTPUT_DIR
Prints one line "RESULT {json}" with the word counts read back from the Parquet files.
"""
import json
import sys

from pyspark.sql import SparkSession

source, target = sys.argv[1], sys.argv[2]
spark = SparkSession.builder.appName("pfsmix word count").getOrCreate()
lines = spark.sparkContext.textFile(source, 2)
counts = lines.flatMap(lambda line: line.split()).map(lambda w: (w, 1)).reduceByKey(lambda a, b: a + b, 2)
counts.map(lambda kv: "%s\t%d" % kv).saveAsTextFile(target + "/counts")
spark.createDataFrame(counts, ["word", "n"]).write.parquet(target + "/parquet")
scanned = spark.read.parquet(target + "/parquet")
print("RESULT " + json.dumps({row["word"]: row["n"] for row in scanned.collect()}))
spark.stop()

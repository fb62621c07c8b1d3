"""Counts the words of one text file into a directory of "word TAB count" lines, one task each way, so that the bytes it
reads and writes are the input's and the output's sizes (a mix's Spark workload in MixWithAnalyticsJobTest).

Usage: spark-submit count_words.py INPUT OUTPUT_DIR
"""
import sys

from pyspark.sql import SparkSession

source, target = sys.argv[1], sys.argv[2]
spark = SparkSession.builder.appName("pfsmix mix word count").getOrCreate()
counts = (spark.sparkContext.textFile(source, 1).flatMap(lambda line: line.split()).map(lambda w: (w, 1))
          .reduceByKey(lambda a, b: a + b, 1))
counts.map(lambda kv: "%s\t%d" % kv).saveAsTextFile(target)
spark.stop()

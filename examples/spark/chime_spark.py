#!/usr/bin/env python3
"""Run `chime batch` as a stage of an Apache Spark job.

Reads `chime batch` request lines (JSON Lines, docs/contract.md) from INPUT, pipes each Spark
partition through one `chime batch` process on the executor that holds it, and writes the
response lines to the directory OUTPUT (Spark's part-00000, part-00001, ... files).

    python3 examples/spark/chime_spark.py requests.jsonl out/ --chime .build/release/chime
    cat out/part-* > responses.jsonl      # the same bytes as: chime batch requests.jsonl

Local mode runs on this machine (`--master local[2]`, the default); the same code runs on a
cluster with `spark-submit --master yarn|k8s://...|spark://... examples/spark/chime_spark.py ...`
(INPUT and OUTPUT then name shared storage, e.g. hdfs:// or s3a:// paths).

Ordering: `chime batch` answers every non-blank line with exactly one line, in order. Spark
reads a text file into partitions in file order, this stage keeps the order inside each
partition, and `saveAsTextFile` names the parts by partition index; so the parts read in name
order are the responses in request order, with no shuffle or sort. Each partition's response
count is checked against its non-blank request count, and a `chime` that exits non-zero fails
the task (Spark retries it, then fails the job).

The `chime` binary is shipped to the executors with `SparkContext.addFile`; on Linux it is a
static executable (Swift runtime and ICU linked in: Package.swift), so each worker needs only tz
data (`/usr/share/zoneinfo`, or `TZDIR` in --executor-env).
"""

import argparse
import os
import shutil
import subprocess
import sys
import threading


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description="Run `chime batch` over a JSON Lines request file as a stage of a Spark job.",
        epilog="The parts of OUTPUT, read in name order (cat OUTPUT/part-*), equal `chime batch INPUT` line for line.",
    )
    parser.add_argument("input", help="request file (JSON Lines, one chime batch request per line); any path Spark reads")
    parser.add_argument("output", help="output directory (must not exist); gets part-NNNNN files of response lines")
    parser.add_argument("--chime", default=None,
                        help="the chime executable (default: `chime` on PATH, else .build/release/chime)")
    parser.add_argument("--master", default="local[2]", help="Spark master URL (default: local[2])")
    parser.add_argument("--partitions", type=int, default=8,
                        help="minimum number of input partitions, i.e. chime processes (default: 8)")
    parser.add_argument("--batch-arg", action="append", default=[], metavar="ARG",
                        help="extra argument for `chime batch` (repeatable), e.g. --batch-arg=--explain")
    args = parser.parse_args(argv)
    if args.partitions < 1:
        parser.error("--partitions must be at least 1, got %d" % args.partitions)
    args.chime = find_chime(parser, args.chime)
    return args


def find_chime(parser, given):
    """The chime executable as an absolute path, or a usage error naming what was tried."""
    candidates = [given] if given else [shutil.which("chime"), ".build/release/chime"]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    tried = given or "`chime` on PATH and .build/release/chime"
    parser.error("no chime executable at %s (build it: swift build -c release --product chime)" % tried)


def chime_partition(chime_name, batch_args):
    """A mapPartitions function: the partition's lines through one `chime batch -` process."""

    def run(index, lines):
        from pyspark import SparkFiles

        chime = SparkFiles.get(chime_name)
        process = subprocess.Popen([chime, "batch", *batch_args, "-"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        sent = [0]
        feed_error = []

        def feed():
            # Writes the requests while the responses are read: no deadlock on full pipes.
            try:
                for line in lines:
                    if line.strip(" \t\r"):
                        sent[0] += 1
                    process.stdin.write(line.encode("utf-8") + b"\n")
            except BaseException as error:  # noqa: BLE001 - reported below, after the process ends
                feed_error.append(error)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        received = 0
        for raw in process.stdout:
            received += 1
            yield raw.rstrip(b"\n").decode("utf-8")
        writer.join()
        status = process.wait()
        errors = process.stderr.read().decode("utf-8", "replace").strip()
        if feed_error:
            raise RuntimeError("partition %d: writing requests to chime failed: %r" % (index, feed_error[0]))
        if status != 0:
            raise RuntimeError("partition %d: chime batch exited with status %d: %s" % (index, status, errors))
        if received != sent[0]:
            raise RuntimeError("partition %d: %d responses for %d requests" % (index, received, sent[0]))

    return run


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName("chime-batch").setMaster(args.master)
    sc = SparkContext(conf=conf)
    sc.setLogLevel("WARN")
    try:
        sc.addFile(args.chime)
        requests = sc.textFile(args.input, minPartitions=args.partitions)
        responses = requests.mapPartitionsWithIndex(chime_partition(os.path.basename(args.chime), args.batch_arg),
                                                    preservesPartitioning=True)
        responses.saveAsTextFile(args.output)
        print("chime_spark: %d partitions, responses in %s (read the parts in name order)"
              % (requests.getNumPartitions(), args.output), file=sys.stderr)
    finally:
        sc.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

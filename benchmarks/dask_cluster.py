"""A Dask LocalCluster on loopback for the bench: prints its address, runs until stdin closes; prints JSON.

    python -m benchmarks.dask_cluster WORKERS

Workers are processes of one thread each. When stdin closes, the workers'
peak memory is printed (they are other processes than the `claims ingest`
client the bench measures) and the cluster stops.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    from distributed import Client, LocalCluster

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workers", type=int)
    args = parser.parse_args()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, worker_dashboard_address=None) as cluster:
        print(json.dumps({"address": cluster.scheduler_address}), flush=True)
        sys.stdin.read()
        with Client(cluster) as client:
            workers = client.run(peak_rss_mb)
    print(json.dumps({"address": cluster.scheduler_address, "worker_peak_rss_mb": sorted(workers.values())}))


if __name__ == "__main__":
    main()

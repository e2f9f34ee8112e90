"""The crawl's worker processes (crawl/workers.py), driven for real: tasks that never end, die, raise or wait.

Parsing and cleaning run in these processes so a feed's deadline can stop
them: a task past its deadline costs its process, and the next task gets a
fresh one. Asserted on what happened to the processes and on the errors, never
on how long anything took.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from claimledger.crawl.deadline import Deadline
from claimledger.crawl.workers import TaskFailed, TaskTimeout, WorkerLost, WorkerPool

DEADLINE = 10  # seconds: no loopback or process deadline in the tests is shorter


def never_ends() -> None:
    while True:
        time.sleep(1)


def sleeps(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def dies_once(marker: str) -> int:
    """Kills its own process the first time (as the OOM killer would), answers the second."""
    if not Path(marker).exists():
        Path(marker).touch()
        os._exit(9)
    return os.getpid()


def always_dies() -> None:
    os._exit(9)


def raises() -> None:
    raise ValueError("a feed no parser can read")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not status.exists() or "State:\tZ" not in status.read_text()


async def with_pool(size: int, work):
    pool = WorkerPool(size)
    try:
        return await work(pool)
    finally:
        pool.close()


def test_a_task_past_its_deadline_ends_its_worker_and_the_next_task_gets_a_new_one():
    async def work(pool):
        first = await pool.run(Deadline(DEADLINE), os.getpid)
        with pytest.raises(TaskTimeout, match=f"never_ends did not finish within the deadline of {DEADLINE} s; "
                                              "its worker process was ended"):
            await pool.run(Deadline(DEADLINE), never_ends)
        return first, await pool.run(Deadline(DEADLINE), os.getpid)

    first, second = asyncio.run(with_pool(1, work))
    assert first != second
    assert not alive(first)


def test_time_spent_waiting_for_a_busy_worker_is_not_counted():
    async def work(pool):
        busy = asyncio.ensure_future(pool.run(Deadline(3 * DEADLINE), sleeps, DEADLINE + 2))
        await asyncio.sleep(0.5)
        # This task waits longer than its own deadline for the only worker, then needs no time at all.
        waiting = await pool.run(Deadline(DEADLINE), sleeps, 0)
        return await busy, waiting

    busy_pid, waiting_pid = asyncio.run(with_pool(1, work))
    assert busy_pid == waiting_pid


def test_a_worker_that_dies_under_a_task_costs_one_retry_on_a_new_process(tmp_path):
    async def work(pool):
        return await pool.run(Deadline(3 * DEADLINE), dies_once, str(tmp_path / "died"))

    assert asyncio.run(with_pool(1, work)) != os.getpid()
    assert (tmp_path / "died").exists()


def test_a_task_that_kills_every_worker_fails_alone():
    async def work(pool):
        with pytest.raises(WorkerLost, match=r"^the worker process died under always_dies \(exit code 9\)$"):
            await pool.run(Deadline(3 * DEADLINE), always_dies)
        return await pool.run(Deadline(DEADLINE), os.getpid)

    assert asyncio.run(with_pool(1, work)) != os.getpid()


def test_an_error_in_a_task_is_its_own_and_the_worker_stays():
    async def work(pool):
        before = await pool.run(Deadline(DEADLINE), os.getpid)
        with pytest.raises(TaskFailed, match="^ValueError: a feed no parser can read$"):
            await pool.run(Deadline(DEADLINE), raises)
        return before, await pool.run(Deadline(DEADLINE), os.getpid)

    before, after = asyncio.run(with_pool(1, work))
    assert before == after


def test_closing_the_pool_ends_every_worker():
    async def work(pool):
        pids = await asyncio.gather(*(pool.run(Deadline(2 * DEADLINE), sleeps, 1) for _ in range(2)))
        pool.close()
        return pids

    pids = asyncio.run(with_pool(2, work))
    assert len(set(pids)) == 2 and not any(alive(pid) for pid in pids)

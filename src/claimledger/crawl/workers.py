"""The crawl's worker processes: feed parsing, text cleaning and extraction, each task within its feed's deadline.

A task that outlasts the deadline is stopped by ending its process: parsing
and cleaning run in C (libxml2, expat) and in Python code that nothing else
can interrupt. The next task gets a fresh process, so a hostile feed costs its
own deadline and one worker start, never the round. A worker that dies under
a task (the OOM killer, a SIGKILL) costs that task one retry on a new process.

Workers are spawned (the crawl runs threads, so no fork) and load feedparser,
BeautifulSoup and the extractor; the crawl's own process never does. Each
worker is driven over a pipe by a thread of the crawl, which waits for its
answer while the event loop goes on.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

from claimledger.crawl.deadline import Deadline
from claimledger.errors import ClaimledgerError, describe

if TYPE_CHECKING:
    from claimledger.entities import Entity

# A worker loads the extractor before it answers; no start on a sane machine takes this long.
START_LIMIT = 300.0
READY = "ready"


class TaskTimeout(ClaimledgerError):
    """A task ran past its feed's deadline; its worker process was ended."""


class TaskFailed(ClaimledgerError):
    """A task raised in its worker; the message is the error's type and message."""


class WorkerLost(ClaimledgerError):
    """A worker process died under a task, or could not start."""


class Worker:
    """One worker process and the crawl's end of its pipe."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection

    def call(self, function: Callable[..., Any], arguments: tuple) -> tuple[bool, Any]:
        """Run `function(*arguments)` in the worker and wait for (succeeded, result or error text). Blocks."""
        self.connection.send((function, arguments))
        return self.connection.recv()

    def end(self) -> None:
        """Kill the process; the thread waiting on its pipe then gets EOFError and lets go."""
        self.process.kill()
        self.process.join(5)
        self.connection.close()


class WorkerPool:
    """Up to `size` worker processes, started when a task first needs one, extracting with a user's `entities` too."""

    def __init__(self, size: int, entities: tuple[Entity, ...] = ()) -> None:
        self.size = size
        self.entities = entities
        self._idle: list[Worker] = []
        self._running: set[Worker] = set()
        self._slots: asyncio.Semaphore | None = None
        # One thread per worker waiting on its pipe, and room for those still letting go of an ended one.
        self._threads = ThreadPoolExecutor(2 * size + 1, thread_name_prefix="crawl-worker")

    async def run(self, deadline: Deadline, function: Callable[..., Any], *arguments: Any) -> Any:
        """`function(*arguments)` in a worker, ended if it outlasts `deadline`; one retry if the worker dies.

        Raises:
            TaskTimeout: the deadline passed first.
            TaskFailed: the function raised.
            WorkerLost: the worker died twice, or none could start.
        """
        try:
            return await self._run_once(deadline, function, arguments)
        except WorkerLost:
            return await self._run_once(deadline, function, arguments)

    async def _run_once(self, deadline: Deadline, function: Callable[..., Any], arguments: tuple) -> Any:
        loop = asyncio.get_running_loop()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.size)
        with deadline.paused():
            await self._slots.acquire()
            try:
                worker = self._idle.pop() if self._idle else await loop.run_in_executor(self._threads, self._start)
            except BaseException:
                self._slots.release()
                raise
        if deadline.remaining() <= 0:
            self._idle.append(worker)
            self._slots.release()
            raise TaskTimeout(f"deadline of {deadline.seconds:g} s reached before {function.__name__} could start")
        self._running.add(worker)
        try:
            succeeded, result = await self._call(worker, deadline, function, arguments)
        except BaseException:
            # Whatever interrupted the task (its deadline, a cancelled round, a dead pipe), the process goes with it.
            self._running.discard(worker)
            await loop.run_in_executor(self._threads, worker.end)
            self._slots.release()
            raise
        self._running.discard(worker)
        self._idle.append(worker)
        self._slots.release()
        if not succeeded:
            raise TaskFailed(result)
        return result

    async def _call(
        self, worker: Worker, deadline: Deadline, function: Callable[..., Any], arguments: tuple
    ) -> tuple[bool, Any]:
        call = asyncio.get_running_loop().run_in_executor(self._threads, worker.call, function, arguments)
        try:
            return await asyncio.wait_for(call, deadline.remaining())
        except TimeoutError:
            raise TaskTimeout(f"{function.__name__} did not finish within the deadline of {deadline.seconds:g} s; "
                              "its worker process was ended") from None
        except (EOFError, OSError) as error:
            await asyncio.get_running_loop().run_in_executor(self._threads, worker.process.join, 5)
            code = worker.process.exitcode
            raise WorkerLost(f"the worker process died under {function.__name__} "
                             f"({describe(error) if code is None else f'exit code {code}'})") from None

    def _start(self) -> Worker:
        """A new worker process, once it has loaded the extractor. Blocks."""
        context = get_context("spawn")
        connection, child_end = context.Pipe()
        process = context.Process(
            target=serve, args=(child_end, os.getpid(), self.entities), name="claimledger-worker", daemon=True
        )
        process.start()
        child_end.close()
        worker = Worker(process, connection)
        try:
            if not connection.poll(START_LIMIT):
                raise WorkerLost(f"a worker process did not start within {START_LIMIT:g} s")
            message = connection.recv()
        except (EOFError, OSError):
            message = f"it exited with code {process.exitcode}"
        if message != READY:
            worker.end()
            raise WorkerLost(f"a worker process could not start: {message}")
        return worker

    def close(self) -> None:
        """End every worker process."""
        for worker in [*self._idle, *self._running]:
            worker.end()
        self._idle.clear()
        self._running.clear()
        self._threads.shutdown(wait=False, cancel_futures=True)


def serve(connection: Connection, parent: int, entities: tuple[Entity, ...] = ()) -> None:
    """A worker process's life: get ready, then answer each task with (succeeded, result or error text)."""
    from claimledger.crawl.prepare import start_worker

    try:
        start_worker(parent, entities)
    except Exception as error:  # noqa: BLE001 - the crawl reports why its worker could not start
        connection.send(describe(error))
        return
    connection.send(READY)
    while True:
        try:
            function, arguments = connection.recv()
        except EOFError:
            return
        try:
            answer = (True, function(*arguments))
        except Exception as error:  # noqa: BLE001 - one task's failure is that entry's or feed's, not the worker's
            answer = (False, describe(error))
        try:
            connection.send(answer)
        except Exception as error:  # noqa: BLE001 - e.g. a result that cannot be pickled
            connection.send((False, f"the result could not be sent back: {describe(error)}"))

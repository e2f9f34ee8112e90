"""The crawl's worker processes: feed parsing, text cleaning and extraction, each task within its feed's deadline.

A task that outlasts the deadline is stopped by ending its process: parsing
and cleaning run in C (libxml2, expat) and in Python code that nothing else
can interrupt. The next task gets a fresh process, so a hostile feed costs its
own deadline and one worker start, never the round. A worker that dies under
a task (the OOM killer, a SIGKILL) costs that task one retry on a new process.

A task that is a generator streams its items back as it yields them
(`WorkerPool.stream`): one feed's entries are prepared in one task, so the
worker never waits for the crawl between entries, and the crawl sees each
entry's result (and how long it took) as soon as it is ready.

Workers are spawned (the crawl runs threads, so no fork) and load feedparser,
BeautifulSoup and the extractor; the crawl's own process never does. Each
worker is driven over a pipe by a thread of the crawl, which waits for its
answer while the event loop goes on.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections import deque
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
# What a streamed task's pipe brings: an item, its end, its error, or the end of its worker.
ITEM, DONE, FAILED, LOST = range(4)


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

    def stream(self, function: Callable[..., Any], arguments: tuple, deliver: Callable[[int, Any], None]) -> None:
        """Run the generator `function(*arguments)` in the worker, handing `deliver` each message as it comes. Blocks."""
        try:
            self.connection.send((function, arguments))
            while True:
                succeeded, value = self.connection.recv()
                if succeeded is not None:
                    deliver(DONE if succeeded else FAILED, value)
                    return
                deliver(ITEM, value)
        except (EOFError, OSError) as error:
            self.process.join(5)
            code = self.process.exitcode
            deliver(LOST, f"the worker process died under {function.__name__} "
                          f"({describe(error) if code is None else f'exit code {code}'})")

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
        worker = await self._acquire(deadline, function)
        try:
            succeeded, result = await self._call(worker, deadline, function, arguments)
        except BaseException:
            # Whatever interrupted the task (its deadline, a cancelled round, a dead pipe), the process goes with it.
            await self._discard(worker)
            raise
        self._release(worker)
        if not succeeded:
            raise TaskFailed(result)
        return result

    async def stream(self, deadline: Deadline, function: Callable[..., Any], *arguments: Any) -> TaskStream:
        """Start the generator `function(*arguments)` in a worker; its items come through the stream returned.

        Raises:
            TaskTimeout: `deadline` passed before a worker was free.
            WorkerLost: no worker could start.
        """
        loop = asyncio.get_running_loop()
        worker = await self._acquire(deadline, function)
        stream = TaskStream(self, worker, function.__name__, loop)
        loop.run_in_executor(self._threads, worker.stream, function, arguments, stream.deliver)
        return stream

    async def _acquire(self, deadline: Deadline, function: Callable[..., Any]) -> Worker:
        """A free worker, started if need be; the wait is not counted in `deadline`."""
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
        return worker

    def _release(self, worker: Worker) -> None:
        """A worker whose task ended back among the idle ones."""
        self._running.discard(worker)
        self._idle.append(worker)
        self._slots.release()

    def _forget(self, worker: Worker) -> None:
        """A worker that died under its task: its slot goes to the next task."""
        self._running.discard(worker)
        worker.connection.close()
        self._slots.release()

    async def _discard(self, worker: Worker) -> None:
        """End a worker whose task was cut short; its slot goes to the next task."""
        self._running.discard(worker)
        await asyncio.get_running_loop().run_in_executor(self._threads, worker.end)
        self._slots.release()

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


class TaskStream:
    """The items a generator task yields in a worker, in order, each stamped with the time it came.

    The worker goes back to the pool as soon as its task ends, read or not;
    `close` ends it if the task is still running.
    """

    def __init__(self, pool: WorkerPool, worker: Worker, name: str, loop: asyncio.AbstractEventLoop) -> None:
        self.name = name
        self._pool = pool
        self._worker: Worker | None = worker
        self._loop = loop
        self._messages: deque[tuple[float, int, Any]] = deque()
        self._waiter: asyncio.Future | None = None
        # When the last item read came: the worker started on the next one then.
        self.last = time.monotonic()

    def deliver(self, kind: int, value: Any) -> None:
        """Hand over a message from the worker's pipe; called by the thread reading it."""
        try:
            self._loop.call_soon_threadsafe(self._arrive, time.monotonic(), kind, value)
        except RuntimeError:
            pass  # the round is over and its loop closed: the pool ended this worker

    def _arrive(self, stamp: float, kind: int, value: Any) -> None:
        if self._worker is None:
            return
        if kind == LOST:
            self._pool._forget(self._worker)
            self._worker = None
        elif kind != ITEM:
            self._pool._release(self._worker)
            self._worker = None
        self._messages.append((stamp, kind, value))
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    @property
    def ready(self) -> bool:
        """True when an item (or the task's end) has come and not been read."""
        return bool(self._messages)

    async def next(self, limit: float, deadline: Deadline) -> Any:
        """The next item, which must come within `limit` seconds of the one before and before `deadline` passes.

        Raises:
            TaskTimeout: it did not; the worker was ended.
            TaskFailed: the task raised (the worker stays in the pool).
            WorkerLost: the worker died.
            EOFError: the task ended without another item.
        """
        while not self._messages:
            wait = min(self.last + limit - time.monotonic(), deadline.remaining())
            if wait <= 0 or self._worker is None:
                await self.close()
                raise TaskTimeout(f"{self.name} did not yield within {limit:g} s; its worker process was ended")
            self._waiter = self._loop.create_future()
            try:
                await asyncio.wait_for(self._waiter, wait)
            except TimeoutError:
                pass
            finally:
                self._waiter = None
        stamp, kind, value = self._messages.popleft()
        self.last = stamp
        if kind == ITEM:
            return value
        self._messages.appendleft((stamp, kind, value))
        if kind == FAILED:
            raise TaskFailed(value)
        if kind == LOST:
            raise WorkerLost(value)
        raise EOFError(f"{self.name} ended without another item")

    async def finish(self, limit: float, deadline: Deadline) -> None:
        """Wait for the task to end once its last item is read; its worker is ended if it does not within `limit`."""
        try:
            await self.next(limit, deadline)
        except (EOFError, TaskFailed, TaskTimeout, WorkerLost):
            return
        await self.close()

    async def close(self) -> None:
        """End the task's worker if the task is still running."""
        if self._worker is not None:
            worker, self._worker = self._worker, None
            await self._pool._discard(worker)


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
            result = function(*arguments)
            if inspect.isgenerator(result):
                for item in result:
                    connection.send((None, item))
                result = None
            answer = (True, result)
        except Exception as error:  # noqa: BLE001 - one task's failure is that entry's or feed's, not the worker's
            answer = (False, describe(error))
        try:
            connection.send(answer)
        except Exception as error:  # noqa: BLE001 - e.g. a result that cannot be pickled
            connection.send((False, f"the result could not be sent back: {describe(error)}"))

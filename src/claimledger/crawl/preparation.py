"""One feed parsed and its entries prepared in one worker task, streamed back entry by entry in feed order.

The worker parses the feed, sends the plan (which entries are new or edited,
which need an article page), then each prepared entry as soon as it is ready,
so it never waits for the crawl between entries. Each entry must come within
its own time limit of the one before: an entry that outlasts it ends the
worker, and a new task parses the feed again and goes on after that entry. A
worker that dies under an entry costs that entry one retry, as any task.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claimledger.crawl.tasks import prepare_feed
from claimledger.crawl.workers import TaskFailed, TaskStream, WorkerLost

if TYPE_CHECKING:
    from claimledger.crawl.deadline import Deadline
    from claimledger.crawl.entries import FeedPlan
    from claimledger.crawl.fetch import FetchResult
    from claimledger.crawl.store import PreparedDocument
    from claimledger.crawl.workers import WorkerPool


class FeedPreparation:
    """The worker task preparing one feed's entries, reopened past an entry that cost its worker."""

    def __init__(
        self, workers: WorkerPool, deadline: Deadline, result: FetchResult, known: dict[str, str], lang: str | None
    ) -> None:
        self.workers = workers
        self.deadline = deadline
        self.arguments = (result.body, result.headers, result.url, known, lang)
        self.plan: FeedPlan | None = None
        self.stream: TaskStream | None = None
        # The position of the entry the open stream yields next.
        self.expected = 0
        # The entry whose worker died under it once already.
        self.lost_at: int | None = None

    async def start(self) -> FeedPlan:
        """Parse the feed in a worker (within the feed's deadline, one retry if the worker dies): its plan.

        Raises:
            TaskTimeout, TaskFailed, WorkerLost: as WorkerPool.run.
        """
        try:
            return await self._start()
        except WorkerLost:
            return await self._start()

    async def _start(self) -> FeedPlan:
        self.plan = await self._open(0)
        self.expected = self._after(-1)
        return self.plan

    async def document(self, position: int, limit: float) -> PreparedDocument | None:
        """The prepared entry at `position` (one that needs no page), within `limit` seconds of the one before.

        Raises:
            TaskTimeout: it took longer (or the feed's deadline passed); the worker was ended.
            TaskFailed: its preparation raised.
            WorkerLost: its worker died twice.
        """
        if self.stream is None or self.expected != position:
            await self._open(position)
        try:
            item = await self.stream.next(limit, self.deadline)
        except WorkerLost:
            self.stream = None
            if self.lost_at == position:
                raise
            self.lost_at = position
            return await self.document(position, limit)
        except BaseException:
            await self.close()
            raise
        self.expected = self._after(position)
        if isinstance(item, str):
            raise TaskFailed(item)
        return item

    @property
    def ready(self) -> bool:
        """True when the next entry's result has come (reading it will not wait)."""
        return self.stream is not None and self.stream.ready

    async def close(self) -> None:
        """Let the task end once every entry is read, else end it."""
        if self.stream is None:
            return
        stream, self.stream = self.stream, None
        if self.plan is not None and self.expected >= len(self.plan.entry_ids):
            await stream.finish(self.deadline.seconds, self.deadline)
        else:
            await stream.close()

    async def _open(self, position: int) -> FeedPlan:
        """A new task preparing the entries from `position` on; its plan (the feed is parsed again) is read."""
        await self.close()
        self.stream = await self.workers.stream(self.deadline, prepare_feed, *self.arguments, position)
        self.expected = position
        return await self.stream.next(self.deadline.seconds, self.deadline)

    def _after(self, position: int) -> int:
        """The position of the next entry the worker prepares after `position`."""
        following = position + 1
        while following in self.plan.page_entries:
            following += 1
        return following

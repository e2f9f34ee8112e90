"""One feed's deadline: its fetch, article pages, parsing and text cleaning all come out of it.

The clock starts with the feed's first request. Time spent waiting for a
free worker process is added back, so a feed is never cut short because
other feeds were busy: the deadline bounds what the feed itself costs.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Deadline:
    """`seconds` of a feed's own time, from `start()` on."""

    def __init__(self, seconds: float, within: Deadline | None = None) -> None:
        self.seconds = seconds
        self._ends: float | None = None
        self._outer = within

    def start(self) -> None:
        """Start the clock (again calling it changes nothing)."""
        if self._ends is None:
            self._ends = time.monotonic() + self.seconds

    def remaining(self) -> float:
        """Seconds left; all of them before the clock starts."""
        own = self.seconds if self._ends is None else self._ends - time.monotonic()
        return own if self._outer is None else min(own, self._outer.remaining())

    def within(self, seconds: float) -> Deadline:
        """A deadline of `seconds` from now that never outlasts this one; pausing it pauses this one too."""
        inner = Deadline(seconds, within=self)
        inner.start()
        return inner

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Time spent inside is not counted (waiting for a worker that other feeds hold)."""
        started = time.monotonic()
        try:
            yield
        finally:
            waited = time.monotonic() - started
            deadline: Deadline | None = self
            while deadline is not None:
                if deadline._ends is not None:
                    deadline._ends += waited
                deadline = deadline._outer

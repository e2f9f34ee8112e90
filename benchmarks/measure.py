"""Run a command as a child process and measure its wall time, CPU time and peak memory."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Measured:
    """What one child process did: how long it took, its peak RSS, and what it printed."""

    command: list[str]
    seconds: float
    # User and system CPU time of the child and of the processes it waited for (its workers):
    # what other load on the machine does not inflate as it does wall time.
    cpu_seconds: float
    peak_rss_mb: float
    returncode: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def json(self) -> dict:
        """The last line of stdout as JSON (the workers print their figures there)."""
        return json.loads(self.stdout.strip().splitlines()[-1])

    def failure(self) -> str:
        """One line saying why the command failed: its last line of stderr."""
        lines = [line for line in self.stderr.strip().splitlines() if line.strip()]
        last = lines[-1] if lines else f"exit status {self.returncode}"
        return f"{Path(self.command[0]).name} {' '.join(self.command[1:3])}: {last}"[:160]


def run_measured(
    command: list[str], cwd: Path | None = None, stdin: str | None = None,
    stdout_path: Path | None = None,
) -> Measured:
    """Run `command` to completion; its own peak RSS comes from `wait4`, not the whole tree's."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as given:
        given.write((stdin or "").encode("utf-8"))
        given.seek(0)
        target = stdout_path.open("wb") if stdout_path else out
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdin=given, stdout=target, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if stdout_path:
            target.close()
        out.seek(0)
        err.seek(0)
        return Measured(
            command=command,
            seconds=seconds,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            peak_rss_mb=usage.ru_maxrss / 1024,
            returncode=process.returncode,
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
        )

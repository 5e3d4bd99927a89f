"""Backends that play a run's tasks: local worker processes under a small supervisor, or a Dask cluster.

Why our own supervisor and not concurrent.futures: a ProcessPoolExecutor whose worker dies (killed by the OOM
killer, by hand, by a segfault in an extension) marks the whole pool broken and fails every pending future. Here
each worker has its own pipe; the supervisor waits on the pipes and the process sentinels together, and when a
worker dies it starts a new one and gives it the task that was in flight. A task is pure (its games depend on
the plan only) and its shard is written atomically, so replaying a task is always safe.

The backends report progress as games finish, through a callback that runs in the calling thread.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import traceback
from collections import Counter, deque
from collections.abc import Callable, Sequence
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, Generic, TypeVar

from tcgsim.sim.seeds import Task
from tcgsim.sim.store import SimError, write_shard
from tcgsim.sim.worker import RunSpec, ShardTables, error_text, play_task, warm

__all__ = ["BackendStats", "Progress", "RunFailed", "supervise", "run_local", "run_dask", "available_cores",
           "start_context"]

S = TypeVar("S")
I = TypeVar("I")  # noqa: E741 - item
R = TypeVar("R")

Progress = Callable[[int], None]  # called with the number of games just finished
MAX_ATTEMPTS = 3  # a task that kills this many workers in a row is not retried again: the run fails
SHUTDOWN_WAIT = 5.0


@dataclass(frozen=True)
class BackendStats:
    """How a backend ran (for run.json's timings): worker processes or threads used, workers replaced."""

    workers: int
    restarts: int


class RunFailed(RuntimeError):
    """A task failed outside its games (e.g. a shard could not be written), or kept killing workers.

    The message is one line; `detail` holds the traceback, when there is one.
    """

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail



def available_cores() -> int:
    """The cores this process may run on (what --workers defaults to)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def start_context() -> Any:
    """fork where there is one (workers start in milliseconds and share the parent's loaded modules and card
    data), spawn elsewhere; TCGSIM_START_METHOD overrides it."""
    method = os.environ.get("TCGSIM_START_METHOD")
    if method is None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _worker_loop(target: Callable[[Any, Any], Any], setup: Any, conn: Connection) -> None:
    """A worker process: receive (index, item), run target(setup, item), send the result back; None ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the supervisor's to handle
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the supervisor is gone: so are we
            return
        if message is None:
            return
        index, item = message
        try:
            result = target(setup, item)
        except BaseException as exc:
            conn.send(("failed", index, (error_text(exc), traceback.format_exc())))
        else:
            conn.send(("done", index, result))


@dataclass
class _Slot:
    process: BaseProcess
    conn: Connection
    index: int | None = None  # the item in flight


class _Supervisor(Generic[S, I, R]):
    def __init__(self, target: Callable[[S, I], R], setup: S, items: Sequence[I], workers: int,
                 on_result: Callable[[int, R], None]) -> None:
        self.target, self.setup, self.items, self.on_result = target, setup, items, on_result
        self.workers = max(1, min(workers, len(items)))
        self.context = start_context()
        self.pending: deque[int] = deque(range(len(items)))
        self.attempts: Counter[int] = Counter()
        self.slots: list[_Slot] = []
        self.restarts = 0
        self.started = 0

    def _start(self) -> _Slot:
        parent, child = self.context.Pipe(duplex=True)
        self.started += 1
        process = self.context.Process(target=_worker_loop, args=(self.target, self.setup, child), daemon=True,
                                       name=f"tcgsim-worker-{self.started}")
        process.start()
        child.close()
        return _Slot(process, parent)

    def run(self) -> int:
        try:
            self.slots = [self._start() for _ in range(self.workers)]
            while self.pending or any(s.index is not None for s in self.slots):
                for slot in self.slots:
                    if slot.index is None and self.pending:
                        self._send(slot, self.pending.popleft())
                ready = set(wait([s.conn for s in self.slots] + [s.process.sentinel for s in self.slots], 1.0))
                for i, slot in enumerate(self.slots):
                    if slot.conn in ready or slot.process.sentinel in ready or not slot.process.is_alive():
                        alive = self._receive(slot)
                        if not alive or not slot.process.is_alive():
                            self.slots[i] = self._replace(slot)
        finally:
            self._shutdown()
        return self.restarts

    def _send(self, slot: _Slot, index: int) -> None:
        slot.index = index
        with suppress(OSError):  # died before we could hand it the task: the sentinel will say so next round
            slot.conn.send((index, self.items[index]))

    def _receive(self, slot: _Slot) -> bool:
        """Read every message the worker sent; False once its pipe is closed (the worker is gone)."""
        try:
            while slot.conn.poll():
                kind, index, payload = slot.conn.recv()
                if kind == "failed":
                    raise RunFailed(f"task {index} failed: {payload[0]}", payload[1])
                slot.index = None
                self.on_result(index, payload)
        except (EOFError, OSError):
            return False
        return True

    def _replace(self, slot: _Slot) -> _Slot:
        slot.process.join(SHUTDOWN_WAIT)
        slot.conn.close()
        self.restarts += 1
        if slot.index is not None:
            self.attempts[slot.index] += 1
            if self.attempts[slot.index] >= MAX_ATTEMPTS:
                raise RunFailed(f"task {slot.index} killed {MAX_ATTEMPTS} workers (exit code "
                                f"{slot.process.exitcode}); giving up")
            self.pending.appendleft(slot.index)
        return self._start()

    def _shutdown(self) -> None:
        for slot in self.slots:
            with suppress(OSError):
                slot.conn.send(None)
        for slot in self.slots:
            slot.process.join(SHUTDOWN_WAIT if slot.index is None else 0.0)
            if slot.process.is_alive():
                slot.process.terminate()
                slot.process.join(SHUTDOWN_WAIT)
            if slot.process.is_alive():  # pragma: no cover - ignored SIGTERM
                slot.process.kill()
                slot.process.join()
            slot.conn.close()


def supervise(target: Callable[[S, I], R], setup: S, items: Sequence[I], workers: int,
              on_result: Callable[[int, R], None]) -> int:
    """Run target(setup, item) for every item on `workers` processes; on_result(index, result) in this thread
    as each finishes. Dead workers are replaced and their item retried. Returns the number of restarts.

    `target` must be a module-level function (spawned workers import it); `setup` is handed to each worker
    once, when it starts.
    """
    if not items:
        return 0
    return _Supervisor(target, setup, items, workers, on_result).run()


# ----------------------------------------------------------------------------------------------- simulation


@dataclass(frozen=True)
class _SimSetup:
    spec: RunSpec
    folder: Path


def _sim_task(setup: _SimSetup, task: Task) -> int:
    """Play one task and write its shard; the supervisor only learns how many games it holds."""
    shard = play_task(setup.spec, task)
    write_shard(setup.folder, shard)
    return shard.n_games


def run_local(spec: RunSpec, tasks: Sequence[Task], folder: Path, workers: int, progress: Progress) -> BackendStats:
    """Play `tasks` on this machine. One worker plays in this process; more run under the supervisor."""
    setup = _SimSetup(spec, folder)
    if workers <= 1:
        for task in tasks:
            try:
                games = _sim_task(setup, task)
            except Exception as exc:
                raise RunFailed(f"task {task.task_id} failed: {error_text(exc)}", traceback.format_exc()) from exc
            progress(games)
        return BackendStats(1, 0)
    warm(spec)  # before the workers fork: they inherit the loaded card data
    restarts = supervise(_sim_task, setup, tasks, workers, lambda _index, games: progress(games))
    return BackendStats(max(1, min(workers, len(tasks))), restarts)


def run_dask(spec: RunSpec, tasks: Sequence[Task], folder: Path, workers: int, scheduler: str | None,
             progress: Progress, connect_timeout: float = 10.0) -> BackendStats:
    """Play `tasks` on a Dask cluster (the scheduler at `scheduler`, or a local cluster of `workers` processes).

    Workers play and return their rows; this process writes the shards, so the cluster needs no shared disk.
    A bounded window of tasks is in flight at a time, so memory stays flat however many games are asked for.
    Dask itself retries the tasks of a worker that dies (restarts are Dask's business: reported as 0).
    """
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SimError("the dask backend needs dask.distributed: pip install 'tcgsim[dask]'") from None
    with ExitStack() as stack:
        try:
            if scheduler:
                client = stack.enter_context(Client(scheduler, timeout=connect_timeout))
            else:
                cluster = stack.enter_context(LocalCluster(n_workers=workers, threads_per_worker=1,
                                                           processes=True, dashboard_address=None))
                client = stack.enter_context(Client(cluster))
            client.wait_for_workers(1, timeout=60)
        except (OSError, TimeoutError) as exc:
            where = f"the Dask scheduler at {scheduler}" if scheduler else "a local Dask cluster"
            raise SimError(f"cannot use {where}: {exc}") from None
        threads = max(1, sum(client.nthreads().values()))
        window = 2 * threads
        queue = iter(tasks)
        done = as_completed()

        def submit_next() -> None:
            task = next(queue, None)
            if task is not None:
                done.add(client.submit(play_task, spec, task, key=f"tcgsim-{spec.run_id}-{task.task_id:06d}",
                                       retries=MAX_ATTEMPTS - 1))

        for _ in range(window):
            submit_next()
        for future in done:
            try:
                shard: ShardTables = future.result()
            except Exception as exc:
                raise RunFailed(f"a task failed on the cluster: {error_text(exc)}", traceback.format_exc()) from exc
            future.release()
            write_shard(folder, shard)
            progress(shard.n_games)
            submit_next()
    return BackendStats(threads, 0)

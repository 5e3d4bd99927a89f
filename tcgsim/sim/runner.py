"""Backends that play a run's tasks: local worker processes under a small supervisor, or a Dask cluster.

Why our own supervisor and not concurrent.futures: a ProcessPoolExecutor whose worker dies (killed by the OOM
killer, by hand, by a segfault in an extension) marks the whole pool broken and fails every pending future. Here
each worker has its own pipe; the supervisor waits on the pipes and the process sentinels together, and when a
worker dies it starts a new one and gives it the task that was in flight. A task is pure (its games depend on
the plan only) and its shard is written atomically, so replaying a task is always safe.

Workers never outlive the supervisor: on Linux each asks the kernel for SIGKILL when its parent dies
(prctl PR_SET_PDEATHSIG), closes the pipe ends of the parent it inherited by fork, and checks its parent while
it waits for work; so a `kill -9` of tcgsim, the OOM killer or a caller's timeout leaves no process behind
holding its output open.

The backends report progress as games finish, through a callback that runs in the calling thread.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import re
import signal
import sys
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, Generic, TypeVar

from tcgsim.machine import available_cores
from tcgsim.sim.errors import EXIT_PROBLEM, RunFailed, SimError
from tcgsim.sim.folder import oserror_text
from tcgsim.sim.seeds import Task
from tcgsim.sim.store import write_shard
from tcgsim.sim.worker import RunSpec, ShardTables, error_text, play_task, warm

__all__ = ["BackendStats", "Progress", "RunFailed", "supervise", "run_local", "run_dask", "available_cores",
           "start_context", "check_scheduler"]

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


class DaskUnavailable(SimError):
    """The Dask scheduler (or a local cluster) cannot be reached or started: the machine's business, exit 1."""

    exit_status = EXIT_PROBLEM


def start_context() -> Any:
    """fork where there is one (workers start in milliseconds and share the parent's loaded modules and card
    data), spawn elsewhere; TCGSIM_START_METHOD overrides it."""
    method = os.environ.get("TCGSIM_START_METHOD")
    if method is None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


_PR_SET_PDEATHSIG = 1
PARENT_CHECK_S = 1.0  # how often an idle worker checks that its supervisor still lives


def _die_with_parent(parent_pid: int) -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux); exit now if it already has."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent_pid:  # the parent died before the request was made
        os._exit(0)


def _worker_loop(target: Callable[[Any, Any], Any], setup: Any, conn: Connection, parent_pid: int,
                 inherited: tuple[Connection, ...]) -> None:
    """A worker process: receive (index, item), run target(setup, item), send the result back; None ends it."""
    _die_with_parent(parent_pid)
    for other in inherited:  # the supervisor's pipe ends, copied by fork: holding them would hide its death
        other.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the supervisor's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the supervisor's handler, inherited by fork
    while True:
        try:
            while not conn.poll(PARENT_CHECK_S):
                if os.getppid() != parent_pid:
                    return
            message = conn.recv()
        except (EOFError, OSError):  # the supervisor is gone: so are we
            return
        if message is None:
            return
        index, item = message
        try:
            result = target(setup, item)
        except RunFailed as exc:  # already one line for the user (a full disk, say)
            conn.send(("stopped", index, (str(exc), traceback.format_exc())))
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
    """Hands items to worker processes one at a time, drawing them from the source as workers free up, so the
    items are never all in memory (a run of a billion games plans its tasks as it goes)."""

    def __init__(self, target: Callable[[S, I], R], setup: S, items: Iterable[I], workers: int,
                 on_result: Callable[[I, R], None], name: Callable[[I], str]) -> None:
        self.target, self.setup, self.on_result, self.name = target, setup, on_result, name
        self.workers = max(1, workers)
        self.context = start_context()
        self.source: Iterator[I] = iter(items)
        self.retry: deque[int] = deque()  # items whose worker died, to be handed out again first
        self.in_flight: dict[int, I] = {}
        self.attempts: dict[int, int] = {}
        self.drawn = 0
        self.slots: list[_Slot] = []
        self.restarts = 0
        self.started = 0

    def _next(self) -> int | None:
        """The index of the next item to hand out, or None when there is none left."""
        if self.retry:
            return self.retry.popleft()
        item = next(self.source, None)
        if item is None:
            return None
        index = self.drawn
        self.drawn += 1
        self.in_flight[index] = item
        return index

    def _start(self) -> _Slot:
        parent, child = self.context.Pipe(duplex=True)
        self.started += 1
        forked = self.context.get_start_method() == "fork"
        inherited = (parent, *(s.conn for s in self.slots)) if forked else ()
        process = self.context.Process(target=_worker_loop, args=(self.target, self.setup, child, os.getpid(),
                                                                  inherited),
                                       daemon=True, name=f"tcgsim-worker-{self.started}")
        process.start()
        child.close()
        return _Slot(process, parent)

    def run(self) -> int:
        try:
            while True:
                for slot in self.slots:
                    if slot.index is None:
                        index = self._next()
                        if index is not None:
                            self._send(slot, index)
                while len(self.slots) < self.workers:
                    index = self._next()
                    if index is None:
                        break
                    slot = self._start()
                    self.slots.append(slot)
                    self._send(slot, index)
                if not any(s.index is not None for s in self.slots):
                    break
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
            slot.conn.send((index, self.in_flight[index]))

    def _receive(self, slot: _Slot) -> bool:
        """Read every message the worker sent; False once its pipe is closed (the worker is gone)."""
        try:
            while slot.conn.poll():
                kind, index, payload = slot.conn.recv()
                if kind == "stopped":
                    raise RunFailed(payload[0], payload[1])
                if kind == "failed":
                    raise RunFailed(f"{self.name(self.in_flight[index])} failed: {payload[0]}", payload[1])
                slot.index = None
                self.on_result(self.in_flight.pop(index), payload)
                self.attempts.pop(index, None)
        except (EOFError, OSError):
            return False
        return True

    def _replace(self, slot: _Slot) -> _Slot:
        slot.process.join(SHUTDOWN_WAIT)
        slot.conn.close()
        self.restarts += 1
        if slot.index is not None:
            attempts = self.attempts[slot.index] = self.attempts.get(slot.index, 0) + 1
            if attempts >= MAX_ATTEMPTS:
                raise RunFailed(f"{self.name(self.in_flight[slot.index])} killed {MAX_ATTEMPTS} workers (exit "
                                f"code {slot.process.exitcode}); giving up")
            self.retry.appendleft(slot.index)
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


def supervise(target: Callable[[S, I], R], setup: S, items: Iterable[I], workers: int,
              on_result: Callable[[I, R], None], name: Callable[[I], str] | None = None) -> int:
    """Run target(setup, item) for every item on up to `workers` processes; on_result(item, result) in this
    thread as each finishes. Dead workers are replaced and their item retried. Returns the number of restarts.

    `items` may be a lazy iterable: it is drawn from as workers free up. `target` must be a module-level
    function (spawned workers import it); `setup` is handed to each worker once, when it starts. `name`
    labels an item in error messages.
    """
    return _Supervisor(target, setup, items, workers, on_result, name or (lambda _item: "a task")).run()


# ----------------------------------------------------------------------------------------------- simulation


@dataclass(frozen=True)
class _SimSetup:
    spec: RunSpec
    folder: Path


def save_shard(folder: Path, shard: ShardTables) -> None:
    """Write a task's shard; a disk that refuses it (full, read-only, gone) stops the run in one line."""
    try:
        write_shard(folder, shard)
    except OSError as exc:
        raise RunFailed(f"cannot write the results to {folder}: {oserror_text(exc)}", traceback.format_exc()) \
            from None


def _sim_task(setup: _SimSetup, task: Task) -> int:
    """Play one task and write its shard; the supervisor only learns how many games it holds."""
    shard = play_task(setup.spec, task)
    save_shard(setup.folder, shard)
    return shard.n_games


def _task_name(task: Task) -> str:
    return f"task {task.task_id}"


def run_local(spec: RunSpec, tasks: Iterable[Task], folder: Path, workers: int, progress: Progress) -> BackendStats:
    """Play `tasks` on this machine. One worker plays in this process; more run under the supervisor."""
    setup = _SimSetup(spec, folder)
    if workers <= 1:
        for task in tasks:
            try:
                games = _sim_task(setup, task)
            except RunFailed:
                raise
            except Exception as exc:
                raise RunFailed(f"task {task.task_id} failed: {error_text(exc)}", traceback.format_exc()) from exc
            progress(games)
        return BackendStats(1, 0)
    warm(spec)  # before the workers fork: they inherit the loaded card data

    def finished(_task: Task, games: int) -> None:
        progress(games)

    supervisor = _Supervisor(_sim_task, setup, tasks, workers, finished, _task_name)
    restarts = supervisor.run()
    return BackendStats(max(1, len(supervisor.slots)), restarts)


_SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?[\w.\-\[\]:%]+:\d{1,5}/?|inproc://\S+")


def check_scheduler(address: str) -> None:
    """A Dask scheduler address is `tcp://host:port` (or another of Dask's protocols, or `host:port`)."""
    if not _SCHEDULER.fullmatch(address.strip()):
        raise SimError(f"--scheduler {address!r} is not a Dask scheduler address (like tcp://host:8786)")


def run_dask(spec: RunSpec, tasks: Iterable[Task], folder: Path, workers: int, scheduler: str | None,
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
        except (OSError, TimeoutError, ValueError) as exc:
            where = f"the Dask scheduler at {scheduler}" if scheduler else "a local Dask cluster"
            raise DaskUnavailable(f"cannot use {where}: {' '.join(str(exc).split()) or type(exc).__name__}") \
                from None
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
            save_shard(folder, shard)
            progress(shard.n_games)
            submit_next()
    return BackendStats(threads, 0)

"""The core archex shares with its command line and its npm library: the presets, the parameters'
checks, the `run --json` report, validation and figures, written once in TypeScript and bundled
into `_core.js`, evaluated here in V8 (mini-racer). Python runs the engine; the core says what to
run and what the runs mean."""

from __future__ import annotations

import atexit
import json
import threading
from importlib import metadata
from pathlib import Path
from typing import Any

from py_mini_racer import MiniRacer

from . import _engine

_BUNDLE = Path(__file__).with_name("_core.js")
_BUILD = Path(__file__).with_name("_build.json")


class ArchexError(Exception):
    """A request archex refuses, in the words its command line uses."""


class ParamError(ArchexError, ValueError):
    """A parameter out of its range or of the wrong kind; `.param` names it."""

    def __init__(self, message: str, param: str):
        super().__init__(message)
        self.param = param


def build_record() -> dict[str, Any]:
    """What made an output: this package's version and the engine's build (the `made_by` record).

    A wheel built beside the WebAssembly engine ships that build's record (`_build.json`), whose
    sources are the ones compiled here; otherwise the record names the sources alone."""
    if _BUILD.exists():
        record = json.loads(_BUILD.read_text())
        if record.get("sources") == _engine.sources():
            return record
    return {"version": metadata.version("archex"), "sources": _engine.sources(), "wasm": None}


class Core:
    """The bundle in one V8 context, for this process (V8 runs one call at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ctx = MiniRacer()
        self._ctx.eval(_BUNDLE.read_text())
        self.call("init", _engine.models(), json.dumps(build_record()))

    def call(self, name: str, *args: Any) -> Any:
        with self._lock:
            said = json.loads(self._ctx.call("archexCore.call", name, *args))
        if "error" in said:
            error = said["error"]
            if error.get("param"):
                raise ParamError(error["message"], error["param"])
            raise ArchexError(error["message"])
        return said["value"]

    def json(self, name: str, *args: Any) -> Any:
        """A call whose value is JSON text, read."""
        return json.loads(self.call(name, *args))

    def close(self) -> None:
        """Frees the V8 context. Left to the interpreter's teardown, mini-racer's finalizer at
        times waits for ever (in mr_free_context) and the process never exits: a sweep's worker
        with it, and the sweep waiting on that worker."""
        # A daemon thread stopped mid-call holds the lock: its context is left to the teardown.
        if self._lock.acquire(timeout=1):
            try:
                self._ctx.close()
            finally:
                self._lock.release()


_core: Core | None = None
_core_lock = threading.Lock()


def core() -> Core:
    """The process's core, made on first use (evaluating the bundle takes a fraction of a second),
    closed as the process exits."""
    global _core
    with _core_lock:
        if _core is None:
            _core = Core()
            atexit.register(_close)
        return _core


def _close() -> None:
    global _core
    with _core_lock:
        closing, _core = _core, None
    if closing is not None:
        closing.close()

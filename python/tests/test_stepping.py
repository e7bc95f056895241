import json
import os
import signal
import threading
import time

import pytest

from archex import _engine
from archex._stepping import run_to_end

# A run of many seconds (the J-Machine's programs on 1 to 512 nodes), for stopping part way.
SLOW = ("jmachine_programs", "{}", 1)


def test_run_to_end_reports_rising_progress_and_ends_at_one(native):
    params = {"dims": [4, 4, 4], "message_words": [2, 8], "grain_cycles": [0, 100]}
    run = _engine.Run("jmachine_loop", json.dumps(params), 1)
    seen = []
    run_to_end(run, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 1.0
    args = [f"{k}={','.join(map(str, v))}" for k, v in params.items()]
    assert run.result_json() + "\n" == native("jmachine_loop", "--full", *args).stdout


def test_run_to_end_raises_timeout_error_naming_the_limit():
    run = _engine.Run(*SLOW)
    with pytest.raises(TimeoutError, match="time limit of 0.2 s"):
        run_to_end(run, time_limit_s=0.2)
    assert run.progress() < 1


def test_sigint_during_a_run_raises_keyboard_interrupt_between_slices(record_property, capsys):
    run = _engine.Run(*SLOW)
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_to_end(run)
        caught = time.monotonic()
    finally:
        timer.cancel()
    # Stopped part way, not at the end of the run.
    assert run.progress() < 1
    latency = caught - sent[0]
    record_property("sigint_to_keyboard_interrupt_s", latency)
    with capsys.disabled():
        print(f"\nSIGINT to KeyboardInterrupt during a run: {latency * 1000:.0f} ms")

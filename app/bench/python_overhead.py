"""The Python binding's cost over the native runner (`npm run bench`'s python lines): one network
point run by `archex.run` in this process and by `archex_run` as a process, in interleaved pairs
(the host is noisy), each pair's ratio kept; prints JSON lines {"name", "value", "unit"}.
    python app/bench/python_overhead.py ARCHEX_RUN [PAIRS]"""

import json
import statistics
import subprocess
import sys
import time

import archex
from archex import _engine
from archex._stepping import run_to_end

NAME = "network_8x8x8_uniform_0.12"
# The native bench's network point (engine/bench/engine_bench.cpp), about a second natively.
POINT = {"dims": [8, 8, 8], "vcs": 1, "packet_flits": 8, "injection_rate": 0.12,
         "sweep_rates": [0.12], "confidence_percent": 0.5, "max_cycles": 20000}


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": value, "unit": unit}), flush=True)


def main(runner: str, pairs: int) -> None:
    argv = [runner, "network_traffic", "--seed", "1", "--full",
            *(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in POINT.items())]

    def native() -> tuple[float, str]:
        start = time.perf_counter()
        out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        return time.perf_counter() - start, out

    def binding() -> tuple[float, str]:
        start = time.perf_counter()
        run = _engine.Run("network_traffic", json.dumps(POINT), 1)
        run_to_end(run)
        return time.perf_counter() - start, run.result_json() + "\n"

    def whole() -> float:
        start = time.perf_counter()
        archex.run("network_traffic", seed=1, **POINT)
        return time.perf_counter() - start

    whole()  # V8 and the core loaded once, as in a session
    times: dict[str, list[float]] = {"archex_run": [], "binding": [], "run": []}
    for _ in range(pairs):
        t_native, expected = native()
        t_binding, got = binding()
        if got != expected:
            sys.exit("python_overhead: the binding's result differs from archex_run's")
        times["archex_run"].append(t_native)
        times["binding"].append(t_binding)
        times["run"].append(whole())
    for key, label in (("archex_run", "archex_run"), ("binding", "python_binding"),
                       ("run", "python_run")):
        emit(f"{label}.{NAME}.ms", round(statistics.median(times[key]) * 1000, 1), "ms")
    for key, label in (("binding", "python_binding"), ("run", "python_run")):
        ratios = [b / a for a, b in zip(times["archex_run"], times[key])]
        emit(f"{label}_over_archex_run.{NAME}", round(statistics.median(ratios), 4), "x")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7)

#!/usr/bin/env bash
# Builds the Python package's wheel, installs it in a fresh virtual environment with pytest and
# runs python/tests against it (`npm run test:python`, the `python` stage of `npm test`).
#   build_and_test.sh          the wheel, built incrementally
#   build_and_test.sh --sdist  the sdist instead, installed by pip from a copy outside the checkout,
#                              so it must carry every source it compiles (a whole engine build)
#   build_and_test.sh --venv DIR  the wheel installed in the virtual environment DIR (made if
#                              missing), kept, and no tests run (the bench's python lines)
# The build reuses python/build/: a virtual environment with the build requirements of
# pyproject.toml, and scikit-build-core's build directory (`build-dir`), where ninja rebuilds only
# what changed. Building without isolation keeps the paths CMake cached the same from run to run.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
build=python/build
# The build's own environment, one for each Python that builds (3.12 and newer build abi3).
tools=$build/tools-$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT

requires=$("$python" -c 'import tomllib; print("\n".join(tomllib.load(open("python/pyproject.toml", "rb"))["build-system"]["requires"]))')
if [[ ! -x $tools/bin/python || "$(cat "$tools/requires" 2>/dev/null)" != "$requires" ]]; then
  rm -rf "$tools"
  "$python" -m venv "$tools"
  mapfile -t packages <<<"$requires"
  "$tools/bin/pip" install -q --disable-pip-version-check "${packages[@]}" build
  printf '%s' "$requires" >"$tools/requires"
fi

# The core bundle the package runs in V8, and the record of the engine build beside it: a run's
# made_by names the same build as the command line's (its sources are the ones compiled here).
npm run -s build:python-core
if [[ ! -f wasm/build/archex.build.json ]]; then
  echo "python: wasm/build/archex.build.json is missing: run npm run build:wasm first" >&2
  exit 1
fi
cp wasm/build/archex.build.json python/archex/_build.json

venv=$fresh/venv
if [[ "${1:-}" == "--venv" ]]; then
  venv=${2:?--venv takes a directory}
fi

if [[ "${1:-}" == "--sdist" ]]; then
  "$tools/bin/python" -m build --sdist --no-isolation --outdir "$fresh" python >/dev/null
  # pip unpacks and builds it in a folder of its own, away from the checkout.
  package=$(echo "$fresh"/archex-*.tar.gz)
else
  rm -f "$build"/archex-*.whl
  "$tools/bin/pip" wheel -q --disable-pip-version-check --no-build-isolation --no-deps \
    -w "$build" ./python
  package=$(echo "$build"/archex-*.whl)
fi

[[ -x $venv/bin/python ]] || "$python" -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall "$package[test]"
[[ "${1:-}" == "--venv" ]] && exit 0
# From the root, where the tests find the runner and the wasm build they compare with; pytest's
# own script, so that the checkout's python/archex is not on the path, only the installed one.
"$venv/bin/pytest" -q -p no:cacheprovider python/tests

"""Writes a C++ header defining ARCHEX_SOURCES: the hash of the engine's sources, computed as
wasm/built.mjs's sourcesHash computes it (the same files, order and hashing), so a wheel and a
wasm build of the same sources name the same hash.

    python sources_hash.py ROOT OUT_HEADER
"""

import hashlib
import sys
from pathlib import Path

# wasm/built.mjs's WASM_SOURCES.
SOURCES = ["engine/src", "engine/CMakeLists.txt", "wasm/bindings.cpp", "wasm/CMakeLists.txt"]


def files_under(path: Path) -> list[Path]:
    if path.is_dir():
        return [f for child in path.iterdir() for f in files_under(child)]
    return [path] if path.exists() else []


def sources_hash(root: Path) -> str:
    files = sorted(
        f.relative_to(root).as_posix() for source in SOURCES for f in files_under(root / source)
    )
    digest = hashlib.sha256()
    for name in files:
        for part in (name.encode(), (root / name).read_bytes()):
            digest.update(f"{len(part)}\n".encode())
            digest.update(part)
    return digest.hexdigest()[:16]


def main() -> None:
    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    text = f'#pragma once\n#define ARCHEX_SOURCES "{sources_hash(root)}"\n'
    # Unchanged text keeps its time, so the module is not recompiled for nothing.
    if not out.exists() or out.read_text() != text:
        out.write_text(text)


if __name__ == "__main__":
    main()

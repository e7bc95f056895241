// A machine is its folder: adding one touches engine/src/machines/<machine>/, its tests in
// engine/tests/machines/<machine>/ and one line in builtin_models.cpp, nothing else of the engine
// (docs/developing.md, "Adding a model"). A throwaway machine added to a copy of the engine is
// configured by CMake, sources and tests, with no list edited.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const engine = new URL('../engine/', import.meta.url).pathname;
const machines = readdirSync(join(engine, 'src/machines'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('a machine folder', () => {
  let copy = '';
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('is named by no CMake list outside it', () => {
    const lists = readFileSync(join(engine, 'CMakeLists.txt'), 'utf8');
    expect(machines.length).toBeGreaterThanOrEqual(5);
    for (const m of machines) expect(lists, m).not.toContain(m);
  });

  it('is registered by one line of builtin_models.cpp, and tested in a folder of its own', () => {
    const registry = readFileSync(join(engine, 'src/machines/builtin_models.cpp'), 'utf8');
    for (const m of machines) {
      expect(registry, m).toContain(`#include "machines/${m}/register.h"`);
      expect(registry, m).toContain(`register_${m}(registry);`);
      expect(readdirSync(join(engine, 'tests/machines', m)), m).toContain('CMakeLists.txt');
    }
  });

  it('builds a throwaway machine added to a copy of the engine, its sources and tests', () => {
    copy = mkdtempSync(join(tmpdir(), 'archex-machine-'));
    for (const part of ['CMakeLists.txt', 'src', 'tests', 'tools', 'bench']) {
      cpSync(join(engine, part), join(copy, part), { recursive: true });
    }
    const put = (file: string, text: string) => {
      mkdirSync(join(copy, file, '..'), { recursive: true });
      writeFileSync(join(copy, file), text);
    };
    put(
      'src/machines/scratch/CMakeLists.txt',
      'target_sources(archex_engine PRIVATE register.cpp)\n',
    );
    put('src/machines/scratch/register.cpp', '');
    put(
      'tests/machines/scratch/CMakeLists.txt',
      'target_sources(archex_engine_tests PRIVATE scratch_test.cpp)\n',
    );
    put('tests/machines/scratch/scratch_test.cpp', '');
    execFileSync('cmake', ['-S', copy, '-B', join(copy, 'build'), '-G', 'Ninja'], {
      stdio: 'pipe',
    });
    const ninja = readFileSync(join(copy, 'build/build.ninja'), 'utf8');
    expect(ninja).toContain('src/machines/scratch/register.cpp');
    expect(ninja).toContain('tests/machines/scratch/scratch_test.cpp');
  }, 120_000);
});

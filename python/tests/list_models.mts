// The stand-in's models: the wasm engine's ModelInfo[] as JSON (what `archex._engine.models()`
// is to give), for the Python tests until the native module is built.
import { loadNodeModule } from '../../app/engine/node_module.ts';

process.stdout.write(JSON.stringify((await loadNodeModule()).listModels()));

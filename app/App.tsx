import type { ReactNode } from 'react';
import { Component, useEffect, useState } from 'react';

import type { Engine } from './engine/engine';
import { isAbortError } from './engine/engine';
import type { ModelInfo } from './engine/types';
import { presets } from './presets/bundled';
import { MultiPsiView } from './views/MultiPsiView';

export function App({ engine }: { engine: Engine }) {
  const [models, setModels] = useState<ModelInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    engine.listModels(controller.signal).then(setModels, (e: unknown) => {
      if (!isAbortError(e)) setError(e instanceof Error ? e.message : String(e));
    });
    return () => controller.abort();
  }, [engine]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>
          archex <span className="tagline">architecture explorer</span>
        </h1>
      </header>
      {error !== null ? (
        <p role="alert" className="banner error">
          The simulation engine did not load: {error}
        </p>
      ) : models === null ? (
        <p className="banner">Loading the simulation engine…</p>
      ) : (
        <ErrorBoundary>
          <MultiPsiView engine={engine} models={models} presets={presets} />
        </ErrorBoundary>
      )}
    </div>
  );
}

/** A rendering failure shows its message instead of blanking the page. */
class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <p role="alert" className="banner error">
          This view failed to draw: {this.state.error.message}. Reset the parameters or reload.
        </p>
      );
    }
    return this.props.children;
  }
}

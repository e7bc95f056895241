import { useLayoutEffect } from 'react';

import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { Theme, UrlContext } from './url_state';

/** What reading a link needs to know: the presets and each one's parameter specs. */
export function urlContext(presets: Preset[], models: ModelInfo[]): UrlContext {
  return {
    presetIds: presets.map((p) => p.id),
    specsFor: (id) => {
      const model = presets.find((p) => p.id === id)?.model;
      return models.find((m) => m.name === model)?.params ?? [];
    },
  };
}

/** Applies the chosen theme to the page; none follows the system's. */
export function useTheme(theme: Theme | undefined): void {
  useLayoutEffect(() => {
    if (theme) document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  }, [theme]);
}

// Writing a state's fields as a link holds them: fixed key order, defaults left out, so equal
// states give equal links.
import type { Params } from '../engine/types';
import type { ChartChoice, Layout, Pane, StepAnswer, UrlState, ViewLink } from './link_types';

function sortedParams(params: Params): Params {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
}

function isDefaultChoice(choice: ChartChoice): boolean {
  return (
    (choice.overlay ?? true) &&
    (choice.models ?? true) &&
    !choice.table &&
    choice.xLog === undefined &&
    choice.yLog === undefined &&
    !choice.plane
  );
}

/** A view link's fields in a fixed order, absent ones left out. */
function viewFields(view: ViewLink) {
  const { kind, chart, point, from, length, time, selected, window } = view;
  return {
    kind,
    chart,
    ...(point !== undefined ? { point } : {}),
    from,
    length,
    ...(time !== undefined ? { time } : {}),
    ...(selected !== undefined ? { selected } : {}),
    ...(window !== undefined ? { window } : {}),
  };
}

/** Chart choices that differ from the defaults, in a fixed order. */
function chartFields(charts: Record<string, ChartChoice>) {
  return Object.fromEntries(
    Object.entries(charts)
      .filter(([, choice]) => !isDefaultChoice(choice))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, c]) => [
        id,
        {
          ...(c.overlay === false ? { overlay: false } : {}),
          ...(c.models === false ? { models: false } : {}),
          ...(c.table ? { table: true } : {}),
          ...(c.xLog !== undefined ? { xLog: c.xLog } : {}),
          ...(c.yLog !== undefined ? { yLog: c.yLog } : {}),
          ...(c.plane ? { plane: c.plane } : {}),
        },
      ]),
  );
}

/** A pane's fields as a link writes them (pins are the page's, written apart). */
function paneFields(pane: Pane) {
  const charts = chartFields(pane.charts);
  return {
    ...(pane.presetId !== null ? { preset: pane.presetId } : {}),
    ...(Object.keys(pane.params).length > 0 ? { params: sortedParams(pane.params) } : {}),
    ...(pane.seed !== undefined ? { seed: pane.seed } : {}),
    ...(Object.keys(charts).length > 0 ? { charts } : {}),
    ...(pane.view ? { view: viewFields(pane.view) } : {}),
  };
}

/** The predictions in step order, each with its fields in a fixed order. */
function answerFields(answers: Record<number, StepAnswer>): Record<string, StepAnswer> {
  return Object.fromEntries(
    Object.entries(answers)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([step, a]) => [
        step,
        {
          ...(a.typed !== undefined ? { typed: a.typed } : {}),
          ...(a.choice !== undefined ? { choice: a.choice } : {}),
          ...(a.revealed ? { revealed: a.revealed } : {}),
        },
      ]),
  );
}

function layoutFields(layout: Layout): Record<string, unknown> {
  switch (layout.kind) {
    case 'side':
      return { kind: layout.kind, right: paneFields(layout.right) };
    case 'tour':
      return {
        kind: layout.kind,
        tour: layout.tour,
        step: layout.step,
        ...(layout.open ? { open: layoutFields(layout.open) } : {}),
        ...(layout.answers && Object.keys(layout.answers).length > 0
          ? { answers: answerFields(layout.answers) }
          : {}),
        ...(layout.lesson ? { lesson: layout.lesson } : {}),
      };
    case 'machines': {
      const params = Object.entries(layout.params)
        .filter(([, p]) => Object.keys(p).length > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, p]) => [id, sortedParams(p)]);
      return {
        kind: layout.kind,
        ...(layout.machine !== undefined ? { machine: layout.machine } : {}),
        ...(layout.unit !== 'us' ? { unit: layout.unit } : {}),
        ...(params.length > 0 ? { params: Object.fromEntries(params) } : {}),
      };
    }
  }
}

/** Every field of a state as a link writes them, in a fixed order, defaults left out. */
export function stateFields(state: UrlState): Record<string, unknown> {
  const pins = state.pins.map((p) => ({
    preset: p.presetId,
    ...(Object.keys(p.params).length > 0 ? { params: sortedParams(p.params) } : {}),
    ...(p.seed !== undefined ? { seed: p.seed } : {}),
  }));
  const { charts, view, ...pane } = paneFields(state);
  return {
    ...pane,
    ...(state.theme !== undefined ? { theme: state.theme } : {}),
    ...(charts ? { charts } : {}),
    ...(pins.length > 0 ? { pins } : {}),
    ...(view ? { view } : {}),
    ...(state.layout ? { layout: layoutFields(state.layout) } : {}),
    ...(state.present
      ? { present: state.present.chart ? { chart: state.present.chart } : {} }
      : {}),
    ...(state.booksim
      ? {
          booksim: {
            name: state.booksim.name,
            notes: state.booksim.notes.map(({ key, reason }) => ({ key, reason })),
          },
        }
      : {}),
  };
}

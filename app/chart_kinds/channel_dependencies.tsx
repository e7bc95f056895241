// A network's channel-dependency graph (which channel a packet may wait on while holding
// another), its cycles marked: where a routing can deadlock; the escape channels' subgraph and
// the turns a routing forbids beside.
import type { ChartKind } from './kind';
import { ChannelDependencyGraph } from '../charts/ChannelDependencyGraph';
import type { DependencyGraphData } from '../results/dependency_graph_data';
import { dependencyGraphData } from '../results/dependency_graph_data';
import { findNetwork } from '../engine/types';

export const channelDependenciesKind: ChartKind<'channel-dependencies', DependencyGraphData> = {
  build: (spec, { run }) => dependencyGraphData(findNetwork(run.result, spec.network)),
  // Drawn to its width: the graph sets its height.
  draw: ({ name, title, data, width, fontSize }) => (
    <ChannelDependencyGraph
      name={name}
      title={title}
      data={data}
      width={width}
      fontSize={fontSize}
    />
  ),
  // Under an adaptive routing with escape channels, which dependences join two of them and the
  // cycles of that subgraph too.
  table: (data, words) => ({
    columns: [
      words.word('fromChannel'),
      words.word('fromClass'),
      words.word('toChannel'),
      words.word('toClass'),
      words.word('cycle'),
      ...(data.escapes ? [words.word('escapeToEscape'), words.word('escapeCycle')] : []),
    ],
    rows: data.edges.map((e) => [
      e.from,
      e.fromClass,
      e.to,
      e.toClass,
      e.cycle,
      ...(data.escapes ? [words.word(e.escape ? 'yes' : 'no'), e.escapeCycle] : []),
    ]),
  }),
  // Its numbers name channels and classes; what it shows of a run is said in words (a cycle).
  drawn: () => [],
};

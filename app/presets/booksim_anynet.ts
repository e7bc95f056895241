// BookSim2's anynet (src/networks/anynet.cpp, topology = anynet): its network_file, read as
// AnyNet::readFile reads it, as archex's anynet shape's lists. Lines such as `router 0 node 0
// node 1 router 1 10`: a router, the nodes on it and the routers it links to, a number after a
// router the cycles of the channel to it (one way only; the way back takes 1 unless given).
import type { Config, Mapped, ReadFile } from './booksim_syntax';
import { BooksimError, word } from './booksim_syntax';

/** The network file as BookSim2 builds it: each node's router, each router's channels. */
interface AnynetFile {
  nodeRouter: Map<number, number>;
  /** Router to the routers it has a channel to, with that channel's cycles. */
  channels: Map<number, Map<number, number>>;
}

const KEY = 'network_file';

function id(token: string | undefined, what: string, line: number): number {
  if (token === undefined || !/^\d+$/.test(token))
    throw new BooksimError(KEY, `line ${line}: '${token ?? ''}' is not a ${what} number`);
  return Number(token);
}

/**
 * The file's lines, each `router R` then `node N` and `router S` items, a number after an item
 * its channel's cycles. A later line's link to a router sets its cycles again (1 unless given),
 * as BookSim2's does; the way back is set to 1 only where no line gave it.
 */
function parse(text: string): AnynetFile {
  const file: AnynetFile = { nodeRouter: new Map(), channels: new Map() };
  const router = (r: number) => {
    if (!file.channels.has(r)) file.channels.set(r, new Map());
    return file.channels.get(r)!;
  };
  text.split('\n').forEach((content, i) => {
    const line = i + 1;
    const tokens = content
      .trim()
      .split(/\s+/)
      .filter((t) => t !== '');
    if (tokens.length === 0) return;
    if (tokens[0] !== 'router')
      throw new BooksimError(
        KEY,
        `line ${line}: '${tokens[0]}' where a line starts 'router R' (archex reads the lines BookSim2's README writes)`,
      );
    const head = id(tokens[1], 'router', line);
    router(head);
    let last: { kind: 'node' | 'router'; id: number } | undefined;
    for (let t = 2; t < tokens.length; t++) {
      const token = tokens[t]!;
      if (/^\d+$/.test(token) && last !== undefined) {
        const cycles = Number(token);
        if (cycles < 1)
          throw new BooksimError(KEY, `line ${line}: a channel of ${cycles} cycles; at least 1`);
        // BookSim2's parser writes a number after a node into the head router's channel to the
        // router of the node's number (anynet.cpp, LINK_WEIGHT), not into the node's channel.
        if (last.kind === 'node')
          throw new BooksimError(
            KEY,
            `line ${line}: ${cycles} cycles after node ${last.id}: BookSim2 sets them on router ${head}'s channel to router ${last.id}, not on the node's; archex takes cycles after a router only`,
          );
        router(head).set(last.id, cycles);
        last = undefined;
        continue;
      }
      if (token !== 'node' && token !== 'router')
        throw new BooksimError(KEY, `line ${line}: '${token}' is not 'node', 'router' or cycles`);
      const other = id(tokens[++t], token, line);
      if (token === 'node') {
        const before = file.nodeRouter.get(other);
        if (before !== undefined && before !== head)
          throw new BooksimError(
            KEY,
            `line ${line}: node ${other} is on router ${before} and router ${head}; a node has one router`,
          );
        file.nodeRouter.set(other, head);
      } else {
        if (other === head)
          throw new BooksimError(KEY, `line ${line}: router ${head} linked to itself`);
        router(head).set(other, 1);
        if (!router(other).has(head)) router(other).set(head, 1);
      }
      last = { kind: token, id: other };
    }
  });
  return file;
}

/** 0 to n - 1 each once, as BookSim2 numbers routers and nodes, or a refusal. */
function numbered(ids: Iterable<number>, what: string): number {
  const sorted = [...ids].sort((a, b) => a - b);
  sorted.forEach((n, i) => {
    if (n !== i)
      throw new BooksimError(
        KEY,
        `${what}s must be numbered from 0 without gaps; ${what} ${i} is missing`,
      );
  });
  return sorted.length;
}

/**
 * The anynet of BookSim2's network_file (read by `readFile`, relative to the configuration's
 * folder): each node's router and each link's two ends and cycles each way.
 */
export function anynet(config: Config, readFile: ReadFile | undefined): Mapped {
  const name = word(KEY, config(KEY));
  if (name === '') throw new BooksimError(KEY, 'is not set; an anynet is read from it');
  if (readFile === undefined)
    throw new BooksimError(
      KEY,
      `'${name}' is read beside the configuration; run it with \`archex run --booksim FILE\``,
    );
  const file = parse(readFile(name));
  const nodes = numbered(file.nodeRouter.keys(), 'node');
  numbered(file.channels.keys(), 'router');
  const links: number[][] = [];
  for (const [a, out] of [...file.channels].sort(([x], [y]) => x - y))
    for (const [b, cycles] of [...out].sort(([x], [y]) => x - y))
      if (a < b) links.push([a, b, cycles, file.channels.get(b)!.get(a)!]);
  if (links.length === 0)
    throw new BooksimError(KEY, `'${name}' has one router; archex's anynet links two or more`);
  const column = (i: number) => links.map((l) => l[i]).join(',');
  return {
    settings: {
      topology: 'anynet',
      anynet_node_router: Array.from({ length: nodes }, (_, n) => file.nodeRouter.get(n)).join(','),
      anynet_link_from: column(0),
      anynet_link_to: column(1),
      anynet_link_cycles: column(2),
      anynet_link_back_cycles: column(3),
    },
  };
}

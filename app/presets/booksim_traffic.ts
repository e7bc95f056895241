// BookSim2's traffic: its patterns by name (traffic.cpp), and its packet sizes
// (trafficmanager.cpp): a mix of sizes by their rates (packet_size, packet_size_rate), or
// request-reply traffic (use_read_write with the four sizes and write_fraction), as the custom
// network's packet_sizes and packet_size_shares or request_reply.
import type { BooksimValue, Config, Mapped } from './booksim_syntax';
import { BooksimError, refuse, whole, word } from './booksim_syntax';

/**
 * The first traffic class's entry of a per-class value (tokenize_str): `{a,b}` lists classes, so
 * class 0 takes `a`; `{{1,8}}` gives class 0 the list {1,8}; `8` is every class's.
 */
function firstClass(value: BooksimValue): BooksimValue {
  if (typeof value === 'number' || !value.startsWith('{')) return value;
  let depth = 0;
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    if ((c === ',' && depth === 0) || depth < 0) {
      const entry = value.slice(1, i);
      return /^-?\d+$/.test(entry) ? Number(entry) : entry;
    }
  }
  return value;
}

/** `{1,8}` or `8` as whole numbers; a refusal naming the key otherwise. */
function wholeList(key: string, value: BooksimValue, min: number, max: number): number[] {
  if (typeof value === 'number') return [whole(key, value, min, max)];
  const items = value.replace(/^\{|\}$/g, '').split(',');
  return items.map((item) => whole(key, item.trim() === '' ? item : Number(item), min, max));
}

const readWrite = (config: Config) => whole('use_read_write', config('use_read_write'), 0, 1) === 1;

/** The four sizes of a request-reply configuration and the share of writes. */
function transactions(config: Config) {
  const fraction = config('write_fraction');
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1))
    throw new BooksimError('write_fraction', `'${fraction}' is not a number from 0 to 1`);
  const size = (key: string) => whole(key, config(key), 1, 64);
  return {
    readRequest: size('read_request_size'),
    readReply: size('read_reply_size'),
    writeRequest: size('write_request_size'),
    writeReply: size('write_reply_size'),
    writeFraction: fraction,
  };
}

/**
 * The sizes of the one traffic class with their rates (BookSim repeats the last rate for sizes
 * past the list's end). Its lists are per class: `packet_size = {{1,8}}` mixes 1 and 8 flits,
 * `{1,8}` gives class 0 packets of 1 and class 1 (none here) packets of 8.
 */
function sizeMix(config: Config): { sizes: number[]; rates: number[] } {
  const sizes = wholeList('packet_size', firstClass(config('packet_size')), 1, 64);
  const given = wholeList('packet_size_rate', firstClass(config('packet_size_rate')), 0, 1e6);
  const rates = sizes.map((_, i) => given[Math.min(i, given.length - 1)]!);
  if (rates.every((r) => r === 0))
    throw new BooksimError('packet_size_rate', 'every rate is 0: no packet would be sent');
  return { sizes, rates };
}

/**
 * Flits a BookSim packet is on average, as BookSim divides a load in flits by it
 * (_GetAveragePacketSize: under use_read_write the four sizes' sum halved in whole numbers), and
 * as archex counts a packet's flits into the load (a transaction's, request and reply, by
 * write_fraction).
 */
export function meanPacketFlits(config: Config): { booksim: number; archex: number } {
  if (readWrite(config)) {
    const t = transactions(config);
    return {
      booksim: Math.floor((t.readRequest + t.readReply + t.writeRequest + t.writeReply) / 2),
      archex:
        (1 - t.writeFraction) * (t.readRequest + t.readReply) +
        t.writeFraction * (t.writeRequest + t.writeReply),
    };
  }
  const { sizes, rates } = sizeMix(config);
  const total = rates.reduce((a, b) => a + b, 0);
  const mean = sizes.reduce((sum, s, i) => sum + s * rates[i]!, 0) / total;
  return { booksim: mean, archex: mean };
}

/** packet_size with packet_size_rate: one size, or a mix (sizes of rate 0 left out). */
export function packetSize(_value: BooksimValue, config: Config): Mapped {
  if (readWrite(config))
    return { note: 'not used under use_read_write, which sizes requests and replies itself' };
  const { sizes, rates } = sizeMix(config);
  const sent = sizes.filter((_, i) => rates[i]! > 0);
  const shares = rates.filter((r) => r > 0);
  const value = config('packet_size');
  // A list of more than one class's sizes: archex takes the first class's.
  const perClass =
    typeof value === 'string' && value.startsWith('{') && !value.startsWith('{{')
      ? {
          note: `per class: the one traffic class sends ${sizes.join(', ')} flits ({{1,8}} mixes sizes in one class)`,
        }
      : {};
  if (sent.length === 1) return { settings: { packet_flits: String(sent[0]) }, ...perClass };
  return {
    settings: {
      packet_sizes: sent.join(','),
      ...(new Set(shares).size > 1 ? { packet_size_shares: shares.join(',') } : {}),
    },
    ...(sent.length < sizes.length ? { note: 'sizes of rate 0 are never sent: left out' } : {}),
  };
}

/** BookSim's VC ranges of a message type (routefunc.cpp reads them under use_read_write). */
const VC_RANGES = [
  ['read_request', 'requests'],
  ['write_request', 'requests'],
  ['read_reply', 'replies'],
  ['write_reply', 'replies'],
] as const;

/**
 * use_read_write: request-reply traffic with its four sizes and write share. archex gives
 * requests the lower half of the VCs and replies the upper half; other VC ranges are noted.
 */
export function useReadWrite(value: BooksimValue, config: Config): Mapped {
  if (whole('use_read_write', value, 0, 1) === 0) return {};
  const t = transactions(config);
  const vcs = whole('num_vcs', config('num_vcs'), 1, 16);
  const half = { requests: [0, vcs / 2 - 1], replies: [vcs / 2, vcs - 1] };
  const differ = VC_RANGES.filter(([type, side]) => {
    const begin = config(`${type}_begin_vc`);
    const end = config(`${type}_end_vc`);
    return begin !== half[side][0] || end !== half[side][1];
  });
  return {
    settings: {
      request_reply: 'on',
      read_request_flits: String(t.readRequest),
      read_reply_flits: String(t.readReply),
      write_request_flits: String(t.writeRequest),
      write_reply_flits: String(t.writeReply),
      write_fraction: String(t.writeFraction),
    },
    ...(differ.length > 0
      ? {
          note: `archex gives requests VCs 0 to ${vcs / 2 - 1} and replies ${vcs / 2} to ${vcs - 1} (each its own source queue); this file's ${differ.map(([type]) => `${type}_begin_vc/end_vc`).join(', ')} differ`,
        }
      : {}),
  };
}

/** The keys use_read_write reads, with BookSim's defaults (booksim_config.cpp). */
export const READ_WRITE_KEYS = {
  read_request_size: 1,
  read_reply_size: 1,
  write_request_size: 1,
  write_reply_size: 1,
  write_fraction: 0.5,
  read_request_begin_vc: 0,
  read_request_end_vc: 5,
  write_request_begin_vc: 2,
  write_request_end_vc: 7,
  read_reply_begin_vc: 8,
  read_reply_end_vc: 13,
  write_reply_begin_vc: 10,
  write_reply_end_vc: 15,
} as const;

/** BookSim's traffic patterns archex has, by BookSim's name (traffic.cpp). */
const PATTERNS: Record<string, string> = {
  // BookSim's uniform draws any node, the source too (UniformRandomTrafficPattern).
  uniform: 'uniform, self included',
  transpose: 'transpose',
  bitcomp: 'bit-complement',
  bitrev: 'bit-reverse',
  shuffle: 'shuffle',
  tornado: 'tornado',
  neighbor: 'nearest-neighbour',
  randperm: 'random permutation',
  hotspot: 'hotspot',
  bad_dragon: 'group shift',
};

/** `{1,2,3}` or `1` as numbers; a refusal naming the key otherwise. */
function numberList(key: string, text: string): number[] {
  const items = text.replace(/^\{|\}$/g, '').split(',');
  return items.map((item) => {
    const n = Number(item.trim());
    if (item.trim() === '' || !Number.isInteger(n))
      throw new BooksimError(key, `'${text}' is not a list of whole numbers`);
    return n;
  });
}

/** The traffic key: a pattern, with hotspot's `(nodes,rates)` read. */
export function traffic(value: BooksimValue, config: Config): Mapped {
  const text = word('traffic', value);
  const open = text.indexOf('(');
  const name = open < 0 ? text : text.slice(0, open);
  const args = open < 0 ? '' : text.slice(open + 1, text.lastIndexOf(')'));
  const pattern = PATTERNS[name];
  if (pattern === undefined) refuse('traffic', text, Object.keys(PATTERNS));
  // BookSim reads any network's nodes as groups of 2k*k there; archex has groups only on one.
  if (name === 'bad_dragon' && config('topology') !== 'dragonflynew')
    throw new BooksimError('traffic', "'bad_dragon' sends to the next group of a dragonflynew");
  if (name === 'hotspot') {
    // BookSim sends every packet to the hot spots, split by the rates (all 1 by default).
    const [nodes = '-1', rates] = args.match(/\{[^}]*\}|[^,]+/g) ?? [];
    const spots = numberList('traffic', nodes);
    if (spots.some((s) => s < 0))
      throw new BooksimError(
        'traffic',
        `hotspot node -1 is drawn at random by BookSim; archex's -1 is the centre node: name the nodes`,
      );
    if (rates !== undefined && new Set(numberList('traffic', rates)).size > 1)
      throw new BooksimError(
        'traffic',
        'archex splits hot-spot traffic alike; unequal rates are not modelled',
      );
    return {
      settings: { pattern, hotspots: spots.join(','), hotspot_fraction: '1' },
      note: "every packet to the hot spots (archex's hotspot_fraction 1)",
    };
  }
  if (name === 'neighbor')
    return {
      settings: { pattern },
      note: "BookSim sends to +1 in every dimension; archex's nearest neighbour sends to one neighbour drawn alike",
    };
  return { settings: { pattern } };
}

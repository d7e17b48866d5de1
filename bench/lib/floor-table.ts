// Praxis's figure for a call next to the floors measured in the same run (bench/commands/floors.ts):
// the contract floor (the SDK serving Praxis's own tools and recorded answers, nothing else), the
// SDK's documented cheapest use (one trivial tool) and a raw JSON route without the SDK, each as a
// difference and a ratio, and what the contract itself costs above the SDK floor; one row per era,
// measure and call, so no figure is printed without the era it is for.
import { ERA_LABEL, type Era } from './era-envelope.ts';

export interface FloorRow {
  era: Era;
  /** 'CPU ms/call' (isolate CPU per call, lower is better) or 'req/s' (throughput, higher is better). */
  measure: 'CPU ms/call' | 'req/s';
  /** Praxis's call, e.g. 'tools/call get_process'; the floors answer the same method with their one tool. */
  call: string;
  praxis: number;
  /** The same call answered by the contract floor: Praxis's tools and Praxis's recorded answer. */
  contract: number;
  sdk: number;
  raw: number;
  /**
   * Praxis − SDK floor round by round (the two profiled in turn): the median and the range of the
   * rounds' differences, printed beside the difference of the medians so a verdict shows its spread.
   */
  aboveSdk?: RoundDifferences;
  /**
   * Contract floor − SDK floor round by round, likewise: what the contract itself costs (or, in
   * req/s, loses) above the SDK floor, with its spread — a target below it is out of reach of any
   * server answering these calls through the SDK, in that run.
   */
  contractAboveSdk?: RoundDifferences;
}

export interface RoundDifferences {
  median: number;
  low: number;
  high: number;
}

/** Round by round `a[i] − b[i]`: their median, least and greatest. */
export function roundDifferences(a: readonly number[], b: readonly number[]): RoundDifferences {
  if (a.length === 0 || a.length !== b.length)
    throw new Error(`rounds differ in number: ${a.length} and ${b.length}`);
  const differences = a.map((value, i) => value - b[i]!).sort((x, y) => x - y);
  return {
    median: differences[Math.floor(differences.length / 2)]!,
    low: differences[0]!,
    high: differences[differences.length - 1]!,
  };
}

/** Praxis against one floor: the difference in the measure's unit and the ratio, both Praxis over the floor. */
export function against(praxis: number, floor: number): { difference: number; ratio: number } {
  return {
    difference: praxis - floor,
    ratio: floor === 0 ? Number.POSITIVE_INFINITY : praxis / floor,
  };
}

const figure = (value: number, measure: FloorRow['measure']): string =>
  measure === 'req/s' ? value.toFixed(0) : value.toFixed(3);

const signed = (value: number, measure: FloorRow['measure']): string =>
  (value >= 0 ? '+' : '') + figure(value, measure);

const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');

const spread = (rounds: RoundDifferences | undefined, measure: FloorRow['measure']): string =>
  rounds
    ? `${signed(rounds.median, measure)} (${signed(rounds.low, measure)} to ${signed(rounds.high, measure)})`
    : '—';

export const FLOOR_TABLE_HEADER = [
  'era',
  'measure',
  'Praxis call',
  'Praxis',
  'contract floor',
  'Praxis − contract',
  'Praxis / contract',
  'SDK floor',
  'Praxis − SDK',
  'Praxis / SDK',
  'Praxis − SDK per round: median (range)',
  'contract − SDK',
  'contract − SDK per round: median (range)',
  'contract / SDK',
  'raw JSON',
  'Praxis − raw',
  'Praxis / raw',
];

/** The rows as a Markdown table (the first line is the header). */
export function floorTable(rows: FloorRow[]): string[] {
  const cells = rows.map((row) => {
    const contract = against(row.praxis, row.contract);
    const sdk = against(row.praxis, row.sdk);
    const raw = against(row.praxis, row.raw);
    const contractOverSdk = against(row.contract, row.sdk);
    return [
      ERA_LABEL[row.era],
      row.measure,
      row.call,
      figure(row.praxis, row.measure),
      figure(row.contract, row.measure),
      signed(contract.difference, row.measure),
      ratio(contract.ratio),
      figure(row.sdk, row.measure),
      signed(sdk.difference, row.measure),
      ratio(sdk.ratio),
      spread(row.aboveSdk, row.measure),
      signed(contractOverSdk.difference, row.measure),
      spread(row.contractAboveSdk, row.measure),
      ratio(contractOverSdk.ratio),
      figure(row.raw, row.measure),
      signed(raw.difference, row.measure),
      ratio(raw.ratio),
    ];
  });
  const line = (values: string[]) => `| ${values.join(' | ')} |`;
  return [line(FLOOR_TABLE_HEADER), line(FLOOR_TABLE_HEADER.map(() => '---')), ...cells.map(line)];
}

/**
 * Below about this isolate CPU per call, a call is less than one sample of V8's sampler (asked for
 * every 0.1 ms, about every 0.19 ms in workerd here): too few gaps within calls to see the real
 * period, so bench/profiling/isolate-cpu.ts counts each sample as 0.1 ms and the figure can read up
 * to about 2× low. Differences against such a floor stay close; ratios over it read high.
 */
export const CPU_RESOLUTION_MS = 0.2;

/** The CPU figures under CPU_RESOLUTION_MS, named, to print as a caveat under the table. */
export function belowResolution(rows: FloorRow[]): string[] {
  const named: string[] = [];
  for (const row of rows.filter((row) => row.measure === 'CPU ms/call'))
    for (const [who, value] of [
      ['Praxis', row.praxis],
      ['contract floor', row.contract],
      ['SDK floor', row.sdk],
      ['raw JSON', row.raw],
    ] as const)
      if (value < CPU_RESOLUTION_MS)
        named.push(`${who} in the ${row.call} row, ${ERA_LABEL[row.era]}: ${value.toFixed(3)} ms`);
  return named;
}

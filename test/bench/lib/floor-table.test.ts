// The floors table: every row names its era, and Praxis's figure is set against each floor as
// Praxis minus the floor and Praxis over the floor, for CPU (ms) and throughput (req/s) alike.
import { describe, expect, it } from 'vitest';
import { ERA_LABEL } from '../../../bench/lib/era-envelope.ts';
import {
  against,
  belowResolution,
  floorTable,
  roundDifferences,
  type FloorRow,
} from '../../../bench/lib/floor-table.ts';

const rows: FloorRow[] = [
  {
    era: 'modern',
    measure: 'CPU ms/call',
    call: 'tools/list',
    praxis: 1.5,
    contract: 1.25,
    sdk: 0.5,
    raw: 0.05,
    aboveSdk: { median: 1, low: 0.75, high: 1.125 },
    contractAboveSdk: { median: 0.5, low: 0.25, high: 0.875 },
  },
  {
    era: 'legacy',
    measure: 'req/s',
    call: 'tools/list',
    praxis: 600,
    contract: 800,
    sdk: 1200,
    raw: 3000,
  },
];

describe('against', () => {
  it('is Praxis minus the floor and Praxis over the floor', () => {
    expect(against(1.5, 0.5)).toEqual({ difference: 1, ratio: 3 });
    expect(against(600, 1200)).toEqual({ difference: -600, ratio: 0.5 });
  });

  it('has no finite ratio over a floor of zero', () => {
    expect(against(1, 0).ratio).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('floorTable', () => {
  const [header, , modern, legacy] = floorTable(rows);

  it('prints each row with its era, every floor, the differences and the ratios', () => {
    expect(header).toContain('Praxis − contract');
    expect(header).toContain('Praxis − SDK');
    expect(header).toContain('contract − SDK');
    expect(header).toContain('contract − SDK per round: median (range)');
    expect(header).toContain('contract / SDK');
    expect(header).toContain('Praxis / raw');
    expect(modern).toBe(
      `| ${ERA_LABEL.modern} | CPU ms/call | tools/list | 1.500 | 1.250 | +0.250 | 1.20× | 0.500 | +1.000 | 3.00× | +1.000 (+0.750 to +1.125) | +0.750 | +0.500 (+0.250 to +0.875) | 2.50× | 0.050 | +1.450 | 30.00× |`,
    );
    expect(legacy).toBe(
      `| ${ERA_LABEL.legacy} | req/s | tools/list | 600 | 800 | -200 | 0.75× | 1200 | -600 | 0.50× | — | -400 | — | 0.67× | 3000 | -2400 | 0.20× |`,
    );
  });

  it('labels the two eras differently', () => {
    expect(ERA_LABEL.modern).toContain('2026-07-28');
    expect(ERA_LABEL.legacy).not.toContain('2026-07-28');
  });
});

describe('roundDifferences', () => {
  it('takes each round against its own floor, not the medians against each other', () => {
    // Both got slower in round 3 (the machine drifted): the per-round difference holds at about 0.2.
    expect(roundDifferences([1.2, 1.25, 2.2], [1.0, 1.05, 2.0])).toEqual({
      median: expect.closeTo(0.2, 9),
      low: expect.closeTo(0.2, 9),
      high: expect.closeTo(0.2, 9),
    });
    expect(roundDifferences([3, 1, 2], [1, 1, 1])).toEqual({ median: 1, low: 0, high: 2 });
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => roundDifferences([1, 2], [1])).toThrow('rounds differ in number: 2 and 1');
    expect(() => roundDifferences([], [])).toThrow('rounds differ in number');
  });
});

describe('belowResolution', () => {
  it('names the CPU figures under the sampler resolution, never a throughput', () => {
    expect(belowResolution(rows)).toEqual([
      `raw JSON in the tools/list row, ${ERA_LABEL.modern}: 0.050 ms`,
    ]);
  });
});

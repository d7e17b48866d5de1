// Depth-limited neighbourhood of a record: breadth-first over the (already access-filtered) edges.
import type { GraphEdge, GraphIndex } from '../../../bundle/graph/index-types.ts';

export type Direction = 'out' | 'in' | 'both';
export const MAX_DEPTH = 3;

export interface Neighbourhood {
  /** id → distance from the start (the start itself is not included). */
  distances: Map<string, number>;
  edges: GraphEdge[];
}

export function neighbourhood(
  index: GraphIndex,
  start: string,
  depth: number,
  direction: Direction,
): Neighbourhood {
  const limit = Math.max(1, Math.min(MAX_DEPTH, Math.trunc(depth)));
  const distances = new Map<string, number>([[start, 0]]);
  const used = new Set<GraphEdge>();
  let frontier = [start];
  for (let distance = 1; distance <= limit && frontier.length; distance++) {
    const inFrontier = new Set(frontier);
    const next: string[] = [];
    for (const edge of index.edges) {
      const step = stepAlong(edge, inFrontier, direction);
      if (!step) continue;
      used.add(edge);
      if (!distances.has(step)) {
        distances.set(step, distance);
        next.push(step);
      }
    }
    frontier = next;
  }
  distances.delete(start);
  return { distances, edges: index.edges.filter((edge) => used.has(edge)) };
}

function stepAlong(
  edge: GraphEdge,
  frontier: ReadonlySet<string>,
  direction: Direction,
): string | undefined {
  if (direction !== 'in' && frontier.has(edge.from)) return edge.to;
  if (direction !== 'out' && frontier.has(edge.to)) return edge.from;
  return undefined;
}

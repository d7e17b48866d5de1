// The deterministic graph index served as `vitaegraph://index`: no timestamps, everything sorted,
// so the same records always give byte-identical JSON (and the same object hash).

export interface GraphNode {
  id: string;
  type: string;
  title: string;
  tags: string[];
}

/** `type` is the relation named in front matter `links` (e.g. `uses`), `related` for a bare id, `mentions` for a `[[id]]` in the body. */
export interface GraphEdge {
  from: string;
  to: string;
  type: string;
}

export interface GraphIndex {
  format: 'vitaegraph-index/1';
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** id → ids of records linking to it, sorted. */
  backlinks: Record<string, string[]>;
  /** type → number of records. */
  types: Record<string, number>;
  /** tag → number of records. */
  tags: Record<string, number>;
}

export interface GraphRecordInput {
  id: string;
  type: string;
  title: string;
  tags: string[];
  links: Array<{ to: string; type: string }>;
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function buildGraphIndex(records: readonly GraphRecordInput[]): GraphIndex {
  const sorted = [...records].sort((a, b) => byKey(a.id, b.id));
  const edgeKeys = new Set<string>();
  const edges: GraphEdge[] = [];
  for (const record of sorted) {
    for (const link of record.links) {
      const key = `${record.id}\u0000${link.to}\u0000${link.type}`;
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      edges.push({ from: record.id, to: link.to, type: link.type });
    }
  }
  edges.sort((a, b) => byKey(a.from, b.from) || byKey(a.to, b.to) || byKey(a.type, b.type));
  return {
    format: 'vitaegraph-index/1',
    nodes: sorted.map(({ id, type, title, tags }) => ({
      id,
      type,
      title,
      tags: [...tags].sort(byKey),
    })),
    edges,
    backlinks: backlinksOf(edges),
    types: countBy(sorted.map((record) => [record.type])),
    tags: countBy(sorted.map((record) => record.tags)),
  };
}

function backlinksOf(edges: readonly GraphEdge[]): Record<string, string[]> {
  const sources = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!sources.has(edge.to)) sources.set(edge.to, new Set());
    sources.get(edge.to)!.add(edge.from);
  }
  // fromEntries defines own properties: a tag or id spelt `__proto__` stays a key, not a prototype.
  return Object.fromEntries(
    [...sources.keys()].sort(byKey).map((id) => [id, [...sources.get(id)!].sort(byKey)]),
  );
}

function countBy(groups: string[][]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const group of groups)
    for (const key of new Set(group)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries([...counts.keys()].sort(byKey).map((key) => [key, counts.get(key)!]));
}

/** The index as one principal may see it: hidden records, and every edge touching one, removed. */
export function visibleGraphIndex(index: GraphIndex, visibleIds: ReadonlySet<string>): GraphIndex {
  if (index.nodes.every((node) => visibleIds.has(node.id))) return index;
  const nodes = index.nodes.filter((node) => visibleIds.has(node.id));
  const edges = index.edges.filter((edge) => visibleIds.has(edge.from) && visibleIds.has(edge.to));
  return {
    format: index.format,
    nodes,
    edges,
    backlinks: backlinksOf(edges),
    types: countBy(nodes.map((node) => [node.type])),
    tags: countBy(nodes.map((node) => node.tags)),
  };
}

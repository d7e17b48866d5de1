// Refusals of a version this Worker must not serve: another build format, or a damaged manifest.
// Either is treated like any unloadable version (503 + log, or the last good one kept serving).
import { BUNDLE_SCHEMA, type KindSection } from '../../bundle/bundle.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';

/** A pointer or manifest another build format wrote. */
export function refuseUnknownSchema(schema: unknown, what: string): void {
  if (schema !== BUNDLE_SCHEMA) {
    throw new Error(
      `${what} has bundle schema ${JSON.stringify(schema)}, but this Worker reads schema ${BUNDLE_SCHEMA}: deploy the Worker that matches the build, or roll back to a version of this schema`,
    );
  }
}

/** A manifest's per-access counts must add up to its document count: anything else is a damaged bundle. */
export function checkAudiences(
  kind: DocumentKind,
  section: KindSection | undefined,
  manifestHash: string,
): void {
  if (!section?.audiences) return;
  const total = section.audiences.reduce((sum, audience) => sum + audience.count, 0);
  if (total !== section.count) {
    throw new Error(
      `manifest ${manifestHash} counts ${total} ${kind} by access where it lists ${section.count}: the bundle is damaged; republish it`,
    );
  }
}

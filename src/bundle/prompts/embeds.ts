// What a prompt may embed, named in its front matter `embed:` list. A target is fixed
// (`checklist:release`) or an argument (`checklist:{{checklist}}`), resolved when the prompt is got.
// Every document kind is embeddable as `<singular>:<name>` (kinds.ts).
import { DOCUMENT_KINDS, documentKinds, type DocumentSingular } from '../kinds.ts';
import type { CompletionSource } from '../sections.ts';

export type EmbedKind =
  'context' | 'index' | 'record' | 'wiki' | DocumentSingular | 'template' | 'framework';

export interface Embed {
  kind: EmbedKind;
  /** A fixed target (record id, module, document name), when not taken from an argument. */
  target?: string;
  /** The argument whose value names the target. */
  argument?: string;
}

const singulars = documentKinds.map((kind) => DOCUMENT_KINDS[kind].singular);

const FORMS: Array<[RegExp, EmbedKind]> = [
  [/^career-context:\/\/current$/, 'context'],
  [/^vitaegraph:\/\/index$/, 'index'],
  [/^vitaegraph:\/\/record\/(.+)$/, 'record'],
  [/^vitaecontext:\/\/wiki\/(.+)$/, 'wiki'],
  ...singulars.map((singular): [RegExp, EmbedKind] => [
    new RegExp(`^(?:${singular}):(.+)$`),
    singular,
  ]),
  [/^(?:template):(.+)$/, 'template'],
  [/^(?:framework):(.+)$/, 'framework'],
];

export const EMBED_FORMS = `career-context://current, vitaegraph://index, vitaegraph://record/<id>, vitaecontext://wiki/<module>, ${singulars.map((singular) => `${singular}:<name>, `).join('')}template:<name>, framework:<name> (a target may be {{argument}})`;

export function parseEmbed(embed: string): Embed | undefined {
  for (const [pattern, kind] of FORMS) {
    const match = pattern.exec(embed.trim());
    if (!match) continue;
    const target = match[1]?.trim();
    if (target === undefined) return { kind };
    const argument = /^\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}$/.exec(target)?.[1];
    return argument ? { kind, argument } : { kind, target };
  }
  return undefined;
}

/** The completion source an embed implies for the argument that names its target. */
export const EMBED_COMPLETION: Partial<Record<EmbedKind, CompletionSource>> = {
  record: 'records',
  wiki: 'wiki',
  ...Object.fromEntries(documentKinds.map((kind) => [DOCUMENT_KINDS[kind].singular, kind])),
  template: 'templates',
  framework: 'frameworks',
};

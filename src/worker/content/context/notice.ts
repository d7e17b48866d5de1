// What `career-context://current` says when no context document is published: how to add one,
// never demo data (the VitaeContext contract).
export const NO_CONTEXT_NOTICE = [
  '# No career context is published',
  '',
  'This Praxis content has no career-context document yet, so there is nothing to ground answers in.',
  '',
  'To add one: create a single Markdown file under `content/context/` (for example',
  '`content/context/career-context.md`) with the sections `## Summary`, `## Experience` and',
  '`## Skills` (optionally `## Projects`, `## Education`, `## Links`), link graph records as `[[record-id]]`,',
  'then run `praxis build` and publish. `validate_career_context` checks the result.',
].join('\n');

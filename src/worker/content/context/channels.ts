// What `get_career_context(for)` changes: the document is always returned whole; the channel adds
// guidance for that medium and names the sections of the document that matter most for it.
import { atxHeadingsOf, SECTION_HEADING } from '../../../bundle/markdown/atx-heading.ts';

export const CHANNELS = ['cv', 'github', 'linkedin', 'portfolio', 'x', 'general'] as const;
export type Channel = (typeof CHANNELS)[number];

interface ChannelGuide {
  label: string;
  /** Lower-case section headings, in the order they matter for the channel. */
  emphasis: string[];
  guidance: string[];
}

export const CHANNEL_GUIDES: Record<Channel, ChannelGuide> = {
  cv: {
    label: 'CV / résumé',
    emphasis: ['summary', 'experience', 'skills', 'projects', 'education'],
    guidance: [
      'Use plain section headings and reverse-chronological roles so applicant tracking systems parse them.',
      'Write each bullet as action + scope + measurable result; keep only claims the context supports.',
      "Mirror the target role's vocabulary where the context backs it; never invent employers, dates or numbers.",
      'Keep it to one or two pages: drop roles older than ten years unless they carry the story.',
    ],
  },
  github: {
    label: 'GitHub profile',
    emphasis: ['projects', 'skills', 'summary'],
    guidance: [
      'Lead the profile README with one sentence on what you build and for whom.',
      'Pin the repositories that prove the skills in the context; give each a README with a demo or screenshot.',
      'Link decisions and write-ups from the graph where a repository shows the work.',
    ],
  },
  linkedin: {
    label: 'LinkedIn profile',
    emphasis: ['summary', 'experience', 'skills', 'links'],
    guidance: [
      'Headline: role + domain + one differentiator, within 220 characters.',
      'About: first person, three short paragraphs, keywords recruiters search for in the first two lines.',
      "Experience entries repeat the CV's results in a conversational voice; list up to 50 skills, top three pinned.",
    ],
  },
  portfolio: {
    label: 'Portfolio site',
    emphasis: ['projects', 'summary', 'experience'],
    guidance: [
      'Show three to five projects as case studies: problem, constraints, what you did, outcome.',
      'Every case study links to evidence: a repository, a talk, a write-up, or a live system.',
    ],
  },
  x: {
    label: 'X (Twitter) bio and posts',
    emphasis: ['summary', 'projects'],
    guidance: [
      'Bio within 160 characters: what you work on and one concrete proof point.',
      'Posts share specific lessons from the projects and decisions in the context, not generic advice.',
    ],
  },
  general: {
    label: 'general use',
    emphasis: ['summary', 'experience', 'skills', 'projects'],
    guidance: [
      'Ground every statement in this document and the linked graph records; say so when something is missing.',
    ],
  },
};

/** `## ` headings of the document, in order, as written (one line each, read in linear time). */
export const sectionHeadings = (markdown: string): string[] =>
  atxHeadingsOf(markdown, SECTION_HEADING);

/** The document's headings that the channel emphasises, in the channel's order of importance. */
export function emphasisedSections(headings: readonly string[], channel: Channel): string[] {
  const wanted = CHANNEL_GUIDES[channel].emphasis;
  return wanted.flatMap((key) => headings.filter((heading) => heading.toLowerCase() === key));
}

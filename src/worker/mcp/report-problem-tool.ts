// report_problem: an agent tells the people who write the knowledge that a process or checklist is
// wrong, outdated, unclear or missing. It writes (one feedback row, src/worker/insights/), so it is
// not annotated read-only; the write happens before the answer, which says whether it was recorded.
//
// The answer never depends on `document`: the name is stored as given (normalised), never looked up,
// so a caller cannot learn whether a document they may not see exists by naming it.
import * as z from 'zod';
import { MAX_FEEDBACK_PER_CALLER_HOUR } from '../insights/feedback-rows.ts';
import { MAX_DOCUMENT_NAME_CHARS, MAX_PROBLEM_CHARS } from '../insights/feedback-text.ts';
import { convertedOnce, jsonOutputSchema } from './json-schema.ts';
import { tool, type Tool, type ToolAnswer } from './tool.ts';

export const REPORT_PROBLEM = 'report_problem';

export const FEEDBACK_CATEGORIES = ['wrong', 'outdated', 'missing', 'unclear', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export interface ProblemReport {
  category: FeedbackCategory;
  document?: string;
  problem: string;
}

/** recorded; limited: the caller's reports this hour are at the cap; failed: the store did not answer. */
export type FeedbackOutcome = 'recorded' | 'limited' | 'failed';

/** Stores one report for the caller (src/worker/insights/record-feedback.ts); never throws. */
export type RecordFeedback = (report: ProblemReport) => Promise<FeedbackOutcome>;

const input = convertedOnce(
  z
    .object({
      problem: z
        .string()
        .trim()
        .min(1)
        .max(MAX_PROBLEM_CHARS)
        .describe(
          `What is wrong, outdated, unclear or missing, in plain words (at most ${MAX_PROBLEM_CHARS} characters): what you needed, what the document said, what was true instead. Never include secrets, tokens or personal data; authors read it.`,
        ),
      category: z
        .enum(FEEDBACK_CATEGORIES)
        .describe(
          'wrong: it says something untrue; outdated: it was true once; missing: no document covers what you needed; unclear: it could be read more than one way; other.',
        ),
      document: z
        .string()
        .min(1)
        .max(MAX_DOCUMENT_NAME_CHARS)
        .optional()
        .describe(
          'Optional: the name of the process or checklist the problem is in, as get_process or get_checklist take it. Leave it out when the document you needed does not exist, and say in `problem` what you looked for.',
        ),
    })
    .strict(),
);

const OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    recorded: { type: 'boolean' },
    message: { type: 'string' },
  },
  required: ['recorded', 'message'],
} as const;

const definition = {
  title: 'Report a problem with the knowledge',
  description: `Tell the authors of this knowledge that a process or checklist is wrong, outdated, unclear or missing, when what you were given did not match what you found or you could not find what you needed. The report is stored with your pseudonymous caller id and shown to the authors as quoted text. At most ${MAX_FEEDBACK_PER_CALLER_HOUR} reports per hour.`,
  inputSchema: input,
  outputSchema: jsonOutputSchema(OUTPUT_SCHEMA),
  // It writes a row; it never changes or removes anything, and repeating it writes another.
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
};

export function reportProblemTool(record: RecordFeedback): Tool {
  return tool(REPORT_PROBLEM, definition, async (args) => answerFor(await record(args)));
}

function answerFor(outcome: FeedbackOutcome): ToolAnswer {
  switch (outcome) {
    case 'recorded':
      return {
        structured: {
          recorded: true,
          message:
            'Recorded. The authors will see your report beside the questions agents could not answer. Carry on with your task.',
        },
      };
    case 'limited':
      return {
        isError: true,
        structured: {
          recorded: false,
          message: `Not recorded: at most ${MAX_FEEDBACK_PER_CALLER_HOUR} reports per caller per hour. Try again later; nothing else is affected.`,
        },
      };
    case 'failed':
      return {
        isError: true,
        structured: {
          recorded: false,
          message: 'Not recorded: the feedback store did not answer. Try again later.',
        },
      };
  }
}

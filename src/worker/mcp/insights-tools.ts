// The authors' tool: "what should we write or fix next?" — the insights report (src/worker/insights/)
// as Markdown an author's own agent can act on, and as structured content. Only an author's server
// has it (server.ts registers it when given the insights database), and its own calls are not
// recorded as usage events.
import * as z from 'zod';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';
import type { Principal } from '../auth/principal.ts';
import { insightsReport, InvalidReportCursor } from '../insights/report.ts';
import { reportMarkdown } from '../insights/report-markdown.ts';
import { DEFAULT_PERIOD, MAX_PERIOD_DAYS, reportPeriod } from '../insights/report-period.ts';
import { insightsReportSchema } from './insights-schemas.ts';
import { convertedOnce, jsonOutputSchema } from './json-schema.ts';
import type { KnowledgeView } from './knowledge-view.ts';
import { tool, type Tool } from './tool.ts';

export const INSIGHTS_TOOL = 'insights_report';

const definition = {
  title: 'Insights: what to write or fix next',
  description:
    'For authors of this knowledge: the questions agents asked that your own search does not answer now (gaps, most asked first), ' +
    'questions answered since a newer version, what was read and what was found but seldom read, and documents never read — ' +
    'all under your own access. Returns Markdown to act on and the report as structured content.',
  inputSchema: convertedOnce(
    z
      .object({
        since: z
          .string()
          .regex(/^[1-9][0-9]{0,2}d$/)
          .optional()
          .describe(
            `Optional: the period, in days back from now (default ${DEFAULT_PERIOD}, at most ${MAX_PERIOD_DAYS}d), e.g. '7d' or '30d'.`,
          ),
        cursor: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe(
            'Optional: gapsCursor of a previous answer, for the next page of gaps (its period is kept).',
          ),
      })
      .strict(),
  ),
  outputSchema: jsonOutputSchema(insightsReportSchema),
  annotations: READ_ONLY,
};

export function insightsTools(view: KnowledgeView, principal: Principal, db: D1Database): Tool[] {
  return [
    tool(INSIGHTS_TOOL, definition, async ({ since, cursor }) => {
      const period = reportPeriod(since, Date.now());
      if (!period.ok) return { text: period.message, isError: true };
      try {
        const report = await insightsReport({ db, view, principal, ...period, cursor });
        return {
          structured: report as unknown as Record<string, unknown>,
          text: reportMarkdown(report, (next) => `call ${INSIGHTS_TOOL} with cursor \`${next}\``),
        };
      } catch (error) {
        if (error instanceof InvalidReportCursor) return { text: error.message, isError: true };
        // D1's own message stays in the log: the author is told what failed, not how.
        console.error(
          JSON.stringify({ event: 'insights_report_failed', reason: String(error).slice(0, 300) }),
        );
        return { text: 'The insights database could not be read; try again later.', isError: true };
      }
    }),
  ];
}

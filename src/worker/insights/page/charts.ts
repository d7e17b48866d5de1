// A per-day count as a bar chart in inline SVG: no script, no style attribute (the page's CSP allows
// one hashed style element only; SVG presentation attributes are not styles). A screen reader gets
// the chart's summary as its name, and the numbers themselves in a table under a <details>.
import { escapeHtml as escape } from '../../../shared/auth/page-style.ts';
import type { DayCount } from '../series.ts';

const WIDTH = 600;
const HEIGHT = 120;
const TOP = 4;
const BOTTOM = 2;
const BAR_COLOUR = '#1d4ed8';
const AXIS_COLOUR = '#374151';

/** One sentence: how many in all, and the busiest day. */
export function seriesSummary(label: string, days: readonly DayCount[]): string {
  if (!days.length) return `${label}: no days in the period.`;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best), days[0]!);
  const span = `${days[0]!.day} to ${days.at(-1)!.day}`;
  return total === 0
    ? `${label}, ${span}: none.`
    : `${label}, ${span}: ${total} in all, at most ${busiest.count} on ${busiest.day}.`;
}

/** The chart as a <figure>: caption, SVG bars, and the per-day numbers. */
export function barChart(id: string, label: string, days: readonly DayCount[]): string {
  const max = Math.max(1, ...days.map((day) => day.count));
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const bars = days
    .map((day, index) => {
      const height = (day.count / max) * plot;
      const x = index * slot + slot * 0.1;
      const y = TOP + plot - height;
      return (
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(slot * 0.8).toFixed(1)}" ` +
        `height="${height.toFixed(1)}" fill="${BAR_COLOUR}"><title>${escape(day.day)}: ${day.count}</title></rect>`
      );
    })
    .join('');
  const baseline = `<line x1="0" y1="${HEIGHT - BOTTOM}" x2="${WIDTH}" y2="${HEIGHT - BOTTOM}" stroke="${AXIS_COLOUR}" stroke-width="1"/>`;
  // The axis labels are HTML under the chart, so they keep the page's font size on a narrow screen.
  const axis =
    `<p class="axis muted" aria-hidden="true"><span>${escape(days[0]?.day ?? '')}</span>` +
    `<span>highest ${Math.max(0, ...days.map((day) => day.count))}</span>` +
    `<span>${escape(days.at(-1)?.day ?? '')}</span></p>`;
  const summary = seriesSummary(label, days);
  const rows = days
    .map((day) => `<tr><td>${escape(day.day)}</td><td class="num">${day.count}</td></tr>`)
    .join('');
  return (
    `<figure id="${escape(id)}"><figcaption>${escape(label)}</figcaption>` +
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escape(summary)}">` +
    `${bars}${baseline}</svg>${axis}` +
    `<p class="muted">${escape(summary)}</p>` +
    `<details><summary>${escape(label)}, day by day</summary><div class="scroll">` +
    `<table><thead><tr><th scope="col">Day</th><th scope="col" class="num">Count</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div></details></figure>`
  );
}

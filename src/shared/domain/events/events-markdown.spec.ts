import { EVENT_CATALOGUE, EVENT_GROUPS, EVENT_NAMES } from './event-catalogue.js';
import type { PayloadSchema } from './event-schema.js';
import { renderEventsMarkdown } from './events-markdown.js';

describe('docs/events.md rendering', () => {
  const md = renderEventsMarkdown();

  it('has a section per event name, each with every payload field of its schema', () => {
    for (const name of EVENT_NAMES) {
      const start = md.indexOf(`### \`${name}\`\n`);
      expect({ name, found: start >= 0 }).toEqual({ name, found: true });
      const next = md.indexOf('\n### ', start + 1);
      const section = md.slice(start, next < 0 ? undefined : next);
      expect(section).toContain(EVENT_CATALOGUE[name].description);
      expect(section).toContain(`Webhook: ${EVENT_CATALOGUE[name].webhook ? 'yes' : 'no (internal)'}.`);
      for (const field of Object.keys(EVENT_CATALOGUE[name].payload as PayloadSchema)) {
        expect({ name, field, listed: section.includes(`| \`${field}\` |`) }).toEqual({ name, field, listed: true });
      }
    }
  });

  it('lists every event once in the summary, with a working anchor, and every group as a section', () => {
    for (const name of EVENT_NAMES) {
      expect(md.split(`| [\`${name}\`](#${name.replace('.', '')}) |`)).toHaveLength(2);
    }
    for (const title of Object.values(EVENT_GROUPS)) expect(md).toContain(`\n## ${title}\n`);
  });

  it('marks nullable fields and single-valued statuses', () => {
    expect(md).toMatch(/\| `external_id` \| string \| yes \|/);
    expect(md).toMatch(/\| `status` \| `"completed"` \| no \|/);
    expect(md).toMatch(/\| `amount` \| string \(decimal\) \| no \|/);
  });

  it('is deterministic and ends with one newline', () => {
    expect(renderEventsMarkdown()).toBe(md);
    expect(md.endsWith('\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });
});

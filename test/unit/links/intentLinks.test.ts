import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EXTENSION_ID,
  formatIntentLink,
  parseIntentLink,
  type IntentLink,
} from '../../../src/extension/links/intentLinks';

const roundTrip = (link: IntentLink) => {
  const uri = new URL(formatIntentLink('vscode', link));
  expect(uri.protocol).toBe('vscode:');
  expect(uri.host).toBe(EXTENSION_ID);
  return parseIntentLink(uri.pathname, uri.search.slice(1));
};

describe('intent links', () => {
  it('names the extension as package.json does (publisher.name)', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
      publisher: string;
      name: string;
    };
    expect(EXTENSION_ID).toBe(`${pkg.publisher}.${pkg.name}`);
  });
  it('round-trips conversations, turns and filters, ids with any characters included', () => {
    for (const link of [
      { kind: 'conversation', convId: 'GSM8K/1166 multi?&=#revised' },
      { kind: 'turn', convId: 'dc33c88b31dc872d6bfe6bff', turnIndex: 7 },
      { kind: 'filter', filters: { models: ['gpt-4o-mini'], verdicts: ['incorrect'], newErrors: true } },
      // The Samples table's column filters (text, set, range) are part of the same filter model.
      {
        kind: 'filter',
        filters: {
          taskText: 'GSM8K/11',
          instances: ['Retained', 'S_Orig'],
          turns: { min: 4, max: 12 },
          reviews: ['approved'],
        },
      },
      // The inactive, cost and file columns' filters too (a cost range in dollars, fractions included).
      { kind: 'filter', filters: { fileText: 'runs/math', inactive: { min: 1 }, cost: { min: 0.0005, max: 0.25 } } },
    ] satisfies IntentLink[])
      expect(roundTrip(link)).toEqual({ ok: true, link });
  });
  it('rejects malformed and unknown links with a reason', () => {
    expect(parseIntentLink('/turn', 'conv=a&turn=-1')).toMatchObject({ ok: false, error: /turn/ });
    expect(parseIntentLink('/turn', 'turn=2')).toMatchObject({ ok: false, error: /conversation/ });
    expect(parseIntentLink('/filter', 'filters=%7B')).toMatchObject({ ok: false, error: /JSON/ });
    expect(
      parseIntentLink('/filter', `filters=${encodeURIComponent('{"__proto__":{"x":1},"models":[1]}')}`),
    ).toMatchObject({ ok: false });
    expect(parseIntentLink('/filter', `filters=${encodeURIComponent('{"verdicts":["maybe"]}')}`)).toMatchObject({
      ok: false,
    });
    expect(parseIntentLink('/filter', `filters=${encodeURIComponent('{"turns":{"min":-1}}')}`)).toMatchObject({
      ok: false,
    });
    expect(parseIntentLink('/filter', `filters=${encodeURIComponent('{"inactive":{"min":0.5}}')}`)).toMatchObject({
      ok: false,
    });
    expect(parseIntentLink('/filter', `filters=${encodeURIComponent('{"cost":{"max":-0.01}}')}`)).toMatchObject({
      ok: false,
    });
    expect(parseIntentLink('/filter', `filters=${encodeURIComponent('{"runCode":true}')}`)).toMatchObject({
      ok: false,
    });
    expect(parseIntentLink('/run-code', '')).toMatchObject({ ok: false, error: /unknown link/ });
  });
});

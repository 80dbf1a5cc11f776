// A link is untrusted input from any web page: it is capped where it is parsed, and whatever of it
// is shown in a notification is escaped (no Markdown or command link survives) and truncated.
import { describe, expect, it } from 'vitest';
import { MAX_LINK_CHARS, parseIntentLink } from '../../../src/extension/links/intentLinks';
import { shownLinkText, SHOWN_LINK_TEXT_CHARS } from '../../../src/extension/links/linkText';

const PHISH = '[Re-index logs](https://example.com/steal)';

describe('links are capped where they are parsed', () => {
  it('refuses a conversation id that is a Markdown link, without repeating it', () => {
    for (const kind of ['/conversation', '/turn']) {
      const r = parseIntentLink(kind, `conv=${encodeURIComponent(PHISH)}&turn=1`);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatch(/characters a conversation id does not/);
      expect(r.error).not.toMatch(/[[\]()]/);
    }
    expect(
      parseIntentLink('/conversation', `conv=${encodeURIComponent('[x](command:workbench.action.quit)')}`).ok,
    ).toBe(false);
  });

  it('refuses a 2 MB id and an over-long link', () => {
    const big = 'a'.repeat(2 * 1024 * 1024);
    expect(parseIntentLink('/conversation', `conv=${big}`)).toMatchObject({ ok: false, error: /longer than/ });
    expect(parseIntentLink('/conversation', `conv=${'a'.repeat(300)}`)).toMatchObject({
      ok: false,
      error: /longer than 256/,
    });
    expect(parseIntentLink(`/${'x'.repeat(MAX_LINK_CHARS)}`, '')).toMatchObject({ ok: false, error: /link is longer/ });
    expect(parseIntentLink('/conversation', `conv=${'a'.repeat(256)}`)).toMatchObject({ ok: true });
  });

  it('shows an unknown kind escaped and truncated', () => {
    const r = parseIntentLink(`/${PHISH}${'x'.repeat(200)}`, '');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContain('%5BRe-index logs%5D%28https://example.com/steal%29');
    expect(r.error).not.toMatch(/[[\]()]/);
    expect(r.error).toMatch(/…"$/);
    expect(r.error.length).toBeLessThanOrEqual('unknown link ""'.length + 81);
  });
});

describe('shownLinkText', () => {
  it('percent-encodes brackets, parens, backticks, angle brackets and control characters', () => {
    expect(shownLinkText(PHISH)).toBe('%5BRe-index logs%5D%28https://example.com/steal%29');
    expect(shownLinkText('a`b<c>\n\u202Ed')).toBe('a%60b%3Cc%3E%0A%E2%80%AEd');
    expect(shownLinkText('GSM8K/1166 multi-run_2')).toBe('GSM8K/1166 multi-run_2');
  });

  it('cuts to a short length, never inside an escape', () => {
    const s = shownLinkText('a'.repeat(SHOWN_LINK_TEXT_CHARS - 1) + '[[[');
    expect(s).toBe(`${'a'.repeat(SHOWN_LINK_TEXT_CHARS - 1)}…`);
    expect(shownLinkText('x'.repeat(2_000_000)).length).toBe(SHOWN_LINK_TEXT_CHARS + 1);
  });
});

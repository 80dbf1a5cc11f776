// VS Code Language Model API failures (kind vscode-lm) as messages that say what happened and what to do.
import { describe, expect, it } from 'vitest';
import { languageModelError, noLanguageModelError } from '../../../src/core/providers/languageModelErrors';

describe('VS Code LM API errors', () => {
  it('no consent: auth, and how to allow it', () => {
    const e = languageModelError(
      'NoPermissions',
      "Language model 'x' cannot be used by 'intent-lens.intent-lens'.",
      'Test LM',
    );
    expect(e.kind).toBe('auth');
    expect(e.message).toMatch(/did not grant Intent Lens access to Test LM\. Run again and choose Allow/);
    expect(e.message).toContain('Manage Language Model Access');
  });

  it("quota or rate limit: rate-limit, with the model's own words", () => {
    const e = languageModelError('Blocked', 'monthly quota exceeded', 'Copilot GPT-4o');
    expect(e.kind).toBe('rate-limit');
    expect(e.message).toBe(
      'Copilot GPT-4o refused the request for now (quota or rate limit reached): monthly quota exceeded. Try again later.',
    );
  });

  it('a model gone since it was picked: not-found', () => {
    expect(languageModelError('NotFound', 'unknown', 'Test LM')).toMatchObject({
      kind: 'not-found',
      message: expect.stringMatching(/no longer available/),
    });
  });

  it('anything else: unavailable, with the message', () => {
    expect(languageModelError(undefined, 'socket hang up', 'Test LM')).toMatchObject({
      kind: 'unavailable',
      message: 'Test LM failed: socket hang up',
    });
    expect(languageModelError('SomethingNew', 'odd', 'Test LM').kind).toBe('unavailable');
  });

  it('no model: names the ones there are, or says that none is installed', () => {
    expect(noLanguageModelError('lm', 'gpt-9', ['copilot-gpt-4o', 'copilot-claude']).message).toBe(
      'No VS Code language model "gpt-9" for provider "lm". Available: copilot-gpt-4o, copilot-claude.',
    );
    const none = noLanguageModelError('lm', 'gpt-9', []);
    expect(none.kind).toBe('not-found');
    expect(none.message).toMatch(/VS Code has no chat models: install and sign in to a chat-model extension/);
  });
});

// Provider definitions: the zod schema, the JSON schema contributed in package.json (they must
// not drift apart), the paper's defaults, and folding the system message for the LM API.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProviders, ProviderFieldsSchema } from '../../../src/core/providers/providerConfig';
import { GENERATION_DEFAULTS } from '../../../src/core/providers/chatProvider';
import { foldSystemMessage } from '../../../src/core/providers/foldSystemMessage';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: {
    configuration: {
      properties: Record<string, { items?: { properties: Record<string, unknown>; required: string[] } }>;
    };
    commands: Array<{ command: string; category?: string }>;
  };
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
};

describe('provider configuration', () => {
  it('contributes a setting schema with exactly the fields the runtime schema knows', () => {
    const items = pkg.contributes.configuration.properties['intentLens.providers']!.items!;
    const generated = z.toJSONSchema(ProviderFieldsSchema) as {
      properties: Record<string, { enum?: string[]; type?: string }>;
    };
    expect(Object.keys(items.properties).sort()).toEqual(Object.keys(generated.properties).sort());
    for (const [name, prop] of Object.entries(items.properties) as Array<[string, { enum?: string[] }]>) {
      if (generated.properties[name]!.enum) expect(prop.enum, name).toEqual(generated.properties[name]!.enum);
    }
    expect(items.required.sort()).toEqual(['id', 'kind', 'model']);
    expect(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations).toContain('intentLens.providers');
    for (const id of ['intentLens.runInstance', 'intentLens.setApiKey'])
      expect(pkg.contributes.commands.find((c) => c.command === id)?.category).toBe('Intent Lens');
  });

  it('accepts good definitions and explains bad ones', () => {
    const { providers, errors } = parseProviders([
      { id: 'vllm', kind: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', model: 'qwen', temperature: 0 },
      { id: 'claude', kind: 'anthropic', model: 'claude-x', apiKeyEnv: 'ANTHROPIC_API_KEY' },
      { id: 'copilot', kind: 'vscode-lm', model: 'gpt-4o' },
      { id: 'nourl', kind: 'openai', model: 'm' },
      { id: 'vllm', kind: 'openai', baseUrl: 'http://x/v1', model: 'm' },
      { id: 'bad id', kind: 'nope', model: '' },
    ]);
    expect(providers.map((p) => p.id)).toEqual(['vllm', 'claude', 'copilot']);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/baseUrl/);
    expect(errors[1]).toMatch(/used twice/);
    expect(parseProviders({ providers: [{ id: 'a', kind: 'anthropic', model: 'm' }] }).providers).toHaveLength(1);
  });

  it("keeps the paper's generation settings", () => {
    expect(GENERATION_DEFAULTS).toEqual({
      assistant: { temperature: 0, maxTokensMulti: 4096, maxTokensSingle: 1000, seed: 0 },
      simulator: { temperature: 0, maxTokens: 192, seed: 0 },
    });
  });

  it('folds the system message into the first user message', () => {
    expect(
      foldSystemMessage([
        { role: 'system', content: 'S' },
        { role: 'user', content: 'U1' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'U2' },
      ]),
    ).toEqual([
      { role: 'user', content: 'S\n\nU1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'U2' },
    ]);
    expect(foldSystemMessage([{ role: 'user', content: 'U' }])).toEqual([{ role: 'user', content: 'U' }]);
  });
});

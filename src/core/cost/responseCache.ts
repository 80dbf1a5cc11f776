// Opt-in on-disk response cache: a completion is stored under a hash of the provider, model,
// messages and generation settings, so replaying a prefix or re-running a batch costs nothing.
// One small JSON file per response, written atomically (temp file + rename) so concurrent runs
// and killed processes never leave a half-written entry.
import { ProviderWrapper } from '../providers/providerWrapper';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from '../providers/chatProvider';

interface CachedCompletion {
  text: string;
  usage?: CompletionResult['usage'];
  model?: string;
  finishReason?: string;
}

export function responseCacheKey(
  provider: Pick<ChatProvider, 'id' | 'kind' | 'model'>,
  messages: readonly ChatMessage[],
  options: Pick<CompletionOptions, 'temperature' | 'maxTokens' | 'seed'> = {},
): string {
  const material = JSON.stringify({
    provider: `${provider.kind}:${provider.id}`,
    model: provider.model,
    messages: messages.map((m) => [m.role, m.content]),
    temperature: options.temperature ?? null,
    maxTokens: options.maxTokens ?? null,
    seed: options.seed ?? null,
  });
  return createHash('sha256').update(material).digest('hex');
}

export class ResponseCache {
  hits = 0;
  misses = 0;

  constructor(readonly dir: string) {}

  private file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedCompletion | undefined> {
    try {
      const v = JSON.parse(await readFile(this.file(key), 'utf8')) as Partial<CachedCompletion>;
      return typeof v.text === 'string' ? (v as CachedCompletion) : undefined;
    } catch {
      return undefined;
    }
  }

  async put(key: string, value: CachedCompletion): Promise<void> {
    const file = this.file(key);
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, JSON.stringify(value), 'utf8');
    await rename(tmp, file);
  }

  /** The provider answering from this cache first. */
  wrap(inner: ChatProvider): ChatProvider {
    return new CachedProvider(inner, this);
  }
}

class CachedProvider extends ProviderWrapper {
  constructor(
    inner: ChatProvider,
    private readonly cache: ResponseCache,
  ) {
    super(inner);
  }

  async complete(messages: readonly ChatMessage[], options: CompletionOptions = {}): Promise<CompletionResult> {
    const key = responseCacheKey(this.inner, messages, options);
    const hit = await this.cache.get(key);
    if (hit) {
      this.cache.hits++;
      options.onToken?.(hit.text);
      return { ...hit };
    }
    this.cache.misses++;
    const result = await this.inner.complete(messages, options);
    await this.cache.put(key, {
      text: result.text,
      ...(result.usage ? { usage: result.usage } : {}),
      ...(result.model ? { model: result.model } : {}),
      ...(result.finishReason ? { finishReason: result.finishReason } : {}),
    });
    return result;
  }
}

// A provider that wraps another (metering, caching): it is the inner provider to everyone asking
// who answers, and only changes how `complete` gets its answer.
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from './chatProvider';

export abstract class ProviderWrapper implements ChatProvider {
  constructor(protected readonly inner: ChatProvider) {}

  get id(): string {
    return this.inner.id;
  }
  get kind(): ChatProvider['kind'] {
    return this.inner.kind;
  }
  get model(): string {
    return this.inner.model;
  }

  abstract complete(messages: readonly ChatMessage[], options?: CompletionOptions): Promise<CompletionResult>;
}

// The provider SDKs are over half a megabyte bundled: they load on the first model call, not when
// the extension activates. The build maps each to its own bundle beside the host bundle
// (dist/sdk-openai.js, dist/sdk-anthropic.js); in plain Node they resolve from node_modules.
import type * as OpenAIModule from 'openai';
import type * as AnthropicModule from '@anthropic-ai/sdk';

let openaiModule: typeof OpenAIModule | undefined;
let anthropicModule: typeof AnthropicModule | undefined;

export function openaiSdk(): typeof OpenAIModule {
  openaiModule ??= require('openai') as typeof OpenAIModule;
  return openaiModule;
}

export function anthropicSdk(): typeof AnthropicModule {
  anthropicModule ??= require('@anthropic-ai/sdk') as typeof AnthropicModule;
  return anthropicModule;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** The SDK error classes of the SDKs loaded so far (an error of an SDK not loaded cannot exist). */
export function loadedSdkErrors(
  name: 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIUserAbortError',
): ErrorClass[] {
  const out: ErrorClass[] = [];
  if (openaiModule) out.push(openaiModule[name] as ErrorClass);
  if (anthropicModule) out.push(anthropicModule[name] as ErrorClass);
  return out;
}

/** A failure to connect or to get a response from either SDK (timeouts included). */
export function isSdkConnectionError(e: unknown): boolean {
  return loadedSdkErrors('APIConnectionError').some((cls) => e instanceof cls);
}

// Test only (never shipped): registers chat models through vscode.lm.registerLanguageModelChatProvider
// and answers them from the local OpenAI-compatible test server (test/unit/runner/fakeOpenAIServer.ts)
// at $INTENT_LENS_TEST_LM_URL. Its models ask for authorization, so VS Code asks the user before
// another extension (Intent Lens) may use them: the consent prompt a real chat-model extension brings.
// (The chatProvider API proposal, enabled with code-server's --enable-proposed-api, carries that
// request; the registration itself is the finalized API.) Plain JavaScript: installed as it is.
/* global exports, AbortController */
// A CommonJS extension as VS Code loads it; `vscode` exists only inside the extension host.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const vscode = require('vscode');

const VENDOR = 'intent-lens-test';

function modelInfos() {
  const ids = (process.env.INTENT_LENS_TEST_LM_MODELS || 'asst').split(',').filter(Boolean);
  return ids.map((id) => ({
    id,
    name: `Test ${id}`,
    family: id,
    version: '1',
    maxInputTokens: 100000,
    maxOutputTokens: 4096,
    capabilities: {},
    requiresAuthorization: { label: 'Intent Lens tests' },
  }));
}

function textOf(message) {
  return message.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function respond(model, messages, options, progress, token) {
  const body = {
    model: model.id,
    messages: messages.map((m) => ({
      role: m.role === vscode.LanguageModelChatMessageRole.User ? 'user' : 'assistant',
      content: textOf(m),
    })),
    temperature: options.modelOptions && options.modelOptions.temperature,
    max_tokens: options.modelOptions && options.modelOptions.max_tokens,
  };
  const abort = new AbortController();
  const cancelled = token.onCancellationRequested(() => abort.abort());
  try {
    const res = await fetch(`${process.env.INTENT_LENS_TEST_LM_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    // A quota answer as a chat-model extension reports it.
    if (res.status === 429) throw vscode.LanguageModelError.Blocked(await res.text());
    if (!res.ok) throw new Error(`test server answered ${res.status}`);
    const json = await res.json();
    progress.report(new vscode.LanguageModelTextPart(json.choices[0].message.content));
  } finally {
    cancelled.dispose();
  }
}

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider(VENDOR, {
      provideLanguageModelChatInformation: () => modelInfos(),
      provideLanguageModelChatResponse: respond,
      provideTokenCount: (_model, text) =>
        Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4),
    }),
  );
};

exports.deactivate = () => undefined;

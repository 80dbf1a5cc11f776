// A one-turn math run-log line for the annotation tests (task m/1, model alpha, Original).
export const mathLogLine = (id: string, isCorrect = false): string =>
  JSON.stringify({
    conv_id: id,
    task: 'math',
    task_id: 'm/1',
    assistant_model: 'alpha',
    mode: 'multi',
    condition: 'original',
    trace: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ],
    is_correct: isCorrect,
  });

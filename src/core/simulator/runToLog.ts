// One instance run end to end: the conversation is built and scored in memory, and only a
// finished run is appended, as one line. A cancelled or failed run throws and writes nothing.
import { RunAbortedError, runInstance } from './runInstance';
import { appendRunLogLine } from './runLogAppender';
import type { RunInstanceInput, RunInstanceResult } from './runTypes';

export async function runInstanceToLog(
  input: RunInstanceInput,
  outFile: string,
): Promise<RunInstanceResult & { outFile: string }> {
  const result = await runInstance(input);
  if (input.signal?.aborted) throw new RunAbortedError();
  await appendRunLogLine(outFile, result.entry);
  return { ...result, outFile };
}

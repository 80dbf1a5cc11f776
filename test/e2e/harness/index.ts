// End-to-end harness for Intent Lens: a real VS Code (code-server) driven by Chromium. See README.md
// ("End-to-end tests") for an example suite.
export { startCodeServer, freePort, type CodeServer, type CodeServerOptions } from './codeServer';
export { openWorkbench, Workbench, chromiumArgs, type OpenWorkbenchOptions, type ProblemEntry } from './workbench';
export { runHostSuite, type HostSuiteOptions, type HostSuiteRun, type HostSuiteResults } from './hostSuite';
export { sampleWorkspace, type SampleWorkspace } from './sampleWorkspace';
export { screenshotOnFailure } from './failureScreenshots';
export { repoRoot, sharedDataDir, testResultsDir, missingE2eTools } from './toolPaths';
export { expectPushKeepsPalette } from './statePush';
export { outputChannelLines } from './hostLogs';
export {
  openMathPairWorkspace,
  haveMathPairData,
  MATH_PAIR_RUNS,
  MATH_PAIR_TASK,
  type MathPairSession,
} from './mathPairWorkspace';

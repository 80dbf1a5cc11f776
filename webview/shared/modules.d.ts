// Virtual module produced by scripts/build.mjs: the Monaco editor worker bundle as text.
declare module 'monaco-worker-source' {
  const source: string;
  export default source;
}

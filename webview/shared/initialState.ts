// The first paint of a view from the state the host inlined into the page: one place that marks
// when the state was parsed and says in the page when it could not be read.

/**
 * Renders `initial`, or a line saying `what` could not be read (the bridge already reported why
 * to the Intent Lens output). Returns whether it rendered.
 */
export function renderInitialState<S>(initial: S | undefined, render: (state: S) => void, what: string): boolean {
  performance.mark('il:state-parsed');
  if (initial) {
    render(initial);
    return true;
  }
  const p = document.createElement('p');
  p.textContent = `Intent Lens: ${what} could not be read (see the Intent Lens output).`;
  document.getElementById('root')!.append(p);
  return false;
}

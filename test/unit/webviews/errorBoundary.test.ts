// The error boundary without a DOM: react-dom/server does not run error boundaries (a render error
// aborts the whole server render), so the boundary's own steps are driven directly: the error
// becomes its state, the report goes out, and its fallback renders the message and "Reload view".
import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorBoundary, ViewError } from '../../../webview/shared/ErrorBoundary';

function Throws(): never {
  throw new Error('turns[3] is undefined');
}

function boundary(reports: string[], onReload?: () => void) {
  return new ErrorBoundary({
    view: 'compare',
    report: (m) => reports.push(m),
    onReload,
    children: createElement(Throws),
  });
}

describe('ErrorBoundary', () => {
  it('a render error is not caught by server rendering (why the boundary is driven directly below)', () => {
    expect(() => renderToStaticMarkup(createElement(Throws))).toThrow(/turns\[3\]/);
  });

  it('renders its children while there is no error', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorBoundary, {
        view: 'compare',
        report: () => undefined,
        children: createElement('p', null, 'all good'),
      }),
    );
    expect(html).toBe('<p>all good</p>');
  });

  it('turns a thrown error into a readable panel with a Reload view action', () => {
    const b = boundary([]);
    b.state = ErrorBoundary.getDerivedStateFromError(new Error('turns[3] is undefined'));
    const html = renderToStaticMarkup(b.render() as ReactElement);
    expect(html).toContain('role="alert"');
    expect(html).toContain('the compare view hit an error');
    expect(html).toContain('turns[3] is undefined');
    expect(html).toContain('Reload view');
    expect(html).toContain('Intent Lens output');
  });

  it('keeps something readable for a thrown non-Error', () => {
    expect(ErrorBoundary.getDerivedStateFromError('boom').error?.message).toBe('boom');
    const html = renderToStaticMarkup(
      createElement(ViewError, { view: 'dashboard', error: new Error('boom'), onReload: () => undefined }),
    );
    expect(html).toContain('boom');
  });

  it('reports the error and its component stack to the host', () => {
    const reports: string[] = [];
    boundary(reports).componentDidCatch(new TypeError('x is not a function'), {
      componentStack: '\n    at Row\n    at CompareApp',
    });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/the compare view failed to render: TypeError: x is not a function/);
    expect(reports[0]).toMatch(/at CompareApp/);
  });

  it('Reload view runs onReload, then clears the error so the view renders again', async () => {
    const reports: string[] = [];
    let reloaded = 0;
    const b = boundary(reports, () => void reloaded++);
    const states: unknown[] = [];
    // setState outside a mounted tree: record what the boundary asks for.
    b.setState = (s) => void states.push(s);
    await b.reload();
    expect(reloaded).toBe(1);
    expect(states).toEqual([{ error: undefined }]);
  });

  it('a failing onReload is reported and the view still renders again', async () => {
    const reports: string[] = [];
    const b = boundary(reports, () => {
      throw new Error('host gone');
    });
    const states: unknown[] = [];
    b.setState = (s) => void states.push(s);
    await b.reload();
    expect(reports[0]).toMatch(/reloading the compare view failed: host gone/);
    expect(states).toEqual([{ error: undefined }]);
  });
});

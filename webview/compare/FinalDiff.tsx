// The two final responses in Monaco's diff editor (./finalDiffEditor, a lazy module: Monaco is most
// of the view's code and must not hold up the first paint). Laid out but hidden under the text diff
// until the diff is computed; reports when it is, or that it never came.
import { useEffect, useRef, useState } from 'react';
import type { CompareMessage } from '../../src/shared/protocol/compare';
import type { FinalDiffEditor } from './finalDiffEditor';

export interface FinalDiffProps {
  left: CompareMessage | undefined;
  right: CompareMessage | undefined;
  onDiffComputed: (computed: boolean) => void;
  /** Laid out but hidden, under the text diff, until the diff is computed. */
  pending?: boolean;
}

let editorModule: Promise<typeof import('./finalDiffEditor')> | undefined;

/** Starts fetching and evaluating Monaco now (main.tsx calls it at script start, in parallel with the first paint). */
export function preloadFinalDiffEditor(): Promise<typeof import('./finalDiffEditor')> {
  editorModule ??= import('./finalDiffEditor');
  return editorModule;
}

export function FinalDiff({ left, right, onDiffComputed, pending }: FinalDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<FinalDiffEditor>();
  const report = useRef(onDiffComputed);
  report.current = onDiffComputed;

  useEffect(() => {
    let unmounted = false;
    let made: FinalDiffEditor | undefined;
    preloadFinalDiffEditor()
      .then(async (m) => {
        if (unmounted || !host.current) return;
        made = await m.createFinalDiffEditor(host.current, (computed) => report.current(computed));
        if (unmounted) made.dispose();
        else setEditor(made);
      })
      // Without Monaco (its module failed to load) the text diff stays, as with a blocked worker.
      .catch(() => report.current(false));
    return () => {
      unmounted = true;
      made?.dispose();
    };
  }, []);

  useEffect(() => editor?.show(left, right), [editor, left, right]);

  return <div ref={host} className={`il-final-diff${pending ? ' il-final-pending' : ''}`} data-testid="final-diff" />;
}

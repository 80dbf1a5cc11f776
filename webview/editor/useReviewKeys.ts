// The revision editor's keyboard loop: Alt+A approve, Alt+R reject, Alt+W needs work, Alt+N next,
// Ctrl+Enter apply (none while a write is in flight).
import { useEffect } from 'react';
import type { ReviewStatus } from '../../src/core/schema/records';

export function useReviewKeys(keys: {
  busy: boolean;
  apply: () => void;
  review: (status: ReviewStatus) => void;
  next: () => void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (keys.busy) return;
      if (e.ctrlKey && e.key === 'Enter') return void keys.apply();
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const k = e.key.toLowerCase();
      const map: Record<string, () => void> = {
        a: () => keys.review('approved'),
        r: () => keys.review('rejected'),
        w: () => keys.review('needs-work'),
        n: () => keys.next(),
      };
      const action = map[k] ?? map[e.code.replace('Key', '').toLowerCase()];
      if (action) {
        e.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

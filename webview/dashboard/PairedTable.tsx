// The paired 2x2 table of two sides over the same sources, with the exact McNemar test and whether
// it survives Holm's correction: what a gap or a model-vs-model difference rests on.
import { useEffect, useRef } from 'react';
import { pText, signed } from './format';
import type { PairedTest } from '../../src/core/stats/statsTypes';

/** The paired counts of a gap or a model pair: the stats' own shape (core/stats/statsTypes.ts). */
export type PairedCounts = PairedTest;

export function PairedTable(props: {
  title: string;
  from: string;
  to: string;
  test: PairedCounts;
  family: string;
  onClose?: () => void;
}) {
  const t = props.test;
  const box = useRef<HTMLDivElement>(null);
  // It opens below a long table: bring it into view (and keyboard focus) when it opens or changes.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus({ preventScroll: true });
  }, [props.title]);
  return (
    <div
      className="il-paired"
      data-testid="paired-table"
      role="region"
      aria-label={`Paired table: ${props.title}`}
      ref={box}
      tabIndex={-1}
    >
      <div className="il-paired-head">
        <strong>{props.title}</strong>
        {props.onClose ? (
          <button type="button" className="il-link" onClick={props.onClose} aria-label="Close the paired table">
            Close
          </button>
        ) : null}
      </div>
      {t.n === 0 ? (
        <p className="il-note">No source was scored on both sides, so there is nothing to pair.</p>
      ) : (
        <>
          <table>
            <thead>
              <tr>
                <th>{t.n} paired sources</th>
                <th>{props.to} ✓</th>
                <th>{props.to} ✗</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{props.from} ✓</th>
                <td data-paired="both">{t.both}</td>
                <td data-paired="only_from">{t.only_from}</td>
              </tr>
              <tr>
                <th scope="row">{props.from} ✗</th>
                <td data-paired="only_to">{t.only_to}</td>
                <td data-paired="neither">{t.neither}</td>
              </tr>
            </tbody>
          </table>
          <p data-testid="paired-summary">
            Paired change {signed(t.delta_pp)} pp ({props.to} − {props.from}); exact McNemar p ={' '}
            {pText(t.p_mcnemar) || '–'} on {t.only_from + t.only_to} discordant sources;{' '}
            {t.holm_significant ? <strong>survives Holm's correction</strong> : 'does not survive Holm’s correction'}{' '}
            over {props.family}.
          </p>
        </>
      )}
    </div>
  );
}

// The In Effect view: a timeline rail of one conversation, the intent state after each user turn.
// Changes are marked, rejected and superseded values are struck through with their kind, and a
// click on a turn asks the host to reveal it. All text is inserted as React text (model output and
// data files are untrusted).
import '../shared/scriptStart';
import { createElement, useEffect, useRef, useState, type ReactNode } from 'react';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import { connectView } from '../shared/bridge';
import { viewRoot } from '../shared/viewRoot';
import {
  InEffectView,
  type InEffectState,
  type RailRequirement,
  type RailTurn,
  type RailValue,
} from '../../src/shared/protocol/inEffect';
import '../shared/base.css';
import './ineffect.css';
import { Notes } from '../shared/Notes';
import { verdictLabel } from '../../src/shared/verdicts';

const bridge = connectView(InEffectView);

function Badge(props: { children: ReactNode; className?: string; title?: string }) {
  return createElement('vscode-badge', { className: props.className, title: props.title }, props.children);
}

const STRUCK = new Set<RailValue['status']>(['rejected', 'superseded']);

function ValueChip({ v, current }: { v: RailValue; current: boolean }) {
  const said = v.saidAt !== undefined ? ` (said in turn ${v.saidAt + 1})` : '';
  if (STRUCK.has(v.status)) {
    return (
      <span className={`il-value il-${v.status}`} data-status={v.status} title={`${v.status}${said}`}>
        <s>{v.value}</s> <span className="il-kind">{v.status}</span>
      </span>
    );
  }
  if (v.status === 'pending') {
    return (
      <span className="il-value il-pending" data-status="pending" title={`proposed, no decision yet${said}`}>
        {v.value} <span className="il-kind">pending</span>
      </span>
    );
  }
  if (v.status === 'unrevealed') {
    return (
      <span className="il-value il-unrevealed" data-status="unrevealed" title="in the latent intent, not said yet">
        {v.value} <span className="il-kind">not said yet</span>
      </span>
    );
  }
  return (
    <span
      className={`il-value il-in-effect${current ? ' il-current' : ''}`}
      data-status="in-effect"
      title={`in effect${said}`}
    >
      {v.value}
    </span>
  );
}

function RequirementRow({ r }: { r: RailRequirement }) {
  return (
    <li
      className={`il-req${r.changed ? ' il-changed' : ''}`}
      data-requirement={r.name}
      data-changed={r.changed ? 'true' : 'false'}
    >
      <span className="il-req-name">
        {r.changed ? (
          <span className="il-change-mark" aria-label="changed in this turn" title="changed in this turn">
            ●
          </span>
        ) : null}
        {r.name}
      </span>
      <span className="il-values">
        {r.values.length === 0 ? <span className="il-kind">no longer applies</span> : null}
        {r.values.map((v, i) => (
          <ValueChip key={`${i}:${v.value}`} v={v} current={v.value === r.inEffect} />
        ))}
      </span>
    </li>
  );
}

function TurnItem({ t, benchmark, focused }: { t: RailTurn; benchmark: InEffectState['benchmark']; focused: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  const anyChange = t.functionChanged || t.requirements.some((r) => r.changed);
  return (
    <li
      ref={ref}
      className={`il-turn il-tag-${t.label.split(' ')[0]}${anyChange ? ' il-turn-changed' : ''}${focused ? ' il-focused' : ''}`}
      data-turn={t.turn}
      data-label={t.label}
    >
      <div className="il-rail-dot" aria-hidden="true" />
      <div className="il-turn-body">
        <button
          type="button"
          className="il-turn-head"
          title="Reveal this turn"
          onClick={() => bridge.postCommand('revealTurn', { turn: t.turn })}
        >
          <span className="il-turn-no">Turn {t.turn + 1}</span>
          <Badge className="il-tag">{t.label}</Badge>
          <span className="il-user">{t.user}</span>
        </button>
        {t.changes.length ? (
          <ul className="il-changes" aria-label="changes in this turn">
            {t.changes.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        ) : null}
        <div className="il-state">
          {benchmark === 'evolving' ? (
            <div
              className={`il-functions${t.functionChanged ? ' il-changed' : ''}`}
              data-changed={t.functionChanged ? 'true' : 'false'}
            >
              <span className="il-req-name">
                {t.functionChanged ? (
                  <span className="il-change-mark" title="changed in this turn">
                    ●
                  </span>
                ) : null}
                function
              </span>
              <span className="il-values">
                {t.functions.map((f, i) =>
                  f.status === 'superseded' ? (
                    <span key={i} className="il-value il-superseded" data-status="superseded">
                      <s>{f.name}</s> <span className="il-kind">superseded</span>
                    </span>
                  ) : (
                    <span key={i} className="il-value il-in-effect il-current" data-status="in-effect">
                      {f.name}
                    </span>
                  ),
                )}
              </span>
            </div>
          ) : (
            <div className="il-functions">
              <span className="il-req-name">task</span>
              <span className="il-values">
                <span className="il-value il-in-effect il-current">{t.activeTask}</span>
              </span>
            </div>
          )}
          <ul className="il-reqs">
            {t.requirements.map((r) => (
              <RequirementRow key={r.name} r={r} />
            ))}
          </ul>
        </div>
        {t.assistant !== undefined ? (
          <div className="il-assistant">
            <button type="button" className="il-link" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? 'Hide reply' : 'Show reply'}
            </button>
            {open ? <pre className="il-reply">{t.assistant}</pre> : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function App({ initial }: { initial: InEffectState }) {
  const [state, setState] = useState(initial);
  const [focus, setFocus] = useState<number | undefined>(undefined);
  useEffect(() => {
    const offState = bridge.onNotification('state', (p) => setState(p.state));
    const offFocus = bridge.onNotification('focusTurn', (p) => setFocus(p.turn));
    // The rail is on screen.
    bridge.rendered();
    return () => {
      offState();
      offFocus();
    };
  }, []);
  return (
    <main className="il-ineffect" data-benchmark={state.benchmark}>
      <header>
        <h1>{state.title}</h1>
        <div className="il-meta">
          <Badge>{state.instanceLabel}</Badge>
          {state.verdict ? (
            <span className={`il-verdict il-${state.verdict}`} data-testid="verdict">
              {verdictLabel(state.verdict)}
              {state.verdictNote ? ` · ${state.verdictNote}` : ''}
            </span>
          ) : null}
          {state.model ? <span className="il-model">{state.model}</span> : null}
        </div>
        <Notes notes={state.notes} />
      </header>
      <ol className="il-rail" aria-label="state after each user turn">
        {state.turns.map((t) => (
          <TurnItem key={t.turn} t={t} benchmark={state.benchmark} focused={focus === t.turn} />
        ))}
      </ol>
      <section className="il-inactive" aria-label="inactive content">
        <h2>Inactive at the end: what the final answer must not use</h2>
        {state.inactive.length === 0 ? (
          <p className="il-note">Nothing was rejected or superseded.</p>
        ) : (
          <ul>
            {state.inactive.map((i, k) => (
              <li key={k} data-kind={i.kind}>
                <span className={`il-value il-${i.kind}`}>
                  <s>{i.value}</s> <span className="il-kind">{i.kind}</span>
                </span>{' '}
                <span className="il-describe">{i.describe}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

const initial = bridge.readInitialState();
if (initial) viewRoot(bridge)(<App initial={initial} />);
else document.getElementById('root')!.textContent = 'No conversation to show.';
bridge.announceReady();

// Live preview of every instance the record renders to: the eight base instances and the extended
// paths at each depth, each with its active task, active value and reference. Text is inserted as
// text (React escapes it); event messages are marked so the inserted dialogue stands out.
import type { BenchmarkRecord } from '../../src/core/schema/records';
import {
  baseInstances,
  extendedInstances,
  instanceLabel,
  renderInstance,
  type InstanceSpec,
  type RenderedInstance,
} from '../../src/core/render/instances';
import { Collapsible } from './fields';

function renderSafe(
  rec: BenchmarkRecord,
  spec: InstanceSpec,
): { ok: true; inst: RenderedInstance } | { ok: false; error: string } {
  try {
    return { ok: true, inst: renderInstance(rec, spec) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

function referenceText(ref: unknown): string {
  if (ref === undefined) return '—';
  return typeof ref === 'string' ? ref : JSON.stringify(ref);
}

function InstanceCard(props: { rec: BenchmarkRecord; spec: InstanceSpec }) {
  const label = instanceLabel(props.spec);
  const r = renderSafe(props.rec, props.spec);
  const targetShard = props.rec.intent?.shard_id;
  return (
    <section
      className="il-instance"
      data-testid={`preview-${props.spec.mode}-${props.spec.path ?? props.spec.condition}${props.spec.k !== undefined ? `-k${props.spec.k}` : ''}`}
    >
      <header>
        <strong>{props.spec.mode === 'multi' && !props.spec.path ? `M_${label}` : label}</strong>
        {r.ok && (
          <span className={`il-active il-active-${r.inst.active}`}>
            {r.inst.active === 'revised' ? 'revised task' : 'original task'}
          </span>
        )}
      </header>
      {!r.ok ? (
        <p className="il-error">{r.error}</p>
      ) : (
        <>
          <dl className="il-active-values">
            <dt>active value</dt>
            <dd data-testid="active-value">{r.inst.activeValue ?? '—'}</dd>
            <dt>reference</dt>
            <dd className="il-ref">{referenceText(r.inst.reference)}</dd>
          </dl>
          <ol className="il-messages">
            {r.inst.messages.map((m, i) => {
              // Shards before the target are context: shown folded to keep the preview short.
              const early =
                m.kind === 'shard' && targetShard !== undefined && (m.shard_id ?? 0) < targetShard && m.shard_id !== 1;
              return (
                <li
                  key={i}
                  className={`il-msg il-msg-${m.kind}${m.event ? ` il-ev-${m.event}` : ''}${early ? ' il-msg-early' : ''}`}
                >
                  <span className="il-msg-tag">
                    {m.kind === 'event'
                      ? `${m.event}${m.block ? ` ${m.block}` : ''}`
                      : m.kind === 'shard'
                        ? `shard ${m.shard_id}`
                        : 'prompt'}
                  </span>
                  <span className="il-msg-text">{m.content}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

export function Preview(props: { rec: BenchmarkRecord | undefined }) {
  if (!props.rec) return <p className="il-help">The preview appears once the intent block is valid.</p>;
  const base = baseInstances(props.rec);
  const extended = extendedInstances(props.rec);
  return (
    <div className="il-preview" data-testid="preview">
      <div className="il-instances">
        {base.map((spec) => (
          <InstanceCard key={`${spec.mode}-${spec.condition}`} rec={props.rec!} spec={spec} />
        ))}
      </div>
      <Collapsible title={`Extended paths (${extended.length} instances)`} testId="extended">
        <div className="il-instances">
          {extended.map((spec) => (
            <InstanceCard key={`${spec.path}-${spec.k}`} rec={props.rec!} spec={spec} />
          ))}
        </div>
      </Collapsible>
    </div>
  );
}

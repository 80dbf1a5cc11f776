import { describe, it, expect } from 'vitest';
import {
  applyTemplates,
  parseTemplateLibrary,
  stableHash,
  starterLibrary,
  variantIndex,
  TemplateLibrarySchema,
} from '../../../src/core/templates/templates';
import { applyFieldEdits } from '../../../src/core/edit/editRaw';
import { checkIntent } from '../../../src/core/checks/intentChecks';
import { BenchmarkRecordSchema } from '../../../src/core/schema/records';
import { goodMathRecord } from '../checks/fixtures';
import { jsonSchemas } from '../../../src/core/schema/jsonSchemas';

describe('template library', () => {
  it('catches bad templates before they are used', () => {
    const bad = JSON.stringify({
      sets: [
        {
          id: 's',
          proposal: ['change it please'],
          accept: ['ok, {revised}'],
          neutral: [['is {original} right?', 'fine?']],
          reject: ['no {nope}'],
        },
      ],
    });
    const r = parseTemplateLibrary(bad);
    expect('errors' in r).toBe(true);
    const errors = 'errors' in r ? r.errors.join('\n') : '';
    expect(errors).toMatch(/proposal.*\{revised\}/);
    expect(errors).toMatch(/accept message must not repeat/);
    expect(errors).toMatch(/reveal neither value/);
    expect(errors).toMatch(/unknown placeholder/);
    expect('library' in parseTemplateLibrary(JSON.stringify(starterLibrary()))).toBe(true);
  });

  it('picks variants by a stable hash of task_id mod n', () => {
    expect(stableHash('sharded-GSM8K/248')).toBe(stableHash('sharded-GSM8K/248'));
    // FNV-1a reference value for "a".
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(variantIndex('sharded-GSM8K/248', 3)).toBe(stableHash('sharded-GSM8K/248') % 3);
  });

  it('renders a record that passes the checks, and only intent messages change', () => {
    const lib = TemplateLibrarySchema.parse({
      sets: [
        { id: 'code-only', task: 'code', proposal: ['never used {revised}'] },
        {
          id: 'math',
          task: 'math',
          proposal: ['Could we use {revised} instead?', 'Hmm, make it {revised}?'],
          accept: ['Yes, do that.'],
          reject: ['No, keep the {requirement} as it was.', 'Never mind, keep it.'],
          neutral: [['Is the {requirement} clear?', 'Does the {requirement} matter?']],
        },
      ],
    });
    const rec = goodMathRecord();
    const app = applyTemplates(lib, rec)!;
    expect(app.setId).toBe('math');
    const raw = JSON.stringify(rec);
    const out = BenchmarkRecordSchema.parse(JSON.parse(applyFieldEdits(raw, app.edits)));
    const n = stableHash(rec.task_id) % 2;
    expect(out.intent!.proposal).toBe(['Could we use 2 bags instead?', 'Hmm, make it 2 bags?'][n]);
    expect(out.intent!.neutral).toEqual(['Is the number of bags clear?', 'Does the number of bags matter?']);
    expect(out.intent!.extra_proposals![0]!.proposal).toContain('3 bags');
    expect(checkIntent(out)).toEqual([]);
    expect({ ...out, intent: undefined }).toEqual({ ...rec, intent: undefined });
  });

  it('is contributed as a JSON Schema', () => {
    const schemas = jsonSchemas();
    expect(Object.keys(schemas)).toContain('templates');
    expect(JSON.stringify(schemas.templates)).toContain('"sets"');
  });
});

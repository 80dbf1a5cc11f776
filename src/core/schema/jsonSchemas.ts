// JSON Schemas generated from the zod schemas (build time), contributed through `jsonValidation`.
import { z } from 'zod';
import { BenchmarkRecordSchema } from './records';
import { RunLogEntrySchema } from './runlog';
import { EvolvingPlanSchema } from './evolving';
import { TemplateLibrarySchema } from '../templates/templates';

function toSchema(schema: z.ZodType, title: string): Record<string, unknown> {
  return { title, ...z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) };
}

export function jsonSchemas(): Record<string, Record<string, unknown>> {
  return {
    records: toSchema(z.array(BenchmarkRecordSchema), 'Intent-Eval benchmark records (a JSON array)'),
    record: toSchema(BenchmarkRecordSchema, 'Intent-Eval benchmark record'),
    'run-log': toSchema(z.array(RunLogEntrySchema), 'Intent-Eval run log (a JSON array)'),
    evolving: toSchema(z.array(EvolvingPlanSchema), 'Evolving-intent conversation plans (a JSON array)'),
    templates: toSchema(TemplateLibrarySchema, 'Intent Lens template library (.intent-lens/templates.json)'),
  };
}

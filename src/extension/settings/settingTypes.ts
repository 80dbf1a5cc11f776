// Every `intentLens.*` setting and the JSON type it holds: the keys and types of package.json's
// contributes.configuration (test/unit/architecture/settings.test.ts keeps the two equal). The
// defaults are not repeated here: VS Code serves package.json's (settings.ts). No vscode import,
// so unit tests can read the table.

export type SettingType = 'string' | 'number' | 'boolean' | 'array' | 'object';

export const SETTING_TYPES = {
  providers: 'array',
  prices: 'object',
  'runs.cacheFolder': 'string',
  'runs.confirmAbove': 'number',
  'runs.outputFolder': 'string',
  'runs.defaultProvider': 'string',
  'runs.simulatorProvider': 'string',
  'runs.simulatorModel': 'string',
  'runs.maxRetryAfterSeconds': 'number',
  'load.indexCache': 'boolean',
  'load.maxLineBytes': 'number',
  recordsGlob: 'string',
  logsGlob: 'string',
  evolvingGlob: 'string',
  databasesFolder: 'string',
  'actions.lenientParsing': 'boolean',
  python: 'string',
  'verify.allowUnisolated': 'boolean',
  'tree.showBookkeeping': 'boolean',
  'annotations.labels': 'array',
  'annotations.annotator': 'string',
} as const satisfies Record<string, SettingType>;

export type SettingKey = keyof typeof SETTING_TYPES;

type ValueOfType<T extends SettingType> = T extends 'string'
  ? string
  : T extends 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'array'
        ? unknown[]
        : Record<string, unknown>;

export type SettingValue<K extends SettingKey> = ValueOfType<(typeof SETTING_TYPES)[K]>;

/** Whether a value read from settings has the declared type (a hand-edited settings.json may not). */
export function hasSettingType(value: unknown, type: SettingType): boolean {
  switch (type) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

// Which passage states a SQL site's requirement, how (the words), and how the revision is stated.
import type { BenchmarkRecord } from '../../schema/records';
import { shardText } from '../../schema/records';
import { nodeAt, type AstNode, type QueryPart } from './sqlAst';
import { countFinder } from './countListing';
import type { SqlSite } from './sqlSites';
import {
  AGGREGATE_WORDS,
  COMPARISON_WORDS,
  ORDER_WORDS,
  findNumber,
  findOfPhrase,
  findTextOrPlural,
  findWord,
  humanColumn,
  pluralLike,
  findMisspelled,
  writtenLike,
  writeNumberLike,
  type StatedHit,
} from './statedText';

export interface StatedRequirement {
  shard_id: number;
  shardIndex: number;
  passageLength: number;
  hit: StatedHit;
  requirement: string;
  /** How the revised value is stated, given the edit's value. */
  revisedText(value: number | string): string;
  /** Every mention of the stated text is the requirement (a grouping column: "hometown … each hometown"). */
  everyMention?: boolean;
  /** The whole question reworded for the revision, where a substitution of the stated text is not enough. */
  revisedQuestion?(question: string, value: number | string): string | undefined;
}

type Finder = (text: string) =>
  | {
      hit: StatedHit;
      revisedText: (value: number | string) => string;
      revisedQuestion?: (question: string, value: number | string) => string | undefined;
    }
  | undefined;

function finderFor(site: SqlSite, parts: readonly QueryPart[]): Finder | undefined {
  const v = site.literal;
  switch (site.kind) {
    case 'condition':
      if (typeof v === 'number') {
        return (t) => {
          const hit = findNumber(t, v);
          return hit && { hit, revisedText: (n) => writeNumberLike(hit.text, v, Number(n)) };
        };
      }
      if (typeof v === 'string') {
        const inner = site.operator?.includes('LIKE') ? v.replace(/^%+|%+$/g, '') : v;
        return (t) => {
          const hit = inner ? (findTextOrPlural(t, inner) ?? misspelled(t, inner)) : undefined;
          return hit && { hit, revisedText: (s) => pluralLike(writtenLike(String(s), inner, hit.text), hit.plural) };
        };
      }
      return undefined;
    case 'order': {
      const dir =
        String((nodeAt(parts[site.partIndex]!.ast, site.path) as AstNode).type ?? 'ASC').toUpperCase() === 'DESC'
          ? 'DESC'
          : 'ASC';
      return wordFinder(ORDER_WORDS[dir]);
    }
    case 'comparison':
      return wordFinder(COMPARISON_WORDS[site.operator ?? ''] ?? []);
    case 'aggregation': {
      const name = String((nodeAt(parts[site.partIndex]!.ast, site.path) as AstNode).name).toUpperCase();
      return wordFinder(AGGREGATE_WORDS[name]?.words ?? []);
    }
    case 'output': {
      if (site.count) return countFinder(site);
      const name = site.column!.name;
      return (t) => {
        const hit = findTextOrPlural(t, humanColumn(name)) ?? findTextOrPlural(t, name);
        if (hit) return { hit, revisedText: (c) => pluralLike(humanColumn(String(c)), hit.plural) };
        const reversed = findOfPhrase(t, name);
        return reversed && { hit: reversed.hit, revisedText: (c) => reversed.revisedText(String(c)) };
      };
    }
  }
}

/** A misspelled value, as a singular hit. */
function misspelled(text: string, value: string): (StatedHit & { plural: boolean }) | undefined {
  const hit = findMisspelled(text, value);
  return hit && { ...hit, plural: false };
}

function wordFinder(words: ReadonlyArray<[string, string]>): Finder {
  return (t) => {
    const found = findWord(t, words);
    return found && { hit: found.hit, revisedText: () => found.revised };
  };
}

function requirementOf(site: SqlSite): string {
  // A condition on an aggregate (`HAVING count(*) > 1`) is about the count, not a column.
  const aggregate = /^(?:WHERE|HAVING) (COUNT|SUM|AVG|MAX|MIN)\(/i.exec(site.clause)?.[1]?.toLowerCase();
  const col = site.column ? humanColumn(site.column.name) : aggregate === 'avg' ? 'average' : (aggregate ?? 'value');
  switch (site.kind) {
    case 'condition':
      if (site.operator?.includes('LIKE')) return `${col} pattern`;
      if (site.operator?.includes('IN')) return `${col} list`;
      return typeof site.literal === 'number' && ['<', '>', '<=', '>='].includes(site.operator ?? '')
        ? `${col} limit`
        : `${col} filter`;
    case 'order':
      return 'sort order';
    case 'comparison':
      return `${col} comparison`;
    case 'aggregation':
      return `aggregate of the ${col}`;
    case 'output':
      return site.count ? 'requested output' : 'requested column';
  }
}

/** The first shard that states the site's requirement; undefined when no shard does. */
export function statedRequirement(
  rec: BenchmarkRecord,
  site: SqlSite,
  parts: readonly QueryPart[],
): StatedRequirement | undefined {
  const find = finderFor(site, parts);
  if (!find) return undefined;
  for (const [shardIndex, shard] of rec.shards.entries()) {
    const text = shardText(shard);
    const found = find(text);
    if (found)
      return {
        shard_id: shard.shard_id,
        shardIndex,
        passageLength: text.length,
        hit: found.hit,
        requirement: requirementOf(site),
        revisedText: found.revisedText,
        ...(found.revisedQuestion ? { revisedQuestion: found.revisedQuestion } : {}),
        ...(site.kind === 'output' && site.alsoPaths?.length ? { everyMention: true } : {}),
      };
  }
  return undefined;
}

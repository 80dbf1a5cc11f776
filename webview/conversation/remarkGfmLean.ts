// GFM with only the constructs a message can hold. Two of GFM's constructs cost most of a message's
// parse while prose never uses them: autolink literals (bare `https://…`, `www.…`, e-mail addresses:
// micromark tries an address at every word's start and rewinds) and tables (tried at every line).
// On the bench's replies a cold parse took 41–85 ms with full GFM, 20–26 ms without those two (Node);
// in the page, hydrating the first rows went from ≈ 70 to ≈ 53 ms (bench/ui.md).
// A construct whose trigger is absent from the text cannot match, so the tree is the one full GFM
// builds (test/unit/conversation/remarkGfmLean.test.ts, over the real logs too).
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Processor } from 'unified';

/** The optional GFM constructs a text may hold (footnotes, strikethrough and task lists are always on: they cost little). */
export interface GfmConstructs {
  autolinkLiterals: boolean;
  tables: boolean;
}

/**
 * Every autolink literal needs one of these (case-insensitive), in micromark
 * (`micromark-extension-gfm-autolink-literal`) and in the tree transform after it
 * (`mdast-util-gfm-autolink-literal`): `@` (e-mail, `mailto:`, `xmpp:`), `www.`, `http:` / `https:`.
 */
const AUTOLINK_TRIGGER = /@|www\.|https?:/i;
/** A table's delimiter row needs a `|`, or a `:` right before or after a `-` (`micromark-extension-gfm-table`). */
const TABLE_TRIGGER = /\||:-|-:/;

export function gfmConstructsFor(text: string): GfmConstructs {
  return { autolinkLiterals: AUTOLINK_TRIGGER.test(text), tables: TABLE_TRIGGER.test(text) };
}

/** Where remark-parse reads syntax and tree extensions from (its own typing of unified's `Data`). */
interface ParserData {
  micromarkExtensions?: ReturnType<typeof combineExtensions>[];
  fromMarkdownExtensions?: ReturnType<typeof gfmTableFromMarkdown>[][];
}

/** remark-gfm's plugin with the same extensions in the same order, less the constructs switched off. */
export function remarkGfmLean(this: Processor, constructs: GfmConstructs): void {
  const data = this.data() as ParserData;
  const { autolinkLiterals, tables } = constructs;
  (data.micromarkExtensions ??= []).push(
    combineExtensions([
      ...(autolinkLiterals ? [gfmAutolinkLiteral()] : []),
      gfmFootnote(),
      gfmStrikethrough(),
      ...(tables ? [gfmTable()] : []),
      gfmTaskListItem(),
    ]),
  );
  (data.fromMarkdownExtensions ??= []).push([
    ...(autolinkLiterals ? [gfmAutolinkLiteralFromMarkdown()] : []),
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    ...(tables ? [gfmTableFromMarkdown()] : []),
    gfmTaskListItemFromMarkdown(),
  ]);
}

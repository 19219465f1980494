import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Processor } from 'unified';

/**
 * GitHub-flavoured markdown (tables, strikethrough, task lists) without autolink literals:
 * scanning every word for bare URLs took about half of all parsing time. Links are written
 * as [text](url) or <https://…> / <name@example.com>.
 */
export function gfmWithoutAutolinks(this: Processor, { tables = true }: { tables?: boolean } = {}) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(...(tables ? [gfmTable()] : []), gfmStrikethrough(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(...(tables ? [gfmTableFromMarkdown()] : []), gfmStrikethroughFromMarkdown(), gfmTaskListItemFromMarkdown());
}

// The browser side of `sitegen watch`: live reload, and the overlay that shows what is wrong
// with the last change while the page below stays the last good build.
import type { Diagnostic } from '../diagnostics.ts';
import { problemDetails, type ProblemDetails } from '../problemDetails.ts';
import { readLiveEvent, type BuildProblem } from './liveEvents.ts';

const ID = 'sitegen-overlay';

// Opaque colours (contrast does not depend on the page) well above 7:1; ids outrank the site's element styles.
const STYLE = `
#${ID} { box-sizing: border-box; width: min(960px, calc(100vw - 32px)); max-height: calc(100vh - 32px); margin: auto; padding: 24px 28px; overflow: auto; border: 2px solid #f87171; border-radius: 8px; background: #0f172a; color: #f1f5f9; font: 14px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; text-align: left; }
#${ID}::backdrop { background: rgb(2 6 23 / 0.6); }
#${ID} h2 { margin: 0 0 4px; font: 600 16px/1.4 system-ui, sans-serif; color: #fff; }
#${ID} h3 { margin: 20px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #475569; font: 600 14px/1.4 ui-monospace, monospace; color: #fff; overflow-wrap: anywhere; }
#${ID} p, #${ID} pre { margin: 0; }
#${ID} ol { margin: 0; padding: 0; list-style: none; }
#${ID} li { margin: 0 0 12px; }
#${ID} .summary { color: #fecaca; }
#${ID} .line { white-space: pre-wrap; overflow-wrap: anywhere; }
#${ID} .place { color: #fde68a; font: inherit; }
#${ID} .rule { color: #fca5a5; font: inherit; }
#${ID} .hint { padding-left: 2ch; color: #cbd5e1; overflow-wrap: anywhere; }
#${ID} .frame { margin: 4px 0; padding: 8px 2ch; border-radius: 4px; background: #1e293b; color: #f1f5f9; font: inherit; white-space: pre; overflow-wrap: normal; word-break: normal; overflow-x: auto; scrollbar-color: #94a3b8 #1e293b; }
#${ID} a { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
#${ID} button { float: right; margin: 0 0 8px 16px; padding: 6px 12px; border: 0; border-radius: 6px; background: #f1f5f9; color: #0f172a; font: 600 14px/1.4 system-ui, sans-serif; cursor: pointer; }
#${ID} button:focus-visible, #${ID} .frame:focus-visible, #${ID} a:focus-visible { outline: 3px solid #fde68a; outline-offset: 2px; }
`;

/** An element holding text: what the build reports is only ever text here, never markup. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summary(list: Diagnostic[], files: number): string {
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  return `${[plural(errors, 'error'), ...(warnings ? [plural(warnings, 'warning')] : [])].join(' and ')} in ${plural(files, 'file')}`;
}

/** A link that opens in a new tab: the page below stays as it is. */
function link(text: string, href: string, className?: string): HTMLAnchorElement {
  const a = element('a', text, className);
  a.href = href;
  a.target = '_blank';
  a.rel = 'noreferrer';
  return a;
}

/**
 * Lines that keep their spacing, never wrapped (a caret stays under what it points at): a long
 * line scrolls sideways, and the keyboard can reach and scroll it too, by its name.
 */
function frame(lines: string, label: string): HTMLPreElement {
  const pre = element('pre', lines, 'frame');
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', label);
  return pre;
}

/**
 * One problem: the terminal's line (spaced the same, so a copied line reads the same), then its
 * details as the terminal shows them. Its rule and its page link to the page on GitHub when the
 * server knows the repository (`blob`); a path alone is not linked: the dev server does not serve it.
 */
function problem(d: Diagnostic, { frame: lines, hint, docs }: ProblemDetails, blob: string | undefined): HTMLLIElement {
  const item = element('li');
  const line = element('p', undefined, 'line');
  const message = d.severity === 'warning' ? `warning: ${d.message}` : d.message;
  const href = blob && d.docs ? `${blob}/${d.docs}` : undefined;
  const rule = href ? link(`[${d.rule}]`, href, 'rule') : element('code', `[${d.rule}]`, 'rule');
  line.append(element('code', `${d.file}:${d.line}:${d.column}`, 'place'), '  ', element('span', message), '  ', rule);
  item.append(line);
  if (lines.length) item.append(frame(lines.join('\n'), `the lines around ${d.file}:${d.line}`));
  if (hint !== undefined) item.append(element('p', `hint: ${hint}`, 'hint'));
  if (docs !== undefined) {
    const said = element('p', 'docs: ', 'hint');
    said.append(href ? link(docs, href) : docs);
    item.append(said);
  }
  return item;
}

/** The problems under a heading per file, in the order the server sent them (sorted by file and place), with their details as the terminal shows them. */
function byFile(list: Diagnostic[], blob: string | undefined): HTMLElement[] {
  const details = problemDetails(list, (d) => d.docs);
  const files = new Map<string, HTMLLIElement[]>();
  list.forEach((d, i) => files.set(d.file, [...(files.get(d.file) ?? []), problem(d, details[i]!, blob)]));
  return [...files].map(([file, problems]) => {
    const section = element('section');
    const items = element('ol');
    items.append(...problems);
    section.append(element('h3', file), items);
    return section;
  });
}

/**
 * A crash: its first line (what failed), wrapped to be read, then the rest (where, and the code
 * frame) as a frame, without the indent the terminal gives it: a phone's width is too narrow to spare it.
 */
function crash(message: string): HTMLElement[] {
  const [first = '', ...rest] = message.split('\n');
  const indent = Math.min(...rest.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return [element('p', first, 'line'), ...(rest.length ? [frame(rest.map((line) => line.slice(indent)).join('\n'), 'where it failed')] : [])];
}

/**
 * Shows the problem in a modal dialog: focus moves into it (to its Hide button), the page
 * behind is inert, Escape or Hide closes it and gives focus back. A new problem replaces the
 * content, opening the dialog again if it was hidden.
 */
function show(failure: BuildProblem): void {
  let dialog = document.getElementById(ID) as HTMLDialogElement | null;
  if (!dialog) {
    dialog = element('dialog');
    dialog.id = ID;
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-labelledby', `${ID}-title`);
    dialog.setAttribute('aria-describedby', `${ID}-summary`);
    document.body.append(dialog);
  }
  const hide = element('button', 'Hide');
  hide.type = 'button';
  hide.setAttribute('aria-keyshortcuts', 'Escape');
  hide.addEventListener('click', () => dialog.close());
  const title = element('h2', 'sitegen: the last change has errors — the page below is the last good build');
  title.id = `${ID}-title`;
  const files = failure.kind === 'content' ? new Set(failure.diagnostics.map((d) => d.file)).size : 0;
  const said = element(
    'p',
    failure.kind === 'content' ? summary(failure.diagnostics, files) : 'a template or sitegen itself failed while building:',
    'summary',
  );
  said.id = `${ID}-summary`;
  const body = failure.kind === 'content' ? byFile(failure.diagnostics, failure.blob) : crash(failure.message);
  dialog.replaceChildren(element('style', STYLE), hide, title, said, ...body);
  if (!dialog.open) dialog.showModal();
}

function clear(): void {
  const dialog = document.getElementById(ID) as HTMLDialogElement | null;
  dialog?.close();
  dialog?.remove();
}

const events = new EventSource('/__sitegen/events');
events.onopen = () => (document.documentElement.dataset.sitegenLive = 'connected');
events.onmessage = (message) => {
  const event = readLiveEvent(message.data);
  if (!event) return;
  switch (event.type) {
    case 'build-error':
      return show(event.problem);
    case 'clear':
      return clear();
    case 'reload':
      return location.reload();
    default:
      return event satisfies never;
  }
};

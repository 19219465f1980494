import type { SiteFile } from './siteObjects.ts';

/**
 * The keys a built page links to inside its site (`href` and `src` values starting with one `/`),
 * as the bucket's website endpoint resolves them: `/` and `/x/` are `index.html` and
 * `x/index.html`, `/x` is the key `x`. The base a site was built with is its prefix, so these
 * are the keys of the bucket.
 */
export function linkedKeys(html: string): string[] {
  const keys = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"#?]*)/g)) {
    let pathname: string;
    try {
      pathname = decodeURI(match[1]!);
    } catch {
      continue;
    }
    const key = pathname.slice(1);
    keys.add(key === '' || key.endsWith('/') ? `${key}index.html` : key);
  }
  return [...keys];
}

/**
 * The uploads of a plan in steps, each started once the one before it has finished, so that the
 * bucket never holds a page whose link leads to a page this publish adds but has not yet put:
 * assets; then the pages the bucket lacks (`added`), each after the new pages it links to;
 * then the pages that change, which may link to any of them; then the lists of pages (feed,
 * sitemap). New pages that link to each other in a cycle (two new articles, each related to the
 * other) cannot each wait for the other: they go up together in one step, after every new page
 * they link to outside the cycle and before every page that links into it. A publish stopped in
 * that step can leave a link between two of them broken, on pages that no page from before the
 * publish links to yet.
 */
export function uploadSteps(uploads: SiteFile[], added: Set<SiteFile>, links: Map<SiteFile, string[]>): SiteFile[][] {
  const newPages = uploads.filter((f) => f.phase === 'pages' && added.has(f));
  const pageAt = new Map(newPages.flatMap((page) => page.keys.map((key) => [key, page] as const)));
  const dependencies = (page: SiteFile) => [
    ...new Set((links.get(page) ?? []).map((key) => pageAt.get(key)).filter((p): p is SiteFile => p !== undefined && p !== page)),
  ];

  // Tarjan's strongly connected components: each comes out after every component it links to,
  // so its step is one after the latest of theirs.
  const index = new Map<SiteFile, number>();
  const lowLink = new Map<SiteFile, number>();
  const stack: SiteFile[] = [];
  const onStack = new Set<SiteFile>();
  const stepOf = new Map<SiteFile, number>();
  const visit = (page: SiteFile) => {
    index.set(page, index.size);
    lowLink.set(page, index.get(page)!);
    stack.push(page);
    onStack.add(page);
    for (const target of dependencies(page)) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(page, Math.min(lowLink.get(page)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(page, Math.min(lowLink.get(page)!, index.get(target)!));
      }
    }
    if (lowLink.get(page) !== index.get(page)) return;
    const component: SiteFile[] = [];
    let member: SiteFile;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== page);
    const inside = new Set(component);
    const step = component
      .flatMap(dependencies)
      .filter((target) => !inside.has(target))
      .reduce((latest, target) => Math.max(latest, stepOf.get(target)! + 1), 0);
    for (const m of component) stepOf.set(m, step);
  };
  for (const page of newPages) if (!index.has(page)) visit(page);

  const newSteps: SiteFile[][] = [];
  for (const page of newPages) (newSteps[stepOf.get(page)!] ??= []).push(page);
  return [
    uploads.filter((f) => f.phase === 'assets'),
    ...newSteps,
    uploads.filter((f) => f.phase === 'pages' && !added.has(f)),
    uploads.filter((f) => f.phase === 'lists'),
  ].filter((step) => step.length);
}

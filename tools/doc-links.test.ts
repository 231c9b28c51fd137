/**
 * Every relative link and picture in README.md and the documents under docs/ must lead somewhere:
 * to a file or folder of the repository and, when it names an anchor, to a heading of that
 * Markdown file (as GitHub names it). Links to other sites are not followed.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { headingsOf, proseLines, ROOT, textFiles } from './repo-text';

/**
 * Pages other engineers are writing on their branches, linked from here already: while one is
 * absent its links are let through; once it exists it is checked as any other, and this list must
 * lose it (the last test says so).
 */
const WRITTEN_ELSEWHERE: readonly string[] = [];

const docs = textFiles().filter(([path]) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')));
const headings = new Map(docs.map(([path, text]) => [path, headingsOf(text)]));

interface Link {
  readonly where: string;
  readonly target: string;
}

/** `[text](target)` and `![alt](target)`, outside code blocks and inline code; the target up to a space or `)`. */
function linksOf(path: string, text: string): Link[] {
  return proseLines(text).flatMap(({ line, number }) =>
    [...line.replace(/`[^`]*`/g, '``').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({ where: `${path}:${number}`, target: m[1] })),
  );
}

const links = docs.flatMap(([path, text]) => linksOf(path, text).map((link) => ({ ...link, from: path })));
const relativeLinks = links.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target));

/** Why a link from `from` (a path from the root) to `target` does not resolve; null when it does. */
function unresolved(from: string, target: string): string | null {
  const [file, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = file === '' ? from : normalize(join(dirname(from), decodeURIComponent(file)));
  if (path.startsWith('..')) return `${path} is outside the repository`;
  if (!existsSync(join(ROOT, path))) return WRITTEN_ELSEWHERE.includes(path) ? null : `${path} does not exist`;
  if (anchor === undefined) return null;
  if (!path.endsWith('.md') || statSync(join(ROOT, path)).isDirectory()) return `#${anchor} names a heading, but ${path} is not a Markdown file`;
  const found = headings.get(path);
  if (!found) return `${path} is not among the documents read`;
  return found.anchors.has(anchor) ? null : `${path} has no heading with the anchor #${anchor}`;
}

it('are found in the README and across docs/', () => {
  expect(relativeLinks.length).toBeGreaterThanOrEqual(50);
  const linking = new Set(relativeLinks.map((l) => l.from));
  expect(linking.has('README.md')).toBe(true);
  expect([...linking].filter((path) => path.startsWith('docs/')).length).toBeGreaterThanOrEqual(5);
});

it('each lead to a file of the repository and, with an anchor, to a heading of it', () => {
  const broken = relativeLinks.flatMap((l) => {
    const why = unresolved(l.from, l.target);
    return why ? [`${l.where}: (${l.target}) ${why}`] : [];
  });
  expect(broken).toEqual([]);
});

it('pass over only the pages still being written elsewhere', () => {
  const written = WRITTEN_ELSEWHERE.filter((path) => existsSync(join(ROOT, path)));
  // Each of these exists now: take it out of WRITTEN_ELSEWHERE, so its links are checked.
  expect(written).toEqual([]);
});

/**
 * The rules documents are cited all over the code ("docs/rules/<game>.md § <section>"): every such
 * citation must name a file that exists and, when it cites a section, a heading of that file, so
 * that citations cannot rot when a document is reorganised. A cited section runs to the end of its
 * line or to the first `(` `)` `,` `;` `:` `"` `` ` `` `]` `*` ` — ` or full stop. Links between the
 * rules documents are held to the same standard, and nothing may cite the reference sheets the
 * documents were written from: those live outside the repository.
 */
import { headingsOf, textFiles } from './repo-text';

const RULES = 'docs/rules';

const files = textFiles();
const rulesDocs = new Map(files.filter(([path]) => path.startsWith(`${RULES}/`) && path.endsWith('.md')).map(([path, text]) => [path, headingsOf(text)]));

/** Why a citation of `doc` (a path from the root), with its section or anchor if any, does not resolve; null when it does. */
function unresolved(doc: string, section: string | null, anchor: string | null): string | null {
  const headings = rulesDocs.get(doc);
  if (!headings) return `${doc} does not exist`;
  if (section !== null && !headings.texts.has(section)) return `${doc} has no heading "${section}"`;
  if (anchor !== null && !headings.anchors.has(anchor)) return `${doc} has no heading with the anchor #${anchor}`;
  return null;
}

/** The section a citation names, from the text after its `§`. */
function sectionOf(rest: string): string {
  return rest
    .split(/[()`",;:*\]]|\s—\s|\.(?:\s|$)/)[0]
    .replace(/'+$/, '')
    .trim();
}

describe('citations of the rules documents', () => {
  const citation = /docs\/rules\/([\w-]+\.md)(?:#([\w-]+))?(?:[ \t]*§[ \t]*([^\n]*))?/g;
  const found = files.flatMap(([path, text]) =>
    [...text.matchAll(citation)].map((m) => ({
      where: `${path}:${text.slice(0, m.index).split('\n').length}`,
      doc: `${RULES}/${m[1]}`,
      anchor: m[2] ?? null,
      section: m[3] === undefined ? null : sectionOf(m[3]),
    })),
  );

  it('are found across the code, tests and docs', () => {
    expect(rulesDocs.size).toBeGreaterThanOrEqual(4);
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(new Set(found.map((c) => c.where.split('/')[0])).size).toBeGreaterThanOrEqual(3);
  });

  it('each name a rules document that exists, and a heading of it', () => {
    const broken = found.flatMap((c) => {
      const why = unresolved(c.doc, c.section, c.anchor);
      return why ? [`${c.where}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('between the rules documents resolve', () => {
    const link = /\]\(((?:[\w-]+\.md)?)(?:#([\w-]+))?\)/g;
    const broken = [...rulesDocs.keys()].flatMap((doc) => {
      const text = files.find(([path]) => path === doc)![1];
      return [...text.matchAll(link)].flatMap((m) => {
        const why = unresolved(m[1] ? `${RULES}/${m[1]}` : doc, null, m[2] ?? null);
        return why ? [`${doc}: link ${m[0]}: ${why}`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});

it('nothing cites the reference sheets kept outside the repository', () => {
  const outside = /\b(?:RULES|RECORD)\.md\b|\bboard\.(?:json|png)\b/;
  const cited = files.flatMap(([path, text]) => text.split('\n').flatMap((line, i) => (outside.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
  expect(cited).toEqual([]);
});

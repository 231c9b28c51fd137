/**
 * The repository's text files and the headings of its Markdown, for the tests that hold the
 * documents to what they cite and link (rules-citations.test.ts, doc-links.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '..');
/** Installed packages, build output, local data and pictures: nothing there cites or links the docs. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', 'coverage', 'artifacts', 'records', 'data', 'test-results', 'screenshots']);
const TEXT_FILE = /\.(ts|mts|js|mjs|cjs|md|json|html|css|ya?ml|sh)$/;

/** Every text file of the repository, as [path from the root, contents]. */
export function textFiles(dir = ROOT): [string, string][] {
  const files: [string, string][] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.git')) files.push(...textFiles(path));
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      files.push([relative(ROOT, path), readFileSync(path, 'utf8')]);
    }
  }
  return files;
}

/** The lines of a Markdown text outside its fenced code blocks, with their line numbers (from 1). */
export function proseLines(markdown: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) lines.push({ line, number: i + 1 });
  });
  return lines;
}

/** A heading's text as a citation names it, and the anchor GitHub gives it. */
export function headingsOf(markdown: string): { texts: Set<string>; anchors: Set<string> } {
  const texts = new Set<string>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(markdown)) {
    const match = /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (!match) continue;
    const text = match[1].replace(/`/g, '');
    texts.add(text);
    anchors.add(
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return { texts, anchors };
}

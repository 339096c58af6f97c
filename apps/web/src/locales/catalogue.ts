/** A language's translations: nested groups of texts. */
export type Tree = { [key: string]: string | Tree };

/**
 * The areas loaded at start (`<lang>.ts`, with the messages shared with the API): the sign-in page and the app's frame
 * need nothing else. The other areas (`<lang>.pages.ts`) load with the first page behind sign-in.
 */
export const START_AREAS = ['auth', 'common', 'shell'] as const;

/** Locale files (`<lang>/<area>.json`, as `import.meta.glob` gives them) as `{ area: content }`. */
export function areaTree(files: Record<string, Tree>): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const area = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (area) tree[area] = content;
  }
  return tree;
}

/** Every text of a tree by its dotted key (`group.sub.key`), for the tests that compare catalogues. */
export function flattenTree(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flattenTree(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

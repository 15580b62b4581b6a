// A product's technical file as Info shows it: the name it was uploaded with (the server's `file_names`,
// or the picked File's while it waits to upload), else its stored file's name (a file from before the
// server kept names).
import type { ProductFileRow } from './types.ts';

export const fileNameOf = (f: ProductFileRow): string => f.name || f.path.split('/').pop() || f.path;

/** Local rows for a product's files as the server lists them (`files`, `file_names`). */
export const fileRows = (productId: number, files: readonly string[], names: Readonly<Record<string, string>> = {}): ProductFileRow[] =>
  files.map((path) => ({ productId, path, ...(names[path] && { name: names[path] }) }));

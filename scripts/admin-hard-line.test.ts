// The hard line between browser and server code (docs/decisions/005-hand-written-fetch-client.md): the admin loads
// nothing from src/server, so no server module (stores, mail, secrets) can reach the portal's bundle. Reply shapes
// cross the line as shared schemas in src/shared/schemas, not as the server app's type.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderGraph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inside = (folder: string, room: string) => folder === room || folder.startsWith(`${room}${path.sep}`);

describe('the admin stays on the browser side', () => {
  it('no module of src/admin imports from src/server', () => {
    const graph = folderGraph(root, ['src/admin']);
    const arrows = [...graph].flatMap(([from, to]) =>
      [...to].filter((target) => inside(target, 'src/server')).map((target) => `${from} → ${target}`),
    );
    expect(graph.size).toBeGreaterThan(5);
    expect(arrows).toEqual([]);
  });
});

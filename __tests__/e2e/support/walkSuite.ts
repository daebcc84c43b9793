/**
 * Declares the walk of one user's portal: every route of the demo menu of their audience and the
 * detail pages their lists open, in both languages at 390, 768 and 1440 px (every width in every
 * language, since the longer English labels and the wider CJK glyphs each break layouts the other
 * does not). Each route is opened once per language and inspected at each width in turn, the window
 * resized as a person turning a tablet or widening a browser would. One test per route and language,
 * so a failure names the page and lists what was found at which width.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MenuEntry } from '@contract/io/session';
import { startJourney, type Journey } from './harness';
import {
  demoData,
  describeFindings,
  inspect,
  inspectPopups,
  KNOWN,
  LANGS,
  openWalk,
  resize,
  sortFindings,
  visit,
  WIDTHS,
  type WalkSession,
} from './walk';

/** The demo menu of an audience, as the gateway seeds it (the walk checks the gateway answers the same). */
function demoMenuRoutes(audience: 'legal' | 'personal'): { name: string; path: string }[] {
  const file = path.join(__dirname, '../../../fixtures/demo/menus.json');
  const menus = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, MenuEntry[]>;
  return menus[audience].flatMap((parent) =>
    parent.children
      .filter((child) => child.component !== 'External')
      .map((child) => ({
        name: child.name,
        path: `${parent.path.replace(/\/+$/, '')}/${child.path}`.replace(/\/{2,}/g, '/'),
      })),
  );
}

export function walkSuite(user: { username: string; corporate: boolean }, details: string[]) {
  const menuRoutes = demoMenuRoutes(user.corporate ? 'legal' : 'personal').map((r) => r.path);
  const names = [...menuRoutes, ...details];
  let journey: Journey;
  let data: string;
  const knownSeen = new Set<string>();
  const knownFindings = KNOWN[user.corporate ? 'corporate' : 'personal'];

  beforeAll(async () => {
    journey = await startJourney();
    data = await demoData(journey);
  });
  afterAll(() => journey?.close());

  describe.each(LANGS)('in %s', (lang) => {
    let walk: WalkSession;
    beforeAll(async () => {
      walk = await openWalk(journey, user, lang, WIDTHS[0]);
      // The walk covers what the gateway's menu and the user's lists actually lead to.
      const served = walk.routes.map((r) => r.split('?')[0]);
      expect([...served].sort()).toEqual([...names].sort());
    });
    afterAll(() => walk?.context.close());

    it.each(names)('%s', async (name) => {
      const route = walk.routes.find((r) => r.split('?')[0] === name);
      expect(route).toBeDefined();
      await resize(walk, WIDTHS[0]);
      await visit(walk, route as string, user.corporate);
      const found: string[] = [];
      for (const width of WIDTHS) {
        await resize(walk, width);
        const { known, rest } = sortFindings(knownFindings, name, [
          ...(await inspect(walk.page, lang, width, data, user.username)),
          ...(await inspectPopups(walk.page)),
        ]);
        for (const kind of known) knownSeen.add(`${name}: ${kind}`);
        found.push(...describeFindings(rest).map((f) => `at ${width} px: ${f}`));
      }
      expect(found).toEqual([]);
    });
  });

  it('still finds every known finding on the pages it walked (a fixed one leaves the list)', () => {
    const expected = Object.entries(knownFindings)
      .filter(([route]) => names.includes(route))
      .flatMap(([route, kinds]) => kinds.map((kind) => `${route}: ${kind}`));
    expect([...knownSeen].sort()).toEqual(expected.sort());
  });
}

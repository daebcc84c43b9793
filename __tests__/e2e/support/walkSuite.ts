/**
 * Declares the walk of one user's portal: every route of the demo menu of their audience and the
 * detail pages their lists open, in both languages at 390, 768 and 1440 px: all six pairs (COMBOS),
 * since the longer English labels and the wider CJK glyphs each break layouts the other does not.
 * One test per route and pair, so a failure names the page and lists what was found.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MenuEntry } from '@contract/io/session';
import { startJourney, type Journey } from './harness';
import {
  COMBOS,
  demoData,
  describeFindings,
  inspect,
  KNOWN,
  openWalk,
  sortFindings,
  visit,
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

  describe.each(COMBOS)('in %s at %i px', (lang, width) => {
    let walk: WalkSession;
    beforeAll(async () => {
      walk = await openWalk(journey, user, lang, width);
      // The walk covers what the gateway's menu and the user's lists actually lead to.
      const served = walk.routes.map((r) => r.split('?')[0]);
      expect([...served].sort()).toEqual([...names].sort());
    });
    afterAll(() => walk?.context.close());

    it.each(names)('%s', async (name) => {
      const route = walk.routes.find((r) => r.split('?')[0] === name);
      expect(route).toBeDefined();
      const started = Date.now();
      await visit(walk, route as string, user.corporate);
      const loaded = Date.now();
      const findings = await inspect(walk.page, lang, width, data, user.username);
      if (process.env.WALK_TIMES)
        console.log(`${name}: load ${loaded - started} ms, inspect ${Date.now() - loaded} ms`);
      const { known, rest } = sortFindings(knownFindings, name, findings);
      for (const kind of known) knownSeen.add(`${name}: ${kind}`);
      expect(describeFindings(rest)).toEqual([]);
    });
  });

  it('still finds every known finding on the pages it walked (a fixed one leaves the list)', () => {
    const expected = Object.entries(knownFindings)
      .filter(([route]) => names.includes(route))
      .flatMap(([route, kinds]) => kinds.map((kind) => `${route}: ${kind}`));
    expect([...knownSeen].sort()).toEqual(expected.sort());
  });
}

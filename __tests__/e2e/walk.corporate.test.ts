/**
 * The corporate portal (corp-hr) walked route by route in Chinese and English at 390, 768 and 1440 px:
 * every visible text in the chosen language, and a layout that fits (support/inspect.ts).
 */
import { fixedRoutes } from '@client/app/routes';
import { walkSuite } from './support/walkSuite';

/** The detail pages this user's lists open (the menu's pages come from the gateway's menu). */
const details = [
  '/legalCarPolicyDetail',
  '/legalinsuranceDetail',
  '/healthyPolicyDetail',
  '/lifePolicyDetail',
  '/legalPolicyDetail',
  '/counterPolicyDetails',
  '/myclaimsQueryDetail',
  '/groupRenewal',
];

walkSuite({ username: 'corp-hr', corporate: true }, details);

it('walks detail pages that are fixed routes of the portal', () => {
  expect(details.filter((d) => !fixedRoutes.some((r) => r.path === d))).toEqual([]);
});

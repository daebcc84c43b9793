/**
 * The personal centre (member-senior) walked route by route in Chinese and English at 390, 768 and
 * 1440 px: every visible text in the chosen language, and a layout that fits (support/inspect.ts).
 */
import { walkSuite } from './support/walkSuite';

walkSuite({ username: 'member-senior', corporate: false }, [
  '/healthyPolicyDetail',
  '/lifePolicyDetail',
  '/legalCarPolicyDetail',
  '/legalPolicyDetail',
  '/counterPolicyDetails',
]);

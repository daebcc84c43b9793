import { beijingDay } from '@common/time';
import { Status, type Envelope } from '@contract/envelope';

/** The data of a successful answer; fails the test with the gateway's own words otherwise. */
export function ok<T>(res: Envelope<T>): T {
  if (res.status !== Status.ok) throw new Error(`expected SUC_0001, got ${res.status}: ${res.statusText}`);
  return res.data;
}

/** Today in Beijing, the insurer's day (the UTC date is yesterday's from 16:00 UTC). */
export const today = () => beijingDay();

/** The demo world's numbers the tests rely on (fixtures/demo/policies.json). */
export const DEMO = {
  hengsheng: {
    property: 'PRP26310100000126',
    propertyExpired: 'PRP25310100000871',
    motor: 'PDA26310100004417',
    motorPending: 'PDA26310100005390',
    employer: 'PEL26310100000352',
    groupAccident: 'PGA26310100000415',
    groupHealth: 'PGH26310100000533',
    groupLife: 'PGL26310100000610',
    groupAccidentExpired: 'PGA25310100000287',
    claimPaid: 'CLM2026EL0000931',
    claimReview: 'CLM2026EL0001187',
    claimRejected: 'CLM2026GH0001263',
  },
  lanting: { property: 'PRP24320500000077', groupAccident: 'PGA25320500000164', claim: 'CLM2025GA0000391' },
  liWenjing: {
    life: 'LIF21310100003321',
    health: 'HLT26310100008812',
    /** Ends within the renewal window of the seeding day. */
    accident: 'HLT25310100006618',
    motor: 'PDA26310100009123',
    property: 'PRP25310100009544',
    claim: 'CLM2026MD0005120',
    receipt: 'PAY-LIF3321-02',
  },
  zhaoPeng: { health: 'HLT26440300001207' },
};

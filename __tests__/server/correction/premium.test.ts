import {
  addDays,
  daysInclusive,
  insurerToday,
  maskIdNumber,
  maskPhone,
  normaliseSex,
  personFindings,
  proRataFen,
} from '@common/correction';
import { rateFor } from '@server/services/corrections/checks';

describe('pro-rata premium in integer fen', () => {
  it('counts days inclusively, across month ends and leap days', () => {
    expect(daysInclusive('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInclusive('2028-01-01', '2028-12-31')).toBe(366);
    expect(daysInclusive('2026-02-28', '2026-03-01')).toBe(2);
    expect(daysInclusive('2026-03-02', '2026-03-01')).toBe(0);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('rounds half up, exactly, without floating point drift', () => {
    expect(proRataFen(36_500, 365, 365)).toBe(36_500);
    expect(proRataFen(36_500, 1, 365)).toBe(100);
    expect(proRataFen(1, 1, 2)).toBe(1); // 0.5 -> 1
    expect(proRataFen(1, 1, 3)).toBe(0); // 0.333 -> 0
    expect(proRataFen(2, 1, 3)).toBe(1); // 0.667 -> 1
    expect(proRataFen(100_000, 200, 366)).toBe(54_645); // 54644.8 -> 54645
    expect(proRataFen(99_999_999, 365, 365)).toBe(99_999_999);
    expect(proRataFen(36_500, 0, 365)).toBe(0);
  });

  it('prices roster policies at category 1 or their single rate, employer policies by category', () => {
    expect(
      rateFor(
        {
          variant: 'employee',
          rates: new Map([
            [1, 100],
            [2, 200],
          ]),
        },
        2,
      ),
    ).toBe(100);
    expect(rateFor({ variant: 'insured', rates: new Map([[3, 300]]) }, null)).toBe(300);
    expect(
      rateFor(
        {
          variant: 'insured',
          rates: new Map([
            [2, 200],
            [3, 300],
          ]),
        },
        null,
      ),
    ).toBeNull();
    expect(
      rateFor(
        {
          variant: 'employeeNew',
          rates: new Map([
            [1, 100],
            [2, 200],
          ]),
        },
        2,
      ),
    ).toBe(200);
    expect(rateFor({ variant: 'employeeNew', rates: new Map([[1, 100]]) }, 4)).toBeNull();
  });
});

describe('person checks shared by the portal and the gateway', () => {
  it('answers every reason at once', () => {
    const { findings, person } = personFindings({ name: '', idNumber: '123', phone: '99' });
    expect(person).toBeNull();
    expect(findings).toEqual([
      { field: 'name', problem: 'nameRequired' },
      { field: 'idNumber', problem: 'idDigits' },
      { field: 'phone', problem: 'phoneInvalid' },
    ]);
  });

  it('reads sex and birthdate from the number and accepts matching values in English or Chinese', () => {
    const ok = personFindings({ name: '张三', idNumber: '11010519491231002x', sex: '女', birthdate: '1949-12-31' });
    expect(ok).toEqual({
      findings: [],
      person: { idType: 'residentId', idNumber: '11010519491231002X', sex: 'female', birthdate: '1949-12-31' },
    });
    expect(personFindings({ name: '张三', idNumber: '440524188001010014', sex: 'unknown' }).findings).toEqual([
      { field: 'sex', problem: 'sexInvalid' },
    ]);
    expect(normaliseSex('M')).toBe('male');
  });

  it('uses the insurer’s calendar (UTC+8) for today', () => {
    expect(insurerToday(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(insurerToday(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });

  it('masks ID numbers and phones in lists', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskPhone('13912345678')).toBe('139****5678');
  });
});

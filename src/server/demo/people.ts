import { checkCharacter } from '@common/idNumber';

/**
 * Deterministic people for the demo world and the benchmarks: realistic Chinese names, resident ID
 * numbers with correct check characters, departments, employee numbers and occupations with their
 * risk categories. The same seed always gives the same people.
 */

interface Occupation {
  code: string;
  name: string;
  riskCategory: number;
}

export interface PeoplePools {
  surnames: string[];
  givenMale: string[];
  givenFemale: string[];
  areas: string[];
  departments: Array<{ name: string; occupations: string[] }>;
  occupations: Record<string, Occupation>;
}

export interface GeneratedPerson {
  name: string;
  idNumber: string;
  sex: 'male' | 'female';
  birthdate: string;
  phone: string;
  employeeNo: string;
  department: string;
  occupation: Occupation;
}

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a text (policy numbers seed their own choices). */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Departments weighted towards the workshops, as in a manufacturer. */
const DEPARTMENT_WEIGHTS = [2, 1, 1, 3, 4, 3, 9, 8, 4, 3];

export class PeopleGenerator {
  private readonly rng: () => number;
  private readonly usedIds = new Set<string>();
  private readonly weights: number[];
  private next = 0;

  constructor(
    private readonly pools: PeoplePools,
    seed: number,
    private readonly employeeNoPrefix: string,
    /** The year ages are counted from (YYYY). */
    private readonly year: number,
    firstEmployeeNo = 1001,
  ) {
    this.rng = prng(seed);
    this.next = firstEmployeeNo;
    this.weights = pools.departments.map((_, i) => DEPARTMENT_WEIGHTS[i] ?? 1);
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(this.rng() * list.length)];
  }

  /** Common surnames come up more often (a squared uniform leans to the list's head). */
  private surname(): string {
    const r = this.rng();
    return this.pools.surnames[Math.floor(r * r * this.pools.surnames.length)];
  }

  private department() {
    const total = this.weights.reduce((a, b) => a + b, 0);
    let r = this.rng() * total;
    for (let i = 0; i < this.weights.length; i += 1) {
      r -= this.weights[i];
      if (r < 0) return this.pools.departments[i];
    }
    return this.pools.departments[this.pools.departments.length - 1];
  }

  person(minAge = 20, maxAge = 58): GeneratedPerson {
    const male = this.rng() < 0.62;
    const given = male ? this.pools.givenMale : this.pools.givenFemale;
    let name = this.surname() + this.pick(given);
    if (name.length === 2 && this.rng() < 0.45) name += this.pick(given).slice(0, 1);
    const age = minAge + Math.floor(this.rng() * (maxAge - minAge + 1));
    const birthdate = `${this.year - age}-${pad(1 + Math.floor(this.rng() * 12))}-${pad(1 + Math.floor(this.rng() * 28))}`;
    let idNumber: string;
    do {
      const seq = Math.floor(this.rng() * 50) * 2 + (male ? 1 : 0);
      const order = `${Math.floor(this.rng() * 10)}${pad(seq)}`;
      const first17 = `${this.pick(this.pools.areas)}${birthdate.replace(/-/g, '')}${order}`;
      idNumber = first17 + checkCharacter(first17);
    } while (this.usedIds.has(idNumber));
    this.usedIds.add(idNumber);
    const department = this.department();
    const occupation = this.pools.occupations[this.pick(department.occupations)];
    const phone = `1${this.pick(['3', '5', '8', '9'])}${pad(Math.floor(this.rng() * 1e9), 9)}`;
    const employeeNo = `${this.employeeNoPrefix}${pad(this.next, 6)}`;
    this.next += 1;
    return {
      name,
      idNumber,
      sex: male ? 'male' : 'female',
      birthdate,
      phone,
      employeeNo,
      department: department.name,
      occupation,
    };
  }
}

/** Inserts rows in chunks (about 500 rows a statement keeps both databases within their parameter limits). */
export async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * A machine's state or transition names the sentences of the specification it implements
 * (`meta: requirements(...)`, IDs of docs/requirements.md); the model tests show a checked path through
 * each (`__tests__/machines/support/requirements.ts`).
 */
export interface RequirementsMeta {
  requirements?: string[];
}

export const requirements = (...ids: string[]): RequirementsMeta => ({ requirements: ids });

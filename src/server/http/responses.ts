import type { CallName } from '@contract/calls';

export function responseSchemas(_name: CallName): Record<number, unknown> | undefined {
  return undefined;
}

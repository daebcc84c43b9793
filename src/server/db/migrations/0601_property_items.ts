import type { Kysely } from 'kysely';
import { rewritePolicyDetails } from './policyDetails';

/**
 * A property policy's insured items, kept as Chinese words in its details (`propertyItems[].name`),
 * become codes (`item`) said in each reader's language (policy.property.item.<code>); an item whose
 * name is not one of the codes' words keeps its name, said as written.
 */
export const PROPERTY_ITEMS: Record<string, string> = {
  厂房建筑物: 'buildings',
  机器设备: 'machinery',
  存货: 'stock',
  办公设备: 'officeEquipment',
  室内财产: 'contents',
  展陈物品: 'exhibits',
  房屋主体: 'structure',
};

export function propertyItems() {
  return {
    up: (db: Kysely<any>) =>
      rewritePolicyDetails(db, 'property', (d) =>
        Array.isArray(d.propertyItems)
          ? {
              ...d,
              propertyItems: (d.propertyItems as Array<Record<string, unknown>>).map((i) => {
                const code = typeof i.name === 'string' ? PROPERTY_ITEMS[i.name] : undefined;
                if (!code) return i;
                const { name: _name, ...rest } = i;
                return { item: code, ...rest };
              }),
            }
          : d,
      ),
    async down() {
      throw new Error('0601_property_items cannot be undone: restore the backup taken before it.');
    },
  };
}

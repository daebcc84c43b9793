import type { SeedContext } from './context';
import type { ProductCoverage } from '../services/products';

/** The insurer's products in both languages (fixtures/demo/products.json). */
interface ProductsFixture {
  products: Array<{
    code: string;
    kind: string;
    category: string;
    nameEn: string;
    nameZh: string;
    summaryEn: string;
    summaryZh: string;
    priceFromFen: number;
    priceUnit: string;
    onSale: number;
    /** 1: its policies' automatic renewal may be changed in the portal (absent: not). */
    autoRenewChangeable?: number;
    coverages: ProductCoverage[];
  }>;
}

export async function seedProducts(ctx: SeedContext) {
  const { products } = ctx.readFixture<ProductsFixture>('products.json');
  await ctx.db
    .insertInto('product')
    .values(
      products.map((p, sort) => ({
        code: p.code,
        kind: p.kind,
        category: p.category,
        name_en: p.nameEn,
        name_zh: p.nameZh,
        summary_en: p.summaryEn,
        summary_zh: p.summaryZh,
        coverages: JSON.stringify(p.coverages),
        price_from_fen: p.priceFromFen,
        price_unit: p.priceUnit,
        on_sale: p.onSale,
        sort,
      })),
    )
    .execute();
}

/** The products whose policies' automatic renewal the company may change in the portal (migration 0710). */
export async function seedAutoRenewChangeable(ctx: SeedContext) {
  const { products } = ctx.readFixture<ProductsFixture>('products.json');
  const codes = products.filter((p) => p.autoRenewChangeable === 1).map((p) => p.code);
  if (codes.length > 0)
    await ctx.db.updateTable('product').set({ auto_renew_changeable: 1 }).where('code', 'in', codes).execute();
}

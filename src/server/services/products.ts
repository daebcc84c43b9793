import type { Kysely } from 'kysely';
import type { Locale } from '@common/i18n';
import type { DB } from '../db/schema';
import type { Clock } from './clock';
import type { ProductVoice, Voice } from './texts';

export interface ProductCoverage {
  code: string;
  nameEn: string;
  nameZh: string;
  sumInsuredFen: number;
}

export interface Product {
  code: string;
  kind: string;
  category: string;
  nameEn: string;
  nameZh: string;
  summaryEn: string;
  summaryZh: string;
  coverages: ProductCoverage[];
  priceFromFen: number;
  priceUnit: string;
  onSale: boolean;
  sort: number;
}

/** How long a gateway keeps the catalogue before reading it again (products change rarely). */
const REFRESH_MS = 60_000;

function coveragesOf(text: string): ProductCoverage[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ProductCoverage[]) : [];
  } catch {
    return [];
  }
}

/**
 * The insurer's products in both languages (the product table): the names policies, orders, claims
 * and records are said by, and the product pages of the standalone install. Read once a minute.
 */
export class Products {
  private cache: { at: number; byCode: Map<string, Product> } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async all(): Promise<Map<string, Product>> {
    const now = this.clock.now().getTime();
    if (this.cache && now - this.cache.at < REFRESH_MS && now >= this.cache.at) return this.cache.byCode;
    const rows = await this.db.selectFrom('product').selectAll().orderBy('sort').orderBy('id').execute();
    const byCode = new Map<string, Product>(
      rows.map((r) => [
        r.code,
        {
          code: r.code,
          kind: r.kind,
          category: r.category,
          nameEn: r.name_en,
          nameZh: r.name_zh,
          summaryEn: r.summary_en,
          summaryZh: r.summary_zh,
          coverages: coveragesOf(r.coverages),
          priceFromFen: Number(r.price_from_fen),
          priceUnit: r.price_unit,
          onSale: r.on_sale === 1,
          sort: r.sort,
        },
      ]),
    );
    this.cache = { at: now, byCode };
    return byCode;
  }

  /** A voice that also names products and their coverages in its language. */
  async voice(
    voice: Voice,
  ): Promise<ProductVoice & { coverage(productCode: string, code: string, fallback: string): string }> {
    const byCode = await this.all();
    const zh = voice.locale === 'zh-CN';
    return {
      ...voice,
      product: (code, fallback) => {
        const p = byCode.get(code);
        return p ? (zh ? p.nameZh : p.nameEn) : (fallback ?? code);
      },
      coverage: (productCode, code, fallback) => {
        const c = byCode.get(productCode)?.coverages.find((x) => x.code === code);
        return c ? (zh ? c.nameZh : c.nameEn) : fallback;
      },
    };
  }
}

/** A product's name in a language (for texts written once, in both languages). */
export const productName = (p: Product, locale: Locale) => (locale === 'zh-CN' ? p.nameZh : p.nameEn);

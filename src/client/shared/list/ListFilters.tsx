import { FilterOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useMessages, useAside } from '../i18n';
import { listMessages } from './listMessages';
import { useWide } from './useWide';

export type FilterField =
  | { kind: 'text'; name: string; label: string; maxLength?: number }
  | {
      kind: 'select';
      name: string;
      label: string;
      options: { value: string | number; label: string }[];
      placeholder?: string;
      /** The select's width in a row of filters (a phone's is the page's). */
      width?: number;
    }
  | { kind: 'dateRange'; from: string; to: string; label: string };

/** The part of a list (useListQuery) its filters read and set. */
interface Filtered {
  state: { filters: Record<string, unknown> };
  setFilters(values: Record<string, unknown>): void;
  reset(): void;
}

type Range = [Dayjs | null, Dayjs | null];
const nameOf = (f: FilterField) => (f.kind === 'dateRange' ? `${f.from}~${f.to}` : f.name);

/**
 * A period: antd's range picker from lg up; below it (a phone, a tablet) two date pickers one under
 * the other, each a single month that fits the screen, read-only inputs (the calendar, not the keyboard).
 */
export function DateRangeInput({
  value,
  onChange,
  id,
}: {
  value?: Range | null;
  onChange?: (value: Range) => void;
  id?: string;
}) {
  const t = useMessages(listMessages);
  // the range picker's two months side by side need a desktop's width
  const wide = useWide('lg');
  const [from, to] = value ?? [null, null];
  if (wide)
    return (
      <DatePicker.RangePicker
        id={id}
        value={[from, to]}
        allowEmpty={[true, true]}
        placeholder={[t.from, t.to]}
        onChange={(v) => onChange?.([v?.[0] ?? null, v?.[1] ?? null])}
      />
    );
  return (
    <div className="mc-date-range">
      <DatePicker
        id={id}
        value={from}
        placeholder={t.from}
        inputReadOnly
        placement="bottomLeft"
        disabledDate={(d) => (to ? d.isAfter(to, 'day') : false)}
        onChange={(d) => onChange?.([d ?? null, to])}
      />
      <DatePicker
        value={to}
        placeholder={t.to}
        inputReadOnly
        placement="bottomLeft"
        disabledDate={(d) => (from ? d.isBefore(from, 'day') : false)}
        onChange={(d) => onChange?.([from, d ?? null])}
      />
    </div>
  );
}

/**
 * A list's filters, read from and written to the list's address (useListQuery): a row of fields
 * with Search and Reset on a wide screen; on a phone behind a Filters button (saying how many are
 * set), one field a line with its label above it, so the list starts on the first screen.
 * `live`: each change applies at once (selects only), no buttons, always shown.
 */
export function ListFilters({
  list,
  fields,
  live = false,
  extra,
  testId,
}: {
  list: Filtered;
  fields: FilterField[];
  live?: boolean;
  /** More controls after the fields (a page's own button). */
  extra?: ReactNode;
  testId?: string;
}) {
  const t = useMessages(listMessages);
  const wide = useWide('md');
  const aside = useAside();
  const [form] = Form.useForm();
  const [open, setOpen] = useState(false);
  const folded = !wide && !live;
  const set = Object.values(list.state.filters).filter((v) => v !== undefined).length;
  const toForm = (filters: Record<string, unknown>) =>
    Object.fromEntries(
      fields.map((f) => {
        if (f.kind !== 'dateRange') return [f.name, filters[f.name]];
        const at = (v: unknown) => (typeof v === 'string' ? dayjs(v) : null);
        return [nameOf(f), [at(filters[f.from]), at(filters[f.to])]];
      }),
    );
  const fromForm = (values: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (f.kind === 'dateRange') {
        const [a, b] = (values[nameOf(f)] as Range | null | undefined) ?? [null, null];
        out[f.from] = a?.format('YYYY-MM-DD');
        out[f.to] = b?.format('YYYY-MM-DD');
      } else {
        const v = values[f.name];
        out[f.name] = typeof v === 'string' ? v.trim() || undefined : (v ?? undefined);
      }
    }
    return out;
  };
  // The fields follow the address (back and forward, a link).
  const current = JSON.stringify(list.state.filters);
  useEffect(() => {
    form.setFieldsValue(toForm(list.state.filters));
    // the filters' text is what changes; the fields are the page's constants
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const toggle = folded && (
    <div className="mc-list-filters-toggle">
      <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {set ? aside(t.filters, set) : t.filters}
      </Button>
      {extra}
    </div>
  );
  if (folded && !open) return toggle;

  return (
    <>
      {toggle}
      <Form
        form={form}
        data-testid={testId}
        layout={wide ? 'inline' : 'vertical'}
        className="mc-list-filters-form"
        initialValues={toForm(list.state.filters)}
        onFinish={(values) => {
          list.setFilters(fromForm(values));
          setOpen(false);
        }}
        onValuesChange={live ? (_, all) => list.setFilters(fromForm(all)) : undefined}
      >
        {fields.map((f) => (
          <Form.Item key={nameOf(f)} name={nameOf(f)} label={f.label}>
            {f.kind === 'text' ? (
              <Input allowClear maxLength={f.maxLength ?? 60} aria-label={f.label} />
            ) : f.kind === 'select' ? (
              <Select
                allowClear
                aria-label={f.label}
                placeholder={f.placeholder ?? t.all}
                style={wide ? { width: f.width ?? 180 } : undefined}
                options={f.options}
              />
            ) : (
              <DateRangeInput />
            )}
          </Form.Item>
        ))}
        {!live && (
          <Form.Item>
            <div className="mc-list-filters-buttons">
              <Button type="primary" htmlType="submit">
                {t.search}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue(toForm({}));
                  list.reset();
                }}
              >
                {t.reset}
              </Button>
            </div>
          </Form.Item>
        )}
        {!folded && extra}
      </Form>
    </>
  );
}

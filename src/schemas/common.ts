import { z } from 'zod';
import type { SchemaCode } from '../rules.ts';
import { readWebAddress } from '../routes/webAddress.ts';
import { referenceKinds } from './references.ts';

/** Building blocks shared by the content schemas. A field typed `href` or `assetPath`, whatever its name, is checked by the link checker. */
export const text = z.string().trim().min(1, 'must not be empty');

/**
 * A calendar date written `YYYY-MM-DD`. One field gets one message, which says how to write it.
 * The check is a refinement, which JSON Schema cannot carry: editors get the pattern instead.
 */
export const isoDate = z
  .string()
  .superRefine((value, ctx) => {
    const problem = dateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { rule: 'invalid-date' satisfies SchemaCode } });
  })
  .meta({ description: 'A date written YYYY-MM-DD, such as 2024-07-08.', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Dates before it are typing slips (`0024`, `0000`); JavaScript's dates also read years 0–99 as 1900–1999. */
const FIRST_YEAR = 1900;

function dateProblem(value: string): string | undefined {
  const parts = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\S*)?$/.exec(value.trim());
  if (!parts) return `${JSON.stringify(value)} is not written year first, YYYY-MM-DD${meantDate(value.trim())}`;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const written = `${parts[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year < FIRST_YEAR)
    return `${JSON.stringify(value)} is before ${FIRST_YEAR}: a date of the site is when something was published or takes effect, written in full, such as 2024-07-08`;
  if (month < 1 || month > 12) return `${JSON.stringify(value)} has no month ${month}: months run from 01 to 12`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${JSON.stringify(value)} is not a real calendar date: ${MONTHS[month - 1]} ${year} has ${days} days`;
  if (value.length > 10 && /^\d{4}-\d{2}-\d{2}[T ]/.test(value)) return `${JSON.stringify(value)} has a time: a date is written without one, as ${written}`;
  if (value !== written) return `${JSON.stringify(value)} must be written as ${written} (YYYY-MM-DD, with two-digit month and day)`;
  return undefined;
}

/**
 * The date a day-first or month-first date means, when only one reading is a calendar date
 * (`18/07/2023` is 18 July): `; did you mean "2023-07-18"?`; both readings are named when both are.
 */
function meantDate(value: string): string {
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (!parts) return '';
  const [a, b, year] = parts.slice(1).map(Number) as [number, number, number];
  const iso = (month: number, day: number) =>
    month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
      ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      : undefined;
  const readings = [...new Set([iso(b, a), iso(a, b)].filter((d): d is string => d !== undefined))];
  if (readings.length === 1) return `; did you mean "${readings[0]}"?`;
  if (readings.length === 2) return `; is it "${readings[0]}" (day first) or "${readings[1]}" (month first)?`;
  return '';
}

const ASSET_ENDINGS = 'svg|png|jpe?g|webp|avif|gif|ico|pdf';

/** A root-relative path to a file in public/. */
export const assetPath = z
  .string()
  .regex(new RegExp(`^/[^\\s?#]+\\.(${ASSET_ENDINGS})$`, 'i'), 'must be a root-relative file path such as /images/photo.svg')
  // JSON Schema patterns have no flags: the endings are spelled in either case.
  .meta({
    description: 'A file in public/, written from the site’s root: public/images/photo.svg is /images/photo.svg.',
    pattern: `^/[^\\s?#]+\\.(${ASSET_ENDINGS.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)})$`,
  })
  .register(referenceKinds, { reference: 'asset' });

/** An internal route (`/about`, `/articles/x#part`) or an absolute https/mailto/tel URL. */
export const href = z
  .string()
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:[^\s]+|#[\w-]+)$/, 'must be a root-relative path, an https:// URL, mailto: or tel:')
  .describe(
    'Where the link goes: a path of the site such as /pricing (pages/NAME.yaml is /NAME), a #heading of this page, or an https://, mailto: or tel: address.',
  )
  .register(referenceKinds, { reference: 'link' });

/** A lowercase slug such as `end-to-end-platform`: file names, keys and routes use them. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An https:// value is refused unless a browser reads it as written (see readWebAddress): a refinement, so editors get the pattern alone. */
export function httpsAsWritten(value: string, ctx: z.RefinementCtx): void {
  if (!/^https:/i.test(value)) return;
  const read = readWebAddress(value);
  if ('problem' in read)
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} ${read.problem}`, params: { rule: 'invalid-format' satisfies SchemaCode } });
}

export const httpsUrl = z
  .string()
  .regex(/^https:\/\/[^\s]+$/, { message: 'must be an https:// URL', abort: true })
  .superRefine(httpsAsWritten)
  .describe('An https:// address.');

export const link = z.strictObject({ label: text.describe('The words of the link, as readers see them.'), href });
export type Link = z.infer<typeof link>;

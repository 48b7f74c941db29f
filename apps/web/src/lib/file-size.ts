import { intlLocale } from './format-date';

/**
 * A file's size for people, in the reader's language with Western digits (intlLocale): "820 kB",
 * "1.4 MB", "12.3 MB", in the units of 1024 the upload limits (chat, drive) are counted in.
 */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1 ? [mb, 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    // "12.3 MB of 500 MB": a tenth while it still tells sizes apart.
    maximumFractionDigits: value < 100 ? 1 : 0,
  }).format(value);
}

import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useMemo, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js/min';
import {
  BLOCKED_PHONE_KEYS,
  countryOptions,
  defaultCountryOptions,
  limitPhoneDigits,
  splitPhone,
  toE164,
} from '../lib/phone';
import { usePhoneLibrary } from '../lib/use-phone-library';

/** What a phone number's check found: the number in international form, or why there is none. */
export type PhoneCheck = { mobile: string } | { problem: 'invalid' | 'unavailable' };

/**
 * A phone number being typed: its country (India until another is chosen or pasted), the national
 * number as typed, and the phone rules, fetched as soon as the form mounts (lib/phone.ts). `check()`
 * awaits the rules (`checking` meanwhile) and gives the number in international form.
 */
export function usePhoneNumber() {
  const [country, setCountry] = useState<CountryCode>('IN');
  const [national, setNational] = useState('');
  const { library, checking, load } = usePhoneLibrary();

  /**
   * A number pasted, or filled in by the browser, often comes with its country ("+91 90000 00010",
   * "919000000010"): the phone rules take the country out into the select, so the field holds the
   * national number. Typed digits are kept as typed (the '+' key is blocked).
   */
  function take(text: string) {
    if (!library) return setNational(limitPhoneDigits(text));
    const split = splitPhone(library, text, country);
    setCountry(split.country);
    setNational(limitPhoneDigits(split.national));
  }

  async function check(): Promise<PhoneCheck> {
    const lib = await load();
    if (!lib) return { problem: 'unavailable' };
    const mobile = toE164(lib, national, country);
    return mobile ? { mobile } : { problem: 'invalid' };
  }

  return { country, setCountry, national, setNational, take, library, checking, check };
}
export type PhoneNumber = ReturnType<typeof usePhoneNumber>;

/**
 * The country code select and the number beside it (access-and-app-shell.md 2.4, 5): India alone
 * until the phone rules arrive, then every country, India first; the number takes digits and spaces
 * only (at most 14 digits), and a pasted number gives up its country to the select.
 */
export function PhoneField({
  number,
  countryLabel,
  label,
  error,
  testId,
  countryTestId,
  onEdit,
}: {
  number: PhoneNumber;
  countryLabel: string;
  label: string;
  error?: ReactNode;
  testId: string;
  countryTestId: string;
  /** Called on every change of the country or the number (a form clears the field's error). */
  onEdit?: () => void;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { library } = number;
  const countries = useMemo(
    () => (library ? countryOptions(library, language) : defaultCountryOptions(language)),
    [library, language],
  );

  function blockKeys(event: KeyboardEvent<HTMLInputElement>) {
    if (BLOCKED_PHONE_KEYS.has(event.key)) event.preventDefault();
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    onEdit?.();
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    number.take(
      input.value.slice(0, input.selectionStart ?? input.value.length) +
        pasted +
        input.value.slice(input.selectionEnd ?? input.value.length),
    );
  }

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        label={countryLabel}
        value={number.country}
        onChange={(e) => {
          onEdit?.();
          number.setCountry(e.currentTarget.value as CountryCode);
        }}
        data={countries}
        w={110}
        data-testid={countryTestId}
      />
      <TextInput
        flex={1}
        label={label}
        placeholder="98765 43210"
        inputMode="tel"
        autoComplete="tel-national"
        value={number.national}
        onKeyDown={blockKeys}
        onPaste={paste}
        onChange={(e) => {
          onEdit?.();
          const text = e.currentTarget.value;
          // A '+' cannot be typed: it came with a number the browser filled in.
          if (text.includes('+')) number.take(text);
          else number.setNational(limitPhoneDigits(text));
        }}
        error={error}
        data-testid={testId}
      />
    </Group>
  );
}

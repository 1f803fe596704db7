import '@mantine/dates/styles.css';
import type { FocusEvent, FormEvent, ReactNode } from 'react';
import type { MantineSize } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { DATE_FORMAT, isCalendarDate } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, parseDutchDate } from '../lib/format.ts';

export interface DateFieldProps {
  label: ReactNode;
  /**
   * YYYY-MM-DD, '' for no date, or the text as typed when it is no real date: the form's schema
   * (the contract's date schema) then refuses it, so an impossible date is a field error and is
   * never sent as "no date".
   */
  value?: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** YYYY-MM-DD bounds of the calendar. */
  minDate?: string;
  maxDate?: string;
  disabled?: boolean;
  autoComplete?: string;
  'data-testid'?: string;
  w?: number | string;
  size?: MantineSize;
}

/** The one date input of the portal: typed or picked, shown as DD-MM-YYYY (spec §3). */
export function DateField({ value = '', onChange, onBlur, minDate, maxDate, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  // Bounds only limit the calendar; typed dates outside them reach the schema and get its message.
  const takeText = (text: string) => onChange(text.trim() === '' ? '' : (parseDutchDate(text) ?? text));
  const handleInput = (event: FormEvent<HTMLInputElement>) => takeText(event.currentTarget.value);
  // Also on leaving the input: text set without an input event (autofill) still reaches the form.
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== (isCalendarDate(value) ? formatDate(value) : value))
      takeText(event.currentTarget.value);
    onBlur?.(event);
  };
  return (
    <DateInput
      {...props}
      value={isCalendarDate(value) ? value : null}
      // null is the clear button (or an emptied input): no date.
      onChange={(picked) => onChange(picked === null ? '' : picked.slice(0, 10))}
      onInput={handleInput}
      onBlur={handleBlur}
      valueFormat={DATE_FORMAT}
      dateParser={parseDutchDate}
      fixOnBlur={false}
      clearable={!props.required}
      minDate={minDate}
      maxDate={maxDate}
      locale={i18n.language === 'en' ? 'en' : 'nl'}
      placeholder={t('common.dateFormat', 'DD-MM-JJJJ')}
      inputMode="numeric"
      maxLength={10}
    />
  );
}

import '@mantine/dates/styles.css';
import type { FormEvent, ReactNode } from 'react';
import { DateInput } from '@mantine/dates';
import { DATE_FORMAT, isCalendarDate } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { parseDutchDate } from '../lib/format.ts';

export interface DateFieldProps {
  label: ReactNode;
  /**
   * YYYY-MM-DD, '' for no date, or the text as typed when it is no real date: the form's schema
   * (the contract's date schema) then refuses it, so an impossible date is a field error and is
   * never sent as "no date".
   */
  value?: string;
  onChange: (value: string) => void;
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
}

/** The one date input of the portal: typed or picked, shown as DD-MM-YYYY (spec §3). */
export function DateField({ value = '', onChange, minDate, maxDate, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  // Bounds only limit the calendar; typed dates outside them reach the schema and get its message.
  const handleInput = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    onChange(text.trim() === '' ? '' : (parseDutchDate(text) ?? text));
  };
  return (
    <DateInput
      {...props}
      value={isCalendarDate(value) ? value : null}
      onChange={(picked) => picked !== null && onChange(picked.slice(0, 10))}
      onInput={handleInput}
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

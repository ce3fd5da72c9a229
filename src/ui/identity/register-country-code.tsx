import { useEffect } from 'react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { useSelector } from '@xstate/react';
import { SelectField } from '../components/form/field.tsx';
import { useIdentityFlows } from './identity-flows.ts';

type CountryCodes = {
  current: string;
  list: { code: string; dialingCode: string; name: string }[];
};

const listOf = (data: unknown): CountryCodes | null =>
  data && typeof data === 'object' && Array.isArray((data as CountryCodes).list)
    ? (data as CountryCodes)
    : null;

/** The dialing code of the visitor's country (or the site default), '' until the list loads. */
export function useDefaultDialingCode(): string {
  const { countryCodes, warmUp } = useIdentityFlows();
  useEffect(warmUp, [warmUp]);
  return useSelector(countryCodes, (s) => {
    const codes = listOf(s.context.data);
    if (!codes) return '';
    const current = codes.list.find((c) => c.code === codes.current) ?? codes.list[0];
    return current?.dialingCode ?? '';
  });
}

/** The country code picker of the mobile number (the identity context's country codes). */
export function RegisterCountryCode({
  label,
  error,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const { countryCodes, warmUp } = useIdentityFlows();
  useEffect(warmUp, [warmUp]);
  const list = useSelector(countryCodes, (s) => listOf(s.context.data)?.list ?? []);
  return (
    <SelectField label={label} error={error} data-testid="register-country" {...select}>
      {list.length === 0 && <option value="">…</option>}
      {list.map((country) => (
        <option key={country.code} value={country.dialingCode}>
          +{country.dialingCode} {country.name}
        </option>
      ))}
    </SelectField>
  );
}

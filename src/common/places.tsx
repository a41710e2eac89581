import { useEffect, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { showsLga } from '@/domain/profile/rules';
import { loadCountries, loadNigerianStates, NIGERIA, type Country, type NigerianState } from '@/domain/common/reference';
import { VirtualAutocompleteInput, type Choice } from './VirtualAutocomplete';

/**
 * Countries with their states and the Nigerian states with their local governments. The lists
 * are big, so they load on first use in chunks of their own, never in the first bundle.
 */
export type Reference = { countries: Country[]; nigeria: NigerianState[] };

let loading: Promise<Reference> | undefined;

function loadReference(): Promise<Reference> {
  if (!loading) {
    loading = Promise.all([loadCountries(), loadNigerianStates()]).then(([countries, nigeria]) => ({ countries, nigeria }));
    // A failed chunk load shows no message and may succeed on the next visit.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** The reference lists once loaded; undefined until then. */
export function useReference(): Reference | undefined {
  const [reference, setReference] = useState<Reference>();
  useEffect(() => {
    let live = true;
    loadReference()
      .then((loaded) => live && setReference(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return reference;
}

const unique = (names: string[]) => [...new Set(names)];

/** The states of a country: Nigeria's are the Nigerian list's, whose names key the local governments. */
function statesOf(reference: Reference | undefined, country: string | null | undefined): string[] {
  if (!reference || !country) return [];
  if (country === NIGERIA) return reference.nigeria.map((s) => s.state);
  return unique(reference.countries.find((c) => c.name === country)?.states.map((s) => s.name) ?? []);
}

function lgasOf(reference: Reference | undefined, state: string | null | undefined): string[] {
  return reference?.nigeria.find((s) => s.state === state)?.lgas ?? [];
}

/** A dependent value is cleared only when the new list no longer holds it. */
export const stillListed = (value: unknown, list: readonly string[]) => typeof value === 'string' && list.includes(value);

const asChoices = (names: readonly string[]): Choice[] => names.map((name) => ({ id: name, name }));

type PlaceFieldsProps = {
  reference: Reference | undefined;
  /** The country field and the state field that depends on it. */
  country: string;
  state: string;
  /** The local government field, shown only for Nigeria. */
  lga?: string;
};

/** A country, its state and (for Nigeria) the local government, each clearing what no longer fits. */
export function PlaceFields({ reference, country, state, lga }: PlaceFieldsProps) {
  const { getValues, setValue } = useFormContext();
  const [chosenCountry, chosenState] = useWatch({ name: [country, state] }) as [string | null, string | null];
  const countries = useMemo(() => asChoices(reference?.countries.map((c) => c.name) ?? []), [reference]);
  const states = useMemo(() => asChoices(statesOf(reference, chosenCountry)), [reference, chosenCountry]);
  const lgas = useMemo(() => asChoices(lgasOf(reference, chosenState)), [reference, chosenState]);
  const clearUnlisted = (field: string, list: string[]) => {
    if (getValues(field) && !stillListed(getValues(field), list)) setValue(field, null, { shouldDirty: true });
  };
  const countryChanged = (next: unknown) => {
    clearUnlisted(state, statesOf(reference, next as string | null));
    if (lga) clearUnlisted(lga, lgasOf(reference, getValues(state)));
  };
  return (
    <>
      <VirtualAutocompleteInput source={country} choices={countries} isPending={!reference} onChange={countryChanged} />
      <VirtualAutocompleteInput
        source={state}
        choices={states}
        isPending={!reference}
        onChange={(next) => lga && clearUnlisted(lga, lgasOf(reference, next as string | null))}
      />
      {lga && showsLga(chosenCountry) && <VirtualAutocompleteInput source={lga} choices={lgas} isPending={!reference} />}
    </>
  );
}

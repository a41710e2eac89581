import { forwardRef, useContext, useMemo, useState, type HTMLAttributes, type ReactElement, type UIEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import { FormLock, fieldLabel } from './formLock';

/** One entry of a long dropdown: the value kept in the form and the text shown. */
export type Choice = { id: string; name: string };

/** Every option row has this height, so the visible window follows from the scroll offset alone. */
export const OPTION_HEIGHT = 36;
const VISIBLE_ROWS = 10;
/** Rows rendered beyond the visible ones: more than a Page Down (5), so the keyboard always finds its next row. */
const OVERSCAN = 6;

type ListboxProps = HTMLAttributes<HTMLUListElement> & { children?: ReactElement[] | ReactElement };

/**
 * The listbox of a long dropdown (25000 rows open without lag): only the rows
 * in view, plus the first and last for Home and End, are in the page; each sits at its own
 * offset inside a spacer as tall as the whole list. MUI keeps its option styles (this renders
 * as its styled listbox) and scrolls to keyboard-highlighted rows by their offsets.
 */
const VirtualListbox = forwardRef<HTMLUListElement, ListboxProps>(function VirtualListbox({ children, style, onScroll, ...props }, ref) {
  const rows = children === undefined ? [] : Array.isArray(children) ? children : [children];
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(rows.length, VISIBLE_ROWS) * OPTION_HEIGHT;
  // Typing shortens the list under a scrolled listbox: the offset cannot pass its new end.
  const top = Math.min(scrollTop, rows.length * OPTION_HEIGHT - height);
  const first = Math.max(0, Math.floor(top / OPTION_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length - 1, Math.ceil((top + height) / OPTION_HEIGHT) + OVERSCAN);
  const shown = new Set([0, rows.length - 1]);
  for (let index = first; index <= last; index++) shown.add(index);
  const handleScroll = (event: UIEvent<HTMLUListElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
    onScroll?.(event);
  };
  return (
    <ul {...props} ref={ref} style={{ ...style, padding: 0, height, maxHeight: height }} onScroll={handleScroll}>
      <li role="presentation" style={{ height: rows.length * OPTION_HEIGHT }} />
      {[...shown]
        .filter((index) => index >= 0 && index < rows.length)
        .sort((a, b) => a - b)
        .map((index) => rows[index])}
    </ul>
  );
});

const rowStyle = (index: number) =>
  ({
    position: 'absolute',
    top: index * OPTION_HEIGHT,
    left: 0,
    right: 0,
    height: OPTION_HEIGHT,
    minHeight: OPTION_HEIGHT,
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
  }) as const;

/** The choice shown for a stored value: the listed one, or the value itself while the list loads or no longer lists it. */
function useChoiceOf(choices: readonly Choice[]) {
  const byId = useMemo(() => new Map(choices.map((choice) => [choice.id, choice])), [choices]);
  return (value: unknown): Choice | null => (value ? (byId.get(String(value)) ?? { id: String(value), name: String(value) }) : null);
}

// Stable functions: MUI resets the typed text when these change between renders.
const nameOf = (choice: Choice) => choice.name;
const sameChoice = (a: Choice, b: Choice) => a.id === b.id;

type Props = {
  source: string;
  choices: readonly Choice[];
  /** Defaults to flock.profile.fields.<source>. */
  label?: string;
  multiple?: boolean;
  disabled?: boolean;
  isPending?: boolean;
  /** After the form value changed: the new value (an id, ids, or null). */
  onChange?: (value: string | string[] | null) => void;
  /** A multiple choice lost one of its values. */
  onRemove?: (removed: Choice) => void;
};

/** A form input choosing one (or several) of a long list, searchable, with a virtualised listbox. */
export function VirtualAutocompleteInput({ source, choices, label, multiple = false, disabled, isPending, onChange, onRemove }: Props) {
  const translate = useTranslate();
  const locked = useContext(FormLock) || !!disabled;
  const { field, fieldState, formState } = useInput({ source });
  const choiceOf = useChoiceOf(choices);
  const value = multiple ? ((field.value || []) as string[]).map(choiceOf).filter((c): c is Choice => !!c) : choiceOf(field.value);
  const shown = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const message = fieldState.error?.message;
  return (
    <Autocomplete<Choice, boolean>
      multiple={multiple}
      options={choices as Choice[]}
      value={value}
      disabled={locked}
      loading={isPending}
      getOptionLabel={nameOf}
      isOptionEqualToValue={sameChoice}
      noOptionsText={translate('flock.profile.no_options')}
      loadingText={translate('flock.loading')}
      onBlur={field.onBlur}
      onChange={(_event, chosen, reason, details) => {
        const next = Array.isArray(chosen) ? chosen.map((c) => c.id) : (chosen?.id ?? null);
        field.onChange(next);
        if (reason === 'removeOption' && details) onRemove?.(details.option);
        onChange?.(next);
      }}
      renderOption={({ key, ...optionProps }, choice, state) => (
        <li key={key} {...optionProps} style={rowStyle(state.index)}>
          {choice.name}
        </li>
      )}
      slotProps={{ listbox: { component: VirtualListbox } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={translate(label ?? fieldLabel(source))}
          placeholder={translate('flock.select_option')}
          error={shown}
          helperText={shown ? translate(message ?? '', { _: message }) : ' '}
          size="small"
          margin="dense"
        />
      )}
      fullWidth
      // Wide enough for a name in a list's filter bar too, where the row gives it little room.
      sx={{ minWidth: 220 }}
    />
  );
}

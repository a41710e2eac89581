import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate } from 'react-admin';
import { Box, FilledInput, FormControl, FormHelperText, IconButton, InputAdornment, InputLabel } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type LoginInputProps = { source: string; label: string; autoComplete: string; autoFocus?: boolean; type?: string; end?: ReactNode };

/**
 * A text field of the login form, as react-admin's TextInput draws it (filled, full width) but
 * built on MUI's input parts: TextField brings the select, menu and modal code with it, too much
 * for the first page a phone opens. Every other form uses TextInput.
 */
export function LoginInput({ source, label, autoComplete, autoFocus, type = 'text', end }: LoginInputProps) {
  const { id, field, fieldState, isRequired } = useInput({ source });
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <FormControl variant="filled" size="small" margin="dense" fullWidth error={!!error}>
      <InputLabel htmlFor={id}>
        <FieldTitle label={label} source={source} isRequired={isRequired} />
      </InputLabel>
      <FilledInput
        id={id}
        {...field}
        value={field.value ?? ''}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={end}
        aria-describedby={`${id}-helper-text`}
      />
      <FormHelperText id={`${id}-helper-text`}>
        <InputHelperText error={error} />
      </FormHelperText>
    </FormControl>
  );
}

/** The password field with react-admin's show/hide button and its labels. */
export function LoginPasswordInput(props: Omit<LoginInputProps, 'type' | 'end'>) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
        onClick={() => setVisible(!visible)}
        size="small"
      >
        {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
  return <LoginInput {...props} type={visible ? 'text' : 'password'} end={toggle} />;
}

/**
 * A field's place, as tall as the field, while index.html's static form is the one typed in
 * (LoginPage): the real fields come in its place at the hand-over, and nothing below them moves.
 */
export function LoginInputPlace() {
  return (
    <FormControl variant="filled" size="small" margin="dense" fullWidth>
      <Box sx={{ height: 48 }} />
      <FormHelperText>
        <InputHelperText />
      </FormHelperText>
    </FormControl>
  );
}

import { TextInput } from 'react-admin';

/** The 6-digit one-time code: numeric keyboard on phones, and the browser may fill it from the message. */
export function OtpInput() {
  return (
    <TextInput
      source="otp"
      label="flock.fields.otp"
      autoComplete="one-time-code"
      autoFocus
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
    />
  );
}

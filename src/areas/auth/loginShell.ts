import { flushSync } from 'react-dom';

/**
 * index.html's static login form (domain/auth/loginShell.ts), drawn before any script: what the
 * visitor typed there, where the caret was and whether they already pressed Sign in.
 */
type LoginShellState = {
  username: string;
  password: string;
  focused?: { name: string; start: number | null; end: number | null };
  submitted: boolean;
};

const SHELL_ID = 'login-shell';
/** The class the inline script puts on <html> when it shows the static form. */
const SHOWN_CLASS = 'flock-login';
const FIELDS = ['username', 'password'] as const;

/** Whether index.html shows its static form (until the app takes it over): the focus is in it then. */
export const loginShellShown = () => !!document.getElementById(SHELL_ID) && document.documentElement.classList.contains(SHOWN_CLASS);

const inputOf = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | null;

/** The static form's state, or nothing when index.html did not show it (or it was taken over). */
function readLoginShell(): LoginShellState | undefined {
  const form = document.getElementById(SHELL_ID)?.querySelector('form');
  if (!form || !loginShellShown()) return undefined;
  const focusedInput = FIELDS.map((name) => inputOf(form, name)).find((input) => input && document.activeElement === input);
  return {
    username: inputOf(form, 'username')?.value ?? '',
    password: inputOf(form, 'password')?.value ?? '',
    focused: focusedInput ? { name: focusedInput.name, start: focusedInput.selectionStart, end: focusedInput.selectionEnd } : undefined,
    submitted: !!form.dataset.submitted,
  };
}

/** Removes the static form once the real one shows beneath it, or at start when it is not shown. */
export function removeLoginShell(onlyIfHidden = false) {
  if (onlyIfHidden && document.documentElement.classList.contains(SHOWN_CLASS)) return;
  document.getElementById(SHELL_ID)?.remove();
}

/**
 * The hand-over from index.html's static form to the real one, in one task, so no key is lost: the
 * static form stays the one typed in until the real form is mounted (and react-admin's mount reset
 * is over), then, with nothing run between, its values are read, the real fields are drawn with
 * them (`showFields`, flushed), the static form is removed, the caret is put back where it was in
 * the same field, and a Sign in pressed meanwhile is sent. A key pressed before this task went
 * into the static form and is read here; one pressed after it goes into the real field.
 * Answers whether anything was typed in the static form or Sign in pressed there.
 */
export function takeOverLoginShell(
  showFields: () => void,
  realForm: () => HTMLFormElement | null | undefined,
  setValue: (name: string, value: string) => void,
): boolean {
  const state = readLoginShell();
  flushSync(showFields);
  if (state) flushSync(() => FIELDS.forEach((name) => setValue(name, state[name])));
  removeLoginShell();
  const form = realForm();
  if (!state || !form) return false;
  const focused = state.focused && inputOf(form, state.focused.name);
  if (focused && state.focused) {
    focused.focus();
    focused.setSelectionRange(state.focused.start, state.focused.end);
  }
  if (state.submitted) form.requestSubmit();
  return state.submitted || FIELDS.some((name) => state[name] !== '');
}

/**
 * index.html's static login form (domain/loginShell.ts), drawn before any script: what the
 * visitor typed there, which field had the focus and whether they already pressed Sign in.
 */
type LoginShellState = { username: string; password: string; focused?: string; submitted: boolean };

const SHELL_ID = 'login-shell';
/** The class the inline script puts on <html> when it shows the static form. */
const SHOWN_CLASS = 'flock-login';

/** Whether index.html shows its static form (until the app takes it over): the focus is in it then. */
export const loginShellShown = () => !!document.getElementById(SHELL_ID) && document.documentElement.classList.contains(SHOWN_CLASS);

/** The static form's state, or nothing when index.html did not show it (or it was taken over). */
function readLoginShell(): LoginShellState | undefined {
  const form = document.getElementById(SHELL_ID)?.querySelector('form');
  if (!form || !loginShellShown()) return undefined;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const focused = ['username', 'password'].find((name) => document.activeElement === input(name));
  return {
    username: input('username')?.value ?? '',
    password: input('password')?.value ?? '',
    focused,
    submitted: !!form.dataset.submitted,
  };
}

/** Removes the static form once the real one shows beneath it, or at start when it is not shown. */
export function removeLoginShell(onlyIfHidden = false) {
  if (onlyIfHidden && document.documentElement.classList.contains(SHOWN_CLASS)) return;
  document.getElementById(SHELL_ID)?.remove();
}

/**
 * The real form has rendered under the static one: it takes the values typed there until this
 * moment, the static one goes, the focus stays in the same field and a Sign in pressed meanwhile
 * is sent now. Once only: under StrictMode the second call finds the static form gone.
 */
export function takeOverLoginShell(form: HTMLFormElement | null | undefined, setValue: (name: string, value: string) => void) {
  const state = readLoginShell();
  removeLoginShell();
  if (!state || !form) return;
  setValue('username', state.username);
  setValue('password', state.password);
  if (state.focused) (form.elements.namedItem(state.focused) as HTMLInputElement | null)?.focus();
  if (state.submitted) form.requestSubmit();
}

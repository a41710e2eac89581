/**
 * index.html's static login form (domain/auth/loginShell.ts), drawn before any script: what the
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

/** What the static form held when the real one replaced it, until it is handed over. */
let detached: LoginShellState | undefined;

/**
 * The real form's first commit: the static one is read and removed in the same task, so the page
 * never holds two forms (two fields of one label) for a person, a screen reader or a test to meet.
 * Under StrictMode the second call finds it gone and keeps what the first read.
 */
export function detachLoginShell() {
  detached ??= readLoginShell();
  removeLoginShell();
}

/**
 * After the real form's own mount effects (react-admin's form resets itself then, which would
 * drop the values and cancel a submit): the values typed in the static form, the focus in the same
 * field and a Sign in pressed meanwhile, sent now. Once.
 */
export function handOverLoginShell(form: HTMLFormElement | null | undefined, setValue: (name: string, value: string) => void) {
  const state = detached;
  detached = undefined;
  if (!state || !form) return;
  // What was typed in the real form since it replaced the static one is newer: it stays.
  for (const name of ['username', 'password'] as const) {
    if (!(form.elements.namedItem(name) as HTMLInputElement | null)?.value) setValue(name, state[name]);
  }
  if (state.focused) (form.elements.namedItem(state.focused) as HTMLInputElement | null)?.focus();
  if (state.submitted) form.requestSubmit();
}

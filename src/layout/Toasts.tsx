import { Notification } from 'react-admin';

/** SPEC.md section 9: toasts show for 2000 ms. Loaded after the first page (App), as its snackbar is sizeable. */
export const Toasts = () => <Notification autoHideDuration={2000} />;

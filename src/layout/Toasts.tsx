import { Notification } from 'react-admin';

/** Toasts show for 2000 ms. Loaded after the first page (App), as its snackbar is sizeable. */
export const Toasts = () => <Notification autoHideDuration={2000} />;

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { removeLoginShell } from './areas/auth/loginShell';

// index.html's static login form, where its inline script did not show it (another page, signed in).
removeLoginShell(true);

// A transition: React renders the first page in slices of a few milliseconds and the phone
// stays responsive (the static login form of index.html can be typed in meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

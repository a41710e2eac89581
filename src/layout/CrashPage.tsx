import type { ComponentProps } from 'react';
import { Error as RaError } from 'react-admin';

/** react-admin's page for an error no screen caught; loaded only when one happens (App). */
export const CrashPage = (props: ComponentProps<typeof RaError>) => <RaError {...props} />;

import { Navigate, useParams } from 'react-router-dom';
import { NotFoundPage } from '@/src/layout/NotFoundPage';

const FORMS: Record<string, string> = { verify: '/email-verify/', reset: '/reset-password/' };

/** /verify/{email}/{type}: the address a mailed link opens; it leads to the form of its type. */
export function VerifyLanding() {
  const { email = '', type } = useParams();
  const target = type ? FORMS[type] : undefined;
  return target ? <Navigate to={`${target}${encodeURIComponent(email)}`} replace /> : <NotFoundPage />;
}

import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { APP_NAME } from '@/src/config';

/** The boot overlay of index.html, shown until the first page renders. */
function hideLoadingOverlay() {
  document.getElementById('loading-overlay')?.setAttribute('hidden', '');
}

/**
 * Every page calls this with its route's title key: the document title
 * becomes 'Flock - <route name>' and the loading overlay is hidden after the navigation.
 */
export function usePage(titleKey: string): string {
  const title = useTranslate()(titleKey);
  useEffect(() => {
    document.title = `${APP_NAME} - ${title}`;
    hideLoadingOverlay();
  }, [title]);
  return title;
}

import { Title } from 'react-admin';
import { lazyScreen } from '@/src/common/descriptor';
import type { AppRoute } from '@/src/screens';
import { usePage } from './usePage';

/** Shown on a signed-in route that has no screen of its own. */
const PlaceholderPage = lazyScreen(() => import('./PlaceholderPage'), 'PlaceholderPage');

/** A signed-in route's title in the app bar and its screen (or the placeholder of a route without one). */
export function PrivateScreen({ route }: { route: AppRoute }) {
  const title = usePage(`flock.routes.${route.title}.title`);
  const Screen = route.screen;
  return (
    <>
      <Title title={title} />
      {Screen ? <Screen /> : <PlaceholderPage name={route.title} />}
    </>
  );
}
